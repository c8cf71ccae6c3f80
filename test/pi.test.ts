/**
 * Pi adapter. The recorded fixtures (fixtures/pi/, checked by the golden test) cover the common
 * paths; the cases here are HAND-WRITTEN records for what the recordings lack (user `!` commands,
 * extension messages, v1 compaction, cut streams, old event names, tree edge cases), with shapes
 * from Pi 0.73.1's docs/session-format.md, docs/rpc.md and its dist sources. The last block
 * checks that the session file and the live stream of the same recorded run agree.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pi } from '../adapters/pi/index.js';
import { exitCodeOf, statusOf, toolKind } from '../adapters/pi/tools.js';
import { EntryTree } from '../adapters/pi/tree.js';
import type { DraftEvent } from '../adapters/types.js';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { convertBytes, convertFile, ROOT } from './helpers.js';

const HEADER = { type: 'session', version: 3, id: 'sess-1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w' };
let clock = 0;
const at = () => new Date(Date.UTC(2026, 0, 1, 0, 0, ++clock)).toISOString();
const entry = (id: string, parentId: string | null, fields: Record<string, unknown>) => ({ type: 'message', id, parentId, timestamp: at(), ...fields });
const user = (id: string, parentId: string | null, text: string) => entry(id, parentId, { message: { role: 'user', content: [{ type: 'text', text }], timestamp: 1 } });
const assistant = (id: string, parentId: string | null, content: unknown[], extra: Record<string, unknown> = {}) =>
  entry(id, parentId, {
    message: {
      role: 'assistant', content, api: 'anthropic-messages', provider: 'p', model: 'm1', stopReason: 'stop', timestamp: 2, responseId: `r-${id}`,
      usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.01 } },
      ...extra,
    },
  });

async function convert(records: unknown[]): Promise<Transcript> {
  return JSON.parse((await convertBytes(`${records.map((r) => JSON.stringify(r)).join('\n')}\n`)).text) as Transcript;
}
const brief = (events: TranscriptEvent[]) => events.map((e) => [e.type, e.text ?? e.tool?.name ?? '', e.parentId ?? null]);

describe('pi adapter (hand-written edge cases)', () => {
  it('follows the active branch and marks an abandoned one, also when an old branch is resumed', async () => {
    const t = await convert([
      HEADER,
      user('a1', null, 'first'),
      assistant('a2', 'a1', [{ type: 'text', text: 'one' }]),
      user('b1', 'a2', 'second try A'),
      assistant('b2', 'b1', [{ type: 'text', text: 'A answer' }]),
      // /tree back to a2: branch B (b1, b2) left
      user('c1', 'a2', 'second try B'),
      assistant('c2', 'c1', [{ type: 'text', text: 'B answer' }]),
      // back to b2 and on from there: now C (c1, c2) is the abandoned branch and B is active again
      user('d1', 'b2', 'continue A'),
    ]);
    expect(brief(t.events)).toEqual([
      ['user_message', 'first', null],
      ['assistant_message', 'one', null],
      ['user_message', 'second try A', null],
      ['assistant_message', 'A answer', null],
      // the switch that started C belongs to C: it is marked with it
      ['meta', expect.stringContaining('went back to entry a2'), 'branch-c1'],
      ['user_message', 'second try B', 'branch-c1'],
      ['assistant_message', 'B answer', 'branch-c1'],
      ['meta', expect.stringContaining('back on the earlier branch through b2'), null],
      ['user_message', 'continue A', null],
    ]);
    expect(t.metrics.turnCount).toBe(3); // the abandoned prompt is not a turn of the session
    expect(t.metrics.tokens).toEqual({ input: 30, output: 15 }); // three responses, the abandoned one included
  });

  it('keeps memory bounded: a branch left after the window was written marks only what it still holds', () => {
    const out: DraftEvent[] = [];
    const tree = new EntryTree((e) => out.push(e), { entries: 2, weight: 1 << 20 });
    const ev = (text: string): DraftEvent[] => [{ timestamp: null, type: 'user_message', role: 'user', text }];
    tree.add('e1', null, null, ev('1'));
    tree.add('e2', 'e1', null, ev('2'));
    tree.add('e3', 'e2', null, ev('3'));
    tree.add('e4', 'e3', null, ev('4'));
    expect(out.map((e) => e.text)).toEqual(['1', '2']); // e1, e2 left the window unmarked
    tree.add('f1', 'e1', null, ev('f')); // e2..e4 abandoned: e2 already written
    tree.flush();
    expect(out.map((e) => [e.meta?.kind ?? e.text, e.parentId ?? null])).toEqual([
      ['1', null], ['2', null], ['3', 'branch-e2'], ['4', 'branch-e2'], ['branch', null], ['f', null],
    ]);
    expect(out[4]!.meta).toMatchObject({ forkedFrom: 'e1', abandonedBranch: 'branch-e2', abandonedEntries: 3, alreadyWritten: 1 });
  });

  it('reads v1 files (no ids, hookMessage, compaction by index) and v2 header fields', async () => {
    const t = await convert([
      { type: 'session', id: 'old', timestamp: '2025-11-01T00:00:00.000Z', cwd: '/old', provider: 'anthropic', modelId: 'claude-x', thinkingLevel: 'off', branchedFrom: '/s/prev.jsonl' },
      { type: 'message', timestamp: at(), message: { role: 'user', content: 'plain string prompt', timestamp: 1 } },
      { type: 'message', timestamp: at(), message: { role: 'hookMessage', customType: 'todo', content: 'injected by a hook', display: true, timestamp: 2 } },
      { type: 'compaction', timestamp: at(), summary: 'we talked', firstKeptEntryIndex: 1, tokensBefore: 1234 },
    ]);
    expect(t.source.nativeSessionId).toBe('old');
    expect(t.session.environment.cwd).toBe('/old');
    expect(t.session.models).toEqual(['claude-x']);
    expect(t.events.map((e) => [e.type, e.meta?.kind ?? null])).toEqual([
      ['system', 'forked-from'], ['system', 'model-change'], ['user_message', null], ['system', 'custom-message'], ['meta', 'compaction'], ['system', 'compaction-summary'],
    ]);
    expect(t.events[4]!.meta).toMatchObject({ tokensBefore: 1234, firstKept: 1 });
  });

  it('reads oh-my-pi\'s own entries in their tree places, none of them as unparsed', async () => {
    const side = { input: 30, output: 4, cacheRead: 0, cacheWrite: 0, totalTokens: 34, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.002 } };
    const t = await convert([
      HEADER,
      entry('i1', null, { type: 'session_init', systemPrompt: 'You are a careful coding agent.', task: 'tidy the build', tools: ['bash', 'read'] }),
      user('u1', 'i1', 'tidy the build scripts'),
      entry('m1', 'u1', { type: 'mode_change', mode: 'plan' }),
      entry('k1', 'm1', { type: 'credential_pin', provider: 'p', hash: 'h1' }),
      entry('t1', 'k1', { type: 'title_change', title: 'Build tidy-up', source: 'auto' }),
      entry('s1', 't1', { type: 'service_tier_change', serviceTier: { p: 'priority' } }),
      entry('r1', 's1', { type: 'ttsr_injection', injectedRules: ['no-force-push'] }),
      entry('x1', 'r1', { type: 'model_usage', purpose: 'title', role: 'smol', api: 'anthropic-messages', provider: 'p', model: 'm-mini', usage: side }),
      entry('z1', 'x1', { type: 'reset_boundary' }),
      assistant('a1', 'z1', [{ type: 'text', text: 'Plan: merge the two build scripts.' }]),
    ]);
    expect(t.metrics.unparsedCount).toBe(0);
    expect(t.session.title).toBe('Build tidy-up');
    expect(brief(t.events)).toEqual([
      ['system', 'You are a careful coding agent.', null],
      ['user_message', 'tidy the build scripts', null],
      ['system', 'Mode set to plan', null],
      ['system', 'Service tier set to p: priority', null],
      ['system', 'Rules injected: no-force-push', null],
      ['system', 'Side request (title) to p/m-mini', null],
      ['meta', 'Context reset: later turns start from here', null],
      ['assistant_message', 'Plan: merge the two build scripts.', null],
    ]);
    expect(t.metrics.tokens).toEqual({ input: 40, output: 9 }); // the side request's tokens count too
  });

  it('maps user ! commands, extension messages, titles, images, redacted thinking, aborted and failed responses', async () => {
    const t = await convert([
      HEADER,
      entry('u1', null, { message: { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' }], timestamp: 1 } }),
      entry('x1', 'u1', { message: { role: 'bashExecution', command: 'make', output: 'boom', exitCode: 2, cancelled: false, truncated: false, timestamp: 2 } }),
      { type: 'custom_message', id: 'cm', parentId: 'x1', timestamp: at(), customType: 'plan', content: 'extension context', display: false },
      { type: 'custom', id: 'cu', parentId: 'cm', timestamp: at(), customType: 'state', data: { n: 1 } },
      { type: 'label', id: 'lb', parentId: 'cu', timestamp: at(), targetId: 'u1', label: 'start' },
      { type: 'session_info', id: 'si', parentId: 'lb', timestamp: at(), name: 'Refactor auth' },
      assistant('a1', 'si', [{ type: 'thinking', thinking: '', thinkingSignature: 'opaque', redacted: true }], { stopReason: 'aborted', errorMessage: 'Request was aborted' }),
      assistant('a2', 'a1', [], { stopReason: 'error', errorMessage: '500 upstream' }),
    ]);
    expect(t.session.title).toBe('Refactor auth');
    const kinds = t.events.map((e) => [e.type, e.role, e.meta?.kind ?? null]);
    expect(kinds).toEqual([
      ['user_message', 'user', null],
      ['tool_call', 'user', 'user-command'],
      ['tool_result', 'tool', null],
      ['system', 'system', 'custom-message'],
      ['reasoning', 'assistant', 'redacted-thinking'],
      ['meta', 'system', 'interrupted'],
      ['system', 'system', 'error'],
    ]);
    expect(t.events[0]!.attachments).toEqual([{ kind: 'image', mime: 'image/png', bytes: 5 }]);
    expect(t.events[2]!.tool).toMatchObject({ callId: 'bash-x1', status: 'error', exitCode: 2, output: 'boom' });
    expect(JSON.stringify(t)).not.toContain('opaque');
    expect(t.metrics.errorCount).toBe(2);
  });

  it('stream: each message once, a cut stream keeps what was said, a lone tool_execution_end still gives the result', async () => {
    const partial = (text: string) => ({ role: 'assistant', content: [{ type: 'text', text }], model: 'm1', timestamp: 5, usage: { input: 1, output: 1 } });
    const t = await convert([
      { type: 'agent_start' },
      { type: 'message_end', message: { role: 'user', content: [{ type: 'text', text: 'go' }], timestamp: 1 } },
      { type: 'message_start', message: { ...partial(''), content: [] } },
      { type: 'message_update', message: partial('Hel'), assistantMessageEvent: { type: 'text_delta', delta: 'Hel', contentIndex: 0 } },
      { type: 'message_update', message: partial('Hello'), assistantMessageEvent: { type: 'text_delta', delta: 'lo', contentIndex: 0 } },
      { type: 'message_end', message: { ...partial('Hello'), content: [{ type: 'text', text: 'Hello' }, { type: 'toolCall', id: 't1', name: 'bash', arguments: { command: 'sleep 9' } }], stopReason: 'toolUse' } },
      { type: 'tool_execution_start', toolCallId: 't1', toolName: 'bash', args: { command: 'sleep 9' } },
      { type: 'tool_execution_update', toolCallId: 't1', toolName: 'bash', partialResult: { content: [{ type: 'text', text: 'a' }] } },
      { type: 'tool_execution_update', toolCallId: 't1', toolName: 'bash', partialResult: { content: [{ type: 'text', text: 'ab' }] } },
      { type: 'tool_execution_end', toolCallId: 't1', toolName: 'bash', result: { content: [{ type: 'text', text: 'ab\n\nCommand timed out after 9 seconds' }] }, isError: true },
      { type: 'auto_compaction_start', reason: 'threshold' },
      { type: 'auto_compaction_end', result: null, aborted: false, willRetry: false, errorMessage: 'quota' },
      { type: 'auto_retry_end', success: false, attempt: 3, finalError: '529 overloaded' },
      { type: 'extension_error', extensionPath: '/e.ts', event: 'tool_call', error: 'bad' },
      { type: 'message_start', message: { ...partial(''), content: [] } },
      { type: 'message_update', message: partial('I was cut'), assistantMessageEvent: { type: 'text_delta', delta: 'I was cut', contentIndex: 0 } },
    ]);
    expect(brief(t.events).map(([type, text]) => [type, text])).toEqual([
      ['user_message', 'go'],
      ['assistant_message', 'Hello'],
      ['tool_call', 'bash'],
      ['system', 'Compaction failed: quota'],
      ['system', 'Retries gave up: 529 overloaded'],
      ['system', 'Extension error (/e.ts, tool_call): bad'],
      ['assistant_message', 'I was cut'],
      ['tool_result', 'bash'],
    ]);
    expect(t.events[6]!.meta?.kind).toBe('incomplete');
    expect(t.events[7]!.tool).toMatchObject({ callId: 't1', status: 'timeout', output: 'ab\n\nCommand timed out after 9 seconds' });
    expect(t.metrics.unparsedCount).toBe(0);
  });

  it('stream (0.73): a session renamed is its title, a thinking level changed is a system event', async () => {
    const t = await convert([
      { type: 'agent_start' },
      { type: 'thinking_level_changed', level: 'high' },
      { type: 'message_end', message: { role: 'user', content: [{ type: 'text', text: 'tidy the imports' }], timestamp: 1 } },
      { type: 'session_info_changed', name: 'Import cleanup' },
    ]);
    expect(brief(t.events).map(([type, text]) => [type, text])).toEqual([['system', 'Thinking level set to high'], ['user_message', 'tidy the imports']]);
    expect(t.events[0]!.meta).toEqual({ kind: 'thinking-level', thinkingLevel: 'high' });
    expect(t.session.title).toBe('Import cleanup');
    expect(t.metrics.unparsedCount).toBe(0);
  });

  it('rpc: the replies that are the only record of a command (0.73.1 rpc-mode.js) become events; the rest stay skipped', async () => {
    const t = await convert([
      { id: 'c1', type: 'response', command: 'bash', success: true, data: { output: 'partial\n', exitCode: undefined, cancelled: true, truncated: true, fullOutputPath: '/tmp/pi-bash-1.log' } },
      { id: 'c2', type: 'response', command: 'cycle_model', success: true, data: { model: { id: 'm2', provider: 'p' }, thinkingLevel: 'low', isScoped: false } },
      { id: 'c3', type: 'response', command: 'cycle_model', success: true, data: null },
      { id: 'c4', type: 'response', command: 'switch_session', success: true, data: { cancelled: true } },
      { id: 'c5', type: 'response', command: 'fork', success: true, data: { text: 'try the other fix', cancelled: false } },
      { id: 'c6', type: 'response', command: 'get_last_assistant_text', success: true, data: { text: 'a repeat' } },
      { type: 'extension_ui_request', id: 'u1', method: 'editor', title: 'Edit the commit message', prefill: 'fix: tidy imports' },
    ]);
    expect(t.events.map((e) => [e.type, e.meta?.kind ?? null, e.text ?? ''])).toEqual([
      ['tool_call', 'user-command', 'A shell command run by the user (RPC bash)'],
      ['tool_result', 'interrupted', ''],
      ['system', 'model-change', 'Model set to p/m2'],
      ['system', 'session-switch', 'Forked into a new session: what follows is another session file'],
      ['system', 'extension-dialog', 'Edit the commit message\nfix: tidy imports'],
    ]);
    expect(t.events[0]!.meta).toMatchObject({ fullOutputPath: '/tmp/pi-bash-1.log', truncated: true, commandNotRecorded: 'the RPC bash reply holds only the result' });
    expect(t.events[1]!.tool).toMatchObject({ callId: 'bash-rpc-c1', status: 'error', output: 'partial\n' });
    expect(t.events[3]!.meta).toEqual({ kind: 'session-switch', command: 'fork', forkedFromText: 'try the other fix' });
    expect(t.session.models).toContain('m2');
    expect(t.metrics.unparsedCount).toBe(0);
  });

  it('a call the session ends before answering gets a synthetic result that says so', async () => {
    const t = await convert([HEADER, user('u', null, 'count the lines'), assistant('a', 'u', [{ type: 'toolCall', id: 'c9', name: 'bash', arguments: { command: 'wc -l src/*.ts' } }])]);
    expect(t.events.filter((e) => e.tool).map((e) => [e.type, e.tool!.callId, e.synthetic ?? false, e.meta?.kind ?? null])).toEqual([
      ['tool_call', 'c9', false, null], ['tool_result', 'c9', true, 'missing-tool-result'],
    ]);
  });

  it('counts an unknown record type as unparsed, visibly', async () => {
    const t = await convert([HEADER, user('u', null, 'hi'), { type: 'session_teleport', id: 'z', parentId: 'u', timestamp: at() }]);
    expect(t.metrics.unparsedCount).toBe(1);
    expect(t.events.at(-1)).toMatchObject({ type: 'meta', meta: { kind: 'unparsed', recordType: 'session_teleport' } });
  });

  it('normalizes tools and statuses from Pi texts', () => {
    expect(toolKind('bash')).toBe('shell');
    expect(toolKind('grep')).toBe('search');
    expect(toolKind('my_tool')).toBe('other');
    expect(statusOf(true, 'out\n\nCommand exited with code 2')).toBe('error');
    expect(exitCodeOf('shell', 'error', 'out\n\nCommand exited with code 2')).toBe(2);
    expect(exitCodeOf('shell', 'ok', 'fine')).toBe(0);
    expect(statusOf(true, 'Command timed out after 1 seconds')).toBe('timeout');
    expect(statusOf(true, 'Tool execution was blocked')).toBe('denied');
    expect(statusOf(true, 'Path ".env" is protected')).toBe('denied');
    expect(statusOf(true, 'ENOENT: no such file or directory')).toBe('error');
    expect(statusOf(false, 'blocked')).toBe('ok');
  });

  it('detects each form from its first records', () => {
    expect(pi.detect([HEADER])).toMatchObject({ format: 'pi/session-jsonl', confidence: 0.85 });
    expect(pi.detect([HEADER, { type: 'model_change', id: 'a', parentId: null, timestamp: 't', provider: 'p', modelId: 'm' }])?.format).toBe('pi/session-jsonl');
    expect(pi.detect([{ ...HEADER, version: undefined }, { type: 'message', timestamp: 't', message: { role: 'user', content: 'x' } }])?.format).toBe('pi/session-jsonl');
    expect(pi.detect([HEADER, { type: 'agent_start' }])).toMatchObject({ format: 'pi/json', confidence: 0.95 });
    expect(pi.detect([{ type: 'agent_start' }])?.format).toBe('pi/json');
    expect(pi.detect([{ id: 'x', type: 'response', command: 'prompt', success: true }])?.format).toBe('pi/rpc');
    expect(pi.detect([{ type: 'user', sessionId: 's', uuid: 'u', message: {} }])).toBeNull();
  });
});

// ---- the recorded runs ------------------------------------------------------------------------

const FIXTURES = join(ROOT, 'fixtures', 'pi');
const scenarios = existsSync(FIXTURES) ? readdirSync(FIXTURES).filter((d) => existsSync(join(FIXTURES, d, 'recording.json'))) : [];

/**
 * What the forms do not share, by design:
 *   - only the session file has the tree: entry ids (nativeId), branch meta events, branch summaries
 *     and abandoned-branch parentIds, and the model_change / thinking_level_change entries;
 *   - only the stream has auto_retry_* (system retry events), the compaction's trigger (compaction_end
 *     `reason`; the session's compaction entry does not record it) and, in RPC mode, extension UI requests;
 *   - times: a session event carries its entry's time (when Pi wrote it), a stream event the
 *     message's own `timestamp` (for an assistant message, when its request started).
 */
const SESSION_ONLY = new Set(['model-change', 'thinking-level', 'branch', 'branch-summary']);
const STREAM_ONLY = new Set(['retry', 'retry-succeeded', 'extension-dialog', 'notification']);
function comparable(events: TranscriptEvent[]) {
  return events
    .filter((e) => !SESSION_ONLY.has(e.meta?.kind ?? '') && !STREAM_ONLY.has(e.meta?.kind ?? ''))
    .map((e) => {
      const { trigger: _trigger, ...meta } = e.meta ?? { kind: '' };
      return { type: e.type, role: e.role, text: e.text, tool: e.tool, usage: e.usage, model: e.model, meta: e.meta ? meta : undefined, attachments: e.attachments };
    });
}

describe('pi: session file and live stream of the same run', () => {
  it.each(scenarios.filter((s) => existsSync(join(FIXTURES, s, 'stream.jsonl'))))('%s: same events, apart from what one form lacks', async (scenario) => {
    const session = (await convertFile(join(FIXTURES, scenario, 'session.jsonl'))).transcript;
    const stream = (await convertFile(join(FIXTURES, scenario, 'stream.jsonl'))).transcript;
    expect(comparable(stream.events)).toEqual(comparable(session.events));
    expect(stream.metrics.tokens).toEqual(session.metrics.tokens);
    expect(stream.metrics.costUsd).toEqual(session.metrics.costUsd);
    if (stream.source.nativeSessionId) expect(stream.source.nativeSessionId).toBe(session.source.nativeSessionId);
  });

  it.each(scenarios.filter((s) => existsSync(join(FIXTURES, s, 'rpc.jsonl')) && existsSync(join(FIXTURES, s, 'stream.jsonl'))))('%s: the RPC run says the same as the json run (a separate run: other ids and token counts)', async (scenario) => {
    const strip = (t: Transcript) => comparable(t.events).map((e) => ({
      ...e, usage: undefined, tool: e.tool && { ...e.tool, callId: undefined }, meta: e.meta && { ...e.meta, firstKept: undefined },
    }));
    const rpc = (await convertFile(join(FIXTURES, scenario, 'rpc.jsonl'))).transcript;
    const json = (await convertFile(join(FIXTURES, scenario, 'stream.jsonl'))).transcript;
    expect(rpc.source.format).toBe('pi/rpc');
    expect(strip(rpc).map((e) => ({ ...e, tool: e.tool && { ...e.tool, output: undefined, status: undefined } })))
      .toEqual(strip(json).map((e) => ({ ...e, tool: e.tool && { ...e.tool, output: undefined, status: undefined } })));
    // Pi's own total (get_session_stats) counts the messages still in context: equal when nothing was left out
    const stats = readFileSync(join(FIXTURES, scenario, 'rpc.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { command?: string; data?: { tokens?: Record<string, number> } })
      .find((r) => r.command === 'get_session_stats')?.data?.tokens;
    if (stats && scenario !== 'branch' && scenario !== 'compaction') {
      expect(rpc.metrics.tokens).toEqual({ input: stats.input, output: stats.output, ...(stats.cacheRead ? { cacheRead: stats.cacheRead } : {}), ...(stats.cacheWrite ? { cacheWrite: stats.cacheWrite } : {}) });
    }
  });
});

describe('pi session format versions', () => {
  it('reads a header of a newer format version as the newest known, and says so with one unparsed event', async () => {
    const records = [user('a1', null, 'hello'), assistant('a2', 'a1', [{ type: 'text', text: 'hi' }])];
    const newer = await convert([{ ...HEADER, version: 4 }, ...records]);
    const unparsed = newer.events.filter((e) => e.meta?.kind === 'unparsed');
    expect(unparsed).toHaveLength(1);
    expect(unparsed[0]!.text).toContain('Pi session format version 4 is newer than the newest atx knows (3)');
    expect(newer.source.nativeSessionId).toBe('sess-1');
    expect(brief(newer.events.filter((e) => e.meta?.kind !== 'unparsed')).map(([type, text]) => [type, text])).toEqual([['user_message', 'hello'], ['assistant_message', 'hi']]);
    const known = await convert([HEADER, ...records]);
    expect(known.metrics.unparsedCount ?? 0).toBe(0);
  });
});

describe('pi calls without an id', () => {
  it('toolCall blocks without an id are calls of their own, answered by toolResult messages without one by tool name', async () => {
    const result = (id: string, parentId: string, toolName: string, text: string) =>
      entry(id, parentId, { message: { role: 'toolResult', toolName, content: [{ type: 'text', text }], isError: false, timestamp: 3 } });
    const t = await convert([
      HEADER,
      user('e1', null, 'look around'),
      assistant('e2', 'e1', [{ type: 'toolCall', name: 'bash', arguments: { command: 'ls' } }, { type: 'toolCall', name: 'read', arguments: { path: 'a.ts' } }]),
      result('e3', 'e2', 'read', 'text of a'),
      result('e4', 'e3', 'bash', 'a.ts'),
    ]);
    const calls = t.events.filter((e) => e.type === 'tool_call');
    expect(new Set(calls.map((e) => e.tool!.callId)).size).toBe(2);
    const nameOf = new Map(calls.map((e) => [e.tool!.callId, e.tool!.name]));
    expect(t.events.filter((e) => e.type === 'tool_result').map((e) => [nameOf.get(e.tool!.callId), e.tool!.output, e.synthetic ?? false])).toEqual([
      ['read', 'text of a', false], ['bash', 'a.ts', false],
    ]);
    expect(t.metrics.unparsedCount).toBe(0);
  });
});

describe('pi: RPC commands other than prompts (fixtures/pi/rpc-commands, one RPC run and its two session files)', () => {
  const dir = join(FIXTURES, 'rpc-commands');
  const kinds = (t: Transcript) => t.events.map((e) => [e.type, e.meta?.kind ?? null]);

  it('the stream says what the session files say: the user\'s shell commands, the model switch, and where the second session starts', async () => {
    const rpc = (await convertFile(join(dir, 'rpc.jsonl'))).transcript;
    const first = (await convertFile(join(dir, 'session.jsonl'))).transcript;
    const second = (await convertFile(join(dir, 'session-2.jsonl'))).transcript;
    const userCommands = (t: Transcript) => t.events.filter((e) => e.type === 'tool_result' && e.tool!.callId.startsWith('bash-')).map((e) => [e.tool!.output, e.tool!.status, e.tool!.exitCode]);
    expect(userCommands(rpc)).toEqual(userCommands(first));
    expect(userCommands(rpc)).toEqual([['user ran this\nREADME.md\nhello.txt\nsrc\n', 'ok', 0], ['failing\n', 'error', 3]]);
    // the stream has no record of the command itself (it was on stdin); the session file has it
    expect(first.events.filter((e) => e.type === 'tool_call' && e.role === 'user').map((e) => e.tool!.input)).toEqual([{ command: 'echo user ran this && ls' }, { command: 'echo failing >&2; exit 3' }]);
    const switchAt = rpc.events.findIndex((e) => e.meta?.kind === 'session-switch');
    const said = (events: TranscriptEvent[]) => events.filter((e) => e.type === 'user_message' || e.type === 'assistant_message').map((e) => e.text);
    expect(said(rpc.events.slice(0, switchAt))).toEqual(said(first.events));
    expect(said(rpc.events.slice(switchAt + 1))).toEqual(said(second.events));
    // the set_model reply is the stream's model_change entry: the same change, before the same prompt
    const modelChanges = (t: Transcript) => t.events.filter((e) => e.meta?.kind === 'model-change').map((e) => e.text);
    expect(modelChanges(rpc)).toEqual(modelChanges(first).slice(1)); // the file also records the starting model
    expect(rpc.session.models).toEqual(first.session.models);
    const [a, b] = [first.metrics.tokens!, second.metrics.tokens!];
    expect(rpc.metrics.tokens).toEqual({ input: a.input + b.input, output: a.output + b.output });
    for (const t of [rpc, first, second]) expect(kinds(t)).not.toContainEqual(['meta', 'unparsed']);
  });
});
