import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { expect } from 'vitest';
import { ADAPTERS } from '../adapters/index.js';
import { convertSession, type EventTransform, type SessionResult } from '../src/pipeline/convert.js';
import { fixedClock, seededIds } from '../src/pipeline/context.js';
import { fileInput, streamInput, type SessionInput } from '../src/pipeline/sources.js';
import type { Output } from '../src/sinks/output.js';
import { documentSink, streamingSink } from '../src/sinks/transcript-sinks.js';
import type { ToolKind, Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { type CliRun, FIXED_CLOCK, ROOT } from './support/cli-process.js';

// The subprocess runner and the paths live in a module of their own (no import of the program):
// test files that only spawn the built CLI import it directly.
export { CLI, type CliRun, FIXED_CLOCK, ROOT, runCli } from './support/cli-process.js';


export function memoryOutput(): Output & { text(): string } {
  const chunks: Buffer[] = [];
  return {
    write: (chunk) => { chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)); return undefined; },
    commit: async () => {},
    abort: async () => { chunks.length = 0; },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

const context = () => ({ clock: fixedClock(FIXED_CLOCK), ids: seededIds('test') });

/** Converts one session in-process, as `atx convert --pretty` would, with a fixed clock and ids. */
export async function convertToText(
  input: SessionInput,
  options: { stream?: boolean; from?: string; transform?: () => EventTransform } = {},
): Promise<{ text: string; result: SessionResult }> {
  const output = memoryOutput();
  const forced = options.from ? ADAPTERS.find((a) => a.id === options.from) : undefined;
  const result = await convertSession(
    input,
    async () => (options.stream ? streamingSink(output) : documentSink(output, 'pretty')),
    { adapters: ADAPTERS, context: context(), idFromContent: false, ...(forced ? { forced } : {}), ...(options.transform ? { transform: options.transform } : {}) },
  );
  return { text: output.text(), result };
}

export async function convertFile(path: string, options: { transform?: () => EventTransform } = {}): Promise<{ transcript: Transcript; text: string; result: SessionResult }> {
  const { text, result } = await convertToText({ main: fileInput(path), companions: 'discover' }, options);
  return { transcript: JSON.parse(text) as Transcript, text, result };
}

export async function convertBytes(bytes: Buffer | string, options: { stream?: boolean; from?: string } = {}) {
  const { text, result } = await convertToText({ main: streamInput('-', Readable.from([Buffer.from(bytes)])), companions: [] }, options);
  return { text, result };
}


/**
 * atx in this process (a child per run is too slow on a loaded machine for a dozen runs).
 * `columns` is the terminal width stdout claims (help is wrapped to it).
 */
export async function runInProcess(args: string[], options: { input?: string | Buffer; env?: Record<string, string>; columns?: number } = {}): Promise<CliRun> {
  const sink = () => {
    const chunks: Buffer[] = [];
    const stream = new Writable({ write(chunk: Buffer, _encoding, done) { chunks.push(Buffer.from(chunk)); done(); } });
    return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
  };
  const stdout = sink();
  const stderr = sink();
  if (options.columns !== undefined) Object.assign(stdout.stream, { columns: options.columns });
  const stdin = Object.assign(Readable.from([Buffer.from(options.input ?? '')]), { isTTY: false });
  const env = { PATH: process.env.PATH ?? '', NO_COLOR: '1', TZ: 'UTC', ATX_CLOCK: FIXED_CLOCK, ATX_ID_SEED: 'test', ...options.env };
  // loaded on first use: most files importing this module never run the whole program
  const { main } = await import('../src/cli/main.js');
  const code = await main(args, { stdin, stdout: stdout.stream, stderr: stderr.stream, env });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** What must hold of every Transcript of a real run, as one value to compare (see expectFaithful). */
export function faithfulness(t: Transcript) {
  const calls = t.events.filter((e) => e.type === 'tool_call').map((e) => e.tool!.callId);
  const answered = t.events.filter((e) => e.type === 'tool_result').map((e) => e.tool!.callId);
  return {
    agent: t.source.agent,
    unparsed: (t.metrics.unparsedCount ?? 0) + t.events.filter((e) => e.meta?.kind === 'unparsed').length,
    repeatedCalls: calls.length - new Set(calls).size,
    unpaired: [...calls.filter((id) => !answered.includes(id)), ...answered.filter((id) => !calls.includes(id))],
    inventedTools: t.events.filter((e) => e.synthetic === true && e.tool !== undefined).length,
  };
}

/** Nothing unparsed, every call answered once, no tool call or result made up, read as `agent`'s. */
export function expectFaithful(t: Transcript, agent: string): void {
  expect(faithfulness(t)).toEqual({ agent, unparsed: 0, repeatedCalls: 0, unpaired: [], inventedTools: 0 });
}

/** The events of one type. */
export const ofType = (t: Transcript, type: TranscriptEvent['type']): TranscriptEvent[] => t.events.filter((e) => e.type === type);

/** Each called tool's name → the kind it was given. */
export const toolKinds = (t: Transcript) => Object.fromEntries(ofType(t, 'tool_call').map((e) => [e.tool!.name, e.tool!.kind]));

/** Each tool result as [name, status, exit code], in order. */
export const resultOutcomes = (t: Transcript) => ofType(t, 'tool_result').map((e) => [e.tool!.name, e.tool!.status, e.tool!.exitCode]);

/** Each call's files as "<action> <file name>", in call order. */
export const fileActions = (t: Transcript) => ofType(t, 'tool_call').map((e) => e.tool!.files?.map((f) => `${f.action} ${f.path.split('/').pop()}`));

/** An adapter's tool identification gives each name the kind it is listed under (all compared at once). */
export function expectKinds(identify: (name: string) => { kind: ToolKind }, namesByKind: Partial<Record<ToolKind, readonly string[]>>): void {
  const expected = Object.entries(namesByKind).flatMap(([kind, names]) => names.map((name) => [name, kind]));
  expect(Object.fromEntries(expected.map(([name]) => [name, identify(name!).kind]))).toEqual(Object.fromEntries(expected));
}

/** The kinds of tool each recorded scenario's script calls (scripts/record-fixtures/scenarios). */
const SCENARIO_TOOLS: Record<string, readonly ('shell' | 'read' | 'edit' | 'write')[]> = {
  'plain-answer': [],
  reasoning: [],
  'shell-tool': ['shell'],
  'denied-tool': ['shell'],
  'file-edit': ['read', 'edit', 'write'],
  'failing-tool': ['shell', 'read', 'edit'],
  'parallel-tools': ['read', 'shell'],
  'planted-secrets': ['shell', 'write'],
};

/** What `toolKinds` must give for a scenario's Transcript, given the agent's own name for each kind of tool. */
export function scenarioToolKinds(scenario: string, names: Record<'shell' | 'read' | 'edit' | 'write', string>): Record<string, string> {
  const kinds = SCENARIO_TOOLS[scenario];
  if (!kinds) throw new Error(`no tools listed for scenario ${scenario}`);
  return Object.fromEntries(kinds.map((kind) => [names[kind], kind]));
}

/** The shell-tool and file-edit scenarios converted: each shell result's [status, exit code], the edit run's statuses, the files its calls named. */
export async function shellAndEditOutcomes(shellFile: string, editFile: string) {
  const { transcript: shell } = await convertFile(shellFile);
  const { transcript: edit } = await convertFile(editFile);
  return {
    shell: ofType(shell, 'tool_result').map((e) => [e.tool!.status, e.tool!.exitCode]),
    edit: [...new Set(ofType(edit, 'tool_result').map((e) => e.tool!.status))],
    files: fileActions(edit),
  };
}

/** Golden file check: the text byte for byte against the committed file (written when ATX_UPDATE_GOLDENS=1). */
export function expectGolden(text: string, expected: string): void {
  const update = process.env.ATX_UPDATE_GOLDENS === '1';
  if (update || !existsSync(expected)) {
    if (!update) throw new Error(`no golden file ${expected}: run with ATX_UPDATE_GOLDENS=1 and review it`);
    writeFileSync(expected, text);
  }
  expect(text).toBe(readFileSync(expected, 'utf8'));
}

/** What detection sees of a fixture: a JSON document whole, or the first 50 lines of a log. */
export function detectionSample(path: string): unknown[] {
  const text = readFileSync(path, 'utf8');
  if (path.endsWith('.json')) return [JSON.parse(text) as unknown];
  return text.split('\n').filter((line) => line.trim()).slice(0, 50).map((line) => JSON.parse(line) as unknown);
}

export interface FixtureCase { agent: string; scenario: string; name: string; input: string; expected: string }

/** A native input in a scenario folder: a JSONL log or a JSON document (not a golden, not the recording notes). */
function isNativeInput(file: string): boolean {
  if (file === 'recording.json' || file.endsWith('.expected.json')) return false;
  return file.endsWith('.jsonl') || file.endsWith('.json');
}

/**
 * Files an adapter reads together (Cline's `<id>.messages.json` with its manifest `<id>.json`)
 * are one input: the first of each group stands for it.
 */
function primaryInputs(files: string[]): string[] {
  const secondary = new Set<string>();
  for (const adapter of ADAPTERS) {
    for (const group of adapter.groupSessionFiles?.(files) ?? []) group.slice(1).forEach((file) => secondary.add(file));
  }
  return files.filter((file) => !secondary.has(file));
}

/** Every recorded native session file under fixtures/<agent>/<scenario>/, with its golden file's path. */
export function fixtureCases(): FixtureCase[] {
  const fixtures = join(ROOT, 'fixtures');
  const found: FixtureCase[] = [];
  for (const agent of readdirSync(fixtures, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const scenario of readdirSync(join(fixtures, agent.name), { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const dir = join(fixtures, agent.name, scenario.name);
      for (const file of primaryInputs(readdirSync(dir).filter(isNativeInput))) {
        found.push({
          agent: agent.name,
          scenario: scenario.name,
          name: `${scenario.name}/${file}`,
          input: join(dir, file),
          expected: join(dir, file.replace(/\.jsonl?$/, '.expected.json')),
        });
      }
    }
  }
  return found;
}

/** A JSON object record of a line-based fixture: its fixture, the fixture's non-blank lines, and its line's index among them. */
export interface FixtureRecord {
  fixture: FixtureCase;
  lines: string[];
  index: number;
  record: Record<string, unknown>;
}

/** Every JSON object line of every line-based fixture, in fixture order (lines that are not JSON objects are left out). */
export function* fixtureRecords(): Generator<FixtureRecord> {
  for (const fixture of fixtureCases()) {
    const lines = readFileSync(fixture.input, 'utf8').split('\n').filter((line) => line.trim() !== '');
    for (const [index, line] of lines.entries()) {
      let record: unknown;
      try {
        record = JSON.parse(line);
      } catch {
        continue;
      }
      if (typeof record === 'object' && record !== null && !Array.isArray(record)) yield { fixture, lines, index, record: record as Record<string, unknown> };
    }
  }
}
