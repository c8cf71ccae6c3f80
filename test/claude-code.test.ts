/**
 * Hand-written Claude Code records for cases the recordings do not contain (the real CLI writes them
 * only after /compact, slash commands, user interrupts, older versions, ...). Shapes follow
 * ../shared/reference/agent-formats.md §2; every case here is an edge case, not a fixture.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { claudeCode } from '../adapters/claude-code/index.js';
import { InlineSidechains } from '../adapters/claude-code/inline-sidechains.js';
import { ProgressCopies } from '../adapters/claude-code/progress-copies.js';
import { identifyTool, statusOf } from '../adapters/claude-code/tools.js';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { fileInput } from '../src/pipeline/sources.js';
import { convertBytes, convertFile, convertToText, expectKinds } from './helpers.js';

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

describe('claude-code 2.1.3x progress records', () => {
  const progress = (data: Record<string, unknown>) => line({ type: 'progress', data, parentToolUseID: 'toolu_t1', toolUseID: 'toolu_t1' });
  const copied = (text: string) => progress({ type: 'agent_progress', agentId: 'a1b2c3d', prompt: 'Survey the renderer modules', message: { type: 'user', uuid: `m-${text}`, message: { role: 'user', content: [{ type: 'text', text }] } } });
  const session = [
    user('run the slow suite and survey the renderers'),
    assistant('m1', [{ type: 'tool_use', id: 'toolu_t1', name: 'Task', input: { description: 'survey', prompt: 'Survey the renderer modules' } }]),
    progress({ type: 'hook_progress', hookEvent: 'SessionStart', hookName: 'SessionStart:startup', command: '/home/me/.claude/hooks/notify.sh start now' }),
    progress({ type: 'bash_progress', output: 'compiling 41 files, please wait a moment', fullOutput: 'compiling 41 files, please wait a moment' }),
    progress({ type: 'waiting_for_task', taskDescription: 'Run the slow integration suite', taskType: 'local_bash' }),
    copied('Survey the renderer modules'),
    copied('the renderer modules share one layout helper'),
  ];

  it('their text is not kept as unread fields; a subagent whose own file was not read is read from its copies, marked as recovered', async () => {
    const { events: out } = await events(...session);
    expect(out.filter((e) => e.meta?.kind === 'unread-field')).toEqual([]);
    const note = out.filter((e) => e.meta?.kind === 'subagent-recovered-from-copies');
    expect(note.map((e) => [e.parentId, e.meta?.agentId, e.meta?.recoveredMessages, e.meta?.complete])).toEqual([['toolu_t1', 'a1b2c3d', 2, false]]);
    expect(note[0]!.text).toContain('subagents/agent-a1b2c3d.jsonl');
    const recovered = out.filter((e) => e.meta?.recoveredFrom === 'agent_progress');
    expect(recovered.map((e) => [e.type, e.text, e.parentId])).toEqual([
      ['user_message', 'Survey the renderer modules', 'toolu_t1'],
      ['user_message', 'the renderer modules share one layout helper', 'toolu_t1'],
    ]);
  });

  it('a recovered subagent\'s note counts the tool calls its Task result reports that no copy holds', async () => {
    const copiedCall = (id: string) => progress({ type: 'agent_progress', agentId: 'a1b2c3d', message: { type: 'assistant', uuid: `m-${id}`, message: { id: `msg-${id}`, role: 'assistant', content: [{ type: 'tool_use', id, name: 'Grep', input: { pattern: 'layout' } }] } } });
    const copiedResult = (id: string) => progress({ type: 'agent_progress', agentId: 'a1b2c3d', message: { type: 'user', uuid: `r-${id}`, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'src/layout.ts' }] } } });
    const taskResult = user([{ type: 'tool_result', tool_use_id: 'toolu_t1', content: 'They share one layout helper.' }], { toolUseResult: { status: 'completed', agentId: 'a1b2c3d', totalToolUseCount: 3, content: [] } });
    const { events: out } = await events(...session.slice(0, 2), copiedCall('g1'), copiedResult('g1'), copiedCall('g2'), copiedCall('g2'), taskResult);
    const note = out.find((e) => e.meta?.kind === 'subagent-recovered-from-copies');
    expect([note?.meta?.recoveredToolCalls, note?.meta?.reportedToolCalls, note?.meta?.missingToolCalls]).toEqual([2, 3, 1]);
    const recovered = out.filter((e) => e.meta?.recoveredFrom === 'agent_progress');
    expect(recovered.map((e) => [e.type, e.tool?.callId, e.meta?.kind])).toEqual([
      ['tool_call', 'g1', 'recovered-subagent-message'], ['tool_result', 'g1', 'recovered-subagent-message'],
      ['tool_call', 'g2', 'recovered-subagent-message'], ['tool_result', 'g2', 'missing-tool-result'],
    ]);
  });

  it('a subagent with no copied message and no file of its own is said to be missing, once', async () => {
    const bare = progress({ type: 'agent_progress', agentId: 'e5f6a7b', prompt: 'Survey the renderer modules' });
    const { events: out } = await events(...session.slice(0, 2), bare, bare);
    const missing = out.filter((e) => e.meta?.kind === 'subagent-not-read');
    expect(missing.map((e) => [e.parentId, e.meta?.agentId])).toEqual([['toolu_t1', 'e5f6a7b']]);
    expect(missing[0]!.text).toContain('subagents/agent-e5f6a7b.jsonl');
    expect(out.filter((e) => e.meta?.recoveredFrom)).toEqual([]);
  });

  it('a subagent whose records were read is not said to be missing', async () => {
    const own = line({ type: 'assistant', isSidechain: true, agentId: 'a1b2c3d', message: { id: 's1', role: 'assistant', model: 'claude-x', content: [{ type: 'text', text: 'They share one layout helper.' }] } });
    const { events: out } = await events(...session, own);
    expect(out.filter((e) => e.meta?.kind === 'subagent-recovered-from-copies' || e.meta?.recoveredFrom)).toEqual([]);
    expect(out.find((e) => e.text === 'They share one layout helper.')?.parentId).toBeDefined();
  });
});

describe('progress copies held while the session is read', () => {
  const data = (agentId: string, n: number) => ({ type: 'agent_progress', agentId, message: { type: 'user', uuid: `${agentId}-${n}`, message: { role: 'user', content: 'x'.repeat(400) } } });
  const record = { type: 'progress', timestamp: '2026-01-01T00:00:00.000Z' };

  it('stay within their budget: past it a subagent\'s copies are dropped and only counted, and a subagent read frees its share', () => {
    const copies = new ProgressCopies(3000);
    for (let n = 0; n < 4; n += 1) copies.note(record, data('a1', n)); // ~1,700 characters
    for (let n = 0; n < 4; n += 1) copies.note(record, data('b2', n)); // would pass 3,000: dropped
    expect(copies.unread().map((seen) => [seen.agentId, seen.lines.length, seen.copiedMessages, seen.dropped])).toEqual([['a1', 4, 4, false], ['b2', 0, 4, true]]);
    copies.ownRecordsRead('a1');
    for (let n = 0; n < 4; n += 1) copies.note(record, data('c3', n));
    expect(copies.unread().map((seen) => [seen.agentId, seen.lines.length, seen.dropped])).toEqual([['b2', 0, true], ['c3', 4, false]]);
  });
});

describe('claude-code 2.1.3x hook summaries, questions and tool run copies', () => {
  it('reads a stop_hook_summary\'s commands, errors and stopping reason into its system event', async () => {
    const { events: out } = await events(line({
      type: 'system', subtype: 'stop_hook_summary', hookCount: 2, level: 'suggestion', hasOutput: true,
      hookInfos: [{ command: '~/.claude/hooks/lint-changed.sh --quiet' }, { command: 'npx prettier --check changed files' }],
      hookErrors: ['prettier found 2 files not formatted'], preventedContinuation: true, stopReason: 'format the two files first',
    }));
    expect(out.filter((e) => e.meta?.kind === 'unread-field')).toEqual([]);
    expect(out.map((e) => [e.type, e.meta?.kind, e.meta?.preventedContinuation])).toEqual([['system', 'stop_hook_summary', true]]);
    expect(out[0]!.text).toBe('Stop hooks ran: ~/.claude/hooks/lint-changed.sh --quiet; npx prettier --check changed files\n'
      + 'Hook errors: prettier found 2 files not formatted\nA hook stopped the turn: format the two files first');
  });

  it('reads the user\'s answers to AskUserQuestion as a user message after the result, in the order asked', async () => {
    const questions = [
      { question: 'Which database should the cache layer use?', header: 'Cache', options: [{ label: 'Redis', description: 'keeps sessions in memory with expiry' }], multiSelect: false },
      { question: 'Which environments need the new flag?', header: 'Envs', options: [{ label: 'staging', description: 'the shared test environment' }], multiSelect: true },
    ];
    const { events: out } = await events(
      assistant('m1', [{ type: 'tool_use', id: 'toolu_q1', name: 'AskUserQuestion', input: { questions } }]),
      user([{ type: 'tool_result', tool_use_id: 'toolu_q1', content: 'User has answered your questions. You can now continue.' }], {
        toolUseResult: { questions, answers: { 'Which environments need the new flag?': ['staging', 'canary'], 'Which database should the cache layer use?': 'Postgres, we already run it' } },
      }),
    );
    expect(out.filter((e) => e.meta?.kind === 'unread-field')).toEqual([]);
    expect(out.map((e) => [e.type, e.tool?.kind ?? e.meta?.kind])).toEqual([['tool_call', 'question'], ['tool_result', 'question'], ['user_message', 'answer']]);
    expect(out[2]!.text).toBe('Postgres, we already run it\nstaging, canary');
  });

  it('reads TodoWrite\'s run record (the list before and the call\'s own todos) as copies, not unread fields', async () => {
    const todos = [{ content: 'Split the parser into lexer and reader', status: 'in_progress', activeForm: 'Splitting the parser' }];
    const { events: out } = await events(
      assistant('m1', [{ type: 'tool_use', id: 'toolu_p1', name: 'TodoWrite', input: { todos } }]),
      user([{ type: 'tool_result', tool_use_id: 'toolu_p1', content: 'Todos have been modified successfully.' }], {
        toolUseResult: { oldTodos: [{ content: 'Read the parser and list its stages', status: 'completed', activeForm: 'Reading the parser' }], newTodos: todos },
      }),
    );
    expect(out.filter((e) => e.meta?.kind === 'unread-field')).toEqual([]);
    expect(out.map((e) => [e.type, e.tool?.kind])).toEqual([['tool_call', 'plan'], ['tool_result', 'plan']]);
  });

  it('does not keep a tool run\'s copy of what its result showed as an unread field, and keeps text the result did not show', async () => {
    const output = 'compiled 12 modules\nall 48 tests passed in the renderer suite';
    const { events: out } = await events(
      assistant('m1', [{ type: 'tool_use', id: 'toolu_o1', name: 'TaskOutput', input: { task_id: 'b1' } }]),
      user([{ type: 'tool_result', tool_use_id: 'toolu_o1', content: `<status>completed</status>\n<output>\n${output}\n</output>` }], {
        toolUseResult: { task: { task_id: 'b1', status: 'completed', output }, verdict: 'the renderer suite is green again' },
      }),
    );
    expect(out.filter((e) => e.meta?.kind === 'unread-field').map((e) => [e.meta?.field, e.text])).toEqual([['toolUseResult.verdict', 'the renderer suite is green again']]);
  });
});

describe('claude-code: a log that ends while a call runs', () => {
  it('closes the call with a synthetic missing-tool-result that says so', async () => {
    const { events: out } = await events(
      user('count the lines of the parser'),
      assistant('m1', [{ type: 'tool_use', id: 'toolu_w1', name: 'Bash', input: { command: 'wc -l src/parser.ts' } }]),
    );
    expect(out.map((e) => [e.type, e.tool?.callId ?? null, e.synthetic ?? false, e.meta?.kind ?? null])).toEqual([
      ['user_message', null, false, null], ['tool_call', 'toolu_w1', false, null], ['tool_result', 'toolu_w1', true, 'missing-tool-result'],
    ]);
  });
});


describe('claude-code background tasks (hand-written: TaskOutput is a 2.1.3x tool the recorder\'s release no longer offers)', () => {
  it('a backgrounded command\'s result names its task; TaskOutput\'s result carries the task\'s description as text, not as an unread field', async () => {
    const { events: out } = await events(
      user('build the docs site while I read'),
      assistant('m1', [{ type: 'tool_use', id: 'toolu_b1', name: 'Bash', input: { command: 'make docs', description: 'Build the documentation site', run_in_background: true } }]),
      user([{ type: 'tool_result', tool_use_id: 'toolu_b1', content: 'Command running in background with ID: k2p9x.' }], {
        toolUseResult: { stdout: '', stderr: '', interrupted: false, backgroundTaskId: 'k2p9x', backgroundedByUser: false },
      }),
      assistant('m2', [{ type: 'tool_use', id: 'toolu_b2', name: 'TaskOutput', input: { task_id: 'k2p9x', block: true } }]),
      user([{ type: 'tool_result', tool_use_id: 'toolu_b2', content: '<retrieval_status>success</retrieval_status>\n<task_id>k2p9x</task_id>\n<output>\nwrote 14 pages\n</output>' }], {
        toolUseResult: { retrieval_status: 'success', task: { task_id: 'k2p9x', task_type: 'local_bash', status: 'completed', description: 'Build the documentation site', output: 'wrote 14 pages\n', exitCode: 0 } },
      }),
    );
    const results = out.filter((e) => e.type === 'tool_result');
    expect(results[0]).toMatchObject({ meta: { kind: 'background-task', taskId: 'k2p9x' } });
    expect(results[0]!.text).toBeUndefined();
    expect(results[1]).toMatchObject({
      text: 'Build the documentation site',
      meta: { kind: 'background-task', taskId: 'k2p9x', taskType: 'local_bash', taskStatus: 'completed', retrievalStatus: 'success' },
    });
    expect(out.filter((e) => e.meta?.kind === 'unread-field')).toEqual([]);
  });

  it('the prompt Claude Code makes of a finished background task is a system task-notification, not a user turn', async () => {
    const report = '<task-notification>\n<task-id>k2p9x</task-id>\n<status>completed</status>\n<summary>Build finished</summary>\n</task-notification>';
    const { events: out, transcript } = await events(
      user('build the docs site while I read'),
      user(report, { origin: { kind: 'task-notification', producer: 'session-task' }, promptSource: 'system' }),
      user([{ type: 'text', text: report }]),
    );
    expect(out.map((e) => [e.type, e.meta?.kind ?? null])).toEqual([['user_message', null], ['system', 'task-notification'], ['system', 'task-notification']]);
    expect(transcript.metrics.messageCount).toBe(1);
  });
});
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

  it('reads an assistant turn whose content is one string, as the Messages API allows', async () => {
    const { events: out } = await events(
      user('which port does the dev server use?'),
      line({ type: 'assistant', message: { id: 'm9', role: 'assistant', model: 'claude-x', content: 'It listens on 5173 unless PORT is set.' } }),
    );
    expect(out.map((e) => [e.type, e.text])).toEqual([
      ['user_message', 'which port does the dev server use?'],
      ['assistant_message', 'It listens on 5173 unless PORT is set.'],
    ]);
    expect(out.some((e) => e.type === 'meta')).toBe(false);
  });

  it('reads a message typed while the agent worked (queued_command attachment) as the user\'s, and a task notification as a system event', async () => {
    const { events: out, transcript } = await events(
      user('rename the config loader'),
      assistant('m1', [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'ls src' } }]),
      line({ type: 'queue-operation', operation: 'enqueue', content: 'and keep the old name as an alias' }),
      user([{ type: 'tool_result', tool_use_id: 't1', content: 'config.ts' }]),
      line({ type: 'attachment', attachment: { type: 'queued_command', commandMode: 'prompt', prompt: 'and keep the old name as an alias' } }),
      line({ type: 'attachment', attachment: { type: 'queued_command', commandMode: 'prompt', prompt: '<task-notification>\n<task-id>b7</task-id>\n<status>completed</status>\n</task-notification>' } }),
      line({ type: 'attachment', attachment: { type: 'queued_command', prompt: '   ' } }),
    );
    expect(out.map((e) => [e.type, e.meta?.kind ?? null])).toEqual([
      ['user_message', null], ['tool_call', null], ['tool_result', null], ['user_message', 'queued'], ['system', 'task-notification'],
    ]);
    expect(out[3]!.text).toBe('and keep the old name as an alias');
    expect(transcript.metrics.unparsedCount).toBe(0);
  });

  it('keeps inline (1.0.x) sidechain chains only while their Task call runs', () => {
    const chains = new InlineSidechains();
    chains.taskStarted('survey the parser', 'task-1');
    expect(chains.parentOf('s1', undefined, 'survey the parser')).toBe('task-1');
    expect(chains.parentOf('s2', 's1', [{ type: 'text', text: 'reply' }])).toBe('task-1');
    chains.taskStarted('count the tests', 'task-2');
    expect(chains.parentOf('t1', undefined, 'count the tests')).toBe('task-2');
    chains.taskAnswered('task-1');
    expect(chains.size).toBe(2); // task-2's prompt and its one line
    expect(chains.parentOf('t2', 't1', [])).toBe('task-2');
    chains.taskAnswered('task-2');
    expect(chains.size).toBe(0);
    expect(chains.parentOf('x1', 's2', 'survey the parser')).toBe('sidechain');
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
    expectKinds(identifyTool, { edit: ['MultiEdit'], web: ['WebSearch'], plan: ['TodoWrite'], question: ['AskUserQuestion'], search: ['Glob'], other: ['SomethingNew'] });
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

describe('claude-code 2.1.3xx session records (hand-written: frame links need a published artifact, an online feature)', () => {
  it('maps moves, artifact links, hand-offs and lineage; repeats and bookkeeping are skipped', async () => {
    const { events: out, transcript } = await events(
      user('start'),
      JSON.stringify({ type: 'relocated', sessionId: 'sess-1', relocatedCwd: '/w/.claude/worktrees/x' }),
      JSON.stringify({ type: 'relocated', sessionId: 'sess-1', relocatedCwd: '/w/.claude/worktrees/x' }),
      JSON.stringify({ type: 'frame-link', sessionId: 'sess-1', path: '/w/out/report.html', frameUrl: 'https://frames.example/f/1', title: 'Report', artifactCount: 1, timestamp: '2026-01-01T00:01:00.000Z' }),
      JSON.stringify({ type: 'frame-link', artifactCount: 1, sessionId: 'sess-1', timestamp: '2026-01-01T00:01:01.000Z' }),
      JSON.stringify({ type: 'continued-in', timestamp: '2026-01-01T00:02:00.000Z', sessionId: 'sess-1', continuedInSessionId: 'sess-2' }),
      JSON.stringify({ type: 'ended-by-model', timestamp: '2026-01-01T00:03:00.000Z', sessionId: 'sess-1' }),
      JSON.stringify({ type: 'derived-from', v: 1, sessionId: 'sess-1', sessions: [{ type: 'session', id: 'sess-0', via: 'branch' }] }),
      JSON.stringify({ type: 'tag', tag: 'release', sessionId: 'sess-1' }),
      JSON.stringify({ type: 'file-history-delta', messageId: 'm', snapshotMessageId: 'm0', trackingPath: 'a.txt', backup: {}, timestamp: '2026-01-01T00:04:00.000Z' }),
      JSON.stringify({ type: 'content-replacement', sessionId: 'sess-1', replacements: [] }),
    );
    expect(transcript.metrics.unparsedCount).toBe(0);
    expect(out.map((e) => [e.type, e.meta?.kind ?? null])).toEqual([
      ['user_message', null], ['system', 'relocated'], ['system', 'frame-link'], ['system', 'continued-in'], ['meta', 'ended-by-model'], ['meta', 'derived-from'],
    ]);
    expect(out[1]!.meta).toMatchObject({ cwd: '/w/.claude/worktrees/x' });
    expect(out[2]!.meta).toMatchObject({ url: 'https://frames.example/f/1', title: 'Report' });
    expect(out[3]!.text).toContain('sess-2');
  });
});

describe('claude-code 2.1.332 progress reminders (hand-written: the CLI writes them only behind a model capability gate)', () => {
  // 2.1.332 writes `progress_reminder_sent {text, model, clearAt: "next_user_message"}` where 2.1.330 wrote
  // `silent_turn_reminder`; it renders nothing itself, and the CLI sends its text with the next request.
  it('keeps the text of a sent reminder that has no rendered form, and skips one that is not sent', async () => {
    const reminder = (attachment: Record<string, unknown>, extra: Record<string, unknown> = {}) => line({ type: 'attachment', version: '2.1.332', attachment, ...extra });
    const { events: out, transcript } = await events(
      user('start'),
      reminder({ type: 'progress_reminder_sent', text: 'Keep the user posted on what you find.', model: 'claude-opus-5-5', clearAt: 'next_user_message' }),
      reminder({ type: 'progress_reminder_sent', text: '', model: 'claude-opus-5-5', clearAt: 'next_user_message' }),
      reminder({ type: 'batching_reminder_sent', text: 'Held back until later.' }),
      reminder({ type: 'silent_turn_reminder', text: 'ignored' }, { rendered: [{ content: '<system-reminder>\nSay how it goes.\n</system-reminder>' }], renderedRole: 'system' }),
    );
    expect(transcript.metrics.unparsedCount).toBe(0);
    expect(out.filter((e) => e.meta?.kind === 'attachment').map((e) => [e.meta!.recordType, e.text])).toEqual([
      ['progress_reminder_sent', 'Keep the user posted on what you find.'],
      ['silent_turn_reminder', '<system-reminder>\nSay how it goes.\n</system-reminder>'],
    ]);
  });
});

describe('claude-code attachment lines without rendered text (releases before 2.1.268)', () => {
  const dir = new URL('../fixtures/claude-code/v2.1.112-context-attachments/', import.meta.url).pathname;

  it('keeps what a 2.1.112 session handed the model as attachments: hook context, mentioned files, a nested CLAUDE.md', async () => {
    const { transcript } = await convertFile(`${dir}session.jsonl`);
    expect(transcript.metrics.unparsedCount).toBe(0);
    const attachments = transcript.events.filter((e) => e.meta?.kind === 'attachment');
    expect(attachments.every((e) => e.type === 'system' && e.meta?.rendering === 'fields')).toBe(true);
    const byType = (type: string) => attachments.filter((e) => e.meta?.recordType === type).map((e) => e.text);
    expect(byType('hook_additional_context')).toEqual(['The release branch of this sandbox is frozen until Friday.']);
    // a mentioned file's text is kept whatever it looks like (src/main.js is one word-like line)
    expect(byType('file')).toEqual(['# Sandbox\n\nA tiny project used to record agent-transcript fixtures.', "console.log('hello');"]);
    expect(byType('nested_memory')).toEqual(['Files under src/ are generated: never edit them by hand.']);
    // the hook's output is written as content and as stdout: once
    const rule = byType('hook_success').find((text) => text?.includes('Project rule'));
    expect(rule?.split('Project rule: answer in one short sentence').length).toBe(3); // the output once, and the command that printed it
    // the attachment's own fields were read: none comes back as an unread field
    expect(transcript.events.filter((e) => e.meta?.kind === 'unread-field')).toEqual([]);
  });

  it('reads an attachment from its fields only when its release may have sent it without writing rendered text', async () => {
    const attachmentLine = (version: string | undefined, attachment: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
      const record = JSON.parse(line({ type: 'attachment', attachment, ...extra })) as Record<string, unknown>;
      if (version === undefined) delete record.version;
      else record.version = version;
      return JSON.stringify(record);
    };
    const selection = { type: 'selected_lines_in_ide', filename: '/w/src/parse.ts', lineStart: 3, lineEnd: 4, content: 'const total = rows.length;\nreturn total;' };
    const { events: out, transcript } = await events(
      user('what does the selection do?'),
      attachmentLine('2.1.200', selection),
      attachmentLine(undefined, { type: 'critical_system_reminder', content: 'Never push to the release branch.' }),
      // 2.1.268+ writes rendered text whenever the model was sent something: none, nothing sent
      attachmentLine('2.1.332', { type: 'deferred_tools_record', entries: [{ name: 'Lookup', description: 'Looks a word up in the project glossary.' }] }),
      // 2.1.268+ writes renderedRole alone when what was sent cannot be written as text
      attachmentLine('2.1.332', { type: 'file', filename: '/w/notes.md', content: { type: 'text', file: { filePath: '/w/notes.md', content: 'ship on Monday' } } }, { renderedRole: 'user' }),
      // a mentioned picture: described, its bytes never copied
      attachmentLine('2.1.200', { type: 'file', filename: '/w/shot.png', content: { type: 'image', file: { base64: 'iVBORw0KGgoAAAANSUhEUg==', type: 'image/png', originalSize: 16 } } }),
      // nothing but ids and numbers: nothing to keep
      attachmentLine('2.1.200', { type: 'todo', itemCount: 0, context: 'post-compact' }),
    );
    const picture = out.find((e) => e.meta?.recordType === 'file' && e.attachments);
    expect(picture?.attachments).toEqual([{ kind: 'image', mime: 'image/png', bytes: 16 }]);
    expect(JSON.stringify(out)).not.toContain('iVBORw0KGgo');
    expect(transcript.metrics.unparsedCount).toBe(0);
    expect(out.filter((e) => e.meta?.kind === 'attachment').map((e) => [e.meta!.recordType, e.text])).toEqual([
      ['selected_lines_in_ide', 'const total = rows.length;\nreturn total;'],
      ['critical_system_reminder', 'Never push to the release branch.'],
      ['file', 'ship on Monday'],
      ['file', ''],
    ]);
  });
});

describe('claude-code /compact (recorded: a prompt, a resumed /compact, a resumed second prompt)', () => {
  const dir = new URL('../fixtures/claude-code/compact/', import.meta.url).pathname;

  it('marks the compaction and reads its summary as such, in the session file and in the stdout of the /compact run', async () => {
    const session = (await convertFile(`${dir}session.jsonl`)).transcript;
    const stream = (await convertFile(`${dir}stream-resume-1.jsonl`)).transcript;
    for (const transcript of [session, stream]) {
      expect(transcript.metrics.unparsedCount).toBe(0);
      const kinds = transcript.events.map((e) => e.meta?.kind);
      const boundary = kinds.indexOf('compaction');
      expect(boundary).toBeGreaterThanOrEqual(0);
      expect(transcript.events[boundary]!.meta).toMatchObject({ trigger: 'manual' });
      // the summary the model wrote follows the boundary, marked as the summary (stdout marks it only isSynthetic)
      const summary = transcript.events[boundary + 1]!;
      expect(summary.meta?.kind).toBe('compaction-summary');
      expect(summary.text).toContain('The user asked for a colour and the assistant answered Blue.');
    }
    // the conversation goes on after it: both prompts and both answers are there, in order
    expect(session.events.filter((e) => e.type === 'user_message' || e.type === 'assistant_message').map((e) => e.text)).toEqual([
      'COMPACT STEP ONE: name a colour.', 'Blue.', 'COMPACT STEP TWO: name a fruit.', 'An apple.',
    ]);
  });
});

describe('claude-code failed model requests that the CLI retries', () => {
  const dir = new URL('../fixtures/claude-code/api-retry/', import.meta.url).pathname;

  it('reads the recorded 529 and its retry as one error event in the session file and in the stream', async () => {
    for (const file of ['session.jsonl', 'stream.jsonl']) {
      const { transcript } = await convertFile(`${dir}${file}`);
      expect(transcript.metrics.unparsedCount).toBe(0);
      const errors = transcript.events.filter((e) => e.meta?.kind === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.meta).toMatchObject({ status: 529, attempt: 1, maxRetries: 10 });
      expect(errors[0]!.text).toMatch(/^API request failed.*529.*[Oo]verloaded.*; retry 1 of 10 in \d+ ms/);
      // the server's message is in the event, so it is not kept again as an unread field
      expect(transcript.events.filter((e) => e.meta?.kind === 'unread-field')).toEqual([]);
    }
  });

  it('reads a 2.0-era api_error, whose error is the serialized SDK error with the API body inside', async () => {
    const { events: out, transcript } = await events(
      user('refactor the parser'),
      line({ type: 'system', subtype: 'api_error', level: 'error', error: { status: 429, headers: {}, error: { type: 'error', error: { type: 'rate_limit_error', message: 'Too many requests' } } }, retryInMs: 2200, retryAttempt: 3, maxRetries: 10 }),
    );
    expect(transcript.metrics.unparsedCount).toBe(0);
    expect(out[1]!.text).toBe('API request failed: 429 rate_limit_error: Too many requests; retry 3 of 10 in 2200 ms');
    expect(out[1]!.meta).toEqual({ kind: 'error', subtype: 'api_error', status: 429, attempt: 3, maxRetries: 10, retryInMs: 2200 });
  });
});

describe('claude-code workflow journal (hand-written: a failed agent() call)', () => {
  it('maps started and failed, skips launched, and does not take a journal result for a stream result', async () => {
    const key = `v2:${'a'.repeat(64)}`;
    // read after its session, as a companion: a journal alone is no session and detects as nothing
    const { events: all, transcript } = await events(
      user('run the workflow'),
      JSON.stringify({ type: 'launched' }),
      JSON.stringify({ type: 'started', key, agentId: 'a1b2', label: 'review' }),
      JSON.stringify({ type: 'failed', key, agentId: 'a1b2' }),
      JSON.stringify({ type: 'result', key, agentId: '', result: { ok: false } }),
    );
    expect(transcript.metrics.unparsedCount).toBe(0);
    const out = all.slice(1);
    expect(out.map((e) => [e.type, e.meta?.kind ?? null, e.parentId ?? null])).toEqual([
      ['system', 'workflow-agent-started', 'agent-a1b2'], ['system', 'error', 'agent-a1b2'], ['system', 'workflow-agent-result', null],
    ]);
    expect(out[2]!.text).toBe('{"ok":false}');
  });
});

describe('claude-code 2.1.332 recordings', () => {
  const dir = (scenario: string) => new URL(`../fixtures/claude-code/${scenario}/`, import.meta.url).pathname;

  it('workflow-journal: the workflow agent and its journal are grouped under the Workflow call', async () => {
    const { transcript, result } = await convertFile(`${dir('workflow-journal')}session.jsonl`);
    expect(transcript.metrics.unparsedCount).toBe(0);
    const workflow = transcript.events.find((e) => e.type === 'tool_call' && e.tool?.name === 'Workflow')!;
    expect(workflow.tool!.kind).toBe('task');
    const child = transcript.events.filter((e) => e.parentId);
    expect(new Set(child.map((e) => e.parentId))).toEqual(new Set([workflow.tool!.callId]));
    expect(child.map((e) => e.tool?.name ?? e.meta?.kind ?? e.type)).toEqual(expect.arrayContaining(['Bash', 'workflow-agent-started', 'workflow-agent-result']));
    expect(child.find((e) => e.meta?.kind === 'workflow-agent-result')!.text).toBe('There are 3 entries in the current directory.');
    const types = Object.fromEntries(result.recordTypes);
    expect(types).toMatchObject({ launched: { skipped: 1 }, started: { mapped: 1 }, 'workflow-run-state': { skipped: 1 } });
  });

  it('worktree-relocated: each move of the session is one event, the re-stamped repeat is skipped', async () => {
    const { transcript } = await convertFile(`${dir('worktree-relocated')}session.jsonl`);
    expect(transcript.metrics.unparsedCount).toBe(0);
    expect(transcript.events.filter((e) => e.meta?.kind === 'relocated').map((e) => e.meta!.cwd)).toEqual([
      '/tmp/atx-sandbox/worktree-relocated/.claude/worktrees/feature', '/tmp/atx-sandbox/worktree-relocated',
    ]);
  });

  it('resume-branch: a resume at an earlier answer keeps both branches and marks the fork', async () => {
    const { transcript } = await convertFile(`${dir('resume-branch')}session.jsonl`);
    expect(transcript.metrics.unparsedCount).toBe(0);
    const shape = transcript.events.filter((e) => e.type !== 'system').map((e) => `${e.type}${e.meta?.kind ? `:${e.meta.kind}` : ''} ${e.text ?? ''}`.trim());
    expect(shape).toEqual([
      'user_message BRANCH STEP ONE: name a colour.', 'assistant_message Blue.',
      'user_message BRANCH STEP TWO: name a fruit.', 'assistant_message An apple.',
      expect.stringMatching(/^meta:rewind Rewound/),
      'user_message BRANCH STEP THREE: name an animal instead.', 'assistant_message A fox.',
    ]);
    const lines = readFileSync(`${dir('resume-branch')}session.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; uuid?: string; message?: unknown });
    const blue = lines.find((l) => l.type === 'assistant' && JSON.stringify(l.message).includes('Blue.'))!;
    expect(transcript.events.find((e) => e.meta?.kind === 'rewind')!.meta).toMatchObject({ branchFrom: blue.uuid });
  });

  it('subagent-2.0: agent-<id>.jsonl files beside the session are joined to it by a folder walk', async () => {
    const folder = dir('subagent-2.0');
    // the project folder as 2.0 leaves it: the session file and its subagents' files beside it
    const names = readdirSync(folder).filter((n) => n === 'session.jsonl' || /^agent-.*\.jsonl$/.test(n));
    const groups = claudeCode.groupSessionFiles!(names.map((n) => `p/${n}`));
    expect(groups).toEqual([['p/session.jsonl', ...names.filter((n) => n.startsWith('agent-')).map((n) => `p/${n}`)]]);
    const { text } = await convertToText({ main: fileInput(`${folder}session.jsonl`), companions: groups[0]!.slice(1).map((p) => fileInput(`${folder}${p.slice(2)}`)) });
    const transcript = JSON.parse(text) as Transcript;
    expect(transcript.metrics.unparsedCount).toBe(0);
    const task = transcript.events.find((e) => e.type === 'tool_call' && e.tool?.name === 'Task')!;
    const ran = transcript.events.filter((e) => e.parentId === task.tool!.callId);
    expect(ran.map((e) => e.tool?.name ?? e.type)).toEqual(['user_message', 'Bash', 'Bash', 'assistant_message']);
    // 2.0 warm-up subagents (one "Warmup" prompt each) belong to no call
    expect(transcript.events.filter((e) => e.text === 'Warmup').map((e) => e.parentId)).toEqual(expect.arrayContaining([expect.stringMatching(/^agent-a/)]));
  });

  it('groups 2.0 beside-agent files only when the folder holds one session', () => {
    expect(claudeCode.groupSessionFiles!(['p/a.jsonl', 'p/b.jsonl', 'p/agent-x.jsonl'])).toEqual([]);
    expect(claudeCode.groupSessionFiles!(['p/a.jsonl', 'p/a/subagents/workflows/wf_1/journal.jsonl', 'p/a/workflows/wf_1.json'])).toEqual([
      ['p/a.jsonl', 'p/a/subagents/workflows/wf_1/journal.jsonl', 'p/a/workflows/wf_1.json'],
    ]);
  });
});

describe('claude-code calls without an id (a log another tool wrote or cut)', () => {
  it('each tool_use without an id is a call of its own, answered in order by tool_result blocks without one', async () => {
    const { events: out, transcript } = await events(
      user('look around'),
      assistant('m1', [{ type: 'tool_use', name: 'Read', input: { file_path: '/w/a.ts' } }]),
      user([{ type: 'tool_result', content: 'text of a' }]),
      assistant('m2', [{ type: 'tool_use', name: 'Bash', input: { command: 'ls' } }]),
      user([{ type: 'tool_result', content: 'a.ts' }]),
    );
    const calls = out.filter((e) => e.type === 'tool_call');
    expect(calls.map((e) => e.tool!.name)).toEqual(['Read', 'Bash']);
    expect(calls[0]!.tool!.callId).not.toBe(calls[1]!.tool!.callId);
    expect(out.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.tool!.name, e.synthetic ?? false])).toEqual([
      [calls[0]!.tool!.callId, 'Read', false], [calls[1]!.tool!.callId, 'Bash', false],
    ]);
    expect(transcript.metrics.unparsedCount).toBe(0);
  });
});

describe('claude-code refusals (hand-written: the scripted server could send stop_reason refusal, but Claude Code replaces such a turn by its own error text in the versions recorded)', () => {
  it('marks an answer the API stopped as a refusal once, at its first line, however many lines repeat the stop reason', async () => {
    const refused = (content: unknown[]) => line({ type: 'assistant', message: { id: 'msg_r', role: 'assistant', model: 'claude-x', content, stop_reason: 'refusal', usage: { input_tokens: 10, output_tokens: 5 } } });
    const { events: out, transcript } = await events(
      user('write malware for me'),
      refused([{ type: 'text', text: 'I started to' }]),
      refused([{ type: 'text', text: ' answer but' }]),
      assistant('msg_ok', [{ type: 'text', text: 'Something else?' }]),
    );
    expect(transcript.metrics.unparsedCount).toBe(0);
    expect(out.map((e) => [e.type, e.meta?.kind ?? null])).toEqual([
      ['user_message', null], ['assistant_message', null], ['system', 'refusal'], ['assistant_message', null], ['assistant_message', null],
    ]);
    expect(out.find((e) => e.meta?.kind === 'refusal')!.nativeId).toBe('msg_r');
  });
});
