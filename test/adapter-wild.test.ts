/**
 * Classes of input found in other projects' committed agent logs (an evaluation set of public
 * session files, not kept here) that atx read wrongly. Every sample is hand-made from the facts:
 * a Claude Code session whose first records are all `summary` lines, Codex Desktop's
 * instructions repeated on every `turn_context`, and two programs that write look-alike records
 * (iFlow CLI's Claude-shaped sessions, Grok Build's chat history with bare Responses items).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../adapters/index.js';
import { detectFormat } from '../src/pipeline/detect.js';
import { convertFile, detectionSample, runCli } from './helpers.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

describe('a session that opens with many summary lines', () => {
  const file = join(FIXTURES, 'claude-code', 'handmade-resumed-summaries', 'session.jsonl');

  it('has more leading records than detection samples, none of them a conversation record', () => {
    const head = detectionSample(file).slice(0, 8) as { type: string }[];
    expect(head.every((record) => record.type === 'summary')).toBe(true);
  });

  it('is still detected as Claude Code and converted whole', async () => {
    const { transcript } = await convertFile(file);
    expect(transcript.source.format).toBe('claude-code/session-jsonl');
    expect(transcript.metrics.unparsedCount).toBe(0);
    const types = transcript.events.map((event) => event.type);
    expect(types).toContain('user_message');
    expect(types.filter((type) => type === 'tool_call')).toHaveLength(1);
    expect(types.filter((type) => type === 'tool_result')).toHaveLength(1);
    expect(transcript.events.at(-1)?.text).toBe('rows.txt lists 14 apple trees.');
  });

  it('is converted from stdin too', async () => {
    const { readFileSync } = await import('node:fs');
    const run = await runCli(['convert', '-', '-q'], { input: readFileSync(file) });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).source.agent).toBe('claude-code');
  });
});

describe('Codex instructions repeated on every turn_context', () => {
  const file = join(FIXTURES, 'codex', 'handmade-turn-instructions', 'rollout.jsonl');

  it('become one system event per distinct text, never unread-field meta', async () => {
    const { transcript } = await convertFile(file);
    const instructions = transcript.events.filter((event) => event.type === 'system' && event.meta?.kind === 'instructions');
    // three turns: the user instructions once, the developer instructions once and again when they change
    expect(instructions.map((event) => event.meta?.field)).toEqual(['user_instructions', 'developer_instructions', 'developer_instructions']);
    expect(instructions[2]?.text).toContain('read-only');
    expect(transcript.events.filter((event) => event.type === 'meta')).toEqual([]);
    expect(transcript.metrics.unparsedCount).toBe(0);
  });
});

const SESSION = '7e3a9b10-4c2d-4f8e-9a1b-6c5d4e3f2a10';

/** handmade: iFlow CLI's record shape (Claude Code's fields) with its `session-<uuid>` session id */
const IFLOW = [
  { uuid: 'b0a1c2d3-0000-4000-8000-000000000001', parentUuid: null, sessionId: `session-${SESSION}`, timestamp: '2026-02-01T08:00:00.000Z', type: 'user', isSidechain: false, userType: 'external', message: { role: 'user', content: 'rename the config loader' }, cwd: '/work/tea-shop', gitBranch: 'main', version: '1.0.0' },
  { uuid: 'b0a1c2d3-0000-4000-8000-000000000002', parentUuid: 'b0a1c2d3-0000-4000-8000-000000000001', sessionId: `session-${SESSION}`, timestamp: '2026-02-01T08:00:02.000Z', type: 'assistant', isSidechain: false, userType: 'external', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'call_tea1', name: 'read_file', input: { absolute_path: '/work/tea-shop/config.ts' } }] }, cwd: '/work/tea-shop', gitBranch: 'main', version: '1.0.0' },
];

/** handmade: Grok Build's chat history: its own record types with one bare Responses reasoning item */
const GROK_BUILD = [
  { type: 'system', content: 'You are a build assistant.' },
  { type: 'user', content: [{ type: 'text', text: 'check the tea-shop parser' }], prompt_index: 0 },
  { type: 'reasoning', id: 'rs_tea', summary: [{ type: 'summary_text', text: 'Look at the parser first' }] },
  { type: 'assistant', content: 'Reading it now.', tool_calls: [{ id: 'call_tea2', name: 'read_file', arguments: '{"target_file":"parser.ts"}' }], model_id: 'grok-test' },
  { type: 'tool_result', tool_call_id: 'call_tea2', content: 'export {}' },
];

describe('look-alike records of programs atx does not read are refused, not converted as another agent', () => {
  it('an iFlow CLI session is named, not read as Claude Code', async () => {
    const outcome = detectFormat(ADAPTERS, IFLOW);
    expect(outcome.kind === 'lookalike' && outcome.name).toMatch(/iFlow CLI/);
    const run = await runCli(['convert', '-'], { input: IFLOW.map((line) => JSON.stringify(line)).join('\n') });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/iFlow CLI/);
  });

  it('a Claude Code session id is a bare UUID, so Claude Code sessions are not taken for iFlow', () => {
    const claude = IFLOW.map((record) => ({ ...record, sessionId: SESSION, version: '2.0.28' }));
    expect(detectFormat(ADAPTERS, claude)).toMatchObject({ kind: 'adapter', format: 'claude-code/session-jsonl' });
  });

  it('a Grok Build chat history is not a legacy Codex rollout for its one bare Responses item', async () => {
    expect(detectFormat(ADAPTERS, GROK_BUILD).kind).toBe('none');
    const run = await runCli(['convert', '-'], { input: GROK_BUILD.map((line) => JSON.stringify(line)).join('\n') });
    expect(run.code).toBe(3);
  });

  it('a file of bare Responses items is still a legacy Codex rollout', () => {
    const legacy = [
      { id: SESSION, timestamp: '2025-05-01T10:00:00.000Z', instructions: null, git: {} },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hello' }] },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'greet back' }] },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'hi' }] },
    ];
    expect(detectFormat(ADAPTERS, legacy)).toMatchObject({ kind: 'adapter', format: 'codex/rollout-legacy' });
  });
});

describe('stdout captured through a terminal', () => {
  /** handmade: `codex exec --json` lines, the first behind a window-title and a colour sequence */
  const lines = [
    { type: 'thread.started', thread_id: '0198bb00-1111-7222-8333-444455556666' },
    { type: 'turn.started' },
    { type: 'item.completed', item: { id: 'item_0', type: 'agent_message', text: 'The kettle list has three entries.' } },
    { type: 'turn.completed', usage: { input_tokens: 40, cached_input_tokens: 0, output_tokens: 9 } },
  ].map((line) => JSON.stringify(line));

  it('reads a line that opens with terminal escapes as the JSON after them', async () => {
    const input = `\u001b]0;codex\u0007\u001b[0m${lines.join('\n')}\n`;
    const run = await runCli(['convert', '-', '-q'], { input });
    expect(run.code).toBe(0);
    const transcript = JSON.parse(run.stdout) as { source: { format: string }; events: { type: string; text?: string }[]; metrics: { unparsedCount: number } };
    expect(transcript.source.format).toBe('codex/exec-json');
    expect(transcript.metrics.unparsedCount).toBe(0);
    expect(transcript.events.some((event) => event.text === 'The kettle list has three entries.')).toBe(true);
  });

  it('still reports a line that is not JSON after its escapes', async () => {
    const input = `${lines.join('\n')}\n\u001b[31mcodex: something failed\n`;
    const run = await runCli(['convert', '-', '-q'], { input });
    const transcript = JSON.parse(run.stdout) as { metrics: { unparsedCount: number } };
    expect(transcript.metrics.unparsedCount).toBe(1);
  });
});

describe("oh-my-pi's title slot", () => {
  it('names the session and is not an unparsed record', async () => {
    const { transcript } = await convertFile(join(FIXTURES, 'pi', 'handmade-title-slot', 'session.jsonl'));
    expect(transcript.source.format).toBe('pi/session-jsonl');
    expect(transcript.session.title).toBe('Sort the bookshelf inventory');
    expect(transcript.metrics.unparsedCount).toBe(0);
    expect(transcript.events.filter((event) => event.type === 'tool_result')).toHaveLength(1);
  });
});
