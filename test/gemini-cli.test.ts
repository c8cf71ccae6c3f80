/**
 * Gemini CLI adapter tests.
 *
 * 1. The document-form fixtures (`chat.legacy.json`, `output.json`) have their goldens checked by
 *    test/golden.test.ts like every fixture.
 * 2. The chat file and the live stream of the same recorded run convert to the same events,
 *    allowing for what one form lacks (named in `ALLOWANCES`).
 * 3. Hand-written records for what the recordings cannot contain (`$rewindTo` is written only by
 *    the interactive /rewind command; a re-append of an older message, `cancelled` calls, info and
 *    warning messages, @file prompts, images, subagent chats). Shapes follow the 0.61.0 source
 *    (ChatRecordingService) and ../shared/reference/agent-formats.md §6.
 */
import { existsSync, readdirSync, readFileSync, } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geminiCli } from '../adapters/gemini-cli/index.js';
import { identifyTool, statusFromChat, statusFromStream, usageOf } from '../adapters/gemini-cli/tools.js';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { facts } from './fixture-facts/gemini-cli.js';
import { fileInput } from '../src/pipeline/sources.js';
import { convertBytes, convertFile, convertToText, expectGolden, ROOT } from './helpers.js';

const FIXTURES = join(ROOT, 'fixtures', 'gemini-cli');

const scenarios = readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

// ---- 1. the .json fixtures' goldens are test/golden.test.ts's ----------------------------------

// ---- 1b. a recorded subagent chat joined to its parent's chat ---------------------------------

describe('gemini-cli subagent (recorded): the subagent chat read after its parent', () => {
  it('groups the subagent events under the invoke_agent call and matches its golden', async () => {
    const dir = join(FIXTURES, 'subagent');
    const parentDir = readdirSync(join(dir, 'chats'))[0]!;
    const subFile = join(dir, 'chats', parentDir, readdirSync(join(dir, 'chats', parentDir))[0]!);
    const { text } = await convertToText({ main: fileInput(join(dir, 'chat.jsonl')), companions: [fileInput(subFile)] });
    expectGolden(text, join(dir, 'chat.with-subagents.expected.json'));
    const transcript = JSON.parse(text) as Transcript;
    const invoke = transcript.events.find((e) => e.type === 'tool_call' && e.tool?.name === 'invoke_agent')!;
    const sub = transcript.events.filter((e) => e.parentId);
    expect(sub.length).toBeGreaterThan(0);
    expect(new Set(sub.map((e) => e.parentId))).toEqual(new Set([invoke.tool!.callId]));
    expect(transcript.session.title).toBeUndefined(); // the subagent's $set.summary is its result, not the title
    const calls = transcript.events.filter((e) => e.type === 'tool_call').map((e) => e.tool!.callId);
    const results = transcript.events.filter((e) => e.type === 'tool_result').map((e) => e.tool!.callId);
    expect([...results].sort()).toEqual([...calls].sort());
    const said = new Set(transcript.events.filter((e) => e.type === 'assistant_message').map((e) => e.text));
    for (const t of [...facts.assistantTexts(join(dir, 'chat.jsonl')), ...facts.assistantTexts(subFile)]) expect(said.has(t)).toBe(true);
    expect(transcript.metrics.unparsedCount).toBe(0);
  });
});

describe('gemini-cli subagent (recorded): the parent chat alone', () => {
  it('keeps what the invoking call shows of the subagent (its recent activity), under that call', async () => {
    const { transcript } = await convertFile(join(FIXTURES, 'subagent', 'chat.jsonl'));
    const invoke = transcript.events.find((e) => e.type === 'tool_call' && e.tool?.name === 'invoke_agent')!;
    const activity = transcript.events.filter((e) => e.meta?.kind === 'subagent-activity');
    expect(activity.map((e) => `${e.type} ${e.tool?.name} ${e.tool?.status ?? ''}`.trim())).toEqual([
      'tool_call run_shell_command', 'tool_result run_shell_command ok', 'tool_call complete_task', 'tool_result complete_task ok',
    ]);
    expect(new Set(activity.map((e) => e.parentId))).toEqual(new Set([invoke.tool!.callId]));
    expect(activity[0]!.tool!.input).toEqual({ command: 'ls | wc -l', description: 'Count files' });
    expect(activity.every((e) => e.type !== 'tool_result' || (e.synthetic === true && e.tool!.output === null))).toBe(true);
  });
});

// ---- 2. chat file and live stream of one run ---------------------------------------------------

/**
 * What one form has and the other lacks (checked, not guessed: each is asserted below).
 * - chat only: the `<session_context>` message the CLI injects (system/session-context), thought
 *   summaries (reasoning), token counts per message (usage), a rollback marker when the CLI drops
 *   a failed prompt from its history (meta/rollback), a subagent's activity as the invoking call's
 *   resultDisplay keeps it (meta.kind subagent-activity);
 * - stream only: the `init` line (system/init) and an error `result` (system/error);
 * - tool output: the chat keeps what the model was sent (functionResponse, e.g. wrapped in
 *   <untrusted_context> with "Exit Code: 2"), the stream what the user was shown (resultDisplay):
 *   not compared;
 * - shell exit codes are only in the chat, so a command that exits non-zero is `error` there and
 *   `ok` in the stream; a shell call's exitCode exists only in the chat;
 * - durations differ (the chat measures from the recorded model message, the stream from tool_use).
 */
const CHAT_ONLY = (e: TranscriptEvent) => (e.type === 'system' && e.meta?.kind === 'session-context') || e.type === 'reasoning'
  || (e.type === 'meta' && e.meta?.kind === 'rollback') || e.meta?.kind === 'subagent-activity'
  // a compression happens between runs and only the chat file records it
  || ['state-snapshot', 'snapshot-acknowledgement', 'compaction'].includes(String(e.meta?.kind));
const STREAM_ONLY = (e: TranscriptEvent) => e.type === 'system' && (e.meta?.kind === 'init' || e.meta?.kind === 'error');

function comparable(events: TranscriptEvent[], drop: (e: TranscriptEvent) => boolean, exitCodes?: Map<string, number>) {
  return events.filter((e) => !drop(e)).map((e) => ({
    type: e.type,
    text: e.text?.trim(),
    tool: e.tool && {
      name: e.tool.name, callId: e.tool.callId, kind: e.tool.kind, input: e.tool.input,
      status: e.tool.status === 'error' && exitCodes?.get(e.tool.callId) ? 'ok' : e.tool.status,
    },
  }));
}

/** the session's chat: the JSONL file, else the legacy document */
const chatOf = (scenario: string) => ['chat.jsonl', 'chat.legacy.json'].map((f) => join(FIXTURES, scenario, f)).find((f) => existsSync(f));

/** scenarios whose every run printed stream-json (api-error's second run printed --output-format json) */
const pairs = scenarios.filter((s) => {
  if (!chatOf(s)) return false;
  const recording = JSON.parse(readFileSync(join(FIXTURES, s, 'recording.json'), 'utf8')) as { runs: { command: string[] }[] };
  return recording.runs.every((run) => run.command.includes('stream-json'));
});

describe('gemini-cli: the chat file and the live stream of one run agree', () => {
  it.each(pairs)('%s', async (scenario) => {
    const chat = (await convertFile(chatOf(scenario)!)).transcript;
    // a resumed session's chat holds every run: join the runs' stdout
    const streams = ['stream.jsonl', 'stream-2.jsonl'].filter((f) => existsSync(join(FIXTURES, scenario, f)));
    const bytes = streams.map((f) => readFileSync(join(FIXTURES, scenario, f), 'utf8')).join('');
    const stream = JSON.parse((await convertBytes(bytes)).text) as Transcript;

    expect(chat.source.nativeSessionId).toBe(stream.source.nativeSessionId);
    expect(stream.events.filter(CHAT_ONLY)).toEqual([]);
    expect(chat.events.filter(STREAM_ONLY)).toEqual([]);
    expect(stream.events.some((e) => e.usage)).toBe(false);
    const exitCodes = new Map(chat.events.filter((e) => e.type === 'tool_result' && e.tool?.exitCode !== undefined).map((e) => [e.tool!.callId, e.tool!.exitCode!]));
    const fromChat = comparable(chat.events, CHAT_ONLY, exitCodes);
    const fromStream = comparable(stream.events, STREAM_ONLY);
    expect(fromChat).toEqual(fromStream);
  });
});

// ---- 3. hand-written edge cases ----------------------------------------------------------------

let tick = 0;
const at = () => new Date(Date.UTC(2026, 0, 1, 0, 0, ++tick)).toISOString();
const meta = (extra: Record<string, unknown> = {}) => ({ sessionId: 'sess-1', projectHash: 'abc', startTime: at(), lastUpdated: at(), kind: 'main', ...extra });
const user = (id: string, text: string, extra: Record<string, unknown> = {}) => ({ id, timestamp: at(), type: 'user', content: [{ text }], ...extra });
const gemini = (id: string, content: unknown, extra: Record<string, unknown> = {}) => ({
  id, timestamp: at(), type: 'gemini', content, thoughts: [], model: 'gemini-2.5-pro',
  tokens: { input: 100, output: 10, cached: 40, thoughts: 5, tool: 0, total: 115 }, ...extra,
});
const shellCall = (id: string, status: string, output: string, extra: Record<string, unknown> = {}) => ({
  id, name: 'run_shell_command', args: { command: 'make' }, status, timestamp: at(),
  result: [{ functionResponse: { id, name: 'run_shell_command', response: status === 'success' ? { output } : { error: output } } }],
  ...extra,
});

async function convert(records: unknown[]): Promise<{ events: TranscriptEvent[]; transcript: Transcript; types: Record<string, unknown> }> {
  const { text, result } = await convertBytes(records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const transcript = JSON.parse(text) as Transcript;
  return { events: transcript.events, transcript, types: Object.fromEntries(result.recordTypes) };
}

const shape = (events: TranscriptEvent[]) => events.map((e) => `${e.type}${e.meta?.kind ? `:${e.meta.kind}` : ''}${e.nativeId ? `@${e.nativeId}` : ''}`);

describe('gemini-cli chat JSONL (hand-written edge cases)', () => {
  it('$rewindTo: the abandoned messages stay where they happened, followed by a rewind marker', async () => {
    const { events } = await convert([
      meta(),
      user('u1', 'first question'),
      gemini('g1', 'first answer'),
      user('u2', 'second question'),
      gemini('g2', 'second answer'),
      { $rewindTo: 'u2' },
      user('u3', 'second question, asked again'),
      gemini('g3', 'a better answer'),
    ]);
    expect(shape(events)).toEqual([
      'user_message@u1', 'assistant_message@g1', 'user_message@u2', 'assistant_message@g2',
      'meta:rewind', 'user_message@u3', 'assistant_message@g3',
    ]);
    expect(events[4]!.meta).toMatchObject({ toMessageId: 'u2', found: true, count: 2, messageIds: ['u2', 'g2'] });
  });

  it('$rewindTo an id not in the log: like the CLI loader, the whole conversation is abandoned', async () => {
    const { events } = await convert([meta(), user('u1', 'q'), gemini('g1', 'a'), { $rewindTo: 'elsewhere' }, user('u2', 'again')]);
    expect(events[2]!.meta).toMatchObject({ kind: 'rewind', found: false, count: 2 });
  });

  it('a re-appended message replaces the held one: text once, tool call and result once, tokens once', async () => {
    const call = shellCall('c1', 'success', 'Output: built');
    const { events, transcript } = await convert([
      meta(),
      user('u1', 'build it'),
      gemini('g1', 'Building.', { tokens: undefined }),
      { $set: { lastUpdated: at() } },
      gemini('g1', 'Building.', { tokens: { input: 100, output: 10, cached: 40, thoughts: 5, tool: 0, total: 115 } }),
      gemini('g1', 'Building.', { toolCalls: [call] }),
      { id: 'u2', timestamp: at(), type: 'user', content: [{ functionResponse: { id: 'c1', name: 'run_shell_command', response: { output: 'Output: built' } } }] },
      gemini('g2', 'Done.', { tokens: { input: 200, output: 3, cached: 0, thoughts: 0, tool: 0, total: 203 } }),
    ]);
    expect(shape(events)).toEqual(['user_message@u1', 'assistant_message@g1', 'tool_call@g1', 'tool_result@g1', 'assistant_message@g2']);
    expect(events[1]!.usage).toEqual({ input: 60, output: 15, cacheRead: 40, reasoning: 5 });
    expect(events[3]!.tool).toMatchObject({ status: 'ok', exitCode: 0, output: 'Output: built' });
    expect(transcript.metrics.tokens).toEqual({ input: 260, output: 18, cacheRead: 40, reasoning: 5 });
  });

  it('a message re-appended after others emits only what it did not have (here: a second tool call)', async () => {
    const { events } = await convert([
      meta(),
      gemini('g1', 'Two steps.', { toolCalls: [shellCall('c1', 'success', 'Output: one')] }),
      user('u9', 'meanwhile'),
      gemini('g1', 'Two steps.', { toolCalls: [shellCall('c1', 'success', 'Output: one'), shellCall('c2', 'success', 'Output: two')] }),
    ]);
    expect(shape(events)).toEqual(['assistant_message@g1', 'tool_call@g1', 'tool_result@g1', 'user_message@u9', 'tool_call@g1', 'tool_result@g1']);
    expect(events.filter((e) => e.type === 'tool_call').map((e) => e.tool!.callId)).toEqual(['c1', 'c2']);
  });

  it('$set: a checkpoint without an emitted message is a rollback; one that is undone by the next checkpoint is not', async () => {
    const ctx = user('ctx', '<session_context>\nMy operating system is: linux\n- **Workspace Directories:**\n  - /work/app\n</session_context>');
    const rolledBack = await convert([meta(), { $set: { messages: [ctx] } }, user('u1', 'failing prompt'), { $set: { messages: [ctx], lastUpdated: at() } }]);
    expect(shape(rolledBack.events)).toEqual(['system:session-context@ctx', 'user_message@u1', 'meta:rollback']);
    expect(rolledBack.events[2]!.meta).toMatchObject({ count: 1, messageIds: ['u1'] });
    expect(rolledBack.transcript.session.environment).toEqual({ os: 'linux', cwd: '/work/app' });

    const resumed = await convert([
      meta(), { $set: { messages: [ctx] } }, user('u1', 'q'), gemini('g1', 'a'),
      meta(), { $set: { messages: [ctx] } }, { $set: { sessionId: 'sess-1' } },
      { $set: { messages: [ctx, user('u1', 'q'), gemini('g1', [{ text: 'a' }])] } },
      user('u2', 'next'),
    ]);
    expect(shape(resumed.events)).toEqual(['system:session-context@ctx', 'user_message@u1', 'assistant_message@g1', 'user_message@u2']);
  });

  it('$set: a checkpoint holding a <state_snapshot> (chat compression) is a compaction, the summary a system event', async () => {
    const { events } = await convert([
      meta(), user('u1', 'q1'), gemini('g1', 'a1'), user('u2', 'q2'), gemini('g2', 'a2'),
      { $set: { messages: [user('s1', '<state_snapshot>\n<overall_goal>answer</overall_goal>\n</state_snapshot>'), gemini('s2', 'Got it. Thanks for the additional context!', { tokens: undefined }), user('u2', 'q2'), gemini('g2', 'a2')] } },
      user('u3', 'q3'),
    ]);
    expect(shape(events)).toEqual([
      'user_message@u1', 'assistant_message@g1', 'user_message@u2', 'assistant_message@g2',
      'system:state-snapshot@s1', 'system:snapshot-acknowledgement@s2', 'meta:compaction', 'user_message@u3',
    ]);
    expect(events[6]!.meta).toMatchObject({ count: 2, messageIds: ['u1', 'g1'] });
  });

  it('$set: summary becomes the title, directories the cwd; a lastUpdated-only patch is counted as skipped', async () => {
    const { transcript, types } = await convert([meta(), { $set: { lastUpdated: at() } }, { $set: { summary: 'Fix the login bug' } }, { $set: { directories: ['/srv/app'] } }, user('u1', 'hi')]);
    expect(transcript.session.title).toBe('Fix the login bug');
    expect(transcript.session.environment.cwd).toBe('/srv/app');
    expect(types.$set).toEqual({ mapped: 2, skipped: 1, unknown: 0 });
  });

  it('statuses: cancelled by the user is denied, a policy denial is denied, a timeout is timeout, a non-zero exit is error', async () => {
    const { events } = await convert([
      meta(),
      gemini('g1', '', {
        toolCalls: [
          shellCall('c1', 'cancelled', 'User denied execution.'),
          shellCall('c2', 'error', 'Tool execution denied by policy.'),
          shellCall('c3', 'error', 'Command timed out after 300000ms'),
          shellCall('c4', 'success', 'Output: boom\nExit Code: 2'),
          shellCall('c5', 'cancelled', 'Operation cancelled'),
        ],
      }),
    ]);
    const status = Object.fromEntries(events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, [e.tool!.status, e.tool!.exitCode ?? null]]));
    expect(status).toEqual({ c1: ['denied', null], c2: ['denied', null], c3: ['timeout', null], c4: ['error', 2], c5: ['error', null] });
  });

  it('a functionResponse whose call the log never held is kept (with a synthetic call), counted mapped; a repeat of an answered one is not', async () => {
    const { events, types } = await convert([
      meta(),
      user('u1', 'look it up'),
      { id: 'u2', timestamp: at(), type: 'user', content: [{ functionResponse: { id: 'gone', name: 'read_file', response: { output: 'the config sets retries to five' } } }] },
      gemini('g1', 'Reading.', { toolCalls: [shellCall('c1', 'success', 'Output: fine')] }),
      { id: 'u3', timestamp: at(), type: 'user', content: [{ functionResponse: { id: 'c1', name: 'run_shell_command', response: { output: 'Output: fine' } } }] },
    ]);
    // the orphan waited a few records for its call (pairingEarlyResults), so it comes after g1
    expect(shape(events)).toEqual(['user_message@u1', 'assistant_message@g1', 'tool_call@g1', 'tool_result@g1', 'tool_call:missing-call', 'tool_result@u2']);
    expect(events[5]!.tool).toMatchObject({ callId: 'gone', name: 'read_file', kind: 'read', output: 'the config sets retries to five' });
    expect(types['user (function responses)']).toEqual({ mapped: 1, skipped: 1, unknown: 0 });
  });

  it('id-less calls: the functionResponse copy of an answered one is not an orphan; each pairs with its own result by tool and order', async () => {
    const idless = (name: string, output: string) => ({ name, args: {}, status: 'success', timestamp: at(), result: [{ functionResponse: { name, response: { output } } }] });
    const response = (id: string, name: string, output: string) => ({ id, timestamp: at(), type: 'user', content: [{ functionResponse: { name, response: { output } } }] });
    const { events, types } = await convert([
      meta(),
      user('u1', 'list and read'),
      gemini('g1', [{ functionCall: { name: 'list_directory', args: {} } }, { functionCall: { name: 'read_file', args: {} } }], { toolCalls: [idless('list_directory', 'a.ts b.ts'), idless('read_file', 'text of a')] }),
      response('u2', 'list_directory', 'a.ts b.ts'),
      response('u3', 'read_file', 'text of a'),
      response('u4', 'read_file', 'an answer to no call'),
    ]);
    const calls = events.filter((e) => e.type === 'tool_call');
    const results = events.filter((e) => e.type === 'tool_result');
    expect(calls.map((e) => [e.tool!.name, e.synthetic ?? false])).toEqual([['list_directory', false], ['read_file', false], ['read_file', true]]);
    expect(new Set(calls.map((e) => e.tool!.callId)).size).toBe(3);
    expect(results.map((e) => [e.tool!.callId, e.tool!.output])).toEqual([[calls[0]!.tool!.callId, 'a.ts b.ts'], [calls[1]!.tool!.callId, 'text of a'], [calls[2]!.tool!.callId, 'an answer to no call']]);
    expect(types['user (function responses)']).toEqual({ mapped: 1, skipped: 2, unknown: 0 });
  });

  it('$set memoryScratchpad (0.61: a digest of the tool calls already in the log) is not kept again as an unread field', async () => {
    const scratchpad = { version: 1, workflowSummary: 'run_shell_command -> replace | paths src/app.ts | validated', toolSequence: ['run_shell_command', 'replace'], touchedPaths: ['src/app.ts'], validationStatus: 'passed' };
    const { events, transcript } = await convert([meta(), user('u1', 'fix the app'), { $set: { summary: 'Fix the app', memoryScratchpad: scratchpad } }]);
    expect(shape(events)).toEqual(['user_message@u1']);
    expect(transcript.session.title).toBe('Fix the app');
    expect(transcript.metrics.unparsedCount).toBe(0);
  });

  it('a call still running when the log ends gets a synthetic, marked result', async () => {
    const { events } = await convert([meta(), gemini('g1', '', { toolCalls: [{ id: 'c1', name: 'run_shell_command', args: { command: 'sleep 99' }, status: 'executing', result: null }] })]);
    expect(shape(events)).toEqual(['tool_call@g1', 'tool_result:missing-tool-result']);
    expect(events[1]).toMatchObject({ synthetic: true, tool: { callId: 'c1', status: 'error', output: '' } });
  });

  it('info, warning and error messages are system events; @file prompts keep what was typed and what was sent', async () => {
    const { events } = await convert([
      meta(),
      { id: 'i1', timestamp: at(), type: 'info', content: 'Switched to fallback model' },
      { id: 'w1', timestamp: at(), type: 'warning', content: 'Loop detected' },
      { id: 'e1', timestamp: at(), type: 'error', content: 'Quota exceeded' },
      user('u1', 'Explain @a.ts', { content: [{ text: 'Explain @a.ts' }, { text: '\n--- Content from referenced files ---\nconst a = 1;' }], displayContent: [{ text: 'Explain @a.ts' }] }),
    ]);
    expect(shape(events)).toEqual(['system:info@i1', 'system:warning@w1', 'system:error@e1', 'user_message@u1', 'system:expanded-prompt@u1']);
    expect(events[3]!.text).toBe('Explain @a.ts');
    expect(events[4]!.text).toContain('const a = 1;');
  });

  it('images are described, never copied', async () => {
    const data = Buffer.alloc(300, 7).toString('base64');
    const { events } = await convert([meta(), { id: 'u1', timestamp: at(), type: 'user', content: [{ text: 'what is this?' }, { inlineData: { mimeType: 'image/png', data } }] }]);
    expect(events[0]!.attachments).toEqual([{ kind: 'image', mime: 'image/png', bytes: 300 }]);
    expect(JSON.stringify(events)).not.toContain(data.slice(0, 40));
  });

  it('thought parts in a rewritten content are reasoning only when the message has no thoughts list', async () => {
    const { events } = await convert([
      meta(),
      { $set: { messages: [gemini('g1', [{ text: '**Plan** do it', thought: true }, { text: 'Done.' }], { thoughts: undefined })] } },
      gemini('g2', 'Again.', { thoughts: [{ subject: 'Plan', description: 'do it again', timestamp: at() }] }),
    ]);
    expect(events.map((e) => [e.type, e.text])).toEqual([
      ['reasoning', '**Plan** do it'], ['assistant_message', 'Done.'], ['reasoning', '**Plan** do it again'], ['assistant_message', 'Again.'],
    ]);
  });

  it('a subagent chat read after its parent carries the invoking call as parentId', async () => {
    const { events } = await convert([
      meta(),
      gemini('g1', '', { toolCalls: [{ id: 'c1', name: 'invoke_agent', args: { agent_name: 'generalist' }, status: 'success', agentId: 'sub-1', result: [{ functionResponse: { id: 'c1', name: 'invoke_agent', response: { output: 'found it' } } }] }] }),
      meta({ sessionId: 'sub-1', kind: 'subagent', directories: ['/work/app'] }),
      user('su1', 'investigate'),
    ]);
    expect(events.map((e) => [e.type, e.parentId ?? null])).toEqual([['tool_call', null], ['tool_result', null], ['user_message', 'c1']]);
    expect(events[0]!.tool!.kind).toBe('task');
  });
});

describe('gemini-cli stream-json and json (hand-written edge cases)', () => {
  it('joins deltas, keeps a whole assistant message, maps warnings and an error result', async () => {
    const { events, transcript } = await convert([
      { type: 'init', timestamp: at(), session_id: 's1', model: 'gemini-2.5-pro' },
      { type: 'message', timestamp: at(), role: 'user', content: 'hi' },
      { type: 'message', timestamp: at(), role: 'assistant', content: 'Hel', delta: true },
      { type: 'message', timestamp: at(), role: 'assistant', content: 'lo.', delta: true },
      { type: 'error', timestamp: at(), severity: 'warning', message: 'Loop detection is slow' },
      { type: 'message', timestamp: at(), role: 'assistant', content: 'Whole message.' },
      { type: 'result', timestamp: at(), status: 'error', error: { type: 'FatalTurnLimitedError', message: 'Reached max session turns' }, stats: { total_tokens: 130, input_tokens: 100, output_tokens: 20, cached: 30, input: 70, duration_ms: 900, tool_calls: 0 } },
    ]);
    expect(events.map((e) => [e.type, e.text])).toEqual([
      ['system', 'Session started with model gemini-2.5-pro'], ['user_message', 'hi'], ['assistant_message', 'Hello.'],
      ['system', 'Loop detection is slow'], ['assistant_message', 'Whole message.'], ['system', 'Reached max session turns'],
    ]);
    expect(transcript.metrics.tokens).toEqual({ input: 70, output: 30, cacheRead: 30 });
    expect(transcript.metrics.durationMs).toBe(900);
    expect(transcript.metrics.errorCount).toBe(1);
  });

  it('stream-json: tool_use and tool_result lines without a tool_id pair in order, each call under an id of its own', async () => {
    const { events, transcript } = await convert([
      { type: 'init', timestamp: at(), session_id: 's1', model: 'm' },
      { type: 'tool_use', timestamp: at(), tool_name: 'read_file', parameters: { file_path: 'a.ts' } },
      { type: 'tool_result', timestamp: at(), status: 'success', output: 'text of a' },
      { type: 'tool_use', timestamp: at(), tool_name: 'run_shell_command', parameters: { command: 'ls' } },
      { type: 'tool_result', timestamp: at(), status: 'success', output: 'a.ts' },
    ]);
    const calls = events.filter((e) => e.type === 'tool_call');
    expect(calls[0]!.tool!.callId).not.toBe(calls[1]!.tool!.callId);
    expect(events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.tool!.name, e.tool!.output, e.synthetic ?? false])).toEqual([
      [calls[0]!.tool!.callId, 'read_file', 'text of a', false], [calls[1]!.tool!.callId, 'run_shell_command', 'a.ts', false],
    ]);
    expect(transcript.metrics.unparsedCount).toBe(0);
  });

  it('a policy_violation tool_result is denied', async () => {
    const { events } = await convert([
      { type: 'init', timestamp: at(), session_id: 's1', model: 'm' },
      { type: 'tool_use', timestamp: at(), tool_name: 'run_shell_command', tool_id: 't1', parameters: { command: 'rm -rf /' } },
      { type: 'tool_result', timestamp: at(), tool_id: 't1', status: 'error', output: 'Tool execution denied by policy.', error: { type: 'policy_violation', message: 'Tool execution denied by policy.' } },
    ]);
    expect(events[2]!.tool).toMatchObject({ status: 'denied', kind: 'shell', durationMs: 1000 });
  });

  it('json output of a failed run: no prompt (marked), the error as a system event', async () => {
    const { events } = await convert([{ session_id: 's1', error: { type: 'Error', message: 'quota exceeded', code: 429 } }]);
    expect(events.map((e) => [e.type, e.meta?.kind])).toEqual([['meta', 'missing-user-prompt'], ['system', 'error']]);
  });

  it('names tools, statuses and tokens', () => {
    expect(identifyTool('mcp_github_create_issue')).toEqual({ kind: 'mcp', mcp: { server: 'github', tool: 'create_issue' } });
    expect(identifyTool('github__create_issue')).toEqual({ kind: 'mcp', mcp: { server: 'github', tool: 'create_issue' } });
    expect(identifyTool('replace').kind).toBe('edit');
    expect(identifyTool('google_web_search').kind).toBe('web');
    expect(identifyTool('write_todos').kind).toBe('plan');
    expect(identifyTool('something_new').kind).toBe('other');
    expect(statusFromChat('error', 'Tool "x" not found', undefined)).toBe('error');
    expect(statusFromStream('error', 'tool_not_registered', 'Tool "x" not found')).toBe('error');
    expect(usageOf({ input: 10, output: 2, cached: 0, thoughts: 0, tool: 0, total: 12 })).toEqual({ input: 10, output: 2 });
  });
});

describe('gemini-cli detection and folder grouping', () => {
  it('detects every form from its first record, and leaves logs.json alone', () => {
    expect(geminiCli.detect([{ sessionId: 's', projectHash: 'h', startTime: 't', lastUpdated: 't', kind: 'main' }])?.format).toBe('gemini-cli/chat-jsonl');
    expect(geminiCli.detect([{ sessionId: 's', projectHash: 'h', messages: [] }])?.format).toBe('gemini-cli/chat-json');
    expect(geminiCli.detect([{ $set: { lastUpdated: 't' } }])?.format).toBe('gemini-cli/chat-jsonl');
    expect(geminiCli.detect([{ id: 'x', timestamp: 't', type: 'gemini', content: 'hi' }])?.format).toBe('gemini-cli/chat-jsonl');
    expect(geminiCli.detect([{ type: 'init', timestamp: 't', session_id: 's', model: 'm' }])?.format).toBe('gemini-cli/stream-json');
    expect(geminiCli.detect([{ session_id: 's', response: 'hi', stats: {} }])?.format).toBe('gemini-cli/json');
    expect(geminiCli.detect([[{ sessionId: 's', messageId: 0, type: 'user', message: 'hi', timestamp: 't' }]])).toBeNull();
    expect(geminiCli.detect([{ type: 'system', subtype: 'init', session_id: 's', model: 'm', claude_code_version: '2' }])).toBeNull();
  });

  it('groups a chat with its legacy twin and its subagents, and nothing else', () => {
    const groups = geminiCli.groupSessionFiles!([
      'tmp/app/chats/session-2026-01-01T10-00-abcd1234.jsonl',
      'tmp/app/chats/session-2026-01-01T10-00-abcd1234.json',
      'tmp/app/chats/abcd1234-5678-4000-8000-000000000000/sub-1.jsonl',
      'tmp/app/chats/session-2026-01-02T10-00-ffff0000.jsonl',
      'tmp/app/logs.json',
    ]);
    expect(groups).toEqual([[
      'tmp/app/chats/session-2026-01-01T10-00-abcd1234.jsonl',
      'tmp/app/chats/session-2026-01-01T10-00-abcd1234.json',
      'tmp/app/chats/abcd1234-5678-4000-8000-000000000000/sub-1.jsonl',
    ]]);
  });

  it('a legacy document read after its converted .jsonl adds nothing', async () => {
    const dir = join(FIXTURES, 'legacy-resumed');
    const alone = JSON.parse((await convertBytes(readFileSync(join(dir, 'chat.jsonl')))).text) as Transcript;
    const both = JSON.parse((await convertBytes(Buffer.concat([readFileSync(join(dir, 'chat.jsonl')), Buffer.from(JSON.stringify(JSON.parse(readFileSync(join(dir, 'chat.legacy.json'), 'utf8'))) + '\n')]))).text) as Transcript;
    expect(both.events).toEqual(alone.events);
  });
});

describe('gemini-cli unknown records', () => {
  it('a chat message of an unknown type and an unknown stream line are visible unparsed events, counted', async () => {
    const { events, types, transcript } = await convert([
      meta(),
      user('u1', 'hi'),
      { id: 'x1', timestamp: at(), type: 'compression', content: 'secret payload' },
      { type: 'telemetry', timestamp: at(), payload: 1 },
    ]);
    expect(shape(events)).toEqual(['user_message@u1', 'meta:unparsed', 'meta:unparsed']);
    expect(transcript.metrics.unparsedCount).toBe(2);
    expect(types['message/compression']).toEqual({ mapped: 0, skipped: 0, unknown: 1 });
    expect(types.telemetry).toEqual({ mapped: 0, skipped: 0, unknown: 1 });
    expect(JSON.stringify(events)).not.toContain('secret payload');
  });
});

describe('gemini-cli: messages with no id are converted, never dropped', () => {
  const stripIds = (value: unknown): unknown => {
    const document = structuredClone(value) as { messages?: Array<Record<string, unknown>> };
    for (const message of document.messages ?? []) delete message.id;
    return document;
  };

  it('in a legacy chat document', async () => {
    const path = join(ROOT, 'fixtures/gemini-cli/legacy-json/chat.legacy.json');
    const original = JSON.parse(readFileSync(path, 'utf8')) as { messages: unknown[] };
    const withIds = await convertBytes(JSON.stringify(original, null, 2));
    const without = await convertBytes(JSON.stringify(stripIds(original), null, 2));
    const texts = (text: string) => (JSON.parse(text) as Transcript).events.filter((e) => e.type !== 'meta').map((e) => `${e.type}:${e.text ?? ''}`);
    expect(original.messages.length).toBeGreaterThan(1);
    expect(texts(without.text)).toEqual(texts(withIds.text));
    expect((JSON.parse(without.text) as Transcript).metrics.unparsedCount).toBe(0);
    expect((JSON.parse(without.text) as Transcript).events.every((e) => e.nativeId === undefined || !e.nativeId.startsWith('(no id'))).toBe(true);
  });

  it('in a JSONL chat and in a $set checkpoint', async () => {
    const lines = readFileSync(join(ROOT, 'fixtures/gemini-cli/plain-answer/chat.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const stripped = lines.map((line) => {
      const copy = structuredClone(line);
      if (typeof copy.type === 'string' && 'content' in copy) delete copy.id;
      const set = copy.$set as { messages?: Array<Record<string, unknown>> } | undefined;
      for (const message of set?.messages ?? []) delete message.id;
      return copy;
    });
    expect(stripped.some((line, index) => line.id === undefined && lines[index]!.id !== undefined)).toBe(true);
    const before = JSON.parse((await convertBytes(lines.map((l) => JSON.stringify(l)).join('\n'))).text) as Transcript;
    const after = JSON.parse((await convertBytes(stripped.map((l) => JSON.stringify(l)).join('\n'))).text) as Transcript;
    const texts = (t: Transcript) => t.events.filter((e) => e.type === 'user_message' || e.type === 'assistant_message').map((e) => e.text);
    expect(texts(after)).toEqual(texts(before));
    expect(after.metrics.unparsedCount).toBe(0);
  });
});

describe('gemini-cli chat compression (recorded: 0.61.0, compressionThreshold 0.0001, compressed when the second prompt resumes the session)', () => {
  it('keeps the compressed turn, the <state_snapshot> that replaced it and a compaction mark, then the second turn', async () => {
    const { transcript } = await convertFile(join(FIXTURES, 'compression', 'chat.jsonl'));
    expect(transcript.metrics.unparsedCount).toBe(0);
    const kinds = transcript.events.map((e) => e.meta?.kind ?? e.type);
    const snapshot = kinds.indexOf('state-snapshot');
    const mark = kinds.indexOf('compaction');
    expect(snapshot).toBeGreaterThan(kinds.indexOf('tool_result'));
    expect(mark).toBeGreaterThan(snapshot);
    expect(transcript.events[snapshot]!.text).toContain('<overall_goal>Echo step 1 with the shell and report it.</overall_goal>');
    expect(transcript.events[mark]!.meta?.count).toBe(5);
    // what was compressed stays where it happened: both prompts, the call, its result and the answers
    expect(transcript.events.filter((e) => e.type === 'user_message').map((e) => e.text)).toEqual([
      'GEMINI COMPRESS: echo step 1 with the shell, then say what it printed.', 'GEMINI COMPRESS second prompt: say done.',
    ]);
    expect(transcript.events.filter((e) => e.type === 'tool_result')).toHaveLength(1);
    // the CLI's acknowledgement after the snapshot is not the model's answer
    expect(transcript.events.find((e) => e.meta?.kind === 'snapshot-acknowledgement')?.text).toBe('Got it. Thanks for the additional context!');
    expect(transcript.events.filter((e) => e.type === 'assistant_message').map((e) => e.text)).toEqual(['The shell printed "step 1".', 'Done.']);
  });
});

describe('gemini-cli code execution parts (hand-written: the scripted server can send them, but Gemini CLI does not enable the code execution tool, so a recording would show a model that was never offered it)', () => {
  it('maps executableCode and codeExecutionResult to a paired call (language, whole code, even one line) and result (outcome, output), once per re-appended message', async () => {
    const content = [
      { text: 'Let me compute it.' },
      { executableCode: { language: 'PYTHON', code: 'print(6*7)' } },
      { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '42\n' } },
      { executableCode: { language: 'PYTHON', code: 'while True: pass' } },
      { codeExecutionResult: { outcome: 'OUTCOME_DEADLINE_EXCEEDED' } },
      { text: ' The answer is 42.' },
    ];
    const { events, transcript } = await convert([meta(), user('u1', 'what is six times seven?'), gemini('g1', content), gemini('g1', content)]);
    expect(transcript.metrics.unparsedCount).toBe(0);
    const tools = events.filter((e) => e.type === 'tool_call' || e.type === 'tool_result').map((e) => [e.type, e.tool!.callId, e.tool!.input ?? e.tool!.output, e.tool!.status ?? null]);
    expect(tools).toEqual([
      ['tool_call', 'g1#code0', { language: 'PYTHON', code: 'print(6*7)' }, null],
      ['tool_result', 'g1#code0', '42\n', 'ok'],
      ['tool_call', 'g1#code2', { language: 'PYTHON', code: 'while True: pass' }, null],
      ['tool_result', 'g1#code2', '', 'timeout'],
    ]);
    expect(events.find((e) => e.type === 'tool_result')!.meta).toEqual({ kind: 'code-execution', outcome: 'OUTCOME_OK' });
    expect(events.filter((e) => e.type === 'assistant_message').map((e) => e.text)).toEqual(['Let me compute it. The answer is 42.']);
    expect(JSON.stringify(events)).not.toContain('executableCode part');
  });

  it('pairs by the parts\' ids when the API gives them, and a failed run is an error', async () => {
    const { events } = await convert([meta(), user('u1', 'q'), gemini('g2', [
      { executableCode: { id: 'ce-1', language: 'PYTHON', code: 'import os' } },
      { executableCode: { id: 'ce-2', language: 'PYTHON', code: '1/0' } },
      { codeExecutionResult: { id: 'ce-2', outcome: 'OUTCOME_FAILED', output: 'ZeroDivisionError' } },
      { codeExecutionResult: { id: 'ce-1', outcome: 'OUTCOME_OK', output: '' } },
    ])]);
    const results = events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.tool!.status, e.tool!.output]);
    expect(results).toEqual([['ce-2', 'error', 'ZeroDivisionError'], ['ce-1', 'ok', '']]);
  });
});
