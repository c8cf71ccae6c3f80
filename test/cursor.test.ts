/**
 * Cursor CLI adapter. cursor-agent is closed source and not on npm, so its fixtures
 * (fixtures/cursor/handmade-*) are written by hand in the documented shapes; these tests check
 * both forms (stream-json, with and without partial output, and the saved agent transcript with
 * a subagent) and the edge cases the fixtures cannot hold (cut streams, failed runs, unknown lines).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cursor } from '../adapters/cursor/index.js';
import type { Transcript, } from '../src/transcript/index.js';
import { facts } from './fixture-facts/cursor.js';
import { convertBytes, convertFile, expectFaithful, fixtureCases, ROOT, ofType } from './helpers.js';

const FIXTURES = join(ROOT, 'fixtures/cursor');
const STREAM = join(FIXTURES, 'handmade-stream-json/stdout.jsonl');
const PARTIAL = join(FIXTURES, 'handmade-stream-partial/stdout.jsonl');
const TRANSCRIPT_ID = '5f2a8c1e-93d7-4b0e-8e6a-c41d7b2f9a05';
const TRANSCRIPT = join(FIXTURES, `handmade-agent-transcript/${TRANSCRIPT_ID}.jsonl`);
const SUBAGENT = 'subagent:e7c3b9d4-2a6f-4c81-b5e0-9d1f3a7c6b28';

const resultOf = (t: Transcript, callId: string) => ofType(t, 'tool_result').find((e) => e.tool!.callId === callId)!.tool!;
const lines = (...records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n');
const convertLines = async (...records: unknown[]) => JSON.parse((await convertBytes(lines(...records), { from: 'cursor' })).text) as Transcript;

function expectCursorFaithful(t: Transcript, nativePath: string): void {
  expectFaithful(t, 'cursor');
  expect(t.events.filter((e) => e.synthetic === true)).toEqual([]);
  const said = ofType(t, 'assistant_message').map((e) => e.text);
  for (const text of facts.assistantTexts(nativePath)) expect(said).toContain(text);
  expect(t.source.agent).toBe('cursor');
}

describe('cursor stream-json (handmade-stream-json)', () => {
  it('converts with nothing unparsed, every call paired, the text kept and the session facts read', async () => {
    const { transcript: t } = await convertFile(STREAM);
    expect(t.source.format).toBe('cursor/stream-json');
    expect(t.source.nativeSessionId).toBe('b4e1c7a2-5d38-4f96-a0c3-7e21d9f4b863');
    expect(t.session.environment.cwd).toBe('/home/dev/inventory');
    expect(t.session.models).toEqual(['Claude 4.5 Sonnet']);
    expectCursorFaithful(t, STREAM);
    expect(ofType(t, 'user_message').map((e) => e.text)).toEqual([expect.stringMatching(/^The restock report double-counts/)]);
    expect(ofType(t, 'reasoning').map((e) => e.text)).toEqual(['The user wants the double count fixed. I should look at stock.py first.']);
    expect(ofType(t, 'assistant_message')).toHaveLength(3);
  });

  it('gives every documented tool kind its Transcript kind', async () => {
    const { transcript: t } = await convertFile(STREAM);
    expect(Object.fromEntries(ofType(t, 'tool_call').map((e) => [e.tool!.name, e.tool!.kind]))).toEqual({
      ls: 'search', glob: 'search', read: 'read', grep: 'search', semSearch: 'search', updateTodos: 'plan', edit: 'edit', write: 'write',
      readLints: 'read', shell: 'shell', delete: 'edit', webFetch: 'web', webSearch: 'web', mcp: 'mcp', task: 'task', ReadMcpResource: 'other',
    });
  });

  it('reads each way a call ends: success, failure with its exit code, rejection, error', async () => {
    const { transcript: t } = await convertFile(STREAM);
    expect(resultOf(t, 'call_shell_10')).toMatchObject({ status: 'ok', exitCode: 0, output: '....\n4 passed in 0.12s\n', durationMs: 900 });
    expect(resultOf(t, 'call_shell_11')).toMatchObject({ status: 'error', exitCode: 1 });
    expect(resultOf(t, 'call_shell_12')).toMatchObject({ status: 'denied', output: 'Command not in the allow list: git push' });
    expect(resultOf(t, 'call_read_14')).toMatchObject({ status: 'error', output: expect.stringMatching(/^File not found/) });
    expect(resultOf(t, 'call_read_03').output).toMatch(/^def restock_total/);
  });

  it('names the files calls touch, the MCP server and tool, and parses a function call\'s arguments', async () => {
    const { transcript: t } = await convertFile(STREAM);
    const call = (id: string) => ofType(t, 'tool_call').find((e) => e.tool!.callId === id)!.tool!;
    expect(call('call_edit_07').files).toEqual([{ path: '/home/dev/inventory/src/stock.py', action: 'edit' }]);
    expect(call('call_write_08').files).toEqual([{ path: '/home/dev/inventory/tests/test_returns.py', action: 'write' }]);
    expect(call('call_delete_13').files).toEqual([{ path: '/home/dev/inventory/src/stock.py.orig', action: 'delete' }]);
    expect(call('call_mcp_17').mcp).toEqual({ server: 'tracker', tool: 'create_issue' });
    expect(call('call_fn_19').input).toEqual({ server: 'tracker', uri: 'tracker://issues/231' });
  });
});

describe('cursor stream-json with --stream-partial-output (handmade-stream-partial)', () => {
  it('keeps each message once, whole, and pairs a call id holding a newline', async () => {
    const { transcript: t } = await convertFile(PARTIAL);
    expectCursorFaithful(t, PARTIAL);
    expect(ofType(t, 'assistant_message').map((e) => e.text)).toEqual(['Let me count them with a glob.', 'There are 2 Python files in src: stock.py and report.py.']);
    expect(ofType(t, 'reasoning').map((e) => e.text)).toEqual(['Counting with a glob.']);
    expect(ofType(t, 'tool_call').map((e) => e.tool!.callId)).toEqual(['call_glob_p1\nfc_0a1']);
  });

  it('a stream cut before the whole message keeps the pieces as one message', async () => {
    const t = await convertLines(
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'Half ' }] }, session_id: 's', timestamp_ms: 1795600000000 },
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'done' }] }, session_id: 's', timestamp_ms: 1795600000100 },
    );
    expect(ofType(t, 'assistant_message').map((e) => e.text)).toEqual(['Half done']);
    expect(t.metrics.unparsedCount).toBe(0);
  });
});

describe('cursor stream-json: what the fixtures cannot hold', () => {
  it('a failed run, a cut thought and a call that never completed are all visible', async () => {
    const t = await convertLines(
      { type: 'thinking', subtype: 'delta', text: 'Maybe the', session_id: 's', timestamp_ms: 1795600000000 },
      { type: 'tool_call', subtype: 'started', call_id: 'c1', tool_call: { shellToolCall: { args: { command: 'sleep 100' } } }, session_id: 's' },
      { type: 'result', subtype: 'error', is_error: true, duration_ms: 40, duration_api_ms: 40, result: '', error: 'Model provider unavailable', session_id: 's' },
    );
    expect(ofType(t, 'reasoning')).toMatchObject([{ text: 'Maybe the', meta: { kind: 'incomplete' } }]);
    expect(ofType(t, 'system')).toMatchObject([{ text: 'Model provider unavailable', meta: { kind: 'error' } }]);
    expect(ofType(t, 'tool_result')).toMatchObject([{ synthetic: true, tool: { callId: 'c1', status: 'error' }, meta: { kind: 'missing-tool-result' } }]);
    expect(t.metrics.unparsedCount).toBe(0);
  });

  it('an unknown line type, system subtype or tool result shape is reported, not dropped', async () => {
    const t = await convertLines(
      { type: 'system', subtype: 'init', apiKeySource: 'login', session_id: 's', model: 'gpt-5' },
      { type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'read a.txt' }] }, session_id: 's' },
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'Reading it.' }] }, session_id: 's' },
      { type: 'status', message: 'compacting', session_id: 's' },
      { type: 'system', subtype: 'compact', session_id: 's' },
      { type: 'tool_call', subtype: 'started', call_id: 'c2', tool_call: { readToolCall: { args: { path: 'a.txt' } } }, session_id: 's' },
      { type: 'tool_call', subtype: 'completed', call_id: 'c2', tool_call: { readToolCall: { args: { path: 'a.txt' }, result: { pending: {} } } }, session_id: 's' },
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] }, session_id: 's' },
      { type: 'result', subtype: 'success', is_error: false, duration_ms: 10, duration_api_ms: 10, result: 'Reading it.Done.', session_id: 's' },
    );
    expect(t.metrics.unparsedCount).toBe(3);
    expect(t.events.filter((e) => e.meta?.kind === 'unparsed').map((e) => e.meta!.recordType)).toEqual(['status', 'system/compact', 'tool_call/completed']);
  });

  it('the result line\'s token counts, when printed, are the session totals', async () => {
    const t = await convertLines(
      { type: 'system', subtype: 'init', apiKeySource: 'login', session_id: 's', model: 'gpt-5' },
      { type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'hello' }] }, session_id: 's' },
      { type: 'result', subtype: 'success', is_error: false, duration_ms: 10, duration_api_ms: 10, result: '', session_id: 's', usage: { inputTokens: 120, outputTokens: 30, cacheReadTokens: 80 } },
    );
    expect(t.metrics.tokens).toEqual({ input: 120, output: 30, cacheRead: 80 });
  });
});

describe('cursor agent transcript (handmade-agent-transcript)', () => {
  it('converts with its subagent, nothing unparsed, calls paired in order, the prompt unwrapped', async () => {
    const { transcript: t } = await convertFile(TRANSCRIPT);
    expect(t.source.format).toBe('cursor/agent-transcript');
    expect(t.source.nativeSessionId).toBe(TRANSCRIPT_ID);
    expectCursorFaithful(t, TRANSCRIPT);
    const main = t.events.filter((e) => e.parentId === undefined);
    expect(ofType({ ...t, events: main }, 'user_message').map((e) => e.text)).toEqual([
      'Why does the nightly restock job take so long? Look at scripts/nightly.sh.',
      'Delete the old log files in logs/ too.',
    ]);
    expect(main[0]!.meta).toMatchObject({ kind: 'user-context', context: expect.stringContaining('<user_info>') });
    expect(ofType(t, 'reasoning').map((e) => e.text)).toEqual(['Start with the script, then time its steps.']);
    expect(Object.fromEntries(ofType(t, 'tool_call').map((e) => [e.tool!.name, e.tool!.kind]))).toEqual({
      Read: 'read', Shell: 'shell', Grep: 'search', Task: 'task', StrReplace: 'edit', TodoWrite: 'plan', Delete: 'edit',
    });
    const results = ofType({ ...t, events: main }, 'tool_result').map((e) => [e.tool!.name, e.tool!.output, e.tool!.status]);
    expect(results[1]).toEqual(['Shell', '412', 'ok']);
    expect(results[2]).toEqual(['Grep', 'src/import.py:1:import pandas as pd', 'ok']);
    expect(results.at(-1)).toEqual(['Delete', 'The user rejected this deletion.', 'denied']);
    expect(ofType(t, 'system')).toMatchObject([{ text: 'Turn ended: aborted', meta: { kind: 'turn-ended', status: 'aborted' } }]);
    const subagent = t.events.filter((e) => e.parentId === SUBAGENT);
    expect(subagent.map((e) => e.type)).toEqual(['user_message', 'tool_call', 'tool_result', 'assistant_message']);
  });

  it('a call the transcript never answered gets a visible empty result at the turn\'s end', async () => {
    const t = await convertLines(
      { role: 'user', message: { content: [{ type: 'text', text: '<user_query>\nlist it\n</user_query>' }] } },
      { role: 'assistant', message: { content: [{ type: 'tool_use', name: 'LS', input: { target_directory: '.' } }, { type: 'citation', text: 'x' }] } },
      { type: 'turn_ended', status: 'success' },
    );
    expect(ofType(t, 'user_message').map((e) => e.text)).toEqual(['list it']);
    expect(ofType(t, 'tool_result')).toMatchObject([{ synthetic: true, tool: { name: 'LS', kind: 'search', output: '' }, meta: { kind: 'missing-tool-result' } }]);
    expect(t.events.filter((e) => e.meta?.kind === 'unknown-block').map((e) => e.text)).toEqual(['[citation block]']);
    expect(t.metrics.unparsedCount).toBe(0);
  });
});

describe('cursor detection and session files', () => {
  it('does not claim the other agents\' fixtures', () => {
    for (const fixture of fixtureCases().filter((c) => c.agent !== 'cursor')) {
      const sample = readFileSync(fixture.input, 'utf8').split('\n').filter((l) => l.trim()).slice(0, 8).flatMap((l) => {
        try {
          return [JSON.parse(l) as unknown];
        } catch {
          return [];
        }
      });
      expect(cursor.detect(sample), fixture.name).toBeNull();
    }
  });

  /** first lines a walk would read: a Cursor transcript line, or another agent's */
  const CURSOR_HEAD = JSON.stringify({ role: 'user', message: { content: [{ type: 'text', text: 'hi' }] } });
  const QWEN_HEAD = JSON.stringify({ uuid: 'u1', parentUuid: null, sessionId: 's1', type: 'user', agentId: 'general-purpose-call_1', message: { role: 'user', parts: [] } });
  const headsOf = (paths: readonly string[], head: (path: string) => string | undefined) =>
    new Map(paths.flatMap((path) => (head(path) === undefined ? [] : [[path, head(path)!] as const])));

  it('groups a transcript with its subagents and names their folder', () => {
    const paths = ['p/agent-transcripts/a1/a1.jsonl', 'p/agent-transcripts/a1/subagents/c2.jsonl', 'p/agent-transcripts/a1/subagents/c1.jsonl', 'p/agent-transcripts/b2/b2.jsonl', 'p/other.jsonl'];
    expect(cursor.groupSessionFiles!(paths, headsOf(paths, () => CURSOR_HEAD))).toEqual([
      ['p/agent-transcripts/a1/a1.jsonl', 'p/agent-transcripts/a1/subagents/c1.jsonl', 'p/agent-transcripts/a1/subagents/c2.jsonl'],
      ['p/agent-transcripts/b2/b2.jsonl'],
    ]);
    expect(cursor.companionDirs!('/h/.cursor/projects/x/agent-transcripts/a1/a1.jsonl')).toEqual(['/h/.cursor/projects/x/agent-transcripts/a1/subagents']);
    expect(cursor.companionDirs!('/h/a1/subagents/c1.jsonl')).toEqual([]);
  });

  it('takes a subagent by what its first line says, not by the folder it is in', () => {
    const paths = ['a1/a1.jsonl', 'a1/subagents/c1.jsonl', 'a1/subagents/q1.jsonl', 'a1/subagents/unread.jsonl', 'a1/subagents/deep/d.jsonl'];
    const heads = headsOf(paths, (path) => (path.endsWith('q1.jsonl') ? QWEN_HEAD : path.endsWith('unread.jsonl') ? undefined : CURSOR_HEAD));
    expect(cursor.groupSessionFiles!(paths, heads)).toEqual([['a1/a1.jsonl', 'a1/subagents/c1.jsonl']]);
    expect(cursor.isCompanion!('a1/subagents/c1.jsonl', CURSOR_HEAD)).toBe(true);
    expect(cursor.isCompanion!('a1/subagents/q1.jsonl', QWEN_HEAD)).toBe(false);
    expect(cursor.isCompanion!('a1/c1.jsonl', CURSOR_HEAD)).toBe(false);
  });

  it('a walk rooted at a session folder: the one Cursor transcript at the top takes the subagents; other files, or two transcripts, take none', () => {
    const paths = ['5f2a.jsonl', 'chat.jsonl', 'stream.jsonl', 'subagents/c1.jsonl', 'subagents/c2.jsonl'];
    const cursorAt = (...cursorPaths: string[]) => headsOf(paths, (path) => (cursorPaths.includes(path) ? CURSOR_HEAD : QWEN_HEAD));
    expect(cursor.groupSessionFiles!(paths, cursorAt('5f2a.jsonl', 'subagents/c1.jsonl', 'subagents/c2.jsonl'))).toEqual([['5f2a.jsonl', 'subagents/c1.jsonl', 'subagents/c2.jsonl']]);
    // Qwen Code's files beside a subagents/ folder of Qwen's: Cursor claims none of them
    expect(cursor.groupSessionFiles!(paths, cursorAt())).toEqual([]);
    // two Cursor transcripts at the top: whose subagents they are is not said, so neither takes them
    expect(cursor.groupSessionFiles!(paths, cursorAt('5f2a.jsonl', 'chat.jsonl', 'subagents/c1.jsonl'))).toEqual([]);
  });

  it('groups a walk of many session folders like a search of every path would, nested and bare subagent folders included', () => {
    const names = ['a1', 'b2', 'c3', 'subagents'];
    const paths: string[] = ['a1.jsonl', 'subagents/x.jsonl', 'subagents/notes.txt'];
    for (const root of ['', 'p/', 'p/q/']) {
      for (const id of names) {
        paths.push(`${root}${id}/${id}.jsonl`, `${root}${id}/subagents/s-${id}.jsonl`, `${root}${id}/subagents/deep/d.jsonl`, `${root}${id}/subagents/log.txt`, `${root}${id}/mysubagents/m.jsonl`);
      }
    }
    const bySearch = paths.flatMap((path) => {
      const match = /^(.*?)([^/]+)\/\2\.jsonl$/.exec(path);
      const bare = !match && !path.includes('/') && path.endsWith('.jsonl');
      if (!match && !bare) return [];
      const folder = match ? `${match[1]}${match[2]}/subagents/` : 'subagents/';
      return [[path, ...paths.filter((other) => other.startsWith(folder) && other.endsWith('.jsonl') && !other.slice(folder.length).includes('/')).sort()]];
    });
    expect(cursor.groupSessionFiles!(paths, headsOf(paths, () => CURSOR_HEAD))).toEqual(bySearch);
    expect(bySearch.some((group) => group.length > 1)).toBe(true);
  });
});
