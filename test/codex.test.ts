/**
 * Codex adapter. The first part feeds HAND-WRITTEN records for cases the recordings in
 * fixtures/codex/ do not contain (interrupted turns, compaction, images, older output forms,
 * event texts without their response item, ...); shapes follow ../shared/reference/agent-formats.md
 * §3 and what the recorded releases wrote. The second part checks that the saved rollout and the
 * live `codex exec --json` stream of the same recorded run convert to the same events.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codex } from '../adapters/codex/index.js';
import { filesFromPatch, identifyTool, parseToolOutput, statusOf } from '../adapters/codex/tools.js';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { convertBytes, convertFile, ROOT, runCli } from './helpers.js';

let clock = 0;
const at = () => new Date(Date.UTC(2026, 0, 1, 0, 0, ++clock)).toISOString();
/** one rollout line (0.4x+ envelope) */
const line = (type: string, payload: Record<string, unknown>) => JSON.stringify({ timestamp: at(), type, payload });
const item = (payload: Record<string, unknown>) => line('response_item', payload);
const event = (payload: Record<string, unknown>) => line('event_msg', payload);
const meta = line('session_meta', { id: 'thread-1', timestamp: '2026-01-01T00:00:00Z', cwd: '/w', originator: 'codex_cli_rs', cli_version: '0.99.0', git: { commit_hash: 'abc', branch: 'main', repository_url: 'git@example.invalid:me/w.git' } });
const userItem = (text: string) => item({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
const assistantItem = (text: string) => item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });
const call = (callId: string, name: string, args: unknown) => item({ type: 'function_call', name, arguments: JSON.stringify(args), call_id: callId });
const output = (callId: string, out: unknown) => item({ type: 'function_call_output', call_id: callId, output: out });

async function convert(...lines: string[]): Promise<{ events: TranscriptEvent[]; transcript: Transcript; counts: Map<string, { mapped: number; skipped: number; unknown: number }> }> {
  const { text, result } = await convertBytes(`${lines.join('\n')}\n`);
  const transcript = JSON.parse(text) as Transcript;
  return { events: transcript.events, transcript, counts: result.recordTypes as Map<string, { mapped: number; skipped: number; unknown: number }> };
}
const brief = (events: TranscriptEvent[]) => events.map((e) => [e.type, e.text ?? e.tool?.name ?? null]);

describe('codex adapter (hand-written edge cases)', () => {
  it('writes texts that Codex records twice (response item + event) once, in either order, and keeps genuine repeats', async () => {
    const { events, counts } = await convert(
      meta,
      line('turn_context', { cwd: '/w', model: 'gpt-5-codex' }),
      userItem('<environment_context>\n  <cwd>/w</cwd>\n  <shell>zsh</shell>\n</environment_context>'),
      userItem('fix it'),
      event({ type: 'user_message', message: 'fix it', images: [] }),
      // 0.1xx: each summary part is its own agent_reasoning event, written before the reasoning item
      event({ type: 'agent_reasoning', text: '**Plan**' }),
      event({ type: 'agent_reasoning', text: '**Check**' }),
      item({ type: 'reasoning', summary: [{ type: 'summary_text', text: '**Plan**' }, { type: 'summary_text', text: '**Check**' }], content: null, encrypted_content: 'gAAAA-secret' }),
      event({ type: 'agent_message', message: 'Done.' }),
      assistantItem('Done.'),
      // the item first, then its event (0.149+ item_completed order is the other way round)
      assistantItem('Done.'),
      event({ type: 'agent_message', message: 'Done.' }),
      event({ type: 'task_complete', turn_id: 't1', duration_ms: 1500 }),
    );
    expect(brief(events)).toEqual([
      ['system', '<environment_context>\n  <cwd>/w</cwd>\n  <shell>zsh</shell>\n</environment_context>'],
      ['user_message', 'fix it'],
      ['reasoning', '**Plan**\n**Check**'],
      ['assistant_message', 'Done.'],
      ['assistant_message', 'Done.'],
    ]);
    expect(events[2]!.model).toBe('gpt-5-codex');
    expect(JSON.stringify(events)).not.toContain('gAAAA-secret');
    expect(counts.get('event_msg/agent_message')).toEqual({ mapped: 0, skipped: 2, unknown: 0 });
    expect(counts.get('event_msg/agent_reasoning')).toEqual({ mapped: 0, skipped: 2, unknown: 0 });
  });

  it('closes a call the rollout ends before answering (a log copied while the command ran) with a synthetic missing-tool-result', async () => {
    const { events } = await convert(meta, userItem('run the slow suite'), call('call_r1', 'exec_command', { cmd: 'npm test' }), call('call_r2', 'exec_command', { cmd: 'ls' }), output('call_r2', 'a.ts'));
    expect(events.filter((e) => e.type === 'tool_result').map((e) => [e.tool?.callId, e.synthetic ?? false, e.meta?.kind ?? null, e.tool?.status])).toEqual([
      ['call_r2', false, null, 'ok'], ['call_r1', true, 'missing-tool-result', 'error'],
    ]);
  });

  it('emits an event text whose response item never comes, at the end of the turn', async () => {
    const { events } = await convert(meta, userItem('hi'), event({ type: 'user_message', message: 'hi' }), event({ type: 'agent_message', message: 'only as an event' }), event({ type: 'task_complete' }));
    expect(brief(events)).toEqual([['user_message', 'hi'], ['assistant_message', 'only as an event']]);
  });

  it('keeps identical texts of a legacy (bare-item) rollout, which has no event twins', async () => {
    const bare = (o: Record<string, unknown>) => JSON.stringify(o);
    const { events, transcript } = await convert(
      bare({ id: 'legacy-1', timestamp: '2025-06-01T10:00:00Z', instructions: 'Always run the tests.', git: { commit_hash: 'c1', branch: 'dev' } }),
      bare({ record_type: 'state' }),
      bare({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'continue' }] }),
      bare({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] }),
      bare({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'continue' }] }),
      bare({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] }),
    );
    expect(brief(events)).toEqual([['system', 'Always run the tests.'], ['user_message', 'continue'], ['assistant_message', 'ok'], ['user_message', 'continue'], ['assistant_message', 'ok']]);
    expect(transcript.source.format).toBe('codex/rollout-legacy');
    expect(transcript.session.environment.repo).toMatchObject({ commit: 'c1', branch: 'dev' });
  });

  it('treats an unconfirmed user item as injected once the rollout is known to write user_message events', async () => {
    const { events } = await convert(
      meta, userItem('first'), event({ type: 'user_message', message: 'first' }),
      userItem('Codex inserted this notice as a user message.'),
      assistantItem('ok'),
    );
    expect(brief(events)).toEqual([['user_message', 'first'], ['system', 'Codex inserted this notice as a user message.'], ['assistant_message', 'ok']]);
  });

  it('reads every tool output form: JSON with metadata, header lines, content items; statuses from the agent signals', async () => {
    const { events } = await convert(
      meta,
      call('c1', 'shell', { command: ['bash', '-lc', 'make'] }),
      output('c1', JSON.stringify({ output: 'make: *** [all] Error 2\n', metadata: { exit_code: 2, duration_seconds: 1.25 } })),
      call('c2', 'shell_command', { command: 'sleep 99' }),
      output('c2', 'Exit code: 124\nWall time: 10.0 seconds\nOutput:\ncommand timed out after 10000 milliseconds\n'),
      call('c3', 'exec_command', { cmd: 'rm -rf /' }),
      output('c3', 'exec_command failed: CreateProcess { message: "Rejected(\\"`rm -rf /` rejected: policy forbids commands starting with `rm`\\")" }'),
      call('c4', 'mcp__github__search', { q: 'x' }),
      output('c4', [{ type: 'input_text', text: 'Wall time: 0.5 seconds\nOutput:' }, { type: 'input_text', text: 'found 3' }]),
      item({ type: 'custom_tool_call', call_id: 'c5', name: 'apply_patch', input: '*** Begin Patch\n*** Update File: a.ts\n@@\n-x\n+y\n*** End Patch\n' }),
      item({ type: 'custom_tool_call_output', call_id: 'c5', output: 'apply_patch verification failed: Failed to find expected lines in a.ts' }),
    );
    const results = Object.fromEntries(events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.tool!]));
    expect(results.c1).toMatchObject({ kind: 'shell', status: 'error', exitCode: 2, durationMs: 1250, output: 'make: *** [all] Error 2\n' });
    expect(results.c2).toMatchObject({ kind: 'shell', status: 'timeout', exitCode: 124, durationMs: 10000 });
    expect(results.c3).toMatchObject({ status: 'denied' });
    expect(results.c4).toMatchObject({ kind: 'mcp', mcp: { server: 'github', tool: 'search' }, output: 'found 3', durationMs: 500, status: 'ok' });
    // the patch names a.ts relative to the turn's cwd (/w)
    expect(results.c5).toMatchObject({ kind: 'edit', status: 'error', files: [{ path: '/w/a.ts', action: 'edit', diff: '@@\n-x\n+y' }] });
  });

  it('adds exit codes, durations, statuses and diffs from tool events, before or after the output item', async () => {
    const { events } = await convert(
      meta,
      call('e1', 'exec_command', { cmd: 'npm test' }),
      event({ type: 'exec_command_end', call_id: 'e1', exit_code: 1, duration: { secs: 2, nanos: 500_000_000 }, aggregated_output: 'FAIL' }),
      output('e1', 'FAIL'),
      item({ type: 'local_shell_call', call_id: 'e2', status: 'completed', action: { type: 'exec', command: ['apply_patch', '*** Begin Patch\n*** Add File: n.txt\n+hi\n*** End Patch\n'] } }),
      output('e2', 'Success.'),
      event({ type: 'patch_apply_end', call_id: 'e2', success: true, changes: { '/w/n.txt': { type: 'add', content: 'hi\n' } } }),
      call('e3', 'exec_command', { cmd: 'rm x', sandbox_permissions: 'require_escalated' }),
      line('event_msg', { type: 'item_completed', item: { type: 'CommandExecution', id: 'e3', command: ['rm', 'x'], status: 'declined', aggregated_output: '' } }),
      output('e3', 'exec command rejected by user'),
    );
    const results = Object.fromEntries(events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.tool!]));
    expect(results.e1).toMatchObject({ status: 'error', exitCode: 1, durationMs: 2500 });
    expect(results.e2).toMatchObject({ name: 'local_shell', kind: 'edit', status: 'ok', files: [{ path: '/w/n.txt', action: 'write', diff: '+hi' }] });
    expect(results.e3).toMatchObject({ status: 'denied' });
  });

  it('shows a tool event whose call the rollout never wrote as a synthetic call and its result, counted', async () => {
    const completed = (toolItem: Record<string, unknown>) => line('event_msg', { type: 'item_completed', item: toolItem });
    const { events, counts } = await convert(
      meta,
      userItem('check the build'),
      event({ type: 'exec_command_end', call_id: 'lost1', command: ['make', 'check'], exit_code: 2, aggregated_output: 'make: *** [check] Error 2', duration: { secs: 3, nanos: 0 } }),
      completed({ type: 'FileChange', id: 'lost2', changes: { '/w/a.txt': { type: 'add', content: 'hello\n' } }, status: 'completed', stdout: 'Success. Updated the following files:\nA a.txt\n', stderr: '' }),
      completed({ type: 'McpToolCall', id: 'lost3', server: 'docs', tool: 'lookup', arguments: { q: 'retry policy' }, status: 'completed', result: { content: [{ type: 'text', text: 'retries three times with backoff' }], isError: false } }),
      event({ type: 'patch_apply_end', call_id: 'lost4', success: false, stdout: '', stderr: 'patch did not apply cleanly', changes: {} }),
      // a command that outlived its call: its end event comes after the output was written, and adds nothing new
      call('seen1', 'exec_command', { cmd: 'sleep 1' }), output('seen1', 'Process running with session ID 7'),
      event({ type: 'exec_command_end', call_id: 'seen1', exit_code: 0, aggregated_output: '' }),
    );
    const pairs = events.filter((e) => e.tool).map((e) => [e.type, e.tool!.callId, e.tool!.name, e.synthetic ?? false, e.meta?.kind ?? null]);
    expect(pairs).toEqual([
      ['tool_call', 'lost1', 'exec_command', true, 'missing-call'], ['tool_result', 'lost1', 'exec_command', false, null],
      ['tool_call', 'lost2', 'apply_patch', true, 'missing-call'], ['tool_result', 'lost2', 'apply_patch', false, null],
      ['tool_call', 'lost3', 'mcp__docs__lookup', true, 'missing-call'], ['tool_result', 'lost3', 'mcp__docs__lookup', false, null],
      ['tool_call', 'lost4', 'apply_patch', true, 'missing-call'], ['tool_result', 'lost4', 'apply_patch', false, null],
      ['tool_call', 'seen1', 'exec_command', false, null], ['tool_result', 'seen1', 'exec_command', false, null],
    ]);
    const results = Object.fromEntries(events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.tool!]));
    expect(results.lost1).toMatchObject({ kind: 'shell', output: 'make: *** [check] Error 2', status: 'error', exitCode: 2, durationMs: 3000 });
    expect(events.find((e) => e.type === 'tool_call' && e.tool?.callId === 'lost1')?.tool?.input).toEqual({ command: ['make', 'check'] });
    expect(results.lost2).toMatchObject({ kind: 'edit', output: 'Success. Updated the following files:\nA a.txt\n', status: 'ok', files: [{ path: '/w/a.txt', action: 'write' }] });
    expect(results.lost3).toMatchObject({ kind: 'mcp', mcp: { server: 'docs', tool: 'lookup' }, output: 'retries three times with backoff', status: 'ok' });
    expect(results.lost3).not.toHaveProperty('durationMs');
    expect(results.lost4).toMatchObject({ output: 'patch did not apply cleanly', status: 'error' });
    expect(counts.get('event_msg/exec_command_end')).toEqual({ mapped: 2, skipped: 0, unknown: 0 });
  });

  it('a command the user ran (!cmd, source user_shell) is a user\'s call, not a missing one', async () => {
    const { events } = await convert(
      meta,
      line('event_msg', { type: 'item_completed', item: { type: 'CommandExecution', id: 'us1', command: ['/bin/bash', '-lc', 'git log -1'], source: 'user_shell', status: 'completed', aggregated_output: 'abc123 tidy imports\n', exit_code: 0 } }),
    );
    expect(events.map((e) => [e.type, e.role, e.meta?.kind ?? null])).toEqual([['tool_call', 'user', 'user-shell-command'], ['tool_result', 'tool', null]]);
    expect(events[1]!.tool).toMatchObject({ callId: 'us1', kind: 'shell', output: 'abc123 tidy imports\n', exitCode: 0, status: 'ok' });
  });

  it('keeps both calls that share an id, each paired visibly, and pairs a result read before its call with that call', async () => {
    const { events, transcript } = await convert(
      meta,
      call('twice', 'exec_command', { cmd: 'git status' }),
      call('twice', 'exec_command', { cmd: 'git diff' }),
      output('twice', 'diff --git a/x b/x'),
      output('early', 'result written before its call'),
      call('early', 'exec_command', { cmd: 'echo late' }),
    );
    const tools = events.filter((e) => e.tool).map((e) => [e.type, e.tool!.callId, e.synthetic ?? false, e.meta?.reason ?? null]);
    expect(tools).toEqual([
      ['tool_call', 'twice', false, null], ['tool_call', 'twice', false, null], ['tool_result', 'twice', false, null],
      // the result read before its call waits for it: one call with its result, not a synthetic call and a second one
      ['tool_call', 'early', false, null], ['tool_result', 'early', false, null],
      // the first 'twice' call is answered at the end, saying why; 'early' is not left open waiting for a second result
      ['tool_result', 'twice', true, 'a later call reused this call\'s id before it was answered'],
    ]);
    expect(transcript.metrics.unparsedCount).toBe(0);
  });

  it('function calls and outputs without a call_id pair in order, each call under an id of its own', async () => {
    const { events, transcript } = await convert(
      meta,
      item({ type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd: 'ls' }) }),
      item({ type: 'function_call', name: 'read_file', arguments: JSON.stringify({ path: 'a.ts' }) }),
      item({ type: 'function_call_output', output: 'a.ts' }),
      item({ type: 'function_call_output', output: 'text of a' }),
    );
    const calls = events.filter((e) => e.type === 'tool_call');
    expect(new Set(calls.map((e) => e.tool!.callId)).size).toBe(2);
    expect(events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.tool!.output, e.synthetic ?? false])).toEqual([
      [calls[0]!.tool!.callId, 'a.ts', false], [calls[1]!.tool!.callId, 'text of a', false],
    ]);
    expect(transcript.metrics.unparsedCount).toBe(0);
  });

  it('counts cumulative token_count totals once, however often Codex repeats them', async () => {
    const total = (input: number, cached: number, out: number) => ({ input_tokens: input, cached_input_tokens: cached, output_tokens: out, reasoning_output_tokens: 5, total_tokens: input + out });
    const { transcript } = await convert(
      meta, userItem('x'), event({ type: 'token_count', info: null, rate_limits: {} }),
      event({ type: 'token_count', info: { total_token_usage: total(100, 0, 10), last_token_usage: total(100, 0, 10) } }),
      event({ type: 'token_count', info: { total_token_usage: total(100, 0, 10), last_token_usage: total(100, 0, 10) } }),
      event({ type: 'token_count', info: { total_token_usage: total(250, 90, 30), last_token_usage: total(150, 90, 20) } }),
    );
    expect(transcript.metrics.tokens).toEqual({ input: 160, cacheRead: 90, output: 30, reasoning: 5 });
  });

  it('marks interruptions, compaction, errors and encrypted-only reasoning without copying encrypted data', async () => {
    const { events } = await convert(
      meta,
      item({ type: 'reasoning', summary: [], content: null, encrypted_content: 'gAAAA-opaque' }),
      event({ type: 'turn_aborted', reason: 'interrupted' }),
      line('compacted', { message: 'Summary of the earlier conversation', replacement_history: [{}, {}] }),
      event({ type: 'context_compacted' }),
      item({ type: 'compaction', encrypted_content: 'gAAAA-compacted' }),
      event({ type: 'error', message: 'stream disconnected before completion' }),
      event({ type: 'thread_name_updated', thread_name: 'Fix the build' }),
    );
    expect(events.map((e) => [e.type, e.meta?.kind ?? null])).toEqual([
      ['reasoning', 'encrypted-reasoning'], ['meta', 'interrupted'], ['system', 'compaction-summary'], ['meta', 'compaction'], ['meta', 'compaction'], ['system', 'error'],
    ]);
    expect(JSON.stringify(events)).not.toMatch(/gAAAA/);
    const { transcript } = await convert(meta, event({ type: 'thread_name_updated', thread_name: 'Fix the build' }), userItem('a'));
    expect(transcript.session.title).toBe('Fix the build');
  });

  it('describes images (mime, size) without copying their data', async () => {
    const data = Buffer.alloc(300, 7).toString('base64');
    const { events } = await convert(meta, item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'look' }, { type: 'input_image', image_url: `data:image/png;base64,${data}` }] }), event({ type: 'user_message', message: 'look', images: ['x'] }));
    expect(events).toHaveLength(1);
    expect(events[0]!.attachments).toEqual([{ kind: 'image', mime: 'image/png', bytes: 300 }]);
    expect(JSON.stringify(events)).not.toContain(data.slice(0, 40));
    const viewed = await convert(meta, call('v1', 'view_image', { path: '/w/shot.png' }), output('v1', [{ type: 'input_image', image_url: `data:image/png;base64,${data}` }]));
    const result = viewed.events.find((e) => e.type === 'tool_result')!;
    expect(result.tool).toMatchObject({ kind: 'read', output: '[image]', status: 'ok' });
    expect(result.attachments).toEqual([{ kind: 'image', mime: 'image/png', bytes: 300 }]);
    expect(JSON.stringify(viewed.events)).not.toContain(data.slice(0, 40));
  });

  it('keeps unknown record types visible as unparsed meta events', async () => {
    const { events, counts } = await convert(meta, line('brand_new_line', { x: 1 }), event({ type: 'brand_new_event' }), item({ type: 'brand_new_item' }), userItem('hi'));
    expect(events.filter((e) => e.meta?.kind === 'unparsed').map((e) => e.meta?.recordType)).toEqual(['brand_new_line', 'event_msg/brand_new_event', 'response_item/brand_new_item']);
    expect(counts.get('brand_new_line')?.unknown).toBe(1);
  });

  it('maps the 0.146+ records: reviewer assessments, goals, collab ends, subagent activity, dynamic tools, extensions, inter-agent messages', async () => {
    const { events, counts } = await convert(
      meta,
      userItem('Delegate and search.'),
      call('call_spawn', 'spawn_agent', { task_name: 'scout', message: 'look around' }),
      event({ type: 'collab_agent_spawn_begin', call_id: 'call_spawn', sender_thread_id: 'thread-1', prompt: '' }),
      event({ type: 'collab_agent_spawn_end', call_id: 'call_spawn', sender_thread_id: 'thread-1', new_thread_id: 'thread-2', new_agent_nickname: 'Scout', prompt: '', status: 'running' }),
      event({ type: 'sub_agent_activity', event_id: 'e1', occurred_at_ms: 1, agent_thread_id: 'thread-2', agent_path: '/root/scout', kind: 'interacted' }),
      output('call_spawn', '{"task_name":"/root/scout"}'),
      call('call_wait', 'wait_agent', { timeout_ms: 10000 }),
      event({ type: 'collab_waiting_end', call_id: 'call_wait', sender_thread_id: 'thread-1', agent_statuses: [{ thread_id: 'thread-2', agent_nickname: 'Scout', status: { completed: 'found 3 files' } }], statuses: {} }),
      event({ type: 'item_completed', item: { type: 'CollabAgentToolCall', id: 'call_wait', tool: 'wait', status: 'completed', receiver_thread_ids: ['thread-2'] } }),
      output('call_wait', '{"message":"Wait completed.","timed_out":false}'),
      event({ type: 'collab_close_end', call_id: 'call_close', sender_thread_id: 'thread-1', receiver_thread_id: 'thread-2', status: 'shutdown' }),
      line('inter_agent_communication_metadata', { trigger_turn: false }),
      item({ type: 'agent_message', id: 'amsg_1', author: '/root/scout', recipient: '/root', content: [{ type: 'input_text', text: 'Message Type: FINAL_ANSWER\nPayload:\nfound 3 files' }] }),
      line('inter_agent_communication', { author: '/root', recipient: '/root/scout', content: [{ type: 'input_text', text: 'Payload:\n' }, { type: 'encrypted_content', encrypted_content: 'gAAAAABsecret' }], trigger_turn: true }),
      event({ type: 'guardian_assessment', id: 'rev-1', target_item_id: 'call_rm', turn_id: 't', status: 'in_progress', action: { type: 'command', command: 'rm -rf build' } }),
      event({ type: 'guardian_assessment', id: 'rev-1', target_item_id: 'call_rm', turn_id: 't', status: 'denied', risk_level: 'high', user_authorization: 'low', rationale: 'Deleting the build folder was not asked for.', action: { type: 'command', command: 'rm -rf build' } }),
      event({ type: 'thread_goal_updated', thread_id: 'thread-1', turn_id: 't', goal: { objective: 'Ship the release', status: 'active', token_budget: 5000 } }),
      line('dynamic_tools_updated', { tools: [{ name: 'lookup_ticket' }] }),
      call('call_dyn', 'lookup_ticket', { id: 42 }),
      event({ type: 'dynamic_tool_call_request', call_id: 'call_dyn', turn_id: 't', tool: 'lookup_ticket', arguments: { id: 42 } }),
      event({ type: 'dynamic_tool_call_response', call_id: 'call_dyn', turn_id: 't', success: false, content_items: [], error: 'ticket service down' }),
      output('call_dyn', 'ticket service down'),
      event({ type: 'item_completed', item: { type: 'Extension', id: 'ext_1', kind: 'web.search', status: 'completed', query: 'codex rollout', result: 'two pages' } }),
      event({ type: 'image_generation_end', call_id: 'ig_1', status: 'completed', result: 'AAAA' }),
      event({ type: 'thread_queue_changed', queue: [] }),
      item({ type: 'additional_tools', tools: [] }),
      assistantItem('Done.'),
    );
    expect(events.filter((e) => e.meta?.kind === 'unparsed')).toEqual([]);
    const system = events.filter((e) => e.type === 'system').map((e) => [e.meta?.kind, e.text]);
    expect(system).toEqual([
      ['subagent-activity', 'spawned subagent Scout (running)'],
      ['subagent-activity', 'Subagent /root/scout interacted'],
      ['subagent-activity', 'waited for 1 subagent(s) (Scout: completed: found 3 files)'],
      ['subagent-activity', 'closed subagent thread-2 (shutdown)'],
      ['permission-decision', 'Automatic approval review: denied (risk high): Deleting the build folder was not asked for.'],
      ['goal', 'Goal active: Ship the release'],
      ['tools', 'Dynamic tools: lookup_ticket'],
    ]);
    const decision = events.find((e) => e.meta?.kind === 'permission-decision')!;
    expect(decision.meta).toMatchObject({ reviewer: 'guardian', allowed: false, targetItemId: 'call_rm', riskLevel: 'high' });
    const messages = events.filter((e) => e.meta?.kind === 'inter-agent-message');
    expect(messages.map((e) => [e.type, e.meta?.author, e.text])).toEqual([
      ['user_message', '/root/scout', 'Message Type: FINAL_ANSWER\nPayload:\nfound 3 files'],
      ['user_message', '/root', 'Payload:\n[encrypted text not copied]'],
    ]);
    expect(JSON.stringify(events)).not.toContain('gAAAAAB');
    const results = events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.name, e.tool!.kind, e.tool!.status]);
    expect(results).toEqual([
      ['spawn_agent', 'task', 'ok'], ['wait_agent', 'task', 'ok'], ['lookup_ticket', 'other', 'error'], ['web.search', 'web', 'ok'],
    ]);
    expect(counts.get('event_msg/guardian_assessment')).toEqual({ mapped: 1, skipped: 1, unknown: 0 });
    expect(counts.get('event_msg/collab_agent_spawn_begin')?.skipped).toBe(1);
  });

  it('joins a subagent\'s rollout read after its parent\'s: the child\'s events carry the spawn call as parentId', async () => {
    const dir = join(ROOT, 'fixtures/codex/subagents');
    const parent = readFileSync(join(dir, 'rollout.jsonl'), 'utf8');
    const child = readFileSync(join(dir, 'subagent-rollout.jsonl'), 'utf8');
    const { text } = await convertBytes(parent + child);
    const transcript = JSON.parse(text) as Transcript;
    const events = transcript.events;
    const lastTotal = (rollout: string) => rollout.trimEnd().split('\n').map((l) => JSON.parse(l) as { payload?: { type?: string; info?: { total_token_usage?: { output_tokens: number } } } })
      .filter((l) => l.payload?.type === 'token_count' && l.payload.info).pop()!.payload!.info!.total_token_usage!.output_tokens;
    expect(transcript.metrics.tokens?.output).toBe(lastTotal(parent) + lastTotal(child));
    const spawn = events.find((e) => e.type === 'tool_call' && e.tool?.name === 'collaboration__spawn_agent')!;
    const start = events.findIndex((e) => e.meta?.kind === 'subagent');
    expect(start).toBeGreaterThan(events.indexOf(spawn));
    expect(events.slice(0, start).every((e) => e.parentId === undefined)).toBe(true);
    expect(events.slice(start).every((e) => e.parentId === spawn.tool!.callId)).toBe(true);
    expect(events.slice(start).filter((e) => e.type === 'tool_result').map((e) => e.tool!.output)).toEqual(['README.md\nhello.txt\nsrc\n']);
    expect(events.filter((e) => e.meta?.kind === 'unparsed')).toEqual([]);
  });

  it('reads exec --json: failures, declined commands, todo lists, turn.completed totals (cumulative, last wins)', async () => {
    const s = (o: Record<string, unknown>) => JSON.stringify(o);
    const { transcript, events } = await convert(
      s({ type: 'thread.started', thread_id: 'th-9' }),
      s({ type: 'turn.started' }),
      s({ type: 'item.started', item: { id: 'item_0', type: 'todo_list', items: [{ text: 'a', completed: false }] } }),
      s({ type: 'item.updated', item: { id: 'item_0', type: 'todo_list', items: [{ text: 'a', completed: true }] } }),
      s({ type: 'item.completed', item: { id: 'item_1', type: 'command_execution', command: 'rm -rf x', aggregated_output: '', exit_code: null, status: 'declined' } }),
      s({ type: 'item.completed', item: { id: 'item_0', type: 'todo_list', items: [{ text: 'a', completed: true }] } }),
      s({ type: 'item.completed', item: { id: 'item_2', type: 'file_change', changes: [{ path: '/w/a.ts', kind: 'update', diff: '@@ -1 +1 @@\n-x\n+y' }], status: 'failed' } }),
      s({ type: 'turn.completed', usage: { input_tokens: 100, cached_input_tokens: 40, output_tokens: 9 } }),
      s({ type: 'turn.started' }),
      s({ type: 'turn.failed', error: { message: 'usage limit reached' } }),
      s({ type: 'error', message: 'stream error' }),
      s({ type: 'turn.completed', usage: { input_tokens: 300, cached_input_tokens: 100, output_tokens: 20 } }),
    );
    expect(transcript.source.nativeSessionId).toBe('th-9');
    const results = Object.fromEntries(events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.tool!]));
    expect(results.item_0).toMatchObject({ kind: 'plan', output: '[x] a' });
    expect(results.item_1).toMatchObject({ kind: 'shell', status: 'denied' });
    expect(results.item_2).toMatchObject({ kind: 'edit', status: 'error', files: [{ path: '/w/a.ts', action: 'edit', diff: '@@ -1 +1 @@\n-x\n+y' }] });
    expect(events.filter((e) => e.meta?.kind === 'error').map((e) => e.text)).toEqual(['usage limit reached', 'stream error']);
    expect(events.filter((e) => e.meta?.kind === 'missing-user-prompt')).toHaveLength(2);
    expect(transcript.metrics.tokens).toEqual({ input: 200, cacheRead: 100, output: 20 });
  });

  it('normalizes tool names, patch files and output headers', () => {
    expect(identifyTool('echo', 'mcp__atx')).toEqual({ name: 'mcp__atx__echo', kind: 'mcp', mcp: { server: 'atx', tool: 'echo' } });
    expect(identifyTool('update_plan').kind).toBe('plan');
    expect(identifyTool('spawn_agent').kind).toBe('task');
    expect(identifyTool('view_image').kind).toBe('read');
    expect(identifyTool('something_new').kind).toBe('other');
    expect(filesFromPatch('*** Begin Patch\n*** Update File: a\n*** Move to: b\n@@\n-1\n+2\n*** Delete File: c\n*** End Patch')).toEqual([
      { path: 'a', action: 'edit', diff: 'rename to b\n@@\n-1\n+2' },
      { path: 'c', action: 'delete' },
    ]);
    expect(parseToolOutput('Chunk ID: ab\nWall time: 0.2507 seconds\nProcess running with session ID 7\nOriginal token count: 0\nOutput:\n')).toEqual({ text: '', durationMs: 251, running: true });
    expect(parseToolOutput('Output: is a word here')).toEqual({ text: 'Output: is a word here' });
    expect(statusOf({ text: 'approval policy is Never; reject command — you cannot ask for escalated permissions' })).toBe('denied');
  });

  it('detects each form from its first records', () => {
    expect(codex.detect([{ timestamp: 't', type: 'session_meta', payload: { id: 'x', cli_version: '0.169.0' } }])?.format).toBe('codex/rollout');
    expect(codex.detect([{ type: 'thread.started', thread_id: 't' }])?.format).toBe('codex/exec-json');
    expect(codex.detect([{ model: 'gpt-5', provider: 'openai', sandbox: 'read-only', approval: 'never', workdir: '/w' }, { prompt: 'hi' }, { id: '0', msg: { type: 'task_started' } }])?.format).toBe('codex/exec-json-legacy');
    expect(codex.detect([{ id: 'u', timestamp: 't', instructions: null, git: null }, { record_type: 'state' }])?.format).toBe('codex/rollout-legacy');
    expect(codex.detect([{ type: 'user', sessionId: 's', uuid: 'u', message: {} }])).toBeNull();
  });
});

// ---- the saved rollout and the live stream of the same run ------------------------------

/**
 * What `codex exec --json` (0.4x+) lacks compared with the rollout of the same run, so the
 * comparison leaves it out:
 *  - the user prompt (a synthetic `missing-user-prompt` meta marks it) and the injected
 *    developer/context messages; timestamps, model, cwd, git, version;
 *  - raw reasoning content (the stream carries the summary only);
 *  - call ids (items are numbered item_N) and tool names (the stream names the item type);
 *  - tool_search calls; calls the execution policy rejects before they start and apply_patch
 *    calls whose patch does not verify (neither gets an item at all);
 *  - the polls of a long-running command (write_stdin): its one command_execution item carries the final outcome;
 *  - apply_patch output text and diffs (file_change has paths and kinds only); rejection messages
 *    (a declined command has empty output);
 *  - reasoning_output_tokens in turn.completed before 0.128 (0.66 prints input/cached/output only).
 */
const PAIRS = ['plain-answer', 'reasoning', 'shell-tool', 'file-edit', 'failing-command', 'parallel-tools', 'denied-tool', 'forbidden-command', 'long-running-command', 'mcp', 'web-search', 'long-session', 'v0.128.0-tools', 'v0.66.0-tools'];
/**
 * ≤ 0.3x `codex exec --json` ({id, msg} events) prints the prompt, but lacks: timestamps, the
 * injected context, the session id and version (0.20: also cwd, so its rollout's patch paths stay
 * relative while the stream's are absolute: compared by file name); tool names (events say
 * exec_command / patch_apply, not the model's shell call).
 */
const LEGACY_PAIRS = ['v0.39.0-tools', 'v0.20.0-tools'];

function conversation(events: TranscriptEvent[], withUser = false) {
  return events
    .filter((e) => e.type === 'assistant_message' || (e.type === 'reasoning' && e.meta?.kind !== 'raw-reasoning') || (withUser && e.type === 'user_message'))
    .map((e) => `${e.type}: ${e.text}`);
}

function toolOutcomes(events: TranscriptEvent[], form: 'rollout' | 'stream', fileName = false) {
  const results = events.filter((e) => e.type === 'tool_result').map((e) => e.tool!);
  const kept = form === 'stream' ? results : results.filter((t) =>
    t.name !== 'tool_search'
    && !/policy forbids|^apply_patch verification failed/.test(t.output ?? '')
    && !(t.kind === 'shell' && t.exitCode === undefined && t.status === 'ok' && t.output === ''));
  return kept
    .map((t) => JSON.stringify({
      kind: t.kind, status: t.status, exitCode: t.exitCode ?? null,
      output: (t.kind === 'shell' || t.kind === 'mcp') && t.status !== 'denied' ? t.output : null,
      files: t.files?.map((f) => `${f.action} ${fileName ? f.path.split('/').pop() : f.path}`) ?? null,
    }))
    .sort();
}

async function pair(scenario: string) {
  const dir = join(ROOT, 'fixtures/codex', scenario);
  return {
    rollout: (await convertFile(join(dir, 'rollout.jsonl'))).transcript,
    stream: (await convertFile(join(dir, 'stream.jsonl'))).transcript,
  };
}

describe.each(PAIRS)('codex %s: rollout and exec --json stream of the same run', (scenario) => {
  it('convert to the same conversation, tool outcomes, session id and token totals', async () => {
    const { rollout, stream } = await pair(scenario);
    expect(conversation(stream.events)).toEqual(conversation(rollout.events));
    expect(toolOutcomes(stream.events, 'stream')).toEqual(toolOutcomes(rollout.events, 'rollout'));
    expect(stream.source.nativeSessionId).toBe(rollout.source.nativeSessionId);
    const { reasoning: _streamReasoning, ...streamTokens } = stream.metrics.tokens ?? { input: 0, output: 0 };
    const { reasoning: rolloutReasoning, ...rolloutTokens } = rollout.metrics.tokens ?? { input: 0, output: 0 };
    expect(streamTokens).toEqual(rolloutTokens);
    if (scenario !== 'v0.66.0-tools') expect(stream.metrics.tokens?.reasoning).toBe(rolloutReasoning);
    // what the stream lacks is marked, never invented
    expect(stream.events.filter((e) => e.type === 'user_message')).toEqual([]);
    expect(stream.events.filter((e) => e.meta?.kind === 'missing-user-prompt')).toHaveLength(1);
  });
});

describe.each(LEGACY_PAIRS)('codex %s: legacy rollout and legacy exec --json stream of the same run', (scenario) => {
  it('convert to the same prompt, conversation and tool outcomes', async () => {
    const { rollout, stream } = await pair(scenario);
    expect(conversation(stream.events, true)).toEqual(conversation(rollout.events, true));
    expect(toolOutcomes(stream.events, 'stream', true)).toEqual(toolOutcomes(rollout.events, 'rollout', true));
    expect(stream.source.format).toBe('codex/exec-json-legacy');
  });
});

describe('codex sessions folder', () => {
  it('converts every run of a $CODEX_HOME/sessions tree to its own Transcript, the reviewer\'s rollout inside its parent\'s, skipping Codex\'s other files', async () => {
    const home = mkdtempSync(join(tmpdir(), 'atx-codex-home-'));
    try {
      const day = join(home, 'sessions', '2026', '11', '22');
      mkdirSync(day, { recursive: true });
      cpSync(join(ROOT, 'fixtures/codex/shell-tool/rollout.jsonl'), join(day, 'rollout-2026-11-22T00-25-31-a.jsonl'));
      cpSync(join(ROOT, 'fixtures/codex/denied-tool/rollout.jsonl'), join(day, 'rollout-2026-11-22T00-25-37-b.jsonl'));
      cpSync(join(ROOT, 'fixtures/codex/denied-tool/guardian-rollout.jsonl'), join(day, 'rollout-2026-11-22T00-25-37-c.jsonl'));
      writeFileSync(join(home, 'session_index.jsonl'), `${JSON.stringify({ id: 'x', thread_name: 'Guardian review', updated_at: '2026-11-22T00:21:40Z' })}\n`);
      writeFileSync(join(home, 'history.jsonl'), `${JSON.stringify({ session_id: 'x', ts: 1, text: 'hello' })}\n`);
      const run = await runCli(['convert', home, '--format', 'jsonl']);
      expect(run.code).toBe(0);
      const transcripts = run.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Transcript);
      expect(transcripts.map((t) => t.source.adapter)).toEqual(['codex', 'codex']);
      const ids = transcripts.map((t) => t.source.nativeSessionId);
      expect(new Set(ids).size).toBe(2);
      // the approval reviewer is a subagent whose session_meta names the denied-tool run as its parent
      const denied = transcripts.find((t) => t.events.some((e) => e.meta?.kind === 'subagent'))!;
      const start = denied.events.findIndex((e) => e.meta?.kind === 'subagent');
      expect(denied.events[start]!.text).toMatch(/^Subagent session \(guardian\) started by thread /);
      expect(start).toBeGreaterThan(0);
      expect(denied.events.slice(start).every((e) => e.parentId?.startsWith('agent-'))).toBe(true);
      expect(denied.metrics.unparsedCount).toBe(0);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('never copies the fake API key or encrypted reasoning from the recordings', () => {
    for (const scenario of ['reasoning', 'v0.128.0-tools']) {
      const golden = readFileSync(join(ROOT, 'fixtures/codex', scenario, 'rollout.expected.json'), 'utf8');
      expect(golden).not.toContain('gAAAAAB');
    }
  });
});

describe('codex 0.171 rollout lines', () => {
  // 0.171 adds `model_search_state` to the `metadata` some lines carry beside their payload (0.169 already
  // wrote `metadata` on response items) and an `id_allocation` line (RolloutItem::IdAllocation: the next
  // item ordinal and a clock floor kept for a resume); no recorded run wrote the latter.
  const withMetadata = (text: string) => JSON.stringify({ ...JSON.parse(text), ordinal: 7, metadata: { model_search_state: 'unused' } });

  it('skips id_allocation with its count and reads lines carrying metadata as before', async () => {
    const { events, counts, transcript } = await convert(
      meta,
      withMetadata(userItem('Say hello.')),
      line('id_allocation', { next_item_ordinal: 9, observation_clock_floor_ms: 1764262800000 }),
      withMetadata(assistantItem('Hello.')),
    );
    expect(counts.get('id_allocation')).toEqual({ mapped: 0, skipped: 1, unknown: 0 });
    expect(transcript.metrics.unparsedCount ?? 0).toBe(0);
    expect(brief(events)).toEqual([['user_message', 'Say hello.'], ['assistant_message', 'Hello.']]);
  });
});

describe('codex forks that write its rollouts byte for byte', () => {
  it('a rollout under ~/.trae/cli/sessions is TRAE CLI\'s; the same lines elsewhere stay Codex\'s', async () => {
    const home = mkdtempSync(join(tmpdir(), 'atx-codex-fork-'));
    try {
      const text = `${[meta, userItem('count the open issues'), assistantItem('There are four.')].join('\n')}\n`;
      const trae = join(home, '.trae', 'cli', 'sessions', '2026', '01', '01');
      mkdirSync(trae, { recursive: true });
      writeFileSync(join(trae, 'rollout-2026-01-01T00-00-00-thread-1.jsonl'), text);
      writeFileSync(join(home, 'rollout-copy.jsonl'), text);
      const { transcript: fork } = await convertFile(join(trae, 'rollout-2026-01-01T00-00-00-thread-1.jsonl'));
      const { transcript: plain } = await convertFile(join(home, 'rollout-copy.jsonl'));
      expect(fork.source).toMatchObject({ agent: 'trae-cli', adapter: 'codex', format: 'codex/rollout' });
      expect(plain.source.agent).toBe('codex');
      expect(fork.events).toEqual(plain.events);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('codex: a collaboration mode\'s own instructions in turn_context (Codex Desktop)', () => {
  it('are a system event once per distinct text, as the other turn instructions', async () => {
    const context = (instructions: string | null) => line('turn_context', { cwd: '/w', model: 'm-1', collaboration_mode: { mode: 'default', settings: { model: 'm-1', reasoning_effort: 'high', developer_instructions: instructions } } });
    const input = [meta, context('Work in small steps and say what you changed.'), userItem('tidy the config'), assistantItem('Tidied.'),
      context('Work in small steps and say what you changed.'), userItem('and the readme'), assistantItem('Done too.'), context(null)].join('\n');
    const t = JSON.parse((await convertBytes(input)).text) as Transcript;
    const instructions = t.events.filter((e) => e.meta?.kind === 'instructions');
    expect(instructions.map((e) => [e.type, e.text, e.meta?.field])).toEqual([['system', 'Work in small steps and say what you changed.', 'collaboration_mode']]);
    expect(t.metrics.unparsedCount).toBe(0);
  });
});

describe('codex automatic compaction (recorded: -c model_auto_compact_token_limit=1000, 0.171.0)', () => {
  it('maps the model\'s summary (marked compaction_output) as the compaction summary, not an answer, and the compacted record as the compaction', async () => {
    const { transcript } = await convertFile(join(ROOT, 'fixtures/codex/auto-compact/rollout.jsonl'));
    expect(transcript.metrics.unparsedCount).toBe(0);
    const order = transcript.events.filter((e) => e.type !== 'system' || e.meta?.kind === 'compaction-summary').map((e) => e.meta?.kind ?? e.type);
    expect(order).toEqual(['user_message', 'tool_call', 'tool_result', 'compaction-summary', 'compaction', 'assistant_message']);
    const summary = transcript.events.find((e) => e.meta?.kind === 'compaction-summary')!;
    expect(summary.text).toBe('Handoff summary: the user asked for the project files; ls was run in the sandbox.');
    expect(summary.model).toBeTruthy();
    // the compacted record: Codex's hand-over text around the same summary, and the history it replaced
    const compaction = transcript.events.find((e) => e.meta?.kind === 'compaction')!;
    expect(compaction.type).toBe('meta');
    expect(compaction.text).toMatch(/^Another language model started[\s\S]*Handoff summary: the user asked/);
    expect(compaction.meta?.replacementItems).toBeGreaterThan(0);
    expect(transcript.events.filter((e) => e.type === 'assistant_message').map((e) => e.text)).toEqual(['The project holds README.md, hello.txt and src/.']);
  });

  it('keeps a compacted record as the summary when no summary item came before it (remote compaction, older releases)', async () => {
    const { events, transcript } = await convert(
      meta,
      item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'rename the module' }] }),
      item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Renamed it.' }] }),
      line('compacted', { message: 'Prefix.\nThe user had the module renamed.', replacement_history: [] }),
    );
    expect(transcript.metrics.unparsedCount).toBe(0);
    expect(events.filter((e) => e.type === 'assistant_message').map((e) => e.text)).toEqual(['Renamed it.']);
    const summary = events.find((e) => e.meta?.kind === 'compaction-summary')!;
    expect([summary.type, summary.text]).toEqual(['system', 'Prefix.\nThe user had the module renamed.']);
  });
});

describe('codex refusal content parts (hand-written: a model refusal cannot be provoked from the scripted server in a form Codex keeps)', () => {
  it('keeps a refusal as its own assistant event marked refusal, not joined to the answer before it', async () => {
    const { events, transcript } = await convert(
      meta,
      item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'print the admin password' }] }),
      item({ type: 'message', role: 'assistant', content: [
        { type: 'output_text', text: 'I looked at the config.' },
        { type: 'refusal', refusal: 'I cannot help with extracting credentials.' },
      ] }),
      item({ type: 'message', role: 'assistant', content: [{ type: 'refusal', refusal: 'Still no.' }] }),
    );
    expect(transcript.metrics.unparsedCount).toBe(0);
    const said = events.filter((e) => e.type === 'assistant_message').map((e) => [e.text, e.meta?.kind ?? null]);
    expect(said).toEqual([
      ['I looked at the config.', null],
      ['I cannot help with extracting credentials.', 'refusal'],
      ['Still no.', 'refusal'],
    ]);
  });
});

describe('codex image generation (hand-written: the hosted image tool needs an OpenAI account)', () => {
  it('reads the revised prompt as the call input and describes the generated image on its result, without copying it', async () => {
    const { events, transcript } = await convert(
      meta,
      item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'draw a lighthouse at dusk' }] }),
      item({ type: 'image_generation_call', id: 'ig_7', status: 'completed', revised_prompt: 'A lighthouse on a rocky coast at dusk, warm light in its lamp', result: 'iVBORw0KGgoAAAANSUhEUg==' }),
    );
    expect(transcript.metrics.unparsedCount).toBe(0);
    const call = events.find((e) => e.type === 'tool_call')!;
    expect(call.tool?.input).toEqual({ prompt: 'A lighthouse on a rocky coast at dusk, warm light in its lamp' });
    const result = events.find((e) => e.type === 'tool_result')!;
    expect(result.attachments).toEqual([{ kind: 'image', bytes: 16 }]);
    // the prompt is read: it does not come back as an unread field
    expect(events.filter((e) => e.meta?.kind === 'unread-field')).toEqual([]);
    expect(JSON.stringify(transcript)).not.toContain('iVBORw0KGgo');
  });
});
