/**
 * Amp: the hand-made thread file's own facts, and hand-written edge cases. Shapes follow
 * fixtures/amp/README.md's sources.
 */
import { existsSync, readdirSync, readFileSync, } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../adapters/index.js';
import { amp } from '../adapters/amp/index.js';
import { identifyTool, resultPayload, toolStatus } from '../adapters/amp/tools.js';
import { claudeCode } from '../adapters/claude-code/index.js';
import { detectFormat } from '../src/pipeline/detect.js';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { convertBytes, convertFile, ROOT, expectKinds } from './helpers.js';

const THREAD_DIR = join(ROOT, 'fixtures/amp/handmade-thread');
const threadFiles = readdirSync(THREAD_DIR).filter((f) => /^T-.*\.json$/.test(f) && !f.endsWith('.expected.json'));

// the golden, schema and faithfulness checks of the thread file are test/golden.test.ts's
describe.each(threadFiles)('amp thread file %s', (file) => {
  it('is read as a thread document named by its thread id', async () => {
    const { transcript } = await convertFile(join(THREAD_DIR, file));
    expect(transcript.source.format).toBe('amp/thread-json');
    expect(transcript.source.nativeSessionId).toBe(file.replace(/\.json$/, ''));
  });
});

// ---- hand-written records ------------------------------------------------------------------

const SID = 'T-2775dc92-90ed-4f85-8b73-8f9766029e83';
const line = (record: Record<string, unknown>) => JSON.stringify({ parent_tool_use_id: null, session_id: SID, ...record });
const init = line({ type: 'system', subtype: 'init', cwd: '/w', tools: ['Bash', 'Read'], mcp_servers: [{ name: 'github', status: 'connected' }] });
const user = (content: unknown) => line({ type: 'user', message: { role: 'user', content } });
const assistant = (content: unknown, extra: Record<string, unknown> = {}) =>
  line({ type: 'assistant', message: { type: 'message', role: 'assistant', content, stop_reason: 'end_turn', usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 100 }, ...extra } });
const result = (extra: Record<string, unknown> = {}) => line({ type: 'result', subtype: 'success', duration_ms: 1200, is_error: false, num_turns: 1, result: 'done', ...extra });

async function convert(input: string, from?: string): Promise<{ events: TranscriptEvent[]; transcript: Transcript; unknown: Map<string, number> }> {
  const { text, result: run } = await convertBytes(input, from ? { from } : {});
  const transcript = JSON.parse(text) as Transcript;
  const unknown = new Map([...run.recordTypes].filter(([, c]) => c.unknown > 0).map(([type, c]) => [type, c.unknown]));
  return { events: transcript.events, transcript, unknown };
}
const stream = (...lines: string[]) => convert(`${lines.join('\n')}\n`);

describe('amp stream-json (hand-written edge cases)', () => {
  it('reads message content both as a block array and as a plain string', async () => {
    const { events } = await stream(
      init,
      user('a string prompt'),
      assistant('a string answer'),
      user([{ type: 'text', text: 'an array prompt' }]),
      assistant([{ type: 'text', text: 'an array answer' }, 'a bare string block']),
      result(),
    );
    expect(events.filter((e) => e.type !== 'system').map((e) => [e.type, e.text])).toEqual([
      ['user_message', 'a string prompt'],
      ['assistant_message', 'a string answer'],
      ['user_message', 'an array prompt'],
      ['assistant_message', 'an array answer'],
      ['assistant_message', 'a bare string block'],
    ]);
  });

  it('takes session facts from system/init and durations from result', async () => {
    const { transcript, events } = await stream(init, user('hi'), assistant([{ type: 'text', text: 'hello' }]), result({ duration_ms: 2906 }));
    expect(transcript.source.nativeSessionId).toBe(SID);
    expect(transcript.source.format).toBe('amp/stream-json');
    expect(transcript.session.environment.cwd).toBe('/w');
    expect(transcript.metrics.durationMs).toBe(2906);
    expect(transcript.metrics.tokens).toEqual({ input: 10, output: 5, cacheRead: 100 });
    expect(events[0]).toMatchObject({ type: 'system', meta: { kind: 'init' }, text: 'Session started in /w, 2 tools, MCP servers: github' });
  });

  it('counts a response once even when its id repeats, and attaches usage to its first event', async () => {
    const { transcript, events } = await stream(
      init,
      assistant([{ type: 'thinking', thinking: 'hmm' }], { id: 'msg_1', model: 'claude-x' }),
      assistant([{ type: 'text', text: 'answer' }], { id: 'msg_1', model: 'claude-x' }),
    );
    expect(transcript.metrics.tokens).toEqual({ input: 10, output: 5, cacheRead: 100 });
    expect(events.filter((e) => e.usage)).toHaveLength(1);
    expect(events.find((e) => e.type === 'reasoning')).toMatchObject({ nativeId: 'msg_1', model: 'claude-x', text: 'hmm' });
  });

  it('pairs tool results, reading JSON-string results, exit codes, errors and denials', async () => {
    const { events } = await stream(
      init,
      assistant([
        { type: 'tool_use', id: 't1', name: 'Bash', input: { cmd: 'make' } },
        { type: 'tool_use', id: 't2', name: 'edit_file', input: { path: '/w/a.ts', old_str: 'a', new_str: 'b' } },
        { type: 'tool_use', id: 't3', name: 'Read', input: { path: '/w/missing' } },
        { type: 'tool_use', id: 't4', name: 'Bash', input: { cmd: 'rm -rf /' } },
        { type: 'tool_use', id: 't5', name: 'mcp__github__create_issue', input: { title: 'x' } },
      ]),
      user([
        { type: 'tool_result', tool_use_id: 't1', content: JSON.stringify({ output: 'make: *** [all] Error 2', exitCode: 2 }), is_error: false },
        { type: 'tool_result', tool_use_id: 't2', content: JSON.stringify({ diff: '--- a.ts\n+++ a.ts\n@@ -1 +1 @@\n-a\n+b', lineRange: [1, 1] }), is_error: false },
        { type: 'tool_result', tool_use_id: 't3', content: 'File not found: /w/missing', is_error: true },
        { type: 'tool_result', tool_use_id: 't4', content: 'Tool execution rejected by user', is_error: true },
        { type: 'tool_result', tool_use_id: 't5', content: [{ type: 'text', text: 'created #7' }] },
      ]),
    );
    const results = Object.fromEntries(events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.tool!]));
    expect(results.t1).toMatchObject({ kind: 'shell', status: 'error', exitCode: 2, output: 'make: *** [all] Error 2' });
    expect(results.t2).toMatchObject({ kind: 'edit', status: 'ok', files: [{ path: '/w/a.ts', action: 'edit', diff: '--- a.ts\n+++ a.ts\n@@ -1 +1 @@\n-a\n+b' }] });
    expect(results.t3).toMatchObject({ kind: 'read', status: 'error', output: 'File not found: /w/missing' });
    expect(results.t4).toMatchObject({ status: 'denied' });
    expect(results.t5).toMatchObject({ kind: 'mcp', mcp: { server: 'github', tool: 'create_issue' }, status: 'ok', output: 'created #7' });
  });

  it('groups subagent lines under the Task call that started them', async () => {
    const { events } = await stream(
      init,
      assistant([{ type: 'tool_use', id: 'task1', name: 'Task', input: { prompt: 'look around' } }]),
      line({ type: 'assistant', parent_tool_use_id: 'task1', message: { role: 'assistant', content: [{ type: 'text', text: 'sub answer' }] } }),
      user([{ type: 'tool_result', tool_use_id: 'task1', content: 'sub answer' }]),
    );
    expect(events.find((e) => e.text === 'sub answer')?.parentId).toBe('task1');
    expect(events.find((e) => e.type === 'tool_result')?.tool).toMatchObject({ kind: 'task', status: 'ok' });
  });

  it('turns an error result and permission denials into system events', async () => {
    const { events, transcript } = await stream(
      init,
      user('go'),
      line({ type: 'result', subtype: 'error_during_execution', is_error: true, error: 'Out of credits', duration_ms: 10, num_turns: 0, permission_denials: ['Bash'] }),
    );
    expect(events.slice(-2).map((e) => [e.type, e.meta?.kind, e.text])).toEqual([
      ['system', 'error', 'Out of credits'],
      ['system', 'permission-denials', 'Permission denied for: Bash'],
    ]);
    expect(transcript.metrics.errorCount).toBe(1);
  });

  it('makes unknown record types, subtypes and blocks visible unparsed events, counted as unknown', async () => {
    const { events, unknown, transcript } = await stream(
      init,
      line({ type: 'brand_new', data: 1 }),
      line({ type: 'system', subtype: 'compacting' }),
      assistant([{ type: 'text', text: 'kept' }, { type: 'hologram', data: 'x' }]),
    );
    expect(unknown).toEqual(new Map([['brand_new', 1], ['system/compacting', 1], ['block/hologram', 1]]));
    expect(transcript.metrics.unparsedCount).toBe(3);
    expect(events.filter((e) => e.meta?.kind === 'unparsed').map((e) => e.meta?.recordType)).toEqual(['brand_new', 'system/compacting', 'block/hologram']);
    expect(events.some((e) => e.text === 'kept')).toBe(true);
  });
});

describe('amp detection', () => {
  const readLines = (path: string) => readFileSync(join(ROOT, path), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as unknown);

  it('detects an Amp stream as amp, although Claude Code would also claim it', () => {
    const sample = readLines('fixtures/amp/handmade-shell-tool/stream.jsonl');
    expect(detectFormat(ADAPTERS, sample.slice(0, 1))).toMatchObject({ kind: 'adapter', adapter: { id: 'amp' }, format: 'amp/stream-json' });
    expect(amp.detect(sample)?.confidence).toBeGreaterThan(claudeCode.detect(sample)?.confidence ?? 0);
    // without a thread id, an init line lacking Claude Code's stamps is only a guess
    expect(amp.detect([{ type: 'system', subtype: 'init', cwd: '/w', tools: [], mcp_servers: [] }])).toEqual({ confidence: 0.6, format: 'amp/stream-json' });
  });

  it('still detects every real Claude Code stream fixture as claude-code', () => {
    const dir = join(ROOT, 'fixtures/claude-code');
    const streams = readdirSync(dir).map((scenario) => join('fixtures/claude-code', scenario, 'stream.jsonl')).filter((p) => existsSync(join(ROOT, p)));
    expect(streams.length).toBeGreaterThan(0);
    for (const path of streams) {
      const sample = readLines(path).slice(0, 8);
      expect(amp.detect(sample)).toBeNull();
      expect(detectFormat(ADAPTERS, sample)).toMatchObject({ kind: 'adapter', adapter: { id: 'claude-code' } });
    }
  });

  it('detects a thread document, pretty-printed or not, and nothing else', async () => {
    const doc = JSON.parse(readFileSync(join(THREAD_DIR, threadFiles[0]!), 'utf8')) as Record<string, unknown>;
    expect(amp.detect([doc])).toEqual({ confidence: 0.95, format: 'amp/thread-json' });
    expect(detectFormat(ADAPTERS, [doc])).toMatchObject({ kind: 'adapter', adapter: { id: 'amp' } });
    const { transcript } = await convert(JSON.stringify(doc, null, 2));
    expect(transcript.source.format).toBe('amp/thread-json');
    expect(amp.detect([{ type: 'user', sessionId: 's', uuid: 'u', message: {} }])).toBeNull();
    expect(amp.detect([{ type: 'thread.started', thread_id: 't' }])).toBeNull();
  });
});

describe('amp thread files (hand-written edge cases)', () => {
  const threadDoc = (messages: unknown[], extra: Record<string, unknown> = {}) =>
    JSON.stringify({ v: 3, id: 'T-11111111-2222-4333-8444-555555555555', created: Date.UTC(2026, 0, 1), messages, ...extra }, null, 2);
  const call = (id: string, name: string, input: unknown = {}) => ({ role: 'assistant', messageId: 1, content: [{ type: 'tool_use', id, name, input }] });
  const runResult = (id: string, run: unknown) => ({ type: 'tool_result', toolUseID: id, run });

  it('a call the thread holds no result for gets a synthetic result that says so', async () => {
    const { events } = await convert(threadDoc([
      { role: 'user', messageId: 0, content: 'list the routes', meta: { sentAt: Date.UTC(2026, 0, 1, 0, 0, 1) } },
      call('g', 'Grep', { pattern: 'router.get' }),
    ]));
    expect(events.filter((e) => e.tool).map((e) => [e.type, e.tool!.callId, e.synthetic ?? false, e.meta?.kind ?? null])).toEqual([
      ['tool_call', 'g', false, null], ['tool_result', 'g', true, 'missing-tool-result'],
    ]);
  });

  it('maps run statuses: done, error, cancelled, rejected-by-user, and an unfinished run', async () => {
    const { events } = await convert(threadDoc([
      { role: 'user', messageId: 0, content: 'do things', meta: { sentAt: Date.UTC(2026, 0, 1, 0, 0, 1) } },
      { role: 'assistant', messageId: 1, content: [
        { type: 'tool_use', id: 'a', name: 'Bash', input: { cmd: 'true' } },
        { type: 'tool_use', id: 'b', name: 'Bash', input: { cmd: 'sleep 999' } },
        { type: 'tool_use', id: 'c', name: 'create_file', input: { path: '/w/new.txt', content: 'x' } },
        { type: 'tool_use', id: 'd', name: 'Bash', input: { cmd: 'deploy' } },
        { type: 'tool_use', id: 'e', name: 'Bash', input: { cmd: 'false' } },
        { type: 'tool_use', id: 'f', name: 'Bash', input: { cmd: 'wait' } },
      ] },
      { role: 'user', messageId: 2, content: [
        runResult('a', { status: 'done', result: { output: 'ok\n', exitCode: 0 } }),
        runResult('b', { status: 'error', error: { message: 'Command timed out after 120s' } }),
        runResult('c', { status: 'cancelled' }),
        runResult('d', { status: 'rejected-by-user' }),
        runResult('e', { status: 'done', result: { output: '', exitCode: 1 } }),
        runResult('f', { status: 'blocked-on-user' }),
      ] },
    ]));
    const results = Object.fromEntries(events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.tool!]));
    expect(results.a).toMatchObject({ status: 'ok', exitCode: 0, output: 'ok\n' });
    expect(results.b).toMatchObject({ status: 'timeout', output: 'Command timed out after 120s' });
    expect(results.c).toMatchObject({ kind: 'write', status: 'error', files: [{ path: '/w/new.txt', action: 'write' }] });
    expect(results.d).toMatchObject({ status: 'denied' });
    expect(results.e).toMatchObject({ status: 'error', exitCode: 1 });
    // an unfinished run's note stands for its result: no synthetic result is added at the end
    expect(results.f).toBeUndefined();
    expect(events.find((e) => e.meta?.kind === 'tool-unfinished')?.meta).toMatchObject({ callId: 'f', runStatus: 'blocked-on-user' });
    expect(events[0]).toMatchObject({ type: 'user_message', text: 'do things', timestamp: '2026-01-01T00:00:01.000Z', nativeId: '0' });
  });

  it('reads the older result shape (tool_use_id, content, is_error) and string content', async () => {
    const { events } = await convert(threadDoc([
      { role: 'user', content: 'read it' },
      call('tu1', 'Read', { file_path: 'main.go' }),
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu1', content: 'package main' }] },
      { role: 'assistant', content: 'It is a Go main package.' },
    ]));
    expect(events.map((e) => [e.type, e.text ?? e.tool?.output])).toEqual([
      ['user_message', 'read it'],
      ['tool_call', undefined],
      ['tool_result', 'package main'],
      ['assistant_message', 'It is a Go main package.'],
    ]);
    expect(events[0]!.timestamp).toBe('2026-01-01T00:00:00.000Z'); // the thread's `created` stands in for the first message's time
  });

  it('takes tokens from message usage, and from the ledger only for responses without usage', async () => {
    const { transcript, events } = await convert(threadDoc([
      { role: 'user', messageId: 0, content: 'hi' },
      { role: 'assistant', messageId: 1, content: [{ type: 'text', text: 'one' }], usage: { model: 'gpt-5', inputTokens: 10, outputTokens: 2, cacheReadInputTokens: 50, timestamp: '2026-01-01T00:00:05Z' } },
      { role: 'assistant', messageId: 2, content: [{ type: 'text', text: 'two' }] },
    ], {
      usageLedger: { events: [
        { id: 'l1', model: 'gpt-5', tokens: { input: 10, output: 2, total: 62 }, toMessageId: 1 },
        { id: 'l2', model: 'gpt-5', tokens: { input: 7, output: 3, total: 10 }, toMessageId: 2 },
        { id: 'l3', model: 'gpt-5', tokens: { input: 1, output: 1, total: 2 } },
      ] },
    }));
    expect(transcript.metrics.tokens).toEqual({ input: 18, output: 6, cacheRead: 50 });
    expect(events.filter((e) => e.usage).map((e) => [e.text, e.usage])).toEqual([
      ['one', { input: 10, output: 2, cacheRead: 50 }],
      ['two', { input: 7, output: 3 }],
    ]);
    expect(transcript.session.models).toEqual(['gpt-5']);
  });

  it('maps info summaries, cancelled responses, workspace and title', async () => {
    const { transcript, events, unknown } = await convert(threadDoc([
      { role: 'info', content: [{ type: 'summary', summary: { type: 'message', summary: 'Earlier: set up the repo' } }] },
      { role: 'assistant', content: [{ type: 'text', text: 'partial' }], state: { type: 'cancelled' } },
      { role: 'narrator', content: [] },
    ], { title: 'Repo setup', env: { initial: { trees: [{ displayName: 'my app', uri: 'file:///home/me/my%20app' }] } } }));
    expect(events.map((e) => [e.type, e.meta?.kind ?? null])).toEqual([
      ['system', 'summary'], ['assistant_message', null], ['meta', 'interrupted'], ['meta', 'unparsed'],
    ]);
    expect(unknown).toEqual(new Map([['thread/message/narrator', 1]]));
    expect(transcript.session.environment.cwd).toBe('/home/me/my app');
    expect(transcript.session.title).toBe('Repo setup');
  });
});

describe('amp tool names and statuses', () => {
  it('normalizes Amp tool names', () => {
    expectKinds(identifyTool, {
      shell: ['Bash'], write: ['create_file'], edit: ['edit_file', 'undo_edit'], search: ['glob', 'Grep', 'finder'],
      web: ['read_web_page'], task: ['oracle'], plan: ['todo_write'], other: ['mermaid'],
    });
  });

  it('reads result payloads and statuses', () => {
    expect(resultPayload('{not json')).toEqual({ text: '{not json' });
    expect(resultPayload('{"a":1}')).toEqual({ text: '{"a":1}' });
    expect(resultPayload({ output: 'x', exitCode: 3 })).toEqual({ text: 'x', exitCode: 3 });
    expect(toolStatus({ runStatus: 'rejected-by-user', isError: false, text: '' })).toBe('denied');
    expect(toolStatus({ isError: true, text: 'Error: Command timed out after 2m' })).toBe('timeout');
    expect(toolStatus({ isError: false, text: '', exitCode: 127 })).toBe('error');
  });
});
