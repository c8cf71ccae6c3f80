/**
 * Hand-written Claude Code records for cases the recordings do not contain (the real CLI writes them
 * only after /compact, slash commands, user interrupts, older versions, ...). Shapes follow
 * ../shared/reference/agent-formats.md §2; every case here is an edge case, not a fixture.
 */
import { describe, expect, it } from 'vitest';
import { claudeCode } from '../adapters/claude-code/index.js';
import { identifyTool, statusOf } from '../adapters/claude-code/tools.js';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { convertBytes } from './helpers.js';

let clock = 0;
const line = (record: Record<string, unknown>) =>
  JSON.stringify({
    sessionId: 'sess-1', version: '2.0.28', cwd: '/w', uuid: `u${++clock}`,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, clock)).toISOString(), ...record,
  });
const user = (content: unknown, extra: Record<string, unknown> = {}) => line({ type: 'user', message: { role: 'user', content }, ...extra });
const assistant = (id: string, content: unknown[], extra: Record<string, unknown> = {}) =>
  line({ type: 'assistant', message: { id, role: 'assistant', model: 'claude-x', content, usage: { input_tokens: 10, output_tokens: 5 } }, ...extra });

async function events(...lines: string[]): Promise<{ events: TranscriptEvent[]; transcript: Transcript }> {
  const transcript = JSON.parse((await convertBytes(`${lines.join('\n')}\n`)).text) as Transcript;
  return { events: transcript.events, transcript };
}

describe('claude-code adapter (hand-written edge cases)', () => {
  it('keeps slash-command wrappers, meta lines, compaction and interrupts out of user messages', async () => {
    const { events: out } = await events(
      user('<command-name>/compact</command-name>\n<command-message>compact</command-message>'),
      user('Expanded prompt of a custom command', { isMeta: true }),
      line({ type: 'system', subtype: 'compact_boundary', content: 'Conversation compacted', compactMetadata: { trigger: 'manual', preTokens: 1234 } }),
      user('This session is being continued from a previous conversation...', { isCompactSummary: true }),
      user([{ type: 'text', text: '[Request interrupted by user]' }]),
      user('the real question'),
    );
    expect(out.map((e) => [e.type, e.meta?.kind ?? null])).toEqual([
      ['system', 'command'],
      ['system', 'injected'],
      ['meta', 'compaction'],
      ['system', 'compaction-summary'],
      ['meta', 'interrupted'],
      ['user_message', null],
    ]);
    expect(out[2]!.meta).toMatchObject({ trigger: 'manual', preTokens: 1234 });
  });

  it('groups lines of one API message: tokens once, usage on the first event only', async () => {
    const { events: out, transcript } = await events(
      user('hi'),
      assistant('msg_1', [{ type: 'thinking', thinking: 'hmm', signature: 'sig' }]),
      assistant('msg_1', [{ type: 'redacted_thinking', data: 'opaque-bytes' }]),
      assistant('msg_1', [{ type: 'text', text: 'hello' }]),
    );
    expect(out.map((e) => e.type)).toEqual(['user_message', 'reasoning', 'reasoning', 'assistant_message']);
    expect(out.filter((e) => e.usage)).toHaveLength(1);
    expect(transcript.metrics.tokens).toEqual({ input: 10, output: 5 });
    expect(JSON.stringify(out)).not.toContain('opaque-bytes');
    expect(out[2]!.meta?.kind).toBe('redacted-thinking');
  });

  it('pairs results by tool_use_id with statuses from the agent signals, across MCP and the old Task name', async () => {
    const { events: out } = await events(
      user('go'),
      assistant('m1', [
        { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'make' } },
        { type: 'tool_use', id: 't2', name: 'mcp__github__create_issue', input: { title: 'x' } },
        { type: 'tool_use', id: 't3', name: 'Task', input: { prompt: 'p' } },
        { type: 'tool_use', id: 't4', name: 'Edit', input: { file_path: '/w/a.ts' } },
      ]),
      user([{ type: 'tool_result', tool_use_id: 't2', content: [{ type: 'text', text: 'created' }] }]),
      user([{ type: 'tool_result', tool_use_id: 't1', content: 'Exit code 2\nmake: *** error', is_error: true }]),
      user([{ type: 'tool_result', tool_use_id: 't4', content: "The user doesn't want to proceed with this tool use.", is_error: true }]),
      user([{ type: 'tool_result', tool_use_id: 't3', content: 'done' }], { toolUseResult: { agentId: 'a9', durationMs: 4200 } }),
    );
    const results = Object.fromEntries(out.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.tool!]));
    expect(results.t1).toMatchObject({ name: 'Bash', kind: 'shell', status: 'error', exitCode: 2 });
    expect(results.t2).toMatchObject({ kind: 'mcp', mcp: { server: 'github', tool: 'create_issue' }, status: 'ok', output: 'created' });
    expect(results.t3).toMatchObject({ kind: 'task', status: 'ok', durationMs: 4200 });
    expect(results.t4).toMatchObject({ kind: 'edit', status: 'denied' });
    expect(results.t1!.durationMs).toBe(2000); // result line time minus call line time
  });

  it('marks inline (1.x) sidechain lines with a parentId', async () => {
    const { events: out } = await events(
      user('main question'),
      user('subagent prompt', { isSidechain: true, agentId: 'a1' }),
      assistant('m2', [{ type: 'text', text: 'sub answer' }], { isSidechain: true, agentId: 'a1' }),
    );
    expect(out.map((e) => e.parentId ?? null)).toEqual([null, 'agent-a1', 'agent-a1']);
  });

  it('takes the title from summary and ai-title lines, and counts a file-history snapshot as skipped', async () => {
    const { transcript, events: out } = await events(
      JSON.stringify({ type: 'summary', summary: 'Fixing the login bug', leafUuid: 'u9' }),
      JSON.stringify({ type: 'file-history-snapshot', messageId: 'x', snapshot: {} }),
      user('hello'),
    );
    expect(transcript.session.title).toBe('Fixing the login bug');
    expect(out.map((e) => e.type)).toEqual(['system', 'user_message']);
  });

  it('normalizes tool names and statuses', () => {
    expect(identifyTool('MultiEdit').kind).toBe('edit');
    expect(identifyTool('WebSearch').kind).toBe('web');
    expect(identifyTool('TodoWrite').kind).toBe('plan');
    expect(identifyTool('AskUserQuestion').kind).toBe('question');
    expect(identifyTool('Glob').kind).toBe('search');
    expect(identifyTool('SomethingNew').kind).toBe('other');
    expect(statusOf({ isError: true, text: 'Error: Command timed out after 2m 0.0s' })).toBe('timeout');
    expect(statusOf({ isError: true, text: 'Claude requested permissions to use Bash, but you haven\'t granted it yet.' })).toBe('denied');
    expect(statusOf({ isError: false, text: '', interrupted: true })).toBe('error');
  });

  it('detects each form from its first record', () => {
    expect(claudeCode.detect([{ type: 'system', subtype: 'init', session_id: 's', claude_code_version: '2.1.0' }])?.format).toBe('claude-code/stream-json');
    expect(claudeCode.detect([{ type: 'user', sessionId: 's', uuid: 'u', message: {} }])?.format).toBe('claude-code/session-jsonl');
    expect(claudeCode.detect([{ type: 'thread.started', thread_id: 't' }])).toBeNull();
  });
});

describe('claude-code: saved session and live stream of the same run', () => {
  /**
   * The stream lacks what only the session file records: attachments (system reminders) and,
   * without --replay-user-messages, the user prompt; the session file lacks the stream's
   * system/init and task lifecycle lines. Subagent events follow the main thread in the session
   * form (their own file) but are interleaved in the stream: each thread is compared in order.
   * Everything the model and the tools did must agree.
   */
  const byThread = (events: TranscriptEvent[]) => {
    const threads = new Map<string, unknown[]>();
    for (const event of conversation(events)) {
      const key = event.parentId ?? 'main';
      threads.set(key, [...(threads.get(key) ?? []), event]);
    }
    return Object.fromEntries(threads);
  };
  const conversation = (events: TranscriptEvent[]) =>
    events
      .filter((e) => ['assistant_message', 'reasoning', 'tool_call', 'tool_result'].includes(e.type))
      .map((e) => ({ type: e.type, text: e.text, parentId: e.parentId, tool: e.tool && { name: e.tool.name, callId: e.tool.callId, kind: e.tool.kind, status: e.tool.status, output: e.tool.output, input: e.tool.input } }));

  it.each(['shell-tool', 'file-edit', 'failing-command', 'denied-tool', 'parallel-tools', 'thinking', 'image-prompt', 'mcp', 'timeout-command', 'subagent', 'long-session'])('%s', async (scenario) => {
    const { convertFile } = await import('./helpers.js');
    const dir = new URL(`../fixtures/claude-code/${scenario}/`, import.meta.url).pathname;
    const session = (await convertFile(`${dir}session.jsonl`)).transcript;
    const stream = (await convertFile(`${dir}stream.jsonl`)).transcript;
    const streamThreads = byThread(stream.events);
    const sessionThreads = byThread(session.events);
    // A foreground subagent's final answer is not printed on stdout: it only reaches the stream
    // inside the Agent tool's result. Take it out of the session side after checking that.
    for (const [parent, thread] of Object.entries(sessionThreads)) {
      const last = thread.at(-1) as { type: string; text?: string } | undefined;
      if (parent === 'main' || streamThreads[parent]?.length !== thread.length - 1 || last?.type !== 'assistant_message') continue;
      const handBack = stream.events.find((e) => e.type === 'tool_result' && e.tool?.callId === parent);
      expect(handBack?.tool?.output).toContain(last.text);
      sessionThreads[parent] = thread.slice(0, -1);
    }
    expect(streamThreads).toEqual(sessionThreads);
    expect(stream.metrics.toolCallCount).toBe(session.metrics.toolCallCount);
  });
});
