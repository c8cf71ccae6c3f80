/**
 * Kilo Code CLI: its export documents and its kilo.db store (the golden test reads the run
 * output), the same run read from its three forms, and detection against OpenCode, whose formats
 * Kilo shares. Regenerate goldens with `ATX_UPDATE_GOLDENS=1 npx vitest run test/kilo-code.test.ts`.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../adapters/index.js';
import { kiloCode } from '../adapters/kilo-code/index.js';
import { opencode } from '../adapters/opencode/index.js';
import { detectFormat } from '../src/pipeline/detect.js';
import { fileInput, resolveInputs, type SessionInput } from '../src/pipeline/sources.js';
import { TranscriptSchema, type Transcript } from '../src/transcript/index.js';
import { assistantTextsOf, reportedTokensOf } from './fixture-facts/opencode.js';
import { convertToText, ROOT } from './helpers.js';

const KILO = join(ROOT, 'fixtures', 'kilo-code');
const STORE = join(KILO, 'store', 'kilo.db');
const UPDATE = process.env.ATX_UPDATE_GOLDENS === '1';

type Part = { type?: string; text?: string; synthetic?: boolean; tokens?: Record<string, unknown> };
interface Recording { sessionId: string }

const scenarios = readdirSync(KILO, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'store').map((d) => d.name).sort();
const recordingOf = (dir: string) => JSON.parse(readFileSync(join(KILO, dir, 'recording.json'), 'utf8')) as Recording;
const exportOf = (dir: string) => JSON.parse(readFileSync(join(KILO, dir, 'export.json'), 'utf8')) as { messages: { info: { role: string; sessionID: string }; parts: Part[] }[] };
const runLines = (path: string) => readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** One session of the store, through the reader (the pipeline does not take FILE#id arguments yet). */
async function storeSession(id: string): Promise<SessionInput> {
  const [session] = await kiloCode.readers![0]!.sessions(`${STORE}#${id}`);
  return { main: { name: session!.name, open: async function* () {}, records: () => session!.records() }, companions: [], adapter: kiloCode };
}

const transcripts = new Map<string, Promise<Transcript>>();
function transcriptOf(key: string, input: () => Promise<SessionInput>): Promise<Transcript> {
  if (!transcripts.has(key)) transcripts.set(key, input().then(convertToText).then(({ text }) => JSON.parse(text) as Transcript));
  return transcripts.get(key)!;
}

/** Golden file check: the committed Transcript, byte for byte (written when ATX_UPDATE_GOLDENS=1). */
function matchesGolden(transcript: Transcript, expected: string): void {
  const text = `${JSON.stringify(transcript, null, 2)}\n`;
  if (UPDATE || !existsSync(expected)) {
    if (!UPDATE) throw new Error(`no golden file ${expected}: run with ATX_UPDATE_GOLDENS=1 and review it`);
    writeFileSync(expected, text);
  }
  expect(JSON.parse(readFileSync(expected, 'utf8'))).toEqual(transcript);
}

function isFaithful(transcript: Transcript, parts: Part[]): void {
  expect(TranscriptSchema.safeParse(transcript).success).toBe(true);
  expect(transcript.metrics.unparsedCount).toBe(0);
  const calls = transcript.events.filter((e) => e.type === 'tool_call').map((e) => e.tool!.callId);
  expect(new Set(calls).size).toBe(calls.length);
  expect(transcript.events.filter((e) => e.type === 'tool_result').map((e) => e.tool!.callId).sort()).toEqual([...calls].sort());
  const said = new Set(transcript.events.filter((e) => e.type === 'assistant_message').map((e) => e.text));
  const texts = assistantTextsOf(parts);
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(said.has(text)).toBe(true);
  expect(transcript.metrics.tokens).toEqual(reportedTokensOf(parts));
  expect(transcript.source.adapter).toBe('kilo-code');
}

const assistantParts = (dir: string): Part[] => exportOf(dir).messages.filter((m) => m.info.role === 'assistant').flatMap((m) => m.parts);

describe.each(scenarios)('kilo-code %s', (dir) => {
  const { sessionId } = recordingOf(dir);

  it('export.json: golden and faithful', async () => {
    const t = await transcriptOf(`${dir}/export`, async () => ({ main: fileInput(join(KILO, dir, 'export.json')), companions: [] }));
    matchesGolden(t, join(KILO, dir, 'export.expected.json'));
    isFaithful(t, assistantParts(dir));
    expect(t.source.format).toBe('kilo-code/export');
  });

  it.runIf(existsSync(STORE))('kilo.db: golden and faithful; the same events as the export and the run output', async () => {
    const stored = await transcriptOf(`${dir}/store`, () => storeSession(sessionId));
    matchesGolden(stored, join(KILO, 'store', `${sessionId}.expected.json`));
    expect(stored.source.format).toBe('kilo-code/sqlite');
    expect(stored.metrics.unparsedCount).toBe(0);
    const exported = await transcriptOf(`${dir}/export`, async () => ({ main: fileInput(join(KILO, dir, 'export.json')), companions: [] }));
    const run = await transcriptOf(`${dir}/run`, async () => ({ main: fileInput(join(KILO, dir, 'run.jsonl')), companions: [] }));
    // the store adds subagent sessions (parentId); the run output lacks the user's message and the session facts
    const mainSide = (t: Transcript) => t.events.filter((e) => !e.parentId && ['assistant_message', 'reasoning', 'tool_call', 'tool_result'].includes(e.type))
      .map((e) => ({ type: e.type, timestamp: e.timestamp, nativeId: e.nativeId, text: e.text, tool: e.tool }));
    expect(mainSide(exported)).toEqual(mainSide(stored));
    expect(mainSide(run)).toEqual(mainSide(stored));
    expect(stored.source.nativeSessionId).toBe(sessionId);
  });
});

describe('kilo-code: detection against OpenCode', () => {
  const sampleOf = (path: string) => (path.endsWith('.jsonl') ? runLines(path).slice(0, 8) : [JSON.parse(readFileSync(path, 'utf8')) as unknown]);
  const openCodeFixtures = readdirSync(join(ROOT, 'fixtures', 'opencode'), { withFileTypes: true }).filter((d) => d.isDirectory())
    .flatMap((d) => ['run.jsonl', 'export.json'].map((f) => join(ROOT, 'fixtures', 'opencode', d.name, f))).filter(existsSync);

  it.each(scenarios.flatMap((d) => ['run.jsonl', 'export.json'].map((f) => `${d}/${f}`)))('%s is Kilo Code\'s, and OpenCode does not claim it', (file) => {
    const sample = sampleOf(join(KILO, file));
    expect(opencode.detect(sample)).toBeNull();
    const outcome = detectFormat(ADAPTERS, sample);
    expect(outcome.kind === 'adapter' && outcome.adapter.id).toBe('kilo-code');
  });

  it('OpenCode\'s recordings stay OpenCode\'s', () => {
    expect(openCodeFixtures.length).toBeGreaterThan(10);
    for (const path of openCodeFixtures) {
      expect(kiloCode.detect(sampleOf(path)), path).toBeNull();
      const outcome = detectFormat(ADAPTERS, sampleOf(path));
      expect(outcome.kind === 'adapter' && outcome.adapter.id, path).toBe('opencode');
    }
  });

  it.runIf(existsSync(STORE))('each reader claims its own database files only, by name or by its first page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atx-kilo-db-'));
    scratch.push(dir);
    copyFileSync(STORE, join(dir, 'renamed.sqlite'));
    copyFileSync(join(ROOT, 'fixtures', 'opencode', 'store', 'opencode.db'), join(dir, 'other.sqlite'));
    const head = (name: string) => readFileSync(join(dir, name)).subarray(0, 64 * 1024);
    const [kiloReader] = kiloCode.readers!;
    const [openCodeReader] = opencode.readers!;
    expect(kiloReader!.claims(join(dir, 'renamed.sqlite'), head('renamed.sqlite'))).toBe(true);
    expect(openCodeReader!.claims(join(dir, 'renamed.sqlite'), head('renamed.sqlite'))).toBe(false);
    expect(kiloReader!.claims(join(dir, 'other.sqlite'), head('other.sqlite'))).toBe(false);
    expect(kiloReader!.claims(STORE, head('renamed.sqlite'))).toBe(true);
    expect(openCodeReader!.claims(STORE, head('renamed.sqlite'))).toBe(false);
    // a data folder (~/.local/share/kilo) gives every top-level session of kilo.db, read-only
    const data = mkdtempSync(join(tmpdir(), 'atx-kilo-data-'));
    scratch.push(data);
    copyFileSync(STORE, join(data, 'kilo.db'));
    const sessions = await resolveInputs([data], ADAPTERS, Readable.from([]));
    expect(sessions.every((s) => s.adapter === kiloCode)).toBe(true);
    expect(sessions.map((s) => s.main.name.split('#')[1]).sort()).toEqual(scenarios.map((d) => recordingOf(d).sessionId).sort());
    for (const session of sessions) await convertToText(session);
    expect(readdirSync(data)).toEqual(['kilo.db']);
  });
});
