/**
 * ACP adapter. Every recorded fixture (fixtures/acp/<agent>-<scenario>/, made by `atx run --acp`
 * against real ACP agents) converts in both forms with nothing unparsed, every call paired and
 * the agent's text kept; the agent is named from its initialize response; bare stdout marks the
 * missing prompt as a gap. The hand-written records below cover what the recordings lack (the
 * rest of v1 and v2), with shapes from @agentclientprotocol/sdk 2.4.0's schema/v1 and schema/v2.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acp } from '../adapters/acp/index.js';
import { ADAPTERS } from '../adapters/index.js';
import { detectFormat } from '../src/pipeline/detect.js';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { facts } from './fixture-facts/acp.js';
import { convertBytes, convertFile, ROOT } from './helpers.js';

const FIXTURES = join(ROOT, 'fixtures', 'acp');
const SCENARIOS = readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
const AGENT_NAMES: Record<string, string> = {
  'claude-code-acp': '@zed-industries/claude-code-acp',
  'claude-agent-acp': '@agentclientprotocol/claude-agent-acp',
  'codex-acp': 'codex-acp',
  'agentclientprotocol-codex-acp': '@agentclientprotocol/codex-acp',
  gemini: 'gemini-cli',
  qwen: 'qwen-code',
  opencode: 'OpenCode',
  nanocoder: 'nanocoder',
};

type Json = Record<string, unknown>;
const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Json);
const messages = (path: string) => lines(path).map((l) => (l.msg ?? l) as Json);
const toolEvents = (t: Transcript, type: 'tool_call' | 'tool_result') => t.events.filter((e) => e.type === type);

function checkFaithful(t: Transcript, native: string): void {
  expect(t.metrics.unparsedCount).toBe(0);
  expect(t.events.filter((e) => e.meta?.kind === 'unparsed')).toEqual([]);
  const calls = toolEvents(t, 'tool_call').map((e) => e.tool!.callId);
  const results = toolEvents(t, 'tool_result').map((e) => e.tool!.callId);
  expect(calls.length).toBeGreaterThan(0);
  expect(new Set(calls).size).toBe(calls.length);
  expect([...results].sort()).toEqual([...calls].sort());
  for (const [i, id] of calls.entries()) {
    const call = t.events.findIndex((e) => e.type === 'tool_call' && e.tool!.callId === id);
    const result = t.events.findIndex((e) => e.type === 'tool_result' && e.tool!.callId === id);
    expect(result, `result of call ${i} after its call`).toBeGreaterThan(call);
  }
  const said = new Set(t.events.filter((e) => e.type === 'assistant_message').map((e) => e.text));
  const texts = facts.assistantTexts(native);
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(said.has(text), text).toBe(true);
}

describe.each(SCENARIOS)('acp fixture %s', (scenario) => {
  const dir = join(FIXTURES, scenario);
  const agentId = Object.keys(AGENT_NAMES).find((a) => scenario.startsWith(`${a}-`))!;
  const recording = JSON.parse(readFileSync(join(dir, 'recording.json'), 'utf8')) as { scenario: { prompt: string; permissions: 'allow' | 'deny' } };

  it('capture: detected, 0 unparsed, calls paired, text kept, agent named from agentInfo, the prompt as the user message', async () => {
    const path = join(dir, 'capture.jsonl');
    expect(detectFormat(ADAPTERS, lines(path).slice(0, 20))).toMatchObject({ kind: 'adapter', format: 'acp/capture' });
    const { transcript: t } = await convertFile(path);
    checkFaithful(t, path);
    expect(t.source.agent).toBe(AGENT_NAMES[agentId]);
    expect(t.source.agentVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(t.source.nativeSessionId).toBeTruthy();
    expect(t.events.filter((e) => e.type === 'user_message').map((e) => e.text)).toEqual([recording.scenario.prompt]);
    expect(t.events.every((e) => e.timestamp !== null)).toBe(true);
    expect(t.events.some((e) => e.meta?.kind === 'gap')).toBe(false);
  });

  it('stdout only: detected, 0 unparsed, calls paired, text kept, the missing prompt is a visible gap', async () => {
    const path = join(dir, 'stdout.jsonl');
    expect(detectFormat(ADAPTERS, lines(path).slice(0, 20))).toMatchObject({ kind: 'adapter', format: 'acp/stdout' });
    const { transcript: t } = await convertFile(path);
    checkFaithful(t, path);
    expect(t.source.agent).toBe(AGENT_NAMES[agentId]);
    expect(t.events.filter((e) => e.type === 'user_message')).toEqual([]);
    const gaps = t.events.filter((e) => e.type === 'meta' && e.meta?.kind === 'gap');
    expect(gaps).toHaveLength(1);
    expect(gaps[0]!.synthetic).toBe(true);
    expect(t.events.findIndex((e) => e.meta?.kind === 'gap')).toBeLessThan(t.events.findIndex((e) => e.type === 'assistant_message'));
  });

  it('permission requests carry their outcome; a rejection makes a denied result', async () => {
    const capture = messages(join(dir, 'capture.jsonl'));
    const asked = capture.filter((m) => m.method === 'session/request_permission');
    const { transcript: t } = await convertFile(join(dir, 'capture.jsonl'));
    const permissions = t.events.filter((e) => e.meta?.kind === 'permission');
    expect(permissions).toHaveLength(asked.length);
    if (asked.length === 0) return; // the agent did not ask
    const results = toolEvents(t, 'tool_result');
    const denied = results.filter((e) => e.tool!.status === 'denied');
    if (recording.scenario.permissions === 'deny') {
      expect(permissions.every((e) => String(e.meta!.outcome).startsWith('reject'))).toBe(true);
      expect(denied.length).toBeGreaterThan(0);
    } else {
      expect(permissions.every((e) => String(e.meta!.outcome).startsWith('allow'))).toBe(true);
      expect(denied).toEqual([]);
      expect(results.some((e) => e.tool!.status === 'ok')).toBe(true);
    }
  });
});

it('the recordings cover at least four ACP agents', () => {
  expect(new Set(SCENARIOS.map((s) => Object.keys(AGENT_NAMES).find((a) => s.startsWith(`${a}-`)))).size).toBeGreaterThanOrEqual(4);
});

// ---- hand-written records ------------------------------------------------------------------

let tick = 0;
const ts = () => new Date(Date.UTC(2026, 0, 1, 0, 0, ++tick)).toISOString();
const c2a = (msg: Json) => ({ ts: ts(), dir: 'client->agent', msg: { jsonrpc: '2.0', ...msg } });
const a2c = (msg: Json) => ({ ts: ts(), dir: 'agent->client', msg: { jsonrpc: '2.0', ...msg } });
const update = (u: Json) => a2c({ method: 'session/update', params: { sessionId: 's1', update: u } });
const text = (t: string) => ({ type: 'text', text: t });
const OPENING = [
  c2a({ id: 0, method: 'initialize', params: { protocolVersion: 1, clientCapabilities: {} } }),
  a2c({ id: 0, result: { protocolVersion: 1, agentInfo: { name: 'fake-agent', version: '9.9.9' }, agentCapabilities: {} } }),
  c2a({ id: 1, method: 'session/new', params: { cwd: '/w', mcpServers: [] } }),
  a2c({ id: 1, result: { sessionId: 's1', models: { currentModelId: 'm-1' } } }),
  c2a({ id: 2, method: 'session/prompt', params: { sessionId: 's1', prompt: [text('do it'), { type: 'resource_link', uri: 'file:///w/a.ts', name: 'a.ts' }] } }),
];

async function convert(records: unknown[]): Promise<Transcript> {
  return JSON.parse((await convertBytes(`${records.map((r) => JSON.stringify(r)).join('\n')}\n`)).text) as Transcript;
}
const brief = (events: TranscriptEvent[]) => events.map((e) => [e.type, e.text ?? e.tool?.output ?? '', e.tool?.status ?? null]);

describe('acp adapter (hand-written records)', () => {
  it('v1: chunks join per kind and messageId; tool calls patched by updates become one call and one result with kind, input, files and diff', async () => {
    const t = await convert([
      ...OPENING,
      update({ sessionUpdate: 'agent_thought_chunk', content: text('Let me ') }),
      update({ sessionUpdate: 'agent_thought_chunk', content: text('think.') }),
      update({ sessionUpdate: 'agent_message_chunk', content: text('Editing '), messageId: 'm1' }),
      update({ sessionUpdate: 'agent_message_chunk', content: text('now.'), messageId: 'm1' }),
      update({ sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Edit a.ts', kind: 'edit', status: 'pending', rawInput: {}, locations: [{ path: '/w/a.ts', line: 3 }] }),
      update({ sessionUpdate: 'agent_message_chunk', content: text('While it runs.'), messageId: 'm2' }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'in_progress', rawInput: { path: '/w/a.ts' } }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'completed', content: [{ type: 'diff', path: '/w/a.ts', oldText: 'a\n', newText: 'b\n' }] }),
      update({ sessionUpdate: 'plan', entries: [{ content: 'Edit a.ts', priority: 'high', status: 'completed' }, { content: 'Test', priority: 'low', status: 'pending' }] }),
      update({ sessionUpdate: 'current_mode_update', currentModeId: 'plan' }),
      update({ sessionUpdate: 'session_info_update', title: 'Edit session' }),
      update({ sessionUpdate: 'usage_update', used: 100, size: 1000, cost: { amount: 0.25, currency: 'USD' } }),
      update({ sessionUpdate: 'available_commands_update', availableCommands: [] }),
      a2c({ id: 2, result: { stopReason: 'max_tokens', usage: { totalTokens: 15, inputTokens: 10, outputTokens: 5, thoughtTokens: 2 } } }),
    ]);
    expect(t.metrics.unparsedCount).toBe(0);
    expect(t.source).toMatchObject({ agent: 'fake-agent', agentVersion: '9.9.9', nativeSessionId: 's1', format: 'acp/capture' });
    expect(t.session).toMatchObject({ title: 'Edit session', models: ['m-1'], environment: { cwd: '/w' } });
    expect(brief(t.events)).toEqual([
      ['user_message', 'do it\n[a.ts](file:///w/a.ts)', null],
      ['reasoning', 'Let me think.', null],
      ['assistant_message', 'Editing now.', null],
      ['tool_call', 'Edit a.ts', null],
      ['assistant_message', 'While it runs.', null],
      ['tool_result', '--- /w/a.ts\n+++ /w/a.ts\n-a\n+b', 'ok'],
      ['system', '[x] Edit a.ts\n[ ] Test', null],
      ['system', 'Mode set to plan', null],
      ['system', 'The turn stopped: max_tokens', null],
    ]);
    const call = t.events.find((e) => e.type === 'tool_call')!;
    expect(call.tool).toMatchObject({ name: 'edit', kind: 'edit', input: { path: '/w/a.ts' }, files: [{ path: '/w/a.ts', action: 'edit', diff: '--- /w/a.ts\n+++ /w/a.ts\n-a\n+b' }] });
    expect(t.events.find((e) => e.type === 'tool_result')!.tool!.output).toBe('--- /w/a.ts\n+++ /w/a.ts\n-a\n+b');
    expect(t.metrics.tokens).toMatchObject({ input: 10, output: 5, reasoning: 2 });
    expect(t.metrics.costUsd).toBe(0.25);
  });

  it('permission: a rejected or cancelled request makes the result denied; an allowed one keeps the agent status', async () => {
    const asking = (id: number, call: string) => a2c({ id, method: 'session/request_permission', params: { sessionId: 's1', toolCall: { toolCallId: call, title: `run ${call}`, kind: 'execute' }, options: [{ optionId: 'yes', name: 'Allow', kind: 'allow_once' }, { optionId: 'no', name: 'Reject', kind: 'reject_once' }] } });
    const t = await convert([
      ...OPENING,
      asking(10, 'a'),
      c2a({ id: 10, result: { outcome: { outcome: 'selected', optionId: 'yes' } } }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'completed', rawOutput: { exitCode: 0, stdout: 'fine' } }),
      asking(11, 'b'),
      c2a({ id: 11, result: { outcome: { outcome: 'selected', optionId: 'no' } } }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'b', status: 'failed', content: [{ type: 'content', content: text('refused') }] }),
      asking(12, 'c'),
      c2a({ id: 12, result: { outcome: { outcome: 'cancelled' } } }),
      a2c({ id: 2, result: { stopReason: 'cancelled' } }),
    ]);
    expect(t.metrics.unparsedCount).toBe(0);
    const results = toolEvents(t, 'tool_result').map((e) => [e.tool!.callId, e.tool!.status, e.tool!.output, e.tool!.exitCode ?? null]);
    expect(results).toEqual([
      ['a', 'ok', 'fine', 0],
      ['b', 'denied', 'refused', null],
      ['c', 'denied', 'permission request cancelled', null],
    ]);
    expect(t.events.filter((e) => e.meta?.kind === 'permission').map((e) => e.meta!.outcome)).toEqual(['allow_once', 'reject_once', 'cancelled']);
  });

  it('v2: whole messages replace under their messageId, the first tool_call_update creates the call, content chunks and terminal output, state_update ends the turn', async () => {
    const t = await convert([
      ...OPENING,
      a2c({ id: 2, result: { messageId: 'u1' } }), // v2: the prompt is acknowledged at once; the turn goes on
      update({ sessionUpdate: 'state_update', state: 'running' }),
      update({ sessionUpdate: 'agent_message', messageId: 'm1', content: [text('draft')] }),
      update({ sessionUpdate: 'agent_message', messageId: 'm1', content: [text('final answer')] }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 't9', name: 'shell', title: 'ls', kind: 'execute', status: 'in_progress', rawInput: { command: 'ls' } }),
      update({ sessionUpdate: 'tool_call_content_chunk', toolCallId: 't9', content: { type: 'terminal', terminalId: 'term1' } }),
      update({ sessionUpdate: 'terminal_output_chunk', terminalId: 'term1', data: Buffer.from('a.ts\n').toString('base64') }),
      update({ sessionUpdate: 'terminal_update', terminalId: 'term1', command: 'ls', exitStatus: { exitCode: 0 } }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 't9', status: 'completed' }),
      update({ sessionUpdate: 'plan_update', plan: { type: 'markdown', planId: 'p1', content: '1. list files' } }),
      update({ sessionUpdate: 'plan_removed', planId: 'p1' }),
      update({ sessionUpdate: 'notice', severity: 'warning', title: 'Slow', description: 'rate limited' }),
      update({ sessionUpdate: 'compaction_summary_chunk', compactionId: 'k1', content: text('summary so far') }),
      update({ sessionUpdate: 'compaction_update', compactionId: 'k1', status: 'completed' }),
      update({ sessionUpdate: 'agent_thought', messageId: 'th1', content: [text('hmm')] }),
      update({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'refusal' }),
    ]);
    expect(t.metrics.unparsedCount).toBe(0);
    expect(brief(t.events)).toEqual([
      ['user_message', 'do it\n[a.ts](file:///w/a.ts)', null],
      ['assistant_message', 'final answer', null],
      ['tool_call', 'ls', null],
      ['tool_result', 'a.ts\n', 'ok'],
      ['system', '1. list files', null],
      ['system', 'Plan removed', null],
      ['system', 'Slow: rate limited', null],
      ['meta', 'summary so far', null],
      ['reasoning', 'hmm', null],
      ['system', 'The turn stopped: refusal', null],
    ]);
    expect(t.events[2]!.tool).toMatchObject({ name: 'shell', kind: 'shell', input: { command: 'ls' } });
  });

  it('errors become system events; vendor extension methods are skipped; an unknown update or method is a visible unparsed event', async () => {
    const t = await convert([
      ...OPENING,
      a2c({ id: 7, method: 'craft/somethingQwen', params: {} }),
      c2a({ id: 7, error: { code: -32601, message: 'Method not found' } }),
      a2c({ method: '_zed/notice', params: {} }),
      update({ sessionUpdate: 'brand_new_kind', x: 1 }),
      update({ sessionUpdate: 'shell_output', output: 'hello\n', _meta: { source: 'user-shell' } }),
      update({ sessionUpdate: 'a2ui', surface: {} }),
      a2c({ method: 'mystery/method', params: {} }),
      a2c({ id: 2, error: { code: -32603, message: 'Internal error', data: { message: 'model overloaded' } } }),
    ]);
    expect(t.metrics.unparsedCount).toBe(1);
    expect(brief(t.events).filter(([type]) => type !== 'user_message')).toEqual([
      ['meta', expect.stringContaining('an update kind ACP does not define'), null],
      ['system', 'hello\n', null],
      ['system', 'Error in session/prompt: Internal error: model overloaded (-32603)', null],
    ]);
    expect(t.events.filter((e) => e.meta?.kind === 'unparsed')).toHaveLength(1);
  });

  // Hand-written: atx's own ACP client sends none of these and no recorded agent used them; their
  // names, sides and fields are those of @agentclientprotocol/sdk 2.4.0 (schema v1/v2, unstable).
  it("ACP's other methods: a fork is shown with both sessions, set_title names the session, the cancels are shown, housekeeping is skipped, an unknown method in ACP's namespaces is reported", async () => {
    const t = await convert([
      ...OPENING,
      a2c({ id: 2, result: { stopReason: 'end_turn' } }),
      c2a({ id: 3, method: 'auth/status', params: {} }),
      a2c({ id: 3, result: { authenticated: true } }),
      c2a({ id: 4, method: 'providers/list', params: {} }),
      a2c({ id: 4, result: { providers: [] } }),
      c2a({ method: 'document/didOpen', params: { sessionId: 's1', uri: 'file:///w/a.ts', text: 'x' } }),
      c2a({ id: 5, method: 'nes/suggest', params: { sessionId: 's1' } }),
      a2c({ id: 5, result: { suggestions: [] } }),
      a2c({ id: 6, method: 'mcp/message', params: { connectionId: 'c', message: { method: 'tools/list' } } }),
      c2a({ id: 6, result: { tools: [] } }),
      a2c({ method: 'auth/status_update', params: { authenticated: true } }),
      c2a({ id: 7, method: 'session/fork', params: { sessionId: 's1', cwd: '/w2', mcpServers: [] } }),
      a2c({ id: 7, result: { sessionId: 's2', models: { currentModelId: 'm-2' } } }),
      c2a({ id: 8, method: 'session/set_title', params: { sessionId: 's2', title: 'Forked work' } }),
      a2c({ id: 8, result: {} }),
      c2a({ id: 9, method: 'session/prompt', params: { sessionId: 's2', prompt: [text('go on')] } }),
      update({ sessionUpdate: 'tool_call', toolCallId: 'k1', title: 'npm test', kind: 'execute', status: 'in_progress' }),
      c2a({ id: 10, method: 'tool_call/cancel', params: { sessionId: 's2', toolCallId: 'k1' } }),
      a2c({ id: 10, result: {} }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'k1', status: 'cancelled' }),
      c2a({ id: 11, method: 'terminal/cancel', params: { sessionId: 's2', terminalId: 'term-1' } }),
      a2c({ id: 11, result: {} }),
      a2c({ id: 9, result: { stopReason: 'cancelled' } }),
      c2a({ id: 12, method: 'session/archive', params: { sessionId: 's1' } }),
      a2c({ id: 12, result: {} }),
      c2a({ id: 13, method: 'nes/brand_new', params: {} }),
    ]);
    expect(t.source.nativeSessionId).toBe('s1');
    expect(t.session).toMatchObject({ title: 'Forked work', models: ['m-1', 'm-2'] });
    expect(t.events.find((e) => e.meta?.kind === 'fork')?.meta).toMatchObject({ fromSessionId: 's1', sessionId: 's2', cwd: '/w2' });
    expect(t.events.filter((e) => e.type === 'system').map((e) => [e.text, e.meta?.kind])).toEqual([
      ['The session s1 was forked into s2', 'fork'],
      ['The user cancelled the tool call k1', 'cancel'],
      ['The user cancelled the terminal term-1', 'cancel'],
      ['The turn stopped: cancelled', 'stop'],
    ]);
    expect(toolEvents(t, 'tool_result').map((e) => [e.tool!.callId, e.tool!.status])).toEqual([['k1', 'denied']]);
    expect(t.metrics.unparsedCount).toBe(1);
    expect(t.events.find((e) => e.meta?.kind === 'unparsed')?.meta?.recordType).toBe('nes/brand_new (request)');
  });

  it('a call the agent never finished is closed at the end of input, so it still pairs', async () => {
    const t = await convert([...OPENING, update({ sessionUpdate: 'tool_call', toolCallId: 'z', title: 'Read', kind: 'read', status: 'in_progress' })]);
    expect(toolEvents(t, 'tool_result').map((e) => [e.tool!.callId, e.tool!.status, e.tool!.output])).toEqual([['z', 'error', 'the session ended before the agent reported a result']]);
  });

  it('an update with new content for a finished call is a marked call and result of its own; a repeated final status adds nothing', async () => {
    const t = await convert([
      ...OPENING,
      update({ sessionUpdate: 'tool_call', toolCallId: 'r1', title: 'Run tests', kind: 'execute', status: 'in_progress', rawInput: { command: 'npm test' } }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'r1', status: 'completed', content: [{ type: 'content', content: text('12 passing') }] }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'r1', status: 'completed' }),
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'r1', status: 'completed', content: [{ type: 'content', content: text('coverage report written to out/') }] }),
      a2c({ id: 2, result: { stopReason: 'end_turn' } }),
    ]);
    const tools = t.events.filter((e) => e.tool).map((e) => [e.type, e.tool!.callId, e.type === 'tool_result' ? e.tool!.output : null, e.meta?.kind ?? null]);
    expect(tools).toEqual([
      ['tool_call', 'r1', null, null], ['tool_result', 'r1', '12 passing', null],
      ['tool_call', 'r1', null, 'after-result'], ['tool_result', 'r1', 'coverage report written to out/', null],
    ]);
    expect(t.metrics.unparsedCount).toBe(0);
  });

  it('detection: capture lines and bare ACP stdout, not other JSON-RPC (MCP) nor other agents', () => {
    expect(acp.detect([{ ts: ts(), dir: 'client->agent', msg: { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} } }])).toMatchObject({ format: 'acp/capture' });
    expect(acp.detect([{ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update: { sessionUpdate: 'plan', entries: [] } } }])).toMatchObject({ format: 'acp/stdout' });
    expect(acp.detect([{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } }, { jsonrpc: '2.0', id: 1, result: { content: [] } }])).toBeNull();
    expect(acp.detect([{ type: 'session', id: 'x', cwd: '/w' }, { type: 'message', message: { role: 'user' } }])).toBeNull();
  });
});
