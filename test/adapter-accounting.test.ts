/**
 * No native record is dropped silently, whatever field it lacks. For every adapter, each record
 * type of its real fixtures gets each of its fields (top level, and one level down in objects)
 * deleted or retyped, one at a time. The conversion must not throw, must give a valid and
 * consistent Transcript, and every piece of text the unmutated record contributed (outside the
 * mutated field) must still be in the output, or the record's line must be reported unparsed.
 */
import { describe, expect, it } from 'vitest';
import { checkConsistency, TranscriptSchema, type Transcript } from '../src/transcript/index.js';
import { convertBytes, fixtureRecords } from './helpers.js';

type Json = Record<string, unknown>;
type Mutation = 'delete' | 'retype';

interface Case {
  agent: string;
  fixture: string;
  lines: string[];
  index: number;
  path: string[];
  mutation: Mutation;
}

const MIN_TEXT = 12;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const recordType = (record: Json) => [record.type, record.subtype, isObject(record.payload) ? record.payload.type : undefined].filter((part) => typeof part === 'string').join('/') || '(untyped)';

function retyped(value: unknown): unknown {
  if (typeof value === 'string') return 42;
  if (typeof value === 'number' || typeof value === 'boolean') return 'text';
  if (Array.isArray(value)) return { length: value.length };
  if (isObject(value)) return 'object';
  return {};
}

function mutate(record: Json, path: string[], mutation: Mutation): Json {
  const copy = structuredClone(record);
  let parent: Json = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Json;
  const last = path[path.length - 1]!;
  if (mutation === 'delete') delete parent[last];
  else parent[last] = retyped(parent[last]);
  return copy;
}

/** String leaves of a value, with the path of each. */
function strings(value: unknown, path: string[] = [], found: Array<{ path: string[]; text: string }> = []) {
  if (typeof value === 'string') found.push({ path, text: value });
  else if (Array.isArray(value)) value.forEach((item, index) => strings(item, [...path, String(index)], found));
  else if (isObject(value)) for (const [key, item] of Object.entries(value)) strings(item, [...path, key], found);
  return found;
}

/** Text a person wrote or read (a prompt, an answer, a command, its output), not an id, a time or a name. */
const isProse = (text: string) => text.length >= MIN_TEXT && /\s/.test(text.trim());
const under = (path: string[], prefix: string[]) => prefix.every((key, index) => path[index] === key);
const escaped = (text: string) => JSON.stringify(text).slice(1, -1);

/** One case per (agent, record type, field path, mutation), from the first fixture that has it. */
function cases(): Case[] {
  const seen = new Set<string>();
  const found: Case[] = [];
  for (const { fixture, lines, index, record } of fixtureRecords()) {
    const paths = Object.entries(record).flatMap(([key, value]) => [[key], ...(isObject(value) ? Object.keys(value).map((inner) => [key, inner]) : [])]);
    for (const path of paths) {
      for (const mutation of ['delete', 'retype'] as const) {
        const key = `${fixture.agent}|${recordType(record)}|${path.join('.')}|${mutation}`;
        if (seen.has(key)) continue;
        seen.add(key);
        found.push({ agent: fixture.agent, fixture: fixture.name, lines, index, path, mutation });
      }
    }
  }
  return found;
}

const ALL = cases();
const byAgent = new Map<string, Case[]>();
for (const c of ALL) byAgent.set(c.agent, [...(byAgent.get(c.agent) ?? []), c]);

async function convert(lines: string[], agent: string): Promise<Transcript> {
  const { text } = await convertBytes(lines.join('\n'), { from: agent });
  const transcript = TranscriptSchema.parse(JSON.parse(text)) as Transcript;
  expect(checkConsistency(transcript)).toEqual([]);
  return transcript;
}

const baselines = new Map<string, string>();

describe('every record is converted or reported, whatever field it lacks', () => {
  it('has cases for every adapter with line-based fixtures', () => {
    expect([...byAgent.keys()].sort()).toEqual(['acp', 'amp', 'claude-code', 'codex', 'copilot-cli', 'gemini-cli', 'opencode', 'pi', 'qwen-code', 'cline', 'cursor', 'kilo-code', 'nanocoder', 'continue', 'droid'].filter((agent) => byAgent.has(agent)).sort());
    expect(ALL.length).toBeGreaterThan(200);
  });

  for (const [agent, agentCases] of byAgent) {
    it(`${agent}: ${agentCases.length} mutations`, async () => {
      const failures: string[] = [];
      for (const c of agentCases) {
        const baselineKey = `${c.agent}|${c.fixture}`;
        if (!baselines.has(baselineKey)) baselines.set(baselineKey, JSON.stringify(await convert(c.lines, c.agent)));
        const baseline = baselines.get(baselineKey)!;
        const record = JSON.parse(c.lines[c.index]!) as Json;
        const mutated = [...c.lines];
        mutated[c.index] = JSON.stringify(mutate(record, c.path, c.mutation));
        const where = `${c.fixture}:${c.index + 1} ${c.path.join('.')} ${c.mutation}`;
        let output: Transcript;
        try {
          output = await convert(mutated, c.agent);
        } catch (error) {
          if ((error as { exitCode?: number }).exitCode === 3) continue; // refused as a whole, loudly: allowed
          failures.push(`${where}: ${(error as Error).message.split('\n')[0]}`);
          continue;
        }
        const reported = output.events.some((event) => event.meta?.kind === 'unparsed' && event.meta.line === c.index + 1);
        if (reported) continue;
        const text = JSON.stringify(output);
        const lost = strings(record)
          .filter((leaf) => isProse(leaf.text) && !under(leaf.path, c.path) && baseline.includes(escaped(leaf.text)))
          .filter((leaf) => !text.includes(escaped(leaf.text)));
        if (lost.length > 0) failures.push(`${where}: lost ${lost.map((leaf) => leaf.path.join('.')).slice(0, 3).join(', ')}`);
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }
});
