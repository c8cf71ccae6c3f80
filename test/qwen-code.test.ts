/**
 * Qwen Code: every real fixture (fixtures/qwen-code/<scenario>/, recorded from qwen 0.24.4 by
 * scripts/record-fixtures) converts faithfully, detection tells Qwen's forms from Claude Code's
 * both ways, and hand-written records cover what the recordings do not contain.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../adapters/index.js';
import { claudeCode } from '../adapters/claude-code/index.js';
import { qwenCode } from '../adapters/qwen-code/index.js';
import { detectFormat } from '../src/pipeline/detect.js';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { fileInput } from '../src/pipeline/sources.js';
import { convertBytes, convertFile, convertToText, detectionSample, fixtureCases, ROOT } from './helpers.js';

type ToolRow = [name: string, kind: string, status: string];

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as unknown);

/** the final answer Qwen printed in a stream's result record */
const resultText = (path: string) => (lines(path).filter((l) => (l as { type?: string }).type === 'result').at(-1) as { result: string }).result;
const FIXTURES = join(ROOT, 'fixtures', 'qwen-code');
const PLANTED_PROMPT = (JSON.parse(readFileSync(join(FIXTURES, 'planted-secrets', 'recording.json'), 'utf8')) as { scenario: { prompts: string[] } }).scenario.prompts;

/**
 * What each scenario asked and answered (scripts/record-fixtures/scenarios/qwen-code.mjs);
 * `streamTools` when stdout shows more calls than the chat file (a subagent's own calls).
 */
const SCENARIOS: Record<string, { prompts: string[]; answer: string; tools: ToolRow[]; streamTools?: ToolRow[] }> = {
  'plain-answer': { prompts: ['Say hello to the fixture recorder in one short sentence.'], answer: 'Hello, fixture recorder! This answer comes from a scripted model server.', tools: [] },
  thinking: { prompts: ['What is 17 * 23? Think it through first.'], answer: '17 * 23 = **391**.', tools: [] },
  'shell-tool': {
    prompts: ['List the files in this project using the shell, then tell me what you saw.'],
    answer: 'The project contains `README.md`, `hello.txt` and a `src/` folder.',
    tools: [['run_shell_command', 'shell', 'ok']],
  },
  'file-edit': {
    prompts: ['Create notes.txt with a short todo list, then change the first item.'],
    answer: 'Created `notes.txt` with two items and changed the first one to "buy oat milk".',
    tools: [['write_file', 'write', 'ok'], ['edit', 'edit', 'ok']],
  },
  'failing-tool': {
    prompts: ['Run ls on /nonexistent, then read missing.txt, and tell me what happened.'],
    answer: 'Both failed: `/nonexistent` does not exist (exit code 2) and there is no `missing.txt`.',
    tools: [['run_shell_command', 'shell', 'error'], ['read_file', 'read', 'error']],
  },
  'parallel-tools': {
    prompts: ['Read README.md and show the git log at the same time.'],
    answer: 'README.md describes the sandbox project, and the git log has a single commit: "initial commit".',
    tools: [['read_file', 'read', 'ok'], ['run_shell_command', 'shell', 'ok']],
  },
  'denied-tool': { prompts: ['Delete the build folder with rm -rf.'], answer: 'The command was not allowed, so I did not delete anything.', tools: [['run_shell_command', 'shell', 'denied']] },
  'multi-turn': {
    prompts: ['TURN-1: What is 2 + 2?', 'TURN-2: Save that answer to answer.txt with the shell.', 'TURN-3: Thanks. Say the answer in words.'],
    answer: 'Four.',
    tools: [['run_shell_command', 'shell', 'ok']],
  },
  subagent: {
    prompts: ['Ask a subagent to count the files in this project.'],
    answer: 'The subagent counted 3 entries in the project folder.',
    tools: [['agent', 'task', 'ok']],
    streamTools: [['run_shell_command', 'shell', 'ok'], ['agent', 'task', 'ok']],
  },
  'fork-subagent': {
    prompts: ['Fork yourself to count the files in this project.'],
    answer: 'A fork is counting the files and will report when it is done.',
    tools: [['agent', 'task', 'ok']],
  },
  compression: {
    prompts: ['COMPRESS-1: Show the first line of hello.txt with the shell.', 'COMPRESS-2: And what did the file say again?'],
    answer: 'hello.txt says "hello from the sandbox".',
    tools: [['run_shell_command', 'shell', 'ok']],
  },
  'sdk-permissions': {
    prompts: ['SDK-1: List the files with the shell.', 'SDK-2: Now delete the build folder with rm -rf.'],
    answer: 'I was not allowed to delete the build folder.',
    tools: [['run_shell_command', 'shell', 'ok'], ['run_shell_command', 'shell', 'denied']],
  },
  'planted-secrets': {
    // Qwen treats "@fixture-mail.net" in the e-mail address as an @-path and records the prompt with a space before it
    prompts: PLANTED_PROMPT.map((prompt) => prompt.replace('dana.fixture@', 'dana.fixture @')),
    answer: resultText(join(FIXTURES, 'planted-secrets', 'stream.jsonl')),
    tools: [['run_shell_command', 'shell', 'ok'], ['run_shell_command', 'shell', 'ok'], ['write_file', 'write', 'ok']],
  },
};

/** stdout of the later `--continue` runs holds only that run's prompt and answer */
const CONTINUED_RUNS: Record<string, { answer: string; tools: ToolRow[] }> = {
  'multi-turn/stream.jsonl': { answer: '2 + 2 = 4.', tools: [] },
  'multi-turn/stream-2.jsonl': { answer: 'Saved 4 to answer.txt.', tools: [['run_shell_command', 'shell', 'ok']] },
  'multi-turn/stream-3.jsonl': { answer: 'Four.', tools: [] },
  'compression/stream.jsonl': { answer: 'It says "hello from the sandbox".', tools: [['run_shell_command', 'shell', 'ok']] },
  'compression/stream-2.jsonl': { answer: resultText(join(FIXTURES, 'compression', 'stream-2.jsonl')), tools: [] },
  'compression/stream-3.jsonl': { answer: 'hello.txt says "hello from the sandbox".', tools: [] },
};

/** older releases' sets (`v<version>-<scenario>`) are checked apart, below */
const OLDER_RELEASE = /^v\d/;
const cases = fixtureCases().filter((c) => c.agent === 'qwen-code' && !OLDER_RELEASE.test(c.scenario));
const olderCases = fixtureCases().filter((c) => c.agent === 'qwen-code' && OLDER_RELEASE.test(c.scenario));
const isStream = (file: string) => /\/(stream[^/]*|sdk)\.jsonl$/.test(file);

async function transcriptOf(text: string): Promise<Transcript> {
  return JSON.parse((await convertBytes(text)).text) as Transcript;
}

describe('qwen-code fixtures', () => {
  it('covers every scenario, each with a chat file and stdout', () => {
    expect(readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory() && !OLDER_RELEASE.test(d.name)).map((d) => d.name).sort()).toEqual(Object.keys(SCENARIOS).sort());
    for (const scenario of Object.keys(SCENARIOS)) {
      const stdout = scenario === 'sdk-permissions' ? 'sdk.jsonl' : 'stream.jsonl';
      expect(cases.map((c) => c.name)).toEqual(expect.arrayContaining([`${scenario}/chat.jsonl`, `${scenario}/${stdout}`]));
    }
  });

  describe.each(cases)('$name', (c) => {
    it('converts with nothing unparsed, every call paired, prompt and answer kept, tool kinds right', async () => {
      const { transcript } = await convertFile(c.input);
      const events = transcript.events;
      const scenario = SCENARIOS[c.scenario]!;
      const expected = CONTINUED_RUNS[c.name] ?? scenario;
      expect(transcript.source.agent).toBe('qwen-code');
      expect(transcript.source.format).toBe(isStream(c.input) ? 'qwen-code/stream-json' : 'qwen-code/chat-jsonl');
      expect(transcript.source.agentVersion).toBe('0.24.4');
      expect(transcript.metrics.unparsedCount).toBe(0);
      expect(events.filter((e) => e.meta?.kind === 'unparsed')).toEqual([]);

      const calls = events.filter((e) => e.type === 'tool_call');
      const results = events.filter((e) => e.type === 'tool_result');
      expect(results.map((e) => e.tool!.callId).sort()).toEqual(calls.map((e) => e.tool!.callId).sort());
      const answered = c.name.endsWith('chat.jsonl') ? scenario.tools : CONTINUED_RUNS[c.name]?.tools ?? scenario.streamTools ?? scenario.tools;
      expect(results.map((e) => [e.tool!.name, e.tool!.kind, e.tool!.status])).toEqual(answered);

      const said = events.filter((e) => e.type === 'assistant_message').map((e) => e.text);
      expect(said).toContain(c.name.endsWith('chat.jsonl') ? scenario.answer : expected.answer);
      // a subagent's task prompt is a user message too, grouped under its agent call
      const prompts = events.filter((e) => e.type === 'user_message' && !e.parentId).map((e) => e.text);
      if (isStream(c.input)) {
        // qwen -p never prints the prompt: the gap is marked once, never invented
        expect(prompts).toEqual([]);
        const turns = lines(c.input).filter((l) => (l as { type?: string }).type === 'result').length;
        expect(events.filter((e) => e.meta?.kind === 'missing-user-prompt' && e.synthetic === true)).toHaveLength(turns);
      } else {
        expect(prompts).toEqual(scenario.prompts);
      }
    });
  });

  it('file edits carry the diff Qwen recorded, and shell results their exit code', async () => {
    const edit = (await convertFile(join(FIXTURES, 'file-edit', 'chat.jsonl'))).transcript;
    const [write, change] = edit.events.filter((e) => e.type === 'tool_result');
    expect(write!.tool!.files).toEqual([{ path: '/tmp/atx-sandbox-qwen/file-edit/notes.txt', action: 'write', diff: expect.stringContaining('+- buy milk') }]);
    expect(change!.tool!.files?.[0]?.diff).toContain('+- buy oat milk');
    const failing = (await convertFile(join(FIXTURES, 'failing-tool', 'stream.jsonl'))).transcript;
    expect(failing.events.find((e) => e.type === 'tool_result')!.tool!.exitCode).toBe(2);
  });

  it('SDK mode: the permission Qwen asked for is shown, and the call the client refused is denied', async () => {
    const { transcript } = await convertFile(join(FIXTURES, 'sdk-permissions', 'sdk.jsonl'));
    const asked = transcript.events.filter((e) => e.meta?.kind === 'permission-request');
    const denied = transcript.events.filter((e) => e.type === 'tool_result' && e.tool!.status === 'denied');
    expect(asked).toHaveLength(1);
    expect(denied.map((e) => e.tool!.callId)).toEqual([asked[0]!.meta!.callId]);
    expect(denied[0]!.tool!.output).toBe('[Operation Cancelled] Reason: The user said no.');
    expect(transcript.source.nativeSessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('thoughts become reasoning events, in both forms', async () => {
    for (const file of ['chat.jsonl', 'stream.jsonl', 'stream-partial.jsonl']) {
      const { transcript } = await convertFile(join(FIXTURES, 'thinking', file));
      expect(transcript.events.filter((e) => e.type === 'reasoning').map((e) => e.text), file).toEqual([
        '17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391. Double-check: 23 * 17 = 230 + 161 = 391.',
      ]);
    }
  });

  it('a partial stream cut before the final record still shows the text streamed so far', async () => {
    const all = readFileSync(join(FIXTURES, 'shell-tool', 'stream-partial.jsonl'), 'utf8').split('\n').filter((l) => l.trim());
    const lastAssistant = all.map((l) => (JSON.parse(l) as { type: string }).type).lastIndexOf('assistant');
    const { events } = await transcriptOf(all.slice(0, lastAssistant).join('\n'));
    expect(events.filter((e) => e.meta?.kind === 'incomplete').map((e) => e.text)).toEqual(['The project contains `README.md`, `hello.txt` and a `src/` folder.']);
  });

  it('a resumed session\'s stdout reports the running session total, which the Transcript keeps', async () => {
    const third = (await convertFile(join(FIXTURES, 'multi-turn', 'stream-3.jsonl'))).transcript;
    const result = lines(join(FIXTURES, 'multi-turn', 'stream-3.jsonl')).at(-1) as { usage: { input_tokens: number; output_tokens: number; cache_read_input_tokens: number } };
    expect(third.metrics.tokens).toEqual({ input: result.usage.input_tokens - result.usage.cache_read_input_tokens, output: result.usage.output_tokens, cacheRead: result.usage.cache_read_input_tokens });
  });
});

describe('qwen-code subagents', () => {
  const dir = join(FIXTURES, 'subagent', 'subagents');
  const sessionDir = join(dir, readdirSync(dir)[0]!);
  const companions = readdirSync(sessionDir).sort().map((file) => fileInput(join(sessionDir, file)));

  it('a subagent transcript read with its chat is grouped under the agent call, its calls paired, its meta file skipped', async () => {
    const { text, result } = await convertToText({ main: fileInput(join(FIXTURES, 'subagent', 'chat.jsonl')), companions });
    const transcript = JSON.parse(text) as Transcript;
    expect(transcript.metrics.unparsedCount).toBe(0);
    const agentCall = transcript.events.find((e) => e.type === 'tool_call' && e.tool!.name === 'agent')!;
    const inside = transcript.events.filter((e) => e.parentId === agentCall.tool!.callId);
    expect(inside.map((e) => e.type)).toEqual(['user_message', 'tool_call', 'tool_result', 'assistant_message']);
    expect(inside.at(-1)!.text).toBe('There are 3 entries in the project folder.');
    const calls = transcript.events.filter((e) => e.type === 'tool_call').map((e) => e.tool!.callId);
    expect(transcript.events.filter((e) => e.type === 'tool_result').map((e) => e.tool!.callId).sort()).toEqual(calls.sort());
    expect(result.recordTypes.get('subagent-meta')).toEqual(expect.objectContaining({ skipped: 1 }));
  });

  it('a fork\'s transcript: the inherited conversation is one meta event (the parent\'s chat holds those turns), its launch prompt is shown, all under the agent call', async () => {
    const forkDir = join(FIXTURES, 'fork-subagent', 'subagents');
    const forkSession = join(forkDir, readdirSync(forkDir)[0]!);
    const forkFiles = readdirSync(forkSession).sort().map((file) => fileInput(join(forkSession, file)));
    const { text } = await convertToText({ main: fileInput(join(FIXTURES, 'fork-subagent', 'chat.jsonl')), companions: forkFiles });
    const transcript = JSON.parse(text) as Transcript;
    expect(transcript.metrics.unparsedCount).toBe(0);
    const agentCall = transcript.events.find((e) => e.type === 'tool_call' && e.tool!.name === 'agent')!;
    const inside = transcript.events.filter((e) => e.parentId === agentCall.tool!.callId);
    expect(inside.map((e) => [e.type, e.meta?.kind ?? null])).toEqual([
      ['meta', 'subagent-bootstrap'], ['user_message', null], ['system', 'agent_launch_prompt'], ['tool_call', null], ['tool_result', null], ['assistant_message', null],
    ]);
    const forkLines = readFileSync(join(forkSession, readdirSync(forkSession).find((f) => f.endsWith('.jsonl'))!), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { subtype?: string; systemPayload?: { history?: unknown[]; displayText?: string } });
    const inherited = forkLines.find((l) => l.subtype === 'agent_bootstrap')!.systemPayload!.history!.length;
    expect(inside[0]!.meta).toEqual({ kind: 'subagent-bootstrap', via: 'fork', inheritedMessages: inherited });
    expect(inside[1]!.text).toBe('FORK-1: count the files in the project folder with the shell and report the number.');
    expect(inside[2]!.text).toBe(forkLines.find((l) => l.subtype === 'agent_launch_prompt')!.systemPayload!.displayText);
    expect(inside.at(-1)!.text).toBe('The fork counted 3 entries in the project folder.');
    // the parent hears of the fork's end as a notification, never as the user: the text the model got (with the fork's result), and the line the UI showed
    const [notice] = transcript.events.filter((e) => e.meta?.kind === 'notification');
    expect(notice!.text).toContain('<result>The fork counted 3 entries in the project folder.</result>');
    expect(notice!.meta!.displayText).toBe('Background agent "fork: Count project files" completed.');
  });

  it('finds the subagent folder of a chat in Qwen\'s own layout, and groups it in a folder walk', () => {
    expect(qwenCode.companionDirs!('/h/.qwen/projects/-w-app/chats/s1.jsonl')).toEqual(['/h/.qwen/projects/-w-app/subagents/s1']);
    expect(qwenCode.companionDirs!('/h/elsewhere/s1.jsonl')).toEqual([]);
    expect(qwenCode.groupSessionFiles!([
      'projects/-w-app/chats/s1.jsonl', 'projects/-w-app/chats/s2.jsonl',
      'projects/-w-app/subagents/s1/agent-general-purpose-c1.jsonl', 'projects/-w-app/subagents/s1/agent-general-purpose-c1.meta.json',
    ])).toEqual([['projects/-w-app/chats/s1.jsonl', 'projects/-w-app/subagents/s1/agent-general-purpose-c1.jsonl', 'projects/-w-app/subagents/s1/agent-general-purpose-c1.meta.json']]);
    expect(qwenCode.bookkeepingFiles!.test('usage/token-usage-2026-11.jsonl')).toBe(true);
  });
});

describe('detection tells Qwen Code from Claude Code, both ways', () => {
  const others = fixtureCases().filter((c) => c.agent !== 'qwen-code');

  it.each(cases)('$name is Qwen Code\'s, and Claude Code does not claim it', (c) => {
    const sample = lines(c.input).slice(0, 50);
    expect(claudeCode.detect(sample)).toBeNull();
    const outcome = detectFormat(ADAPTERS, sample);
    expect(outcome.kind === 'adapter' && `${outcome.adapter.id} ${outcome.format}`).toBe(`qwen-code ${isStream(c.input) ? 'qwen-code/stream-json' : 'qwen-code/chat-jsonl'}`);
  });

  it('a Qwen chat file without its first records (no init, no user prompt) is still Qwen\'s', () => {
    const sample = lines(join(FIXTURES, 'shell-tool', 'chat.jsonl')).slice(3);
    expect(claudeCode.detect(sample)).toBeNull();
    expect(qwenCode.detect(sample)?.format).toBe('qwen-code/chat-jsonl');
  });

  it(`no other agent's fixture (${others.length}) is claimed by Qwen Code`, () => {
    const claimed = others.filter((c) => qwenCode.detect(detectionSample(c.input)) !== null).map((c) => `${c.agent}/${c.name}`);
    expect(claimed).toEqual([]);
  });

  it('Claude Code still detects its own fixtures', () => {
    const missed = others.filter((c) => c.agent === 'claude-code').filter((c) => claudeCode.detect(detectionSample(c.input)) === null).map((c) => c.name);
    expect(missed).toEqual([]);
  });
});

describe('qwen-code adapter (hand-written records the recordings do not contain)', () => {
  let n = 0;
  const chat = (record: Record<string, unknown>) => JSON.stringify({
    uuid: `u${++n}`, parentUuid: n > 1 ? `u${n - 1}` : null, sessionId: 'sess-q', timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    provenance: 'system', cwd: '/w', version: '0.24.4', ...record,
  });
  const kinds = (events: TranscriptEvent[]) => events.map((e) => [e.type, e.meta?.kind ?? null]);

  it('maps the system records that carry content and skips resume bookkeeping by name', async () => {
    const { events, session, metrics } = await transcriptOf([
      chat({ type: 'user', provenance: 'real_user', message: { role: 'user', parts: [{ text: 'hi' }, { inlineData: { mimeType: 'image/png', data: 'aGVsbG8=' } }] } }),
      chat({ type: 'system', subtype: 'slash_command', systemPayload: { phase: 'invocation', rawCommand: '/about' } }),
      chat({ type: 'system', subtype: 'chat_compression', systemPayload: { info: { originalTokenCount: 9000, newTokenCount: 1200 } } }),
      chat({ type: 'system', subtype: 'rewind', systemPayload: { targetTurnIndex: 0 } }),
      chat({ type: 'system', subtype: 'custom_title', systemPayload: { customTitle: 'Fixing the tests', titleSource: 'manual' } }),
      chat({ type: 'system', subtype: 'file_history_snapshot', systemPayload: { snapshots: [] } }),
      chat({ type: 'user', subtype: 'notification', message: { role: 'user', parts: [{ text: '<task-notification>done</task-notification>' }] }, systemPayload: { displayText: 'Background agent finished' } }),
      chat({ type: 'assistant', provenance: 'assistant_output', model: 'qwen3-coder', message: { role: 'model', parts: [{ text: 'hello' }] }, usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 10, cachedContentTokenCount: 60, totalTokenCount: 110 } }),
    ].join('\n'));
    expect(kinds(events)).toEqual([
      ['user_message', null], ['system', 'slash_command'], ['meta', 'compaction'], ['meta', 'rewind'], ['system', 'notification'], ['assistant_message', null],
    ]);
    expect(events[0]!.attachments).toEqual([{ kind: 'image', mime: 'image/png', bytes: 5 }]);
    expect(events[4]!.text).toBe('<task-notification>done</task-notification>');
    expect(events[4]!.meta).toEqual({ kind: 'notification', displayText: 'Background agent finished' });
    expect(session.title).toBe('Fixing the tests');
    expect(metrics.tokens).toEqual({ input: 40, output: 10, cacheRead: 60 });
    expect(metrics.unparsedCount).toBe(0);
  });

  it('user records: a provenance other than real_user (notification-like, any subtype) is system, the human\'s mid-turn and spoken words stay user messages marked by subtype', async () => {
    const { events, metrics } = await transcriptOf([
      chat({ type: 'user', provenance: 'real_user', message: { role: 'user', parts: [{ text: 'refactor the parser' }] } }),
      chat({ type: 'user', subtype: 'mid_turn_user_message', provenance: 'real_user', message: { role: 'user', parts: [{ text: 'and keep the old API' }] }, systemPayload: { displayText: 'and keep the old API' } }),
      chat({ type: 'user', subtype: 'realtime_message', provenance: 'real_user', message: { role: 'user', parts: [{ text: 'stop after the tests pass' }] } }),
      chat({ type: 'user', subtype: 'loop_wakeup', provenance: 'system', message: { role: 'user', parts: [{ text: '<loop>tick</loop>' }] }, systemPayload: { displayText: 'Loop woke up' } }),
    ].join('\n'));
    expect(events.map((e) => [e.type, e.meta?.kind ?? null, e.text])).toEqual([
      ['user_message', null, 'refactor the parser'],
      ['user_message', 'mid_turn_user_message', 'and keep the old API'],
      ['user_message', 'realtime_message', 'stop after the tests pass'],
      ['system', 'loop_wakeup', '<loop>tick</loop>'],
    ]);
    expect(metrics.unparsedCount).toBe(0);
  });

  it('subagent transcript records 0.24.4 writes only for workflow retries and nested agents (hand-written from its transcript writer): a retry, a readiness flag, what the parent sent while it ran', async () => {
    const sub = { agentId: 'worker-c9', agentName: 'worker', isSidechain: true, provenance: undefined };
    const { text, result } = await convertBytes([
      chat({ ...sub, type: 'system', subtype: 'agent_retry', systemPayload: { attempt: 2 } }),
      chat({ ...sub, type: 'system', subtype: 'agent_session_ready', systemPayload: { callId: 'c10', subagentSessionReady: false } }),
      chat({ ...sub, type: 'user', message: { role: 'user', parts: [{ text: 'also check the docs folder' }] }, externalInputKind: 'message' }),
      chat({ type: 'system', subtype: 'managed_session_event_v1', systemPayload: {} }),
    ].join('\n'));
    const { events, metrics } = JSON.parse(text) as Transcript;
    const recordTypes = result.recordTypes;
    expect(events.map((e) => [e.type, e.meta?.kind ?? null, e.text])).toEqual([
      ['meta', 'retry', 'Subagent run retried (attempt 2)'],
      ['user_message', 'external-input', 'also check the docs folder'],
    ]);
    expect(events[1]!.meta).toEqual({ kind: 'external-input', inputKind: 'message' });
    expect(events.every((e) => e.parentId === 'agent-worker-c9')).toBe(true);
    expect(recordTypes.get('system/agent_session_ready')).toEqual(expect.objectContaining({ skipped: 1 }));
    expect(recordTypes.get('system/managed_session_event_v1')).toEqual(expect.objectContaining({ skipped: 1 }));
    expect(metrics.unparsedCount).toBe(0);
  });

  it('maps Gemini code execution parts (hand-written: Gemini auth only) to a call with the whole code and a result with its outcome, paired', async () => {
    const { events, metrics } = await transcriptOf([
      chat({ type: 'user', provenance: 'real_user', message: { role: 'user', parts: [{ text: 'sum 1..10' }] } }),
      chat({ type: 'assistant', provenance: 'assistant_output', uuid: 'a-1', message: { role: 'model', parts: [
        { executableCode: { language: 'PYTHON', code: 'print(sum(range(11)))' } },
        { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '55' } },
        { text: 'It is 55.' },
      ] } }),
    ].join('\n'));
    const tools = events.filter((e) => e.type === 'tool_call' || e.type === 'tool_result').map((e) => [e.type, e.tool!.name, e.tool!.input ?? e.tool!.output, e.tool!.status ?? null]);
    expect(tools).toEqual([
      ['tool_call', 'code_execution', { language: 'PYTHON', code: 'print(sum(range(11)))' }, null],
      ['tool_result', 'code_execution', '55', 'ok'],
    ]);
    const [call, result] = events.filter((e) => e.tool);
    expect(result!.tool!.callId).toBe(call!.tool!.callId);
    expect(events.filter((e) => e.meta?.kind === 'unmapped-part')).toEqual([]);
    expect(metrics.unparsedCount).toBe(0);
  });

  it('pairs through the shared tracker: a call whose id a later call reused, and a call never answered, each get a visible synthetic result', async () => {
    const call = (id: string, command: string) => chat({ type: 'assistant', provenance: 'assistant_output', message: { role: 'model', parts: [{ functionCall: { id, name: 'run_shell_command', args: { command } } }] } });
    const { events, metrics } = await transcriptOf([
      chat({ type: 'user', provenance: 'real_user', message: { role: 'user', parts: [{ text: 'check the tree' }] } }),
      call('q1', 'git status'),
      call('q1', 'git log -1'),
      chat({ type: 'tool_result', message: { role: 'user', parts: [{ functionResponse: { id: 'q1', name: 'run_shell_command', response: { output: 'abc123 fix parser' } } }] } }),
      call('q2', 'sleep 100'),
    ].join('\n'));
    const results = events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.synthetic ?? false, e.meta?.reason ?? null]);
    expect(results).toEqual([
      ['q1', false, null],
      ['q1', true, 'a later call reused this call\'s id before it was answered'],
      ['q2', true, 'the log ends before this call was answered'],
    ]);
    expect(metrics.unparsedCount).toBe(0);
  });

  it('calls without an id each get an id of their own: id-less results answer them by tool name and order, never each other', async () => {
    const call = (name: string, args: unknown) => chat({ type: 'assistant', provenance: 'assistant_output', message: { role: 'model', parts: [{ functionCall: { name, args } }] } });
    const result = (name: string, output: string) => chat({ type: 'tool_result', message: { role: 'user', parts: [{ functionResponse: { name, response: { output } } }] } });
    const { events, metrics } = await transcriptOf([
      chat({ type: 'user', provenance: 'real_user', message: { role: 'user', parts: [{ text: 'look around' }] } }),
      call('run_shell_command', { command: 'ls' }),
      call('read_file', { absolute_path: '/w/a.ts' }),
      result('read_file', 'text of a'),
      result('run_shell_command', 'a.ts'),
      call('run_shell_command', { command: 'sleep 9' }),
    ].join('\n'));
    const calls = events.filter((e) => e.type === 'tool_call').map((e) => [e.tool!.name, e.tool!.callId]);
    expect(new Set(calls.map(([, id]) => id)).size).toBe(3);
    const byId = new Map(calls.map(([name, id]) => [id, name]));
    const results = events.filter((e) => e.type === 'tool_result').map((e) => [byId.get(e.tool!.callId), e.tool!.output, e.synthetic ?? false]);
    expect(results).toEqual([['read_file', 'text of a', false], ['run_shell_command', 'a.ts', false], ['run_shell_command', '', true]]);
    expect(metrics.unparsedCount).toBe(0);
  });

  it('stdout: tool_use blocks without an id pair with id-less tool_result blocks in order, not all under one empty id', async () => {
    const base = { session_id: 'sess-s', uuid: 'x', parent_tool_use_id: null };
    const use = (name: string) => ({ ...base, type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', name, input: {} }] } });
    const back = (content: string) => ({ ...base, type: 'user', message: { role: 'user', content: [{ type: 'tool_result', content }] } });
    const { events, metrics } = await transcriptOf([
      { ...base, type: 'system', subtype: 'init', cwd: '/w', tools: [], model: 'qwen3-coder', permission_mode: 'default', qwen_code_version: '0.24.4' },
      use('read_file'), back('first'), use('list_directory'), back('second'),
    ].map((r) => JSON.stringify(r)).join('\n'));
    const calls = events.filter((e) => e.type === 'tool_call');
    expect(calls.map((e) => e.tool!.name)).toEqual(['read_file', 'list_directory']);
    expect(calls[0]!.tool!.callId).not.toBe(calls[1]!.tool!.callId);
    expect(events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.tool!.name, e.tool!.output])).toEqual([
      [calls[0]!.tool!.callId, 'read_file', 'first'], [calls[1]!.tool!.callId, 'list_directory', 'second'],
    ]);
    expect(metrics.unparsedCount).toBe(0);
  });

  it('reports a record type or subtype it does not know as unparsed, never drops it', async () => {
    const { events, metrics } = await transcriptOf([
      chat({ type: 'user', provenance: 'real_user', message: { role: 'user', parts: [{ text: 'hi' }] } }),
      chat({ type: 'system', subtype: 'brand_new_thing', systemPayload: {} }),
      chat({ type: 'checkpoint' }),
    ].join('\n'));
    expect(metrics.unparsedCount).toBe(2);
    expect(events.filter((e) => e.meta?.kind === 'unparsed')).toHaveLength(2);
  });

  it('stdout: system notices, a failed run and unknown stream events are kept visible', async () => {
    const base = { session_id: 'sess-s', uuid: 'x', parent_tool_use_id: null };
    const { events, metrics } = await transcriptOf([
      { ...base, type: 'system', subtype: 'init', cwd: '/w', tools: [], model: 'qwen3-coder', permission_mode: 'default', qwen_code_version: '0.24.4' },
      { ...base, type: 'system', subtype: 'retry', data: { reason: 'retry', attempt: 1, maxRetries: 3 } },
      { ...base, type: 'stream_event', event: { type: 'tool_progress', tool_use_id: 'c1', content: {} } },
      { ...base, type: 'stream_event', event: { type: 'something_new' } },
      { ...base, type: 'result', subtype: 'error_during_execution', is_error: true, duration_ms: 5, num_turns: 0, usage: { input_tokens: 0, output_tokens: 0 }, permission_denials: [], error: { message: 'Model stream ended with an empty response' } },
    ].map((r) => JSON.stringify(r)).join('\n'));
    expect(kinds(events)).toEqual([['system', 'init'], ['system', 'retry'], ['meta', 'unparsed'], ['system', 'error']]);
    expect(events[3]!.text).toBe('Model stream ended with an empty response');
    expect(metrics.unparsedCount).toBe(1);
  });
});

describe('qwen-code older releases (0.1.3: Gemini CLI\'s legacy chat document; 0.10.1: chat JSONL)', () => {
  it.each(olderCases)('$name is read as its release wrote it', async (c) => {
    const { transcript } = await convertFile(c.input);
    const version = c.scenario.replace(/^v([\d.]+)-.*$/, '$1');
    if (c.input.endsWith('chat.legacy.json')) {
      // 0.1.x: ~/.qwen/tmp/<project hash>/chats/session-*.json, messages typed `qwen`: Qwen Code's, not Gemini CLI's
      expect(transcript.source).toMatchObject({ agent: 'qwen-code', format: 'qwen-code/chat-json' });
      expect(transcript.events.filter((e) => e.type === 'assistant_message').length).toBeGreaterThan(0);
    } else if (c.input.endsWith('output.json')) {
      // `--output-format json` is Gemini CLI's object without its session_id; the model or a Qwen-only tool names the fork
      expect(transcript.source).toMatchObject({ agent: 'qwen-code', format: 'qwen-code/json' });
    } else {
      expect(transcript.source).toMatchObject({ agent: 'qwen-code', agentVersion: version, format: isStream(c.input) ? 'qwen-code/stream-json' : 'qwen-code/chat-jsonl' });
    }
    expect(transcript.metrics.unparsedCount).toBe(0);
  });

  it('a {response, stats} object is Qwen Code\'s only on evidence: no session_id, and a Qwen-only tool or a non-Gemini model', () => {
    const output = (models: string[], tools: string[], extra: Record<string, unknown> = {}) => ({
      response: 'Renamed the helper and updated both callers.',
      stats: {
        models: Object.fromEntries(models.map((m) => [m, { api: { totalRequests: 2 }, tokens: { prompt: 900, candidates: 40, total: 940 } }])),
        tools: { totalCalls: tools.length, totalSuccess: tools.length, totalFail: 0, byName: Object.fromEntries(tools.map((t) => [t, { count: 1 }])) },
      },
      ...extra,
    });
    const agentOf = (record: unknown) => {
      const outcome = detectFormat(ADAPTERS, [record]);
      return outcome.kind === 'adapter' ? `${outcome.adapter.id} ${outcome.format}` : outcome.kind;
    };
    expect(agentOf(output(['qwen3-coder-plus'], ['read_file']))).toBe('qwen-code qwen-code/json');
    expect(agentOf(output(['gemini-2.5-flash'], ['edit']))).toBe('qwen-code qwen-code/json');
    expect(agentOf(output(['gemini-2.5-flash'], ['replace', 'read_file']))).toBe('gemini-cli gemini-cli/json');
    expect(agentOf(output([], []))).toBe('gemini-cli gemini-cli/json');
    expect(agentOf(output(['some-proxy-model'], ['edit'], { session_id: 'f1e2d3c4' }))).toBe('gemini-cli gemini-cli/json');
  });

  it('a Gemini CLI legacy document is still Gemini CLI\'s', () => {
    const gemini = JSON.parse(readFileSync(join(ROOT, 'fixtures/gemini-cli/legacy-json/chat.legacy.json'), 'utf8')) as unknown;
    const outcome = detectFormat(ADAPTERS, [gemini]);
    expect(outcome.kind === 'adapter' && outcome.adapter.id).toBe('gemini-cli');
  });
});

