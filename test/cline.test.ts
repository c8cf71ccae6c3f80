/**
 * Cline CLI adapter. The recorded fixtures (fixtures/cline/, real `cline` 3.0.65 against the
 * scripted Chat Completions server) are checked in all three native forms of every run: the
 * `--json` stdout, the saved `<id>.messages.json` and the session manifest `<id>.json`.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cline } from '../adapters/cline/index.js';
import type { Transcript, } from '../src/transcript/index.js';
import { convertBytes, convertFile, expectFaithful, expectGolden, ROOT, runCli, ofType, toolKinds, shellAndEditOutcomes } from './helpers.js';

const FIXTURES = join(ROOT, 'fixtures/cline');
const SCENARIOS = readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('handmade-') && !/^v\d/.test(d.name)).map((d) => d.name).sort();
/** older releases' sets (v<version>-<scenario>): Cline 2.x keeps VS Code task folders */
const OLDER = readdirSync(FIXTURES).filter((name) => /^v2\./.test(name)).sort();
const filesOf = (scenario: string) => readdirSync(join(FIXTURES, scenario));
const messagesFile = (scenario: string) => filesOf(scenario).find((f) => f.endsWith('.messages.json'))!;
const manifestFile = (scenario: string) => messagesFile(scenario).replace(/\.messages\.json$/, '.json');
const recording = (scenario: string) => JSON.parse(readFileSync(join(FIXTURES, scenario, 'recording.json'), 'utf8')) as { scenario: { prompt: string }; version: string; sessionId: string };

interface StoredMessage { role: string; content: Array<{ type: string; text?: string; name?: string }>; metadata?: { displayRole?: string } }
const storedMessages = (scenario: string) => (JSON.parse(readFileSync(join(FIXTURES, scenario, messagesFile(scenario)), 'utf8')) as { messages: StoredMessage[] }).messages;
const stdoutLines = (scenario: string) => readFileSync(join(FIXTURES, scenario, 'stdout.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { type: string; event?: { type?: string; contentType?: string; text?: string } });


/** the tools each scenario's script calls, with the kind each must get */
const EXPECTED_KINDS: Record<string, Record<string, string>> = {
  'plain-answer': {},
  'shell-tool': { run_commands: 'shell' },
  'file-edit': { read_files: 'read', editor: 'edit' },
  'failing-tool': { run_commands: 'shell', read_files: 'read', editor: 'edit' },
  'parallel-tools': { read_files: 'read', run_commands: 'shell' },
  'planted-secrets': { run_commands: 'shell', editor: 'edit' },
  reasoning: {},
  'model-error': { run_commands: 'shell' },
};
/** scenarios whose run fails on purpose: no answer, an error instead */
const FAILING_RUNS = new Set(['model-error']);


describe('cline recorded fixtures', () => {
  it('has the scenarios it was recorded with', () => {
    expect(SCENARIOS).toEqual(['failing-tool', 'file-edit', 'model-error', 'parallel-tools', 'plain-answer', 'planted-secrets', 'reasoning', 'shell-tool']);
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario}/stdout.jsonl: nothing unparsed, calls paired, answers present, the missing prompt marked`, async () => {
      const { transcript: t } = await convertFile(join(FIXTURES, scenario, 'stdout.jsonl'));
      expect(t.source.format).toBe('cline/json');
      expectFaithful(t, 'cline');
      const answers = stdoutLines(scenario).filter((l) => l.type === 'agent_event' && l.event?.type === 'content_end' && l.event.contentType === 'text').map((l) => l.event!.text);
      if (FAILING_RUNS.has(scenario)) expect(t.metrics.errorCount).toBeGreaterThan(0);
      else expect(answers.length).toBeGreaterThan(0);
      expect(ofType(t, 'assistant_message').map((e) => e.text)).toEqual(answers);
      expect(ofType(t, 'user_message')).toEqual([]);
      expect(t.events.filter((e) => e.meta?.kind === 'missing-user-prompt')).toHaveLength(1);
      expect(toolKinds(t)).toEqual(EXPECTED_KINDS[scenario]);
    });

    it(`${scenario}/<id>.messages.json: nothing unparsed, calls paired, prompt and answers present`, async () => {
      const { transcript: t } = await convertFile(join(FIXTURES, scenario, messagesFile(scenario)));
      expect(t.source.format).toBe('cline/messages-json');
      expect(t.source.nativeSessionId).toBe(recording(scenario).sessionId);
      expect(t.source.agentVersion).toBe(recording(scenario).version);
      expectFaithful(t, 'cline');
      expect(ofType(t, 'user_message').map((e) => e.text)).toEqual([recording(scenario).scenario.prompt]);
      const answers = storedMessages(scenario).filter((m) => m.role === 'assistant' && !m.metadata?.displayRole).flatMap((m) => m.content.filter((b) => b.type === 'text').map((b) => b.text));
      if (FAILING_RUNS.has(scenario)) expect(t.metrics.errorCount).toBeGreaterThan(0);
      else expect(answers.length).toBeGreaterThan(0);
      expect(ofType(t, 'assistant_message').map((e) => e.text)).toEqual(answers);
      expect(toolKinds(t)).toEqual(EXPECTED_KINDS[scenario]);
      expect(t.metrics.tokens?.output).toBeGreaterThan(0);
    });

    it(`${scenario}/<id>.json alone: the prompt, and the conversation said to be elsewhere`, async () => {
      const { transcript: t } = await convertFile(join(FIXTURES, scenario, manifestFile(scenario)));
      expect(t.source.format).toBe('cline/session-json');
      expect(t.metrics.unparsedCount).toBe(0);
      expect(ofType(t, 'user_message').map((e) => e.text)).toEqual([recording(scenario).scenario.prompt]);
      expect(t.events.filter((e) => e.meta?.kind === 'missing-conversation')).toHaveLength(1);
      expect(t.session.environment?.cwd).toMatch(/atx-sandbox-cline/);
    });
  }

  it('model-error: the run\'s error, saved as a display-only assistant message, is a system error in the file as on stdout, never the model\'s words', async () => {
    const error = storedMessages('model-error').find((m) => m.metadata?.displayRole === 'error')!;
    expect(error.role).toBe('assistant');
    const message = error.content[0]!.text!;
    const saved = (await convertFile(join(FIXTURES, 'model-error', messagesFile('model-error')))).transcript;
    const stdout = (await convertFile(join(FIXTURES, 'model-error', 'stdout.jsonl'))).transcript;
    for (const t of [saved, stdout]) {
      expect(ofType(t, 'assistant_message')).toEqual([]);
      expect(t.events.filter((e) => e.type === 'system' && e.meta?.kind === 'error').map((e) => e.text)).toEqual([message]);
      expect(ofType(t, 'tool_result').map((e) => e.tool!.status)).toEqual(['ok']);
    }
    expect(saved.events.at(-1)!.meta).toMatchObject({ kind: 'error', recordType: 'message/assistant', displayRole: 'error', displayOnly: true });
  });

  it('failing-tool: each failure is an error result, the shell one with its exit code', async () => {
    for (const file of ['stdout.jsonl', messagesFile('failing-tool')]) {
      const { transcript: t } = await convertFile(join(FIXTURES, 'failing-tool', file));
      const results = ofType(t, 'tool_result').map((e) => [e.tool!.name, e.tool!.status, e.tool!.exitCode]);
      expect(results).toEqual([['run_commands', 'error', 2], ['read_files', 'error', undefined], ['editor', 'error', undefined]]);
    }
  });

  it('reasoning: streamed in pieces, kept whole and before the answer it led to, in both forms', async () => {
    for (const file of ['stdout.jsonl', messagesFile('reasoning')]) {
      const { transcript: t } = await convertFile(join(FIXTURES, 'reasoning', file));
      const said = t.events.filter((e) => e.type === 'reasoning' || e.type === 'assistant_message').map((e) => [e.type, e.text]);
      expect(said).toEqual([['reasoning', '17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391.'], ['assistant_message', '17 * 23 = **391**.']]);
      expect(t.events.filter((e) => e.meta?.kind === 'incomplete')).toEqual([]);
    }
  });

  it('parallel-tools: two calls of one message, each answered', async () => {
    for (const file of ['stdout.jsonl', messagesFile('parallel-tools')]) {
      const { transcript: t } = await convertFile(join(FIXTURES, 'parallel-tools', file));
      expect(ofType(t, 'tool_result').map((e) => [e.tool!.name, e.tool!.status])).toEqual([['read_files', 'ok'], ['run_commands', 'ok']]);
    }
  });

  it('shell-tool and file-edit: successful calls are ok, and name the files they touch', async () => {
    const outcomes = await shellAndEditOutcomes(join(FIXTURES, 'shell-tool', messagesFile('shell-tool')), join(FIXTURES, 'file-edit', 'stdout.jsonl'));
    expect(outcomes).toEqual({ shell: [['ok', 0]], edit: ['ok'], files: [['read hello.txt'], ['edit hello.txt'], ['edit NOTES.md']] });
  });

  it('a session folder converts to one Transcript: the messages file, with the manifest beside it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'atx-cline-home-'));
    try {
      const id = recording('file-edit').sessionId;
      const dir = join(home, '.cline', 'data', 'sessions', id);
      mkdirSync(dir, { recursive: true });
      for (const file of [messagesFile('file-edit'), manifestFile('file-edit')]) cpSync(join(FIXTURES, 'file-edit', file), join(dir, file));
      mkdirSync(join(home, '.cline', 'data', 'db'), { recursive: true });
      writeFileSync(join(home, '.cline', 'data', 'db', 'sessions.db'), 'SQLite format 3\u0000');
      const run = await runCli(['convert', join(home, '.cline', 'data'), '--format', 'jsonl']);
      expect(run.code, run.stderr).toBe(0);
      const transcripts = run.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Transcript);
      expect(transcripts.map((t) => [t.source.format, t.source.nativeSessionId, t.metrics.unparsedCount])).toEqual([['cline/messages-json', id, 0]]);
      expect(transcripts[0]!.session.environment?.cwd).toMatch(/atx-sandbox-cline\/file-edit$/);
      expect(ofType(transcripts[0]!, 'user_message')).toHaveLength(1);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('groups <id>.messages.json with its manifest, and leaves other files alone', () => {
    expect(cline.groupSessionFiles!(['s/a/a.messages.json', 's/a/a.json', 's/b/b.messages.json', 'settings/providers.json'])).toEqual([['s/a/a.messages.json', 's/a/a.json'], ['s/b/b.messages.json']]);
  });
});

describe('cline saved messages the runtime writes itself (shapes from @cline/core and @cline/agents 0.0.86; no offline run produces them)', () => {
  // a compaction needs a context window overflow or /compact in the interactive CLI; hook contexts need a hook script's output
  const document = (messages: unknown[]) => JSON.stringify({ version: 1, updated_at: '2026-01-01T00:00:00Z', agent: 'lead', sessionId: 's1', origin: { source: 'cli', mode: 'act', version: '3.0.65' }, messages });
  it('a compaction summary, the kept first message marked by a compaction, a hook context and a runtime notice are not user prompts', async () => {
    const { text } = await convertBytes(document([
      { id: 'm1', role: 'user', content: [{ type: 'text', text: '<user_input mode="act">fix the build</user_input>' }], ts: 1, metadata: { kind: 'compaction', reason: 'auto_compaction', displayRole: 'system', messagesRemoved: 12, userRunSpan: 1 } },
      { role: 'user', content: [{ type: 'text', text: 'Context summary:\n\nThe build failed on a missing import; fixed in src/a.ts.' }], metadata: { kind: 'compaction_summary', displayRole: 'system', userRunSpan: 1, summary: 'The build failed…', tokensBefore: 91000 } },
      { id: 'm2', role: 'user', content: [{ type: 'text', text: 'Hook PreToolUse said: the lint step is mandatory' }], ts: 2, metadata: { userRunSpan: 0, displayRole: 'system' } },
      { id: 'm3', role: 'user', content: [{ type: 'text', text: 'You have not called attempt_completion yet.' }], ts: 3, metadata: { kind: 'completion_reminder', userRunSpan: 0 } },
      { id: 'm4', role: 'assistant', content: [{ type: 'text', text: 'Done: the build passes.' }], ts: 4, modelInfo: { id: 'm', provider: 'p' } },
    ]), { from: 'cline' });
    const t = JSON.parse(text) as Transcript;
    expect(t.events.map((e) => [e.type, e.meta?.kind ?? null, e.text])).toEqual([
      ['meta', 'compaction', 'Context compacted (auto_compaction): 12 messages removed'],
      ['user_message', 'prompt', 'fix the build'],
      ['system', 'compaction-summary', 'Context summary:\n\nThe build failed on a missing import; fixed in src/a.ts.'],
      ['system', 'runtime-message', 'Hook PreToolUse said: the lint step is mandatory'],
      ['system', 'runtime-message', 'You have not called attempt_completion yet.'],
      ['assistant_message', null, 'Done: the build passes.'],
    ]);
    expect(t.events[2]!.meta).toMatchObject({ nativeKind: 'compaction_summary', tokensBefore: 91000 });
    expect(t.events[4]!.meta).toMatchObject({ nativeKind: 'completion_reminder' });
    expect(t.metrics.unparsedCount).toBe(0);
  });
});

describe('cline stdout records no fixture holds (shapes from @cline/shared 0.0.86 and the CLI)', () => {
  const line = (event: Record<string, unknown>) => JSON.stringify({ ts: '2026-01-01T00:00:00.000Z', type: 'agent_event', event });
  it('maps reasoning, notices, errors, run_start and aborts; an unknown event is visible', async () => {
    const input = [
      JSON.stringify({ ts: '2026-01-01T00:00:00.000Z', type: 'run_start', providerId: 'openai', modelId: 'm1', sessionId: 's1' }),
      line({ type: 'content_start', contentType: 'reasoning', reasoning: 'thin', accumulated: 'thin' }),
      line({ type: 'content_end', contentType: 'reasoning', reasoning: 'thinking hard' }),
      line({ type: 'notice', noticeType: 'recovery', message: 'retrying after an API error', reason: 'api_error' }),
      line({ type: 'notice', noticeType: 'status', displayRole: 'status', message: 'context window exceeded — compacting and retrying', metadata: { kind: 'context_overflow_recovery', reason: 'context_overflow_recovery', phase: 'started', iteration: 2 } }),
      line({ type: 'error', error: { message: 'rate limited' }, recoverable: true, iteration: 1 }),
      line({ type: 'content_start', contentType: 'tool', toolName: 'mcp__srv__ping', toolCallId: 't1', input: {} }),
      line({ type: 'content_end', contentType: 'tool', toolName: 'mcp__srv__ping', toolCallId: 't1', error: 'Tool execution was denied by the user' }),
      JSON.stringify({ ts: '2026-01-01T00:00:01.000Z', type: 'run_aborted', reason: 'local_abort', message: 'aborted by user' }),
      line({ type: 'brand_new' }),
    ].join('\n');
    const { text } = await convertBytes(input, { from: 'cline' });
    const t = JSON.parse(text) as Transcript;
    expect(t.source.nativeSessionId).toBe('s1');
    expect(ofType(t, 'reasoning').map((e) => e.text)).toEqual(['thinking hard']);
    expect(ofType(t, 'system').map((e) => e.text)).toEqual(['retrying after an API error', 'context window exceeded — compacting and retrying', 'rate limited', 'aborted by user']);
    expect(ofType(t, 'system').slice(0, 2).map((e) => e.meta)).toEqual([{ kind: 'notice/recovery', reason: 'api_error' }, { kind: 'notice/status', reason: 'context_overflow_recovery' }]);
    expect(ofType(t, 'tool_call').map((e) => e.tool!.kind)).toEqual(['mcp']);
    expect(ofType(t, 'tool_result').map((e) => e.tool!.status)).toEqual(['denied']);
    expect(t.metrics.unparsedCount).toBe(1);
  });

  it('detects each form, and not another agent\'s lines', () => {
    expect(cline.detect([{ ts: '2026-01-01T00:00:00Z', type: 'agent_event', event: { type: 'iteration_start', iteration: 1 } }])?.format).toBe('cline/json');
    expect(cline.detect([{ version: 1, sessionId: 's', agent: 'lead', origin: { source: 'cli' }, messages: [] }])?.format).toBe('cline/messages-json');
    expect(cline.detect([{ version: 1, session_id: 's', started_at: '2026-01-01T00:00:00Z', messages_path: '/x/s.messages.json' }])?.format).toBe('cline/session-json');
    expect(cline.detect([{ type: 'assistant', sessionId: 's', message: { content: [] } }])).toBeNull();
    expect(cline.detect([{ timestamp: '2026-01-01T00:00:00Z', type: 'event_msg', payload: { type: 'agent_message' } }])).toBeNull();
  });
});

describe('cline VS Code task folders (handmade-vscode-task, shapes from the extension\'s source)', () => {
  const TASK = join(FIXTURES, 'handmade-vscode-task/1795701200000');
  const convertPath = async (path: string) => {
    const run = await runCli(['convert', path]);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as Transcript;
  };

  it('converts the folder: nothing unparsed, calls paired, prompt and feedback unwrapped, usage and notices kept', async () => {
    const t = await convertPath(TASK);
    expect(t.source).toMatchObject({ agent: 'cline', format: 'cline/task-folder', nativeSessionId: '1795701200000' });
    expect(t.metrics.unparsedCount).toBe(0);
    const calls = ofType(t, 'tool_call').map((e) => e.tool!.callId);
    expect(ofType(t, 'tool_result').map((e) => e.tool!.callId)).toEqual(calls);
    expect(t.events.filter((e) => e.synthetic === true)).toEqual([]);
    expect(ofType(t, 'user_message').map((e) => e.text)).toEqual([
      'Add a --dry-run flag to scripts/restock.py that prints the orders instead of sending them.',
      'Don\'t run it against north, use the test store.',
    ]);
    expect(ofType(t, 'assistant_message').map((e) => e.text)).toEqual(['Let me read the script first.', 'I\'ll add the flag and guard the send.', 'Now I\'ll run it in dry-run mode to check the output.']);
    expect(toolKinds(t)).toEqual({ read_file: 'read', replace_in_file: 'edit', execute_command: 'shell', attempt_completion: 'other' });
    expect(ofType(t, 'tool_result').map((e) => e.tool!.status)).toEqual(['ok', 'ok', 'denied', 'ok', 'ok']);
    expect(t.metrics.tokens).toEqual({ input: 3170, output: 626, cacheRead: 10120, cacheWrite: 2650 });
    expect(t.session.models).toEqual(['claude-sonnet-4-5']);
    // the panel's notices land where they happened, between the conversation's events
    const notices = t.events.filter((e) => e.meta?.kind?.startsWith('panel-'));
    expect(notices.map((e) => e.meta!.kind)).toEqual(['panel-say-command_permission_denied', 'panel-say-error']);
    expect(notices.map((e) => e.seq).every((seq) => seq < t.events.length)).toBe(true);
  });

  it('reads one of its files as the whole folder, and names Roo Code and Kilo Code by their extension folder', async () => {
    const fromFile = await convertPath(join(TASK, 'api_conversation_history.json'));
    expect(fromFile.events.length).toBe((await convertPath(TASK)).events.length);
    const home = mkdtempSync(join(tmpdir(), 'atx-cline-task-'));
    try {
      for (const [extension, agent] of [['rooveterinaryinc.roo-cline', 'roo-code'], ['kilocode.kilo-code', 'kilo-code']] as const) {
        const folder = join(home, extension, 'tasks', '1795701200000');
        mkdirSync(folder, { recursive: true });
        cpSync(TASK, folder, { recursive: true });
        expect((await convertPath(folder)).source.agent).toBe(agent);
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('a native tool_use answered by a text block "[tool for …] Result:" (no tool_result block) is a paired tool result', async () => {
    const home = mkdtempSync(join(tmpdir(), 'atx-cline-task-'));
    try {
      const folder = join(home, 'tasks', '1795701400000');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'api_conversation_history.json'), JSON.stringify([
        { role: 'user', content: [{ type: 'text', text: '<task>\nwhy does the build fail?\n</task>' }], ts: 1795701400100 },
        { role: 'assistant', content: [{ type: 'text', text: 'Running the build.' }, { type: 'tool_use', id: 'toolu_b1', name: 'execute_command', input: { command: 'npm run build', requires_approval: false } }], ts: 1795701400900 },
        { role: 'user', content: [
          { type: 'text', text: "[execute_command for 'npm run build'] Result:\nCommand failed with exit code 2.\nOutput:\nsrc/app.ts(3,1): error TS2304" },
          { type: 'text', text: '<environment_details>\n# Open Tabs\nsrc/app.ts\n</environment_details>' },
        ], ts: 1795701402000 },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_b2', name: 'read_file', input: { path: 'src/app.ts' } }], ts: 1795701402500 },
        { role: 'user', content: [{ type: 'text', text: "[read_file for 'src/app.ts'] Result:\nimport { missing } from './gone';" }], ts: 1795701403000 },
        { role: 'assistant', content: [{ type: 'text', text: 'src/app.ts imports a module that no longer exists.' }], ts: 1795701403500 },
      ]));
      const t = await convertPath(folder);
      expect(t.events.map((e) => e.type)).toEqual(['user_message', 'assistant_message', 'tool_call', 'tool_result', 'system', 'tool_call', 'tool_result', 'assistant_message']);
      expect(ofType(t, 'tool_result').map((e) => [e.tool!.callId, e.tool!.status, e.tool!.exitCode ?? null])).toEqual([['toolu_b1', 'error', 2], ['toolu_b2', 'ok', null]]);
      expect(ofType(t, 'tool_result')[1]!.tool!.output).toBe("import { missing } from './gone';");
      expect(t.events.some((e) => e.synthetic)).toBe(false);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('what the extension says on its own is system, not the user\'s: resumption, [ERROR] notices, reminders; refused parallel calls are answered', async () => {
    const home = mkdtempSync(join(tmpdir(), 'atx-cline-task-'));
    try {
      const folder = join(home, 'tasks', '1795701500000');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'api_conversation_history.json'), JSON.stringify([
        { role: 'user', content: [{ type: 'text', text: '<task>\nsummarise the two changelogs\n</task>' }], ts: 1795701500100 },
        { role: 'assistant', content: [
          { type: 'tool_use', id: 'toolu_r1', name: 'read_file', input: { path: 'CHANGELOG.md' } },
          { type: 'tool_use', id: 'toolu_r2', name: 'read_file', input: { path: 'docs/CHANGES.md' } },
        ], ts: 1795701500900 },
        { role: 'user', content: [
          { type: 'text', text: "[read_file for 'CHANGELOG.md'] Result:\n## 2.1\n- faster startup" },
          { type: 'text', text: 'Tool [read_file] was not executed because a tool has already been used in this message.' },
          { type: 'text', text: '\n\n\t\t\t\t# TODO LIST UPDATE REQUIRED - include the task_progress parameter next time' },
        ], ts: 1795701501500 },
        { role: 'assistant', content: [{ type: 'text', text: 'Version 2.1 made startup faster.' }], ts: 1795701502000 },
        { role: 'user', content: [{ type: 'text', text: '[ERROR] You did not use a tool in your previous response! Please retry with a tool use.' }], ts: 1795701502500 },
        { role: 'user', content: [
          { type: 'text', text: '[TASK RESUMPTION] This task was interrupted 2 hours ago.' },
          { type: 'text', text: 'New instructions for task continuation:\n<user_message>\nalso read docs/CHANGES.md\n</user_message>' },
        ], ts: 1795701503000 },
      ]));
      const t = await convertPath(folder);
      expect(ofType(t, 'user_message').map((e) => e.text)).toEqual(['summarise the two changelogs', 'also read docs/CHANGES.md']);
      expect(ofType(t, 'tool_result').map((e) => [e.tool!.callId, e.tool!.status])).toEqual([['toolu_r1', 'ok'], ['toolu_r2', 'error']]);
      expect(ofType(t, 'system').map((e) => e.meta?.kind)).toEqual(['task-progress-reminder', 'extension-notice', 'extension-notice']);
      expect(t.events.some((e) => e.synthetic)).toBe(false);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('a result sent as several blocks (attempt_completion\'s demo command output) stays the tool\'s; the feedback after it is the user\'s', async () => {
    const home = mkdtempSync(join(tmpdir(), 'atx-cline-task-'));
    try {
      const folder = join(home, 'tasks', '1795701600000');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'api_conversation_history.json'), JSON.stringify([
        { role: 'user', content: [{ type: 'text', text: '<task>\nserve the docs locally\n</task>' }], ts: 1795701600100 },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_c1', name: 'attempt_completion', input: { result: 'The docs build and serve on port 4000.', command: 'npm run docs:serve' } }], ts: 1795701600900 },
        { role: 'user', content: [
          { type: 'text', text: '[attempt_completion] Result: Done' },
          { type: 'text', text: 'Command failed with exit code 1.\nOutput:\nError: port 4000 is taken' },
          { type: 'text', text: 'The user has provided feedback on the results. Consider their input to continue the task, and then attempt completion again.' },
          { type: 'text', text: '<feedback>\nuse port 4001 then\n</feedback>' },
        ], ts: 1795701602000 },
      ]));
      const t = await convertPath(folder);
      expect(ofType(t, 'user_message').map((e) => e.text)).toEqual(['serve the docs locally', 'use port 4001 then']);
      const [result] = ofType(t, 'tool_result');
      expect(result!.tool).toMatchObject({ callId: 'toolu_c1', name: 'attempt_completion' });
      expect(result!.tool!.output).toBe('Done\n\nCommand failed with exit code 1.\nOutput:\nError: port 4000 is taken');
      expect(ofType(t, 'system').map((e) => e.meta?.kind)).toEqual(['extension-notice']);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('a browser action\'s screenshot after its "[browser_action] Result:" header is the result\'s attachment, not a user message', async () => {
    const home = mkdtempSync(join(tmpdir(), 'atx-cline-task-'));
    try {
      const folder = join(home, 'tasks', '1795701700000');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'api_conversation_history.json'), JSON.stringify([
        { role: 'user', content: [{ type: 'text', text: '<task>\nopen the local preview\n</task>' }], ts: 1795701700100 },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_w1', name: 'browser_action', input: { action: 'launch', url: 'http://127.0.0.1:3000' } }], ts: 1795701700900 },
        { role: 'user', content: [
          { type: 'text', text: '[browser_action for \'launch\'] Result:' },
          { type: 'text', text: 'The browser action has been executed. Console logs: (none)' },
          { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=' } },
        ], ts: 1795701702000 },
        { role: 'assistant', content: [{ type: 'text', text: 'The preview loads.' }], ts: 1795701702500 },
      ]));
      const t = await convertPath(folder);
      expect(ofType(t, 'user_message').map((e) => e.text)).toEqual(['open the local preview']);
      const [result] = ofType(t, 'tool_result');
      expect(result!.tool).toMatchObject({ callId: 'toolu_w1', output: 'The browser action has been executed. Console logs: (none)' });
      expect(result!.attachments?.map((a) => [a.kind, a.mime])).toEqual([['image', 'image/webp']]);
      expect(JSON.stringify(t)).not.toContain('UklGR');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('an unknown panel entry and an unreadable task file are reported, not dropped', async () => {
    const home = mkdtempSync(join(tmpdir(), 'atx-cline-task-'));
    try {
      const folder = join(home, 'tasks', '1795701300000');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'api_conversation_history.json'), JSON.stringify([
        { role: 'user', content: [{ type: 'text', text: '<task>\nsay hi\n</task>' }], ts: 1795701300100 },
        { role: 'assistant', content: [{ type: 'text', text: 'Hi there, how can I help?' }], ts: 1795701300900 },
        { role: 'user', content: [{ type: 'text', text: '<feedback>\nthanks\n</feedback>' }], ts: 1795701301000 },
      ]));
      writeFileSync(join(folder, 'ui_messages.json'), JSON.stringify([{ ts: 1795701300000, type: 'say', say: 'task', text: 'say hi' }, { ts: 1795701300500, type: 'say', say: 'hologram', text: 'new kind' }]));
      writeFileSync(join(folder, 'task_metadata.json'), '{ not json');
      const t = await convertPath(folder);
      expect(t.events.filter((e) => e.meta?.kind === 'unparsed').map((e) => e.meta!.recordType)).toEqual(['task-file/task_metadata.json', 'ui/say/hologram']);
      writeFileSync(join(folder, 'ui_messages.json'), '{"cut": ');
      const cut = await convertPath(folder);
      expect(cut.events.filter((e) => e.meta?.kind === 'unparsed').map((e) => e.meta!.recordType)).toEqual(['task-file/task_metadata.json', 'task-file/ui_messages.json']);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('cline 2.x task folders (recorded: XML tool use in the text, the answer only in the panel)', () => {
  const KINDS: Record<string, Record<string, string>> = {
    'shell-tool': { execute_command: 'shell' },
    'file-edit': { read_file: 'read', replace_in_file: 'edit', write_to_file: 'write' },
  };

  it('has the older releases it was recorded with', () => {
    expect(OLDER).toEqual(['v2.14.0-file-edit', 'v2.14.0-shell-tool']);
  });

  for (const name of OLDER) {
    it(`${name}: each XML tool use a paired call, the prompt unwrapped, the completion the last answer; golden`, async () => {
      const folder = join(FIXTURES, name, readdirSync(join(FIXTURES, name)).find((f) => /^\d+$/.test(f))!);
      const run = await runCli(['convert', folder]);
      expect(run.code, run.stderr).toBe(0);
      const t = JSON.parse(run.stdout) as Transcript;
      expect(t.source).toMatchObject({ agent: 'cline', format: 'cline/task-folder' });
      expectFaithful(t, 'cline');
      expect(toolKinds(t)).toEqual(KINDS[name.replace(/^v[\d.]+-/, '')]);
      expect(ofType(t, 'tool_result').every((e) => e.tool!.status === 'ok' && e.tool!.output)).toBe(true);
      const prompt = (JSON.parse(readFileSync(join(FIXTURES, name, 'recording.json'), 'utf8')) as { scenario: { prompt: string } }).scenario.prompt;
      expect(ofType(t, 'user_message').map((e) => e.text)).toEqual([prompt]);
      const answers = ofType(t, 'assistant_message');
      expect(answers.at(-1)!.meta).toMatchObject({ kind: 'completion', source: 'ui_messages.json' });
      expect(answers.map((e) => e.text).join('\n')).not.toMatch(/<(execute_command|read_file|replace_in_file|write_to_file|attempt_completion)>/);
      // The golden pins the conversion, not the rules: the ruleset version changes with every rule.
      const converted = run.stdout.replace(/"rulesetVersion":"[^"]*"/, '"rulesetVersion":"<ruleset>"');
      expectGolden(converted, join(FIXTURES, name, 'task.expected.json'));
    });

    it(`${name}: --json stdout alone (the panel's messages) gives the prompt, the calls and the answer`, async () => {
      const { transcript: t } = await convertFile(join(FIXTURES, name, 'stdout.jsonl'));
      const folder = readdirSync(join(FIXTURES, name)).find((f) => /^\d+$/.test(f))!;
      expect(t.source).toMatchObject({ agent: 'cline', format: 'cline/panel-json', nativeSessionId: folder });
      expect(t.metrics.unparsedCount).toBe(0);
      expect(ofType(t, 'user_message').map((e) => e.text)).toEqual([recording(name).scenario.prompt]);
      const task = JSON.parse(readFileSync(join(FIXTURES, name, 'task.expected.json'), 'utf8')) as Transcript;
      expect(ofType(t, 'assistant_message').at(-1)!.text).toBe(ofType(task, 'assistant_message').at(-1)!.text);
      const calls = ofType(t, 'tool_call').map((e) => e.tool!.callId);
      expect(ofType(t, 'tool_result').map((e) => e.tool!.callId).sort()).toEqual([...calls].sort());
      expect(calls.length).toBe(ofType(task, 'tool_call').length);
    });
  }

  it('2.x panel lines: command output in pieces answers its command, a followup shows its question, an MCP request its response, an unknown entry is counted', async () => {
    const panel = (ts: number, type: 'say' | 'ask', kind: string, text: string, extra: Record<string, unknown> = {}) => JSON.stringify({ ts, type, [type]: kind, text, ...extra });
    const lines = [
      JSON.stringify({ type: 'task_started', taskId: '1800000000000' }),
      panel(1800000000001, 'say', 'task', 'run the linter'),
      panel(1800000000002, 'say', 'text', 'Running it', { partial: true }),
      panel(1800000000003, 'say', 'text', 'Running it now.'),
      panel(1800000000004, 'ask', 'command', 'npm run lint'),
      panel(1800000000005, 'ask', 'command_output', 'src/a.ts: 2 problems\n'),
      panel(1800000000006, 'ask', 'command_output', 'src/b.ts: clean\n'),
      panel(1800000000007, 'ask', 'followup', JSON.stringify({ question: 'Fix the two problems?', options: ['yes', 'no'] })),
      panel(1800000000008, 'say', 'brand_new_kind', 'something newer'),
      panel(1800000000009, 'ask', 'use_mcp_server', JSON.stringify({ type: 'use_mcp_tool', serverName: 'tickets', toolName: 'open_ticket', arguments: '{"title":"lint"}' })),
      panel(1800000000010, 'say', 'mcp_server_response', 'ticket 42 opened'),
    ];
    const t = JSON.parse((await convertBytes(`${lines.join('\n')}\n`)).text) as Transcript;
    expect(t.source.format).toBe('cline/panel-json');
    expect(t.events.map((e) => e.type)).toEqual(['user_message', 'assistant_message', 'tool_call', 'tool_result', 'assistant_message', 'meta', 'tool_call', 'tool_result']);
    expect(ofType(t, 'tool_call')[1]!.tool).toMatchObject({ kind: 'mcp', mcp: { server: 'tickets', tool: 'open_ticket' }, input: { title: 'lint' } });
    expect(ofType(t, 'tool_result')[1]!.tool).toMatchObject({ kind: 'mcp', output: 'ticket 42 opened', callId: ofType(t, 'tool_call')[1]!.tool!.callId });
    expect(ofType(t, 'tool_result')[0]!.tool).toMatchObject({ name: 'execute_command', output: 'src/a.ts: 2 problems\nsrc/b.ts: clean\n', status: 'ok' });
    expect(ofType(t, 'assistant_message')[1]!.text).toBe('Fix the two problems?\n- yes\n- no');
    expect(t.metrics.unparsedCount).toBe(1);
  });

  it('1.x -F json (Go CLI, shapes from its source): one indented ClineMessage per message after plain-text lines; browser actions, user diffs and the model\'s asks are kept', async () => {
    const message = (ts: number, type: 'say' | 'ask', kind: string, text: string, extra: Record<string, unknown> = {}) => JSON.stringify({ type, text, ts, [type]: kind, ...extra }, null, 2);
    const printed = [
      'Following task conversation until completion... (Press Ctrl+C to exit)',
      '',
      message(1810000000001, 'say', 'task', 'check the landing page title'),
      message(1810000000002, 'say', 'api_req_started', JSON.stringify({ request: 'check', tokensIn: 900, tokensOut: 60, cost: 0.01 })),
      message(1810000000003, 'say', 'browser_action_launch', 'http://127.0.0.1:8080/'),
      message(1810000000004, 'say', 'browser_action_result', JSON.stringify({ screenshot: 'data:image/webp;base64,AAAA', logs: 'console: ready', currentUrl: 'http://127.0.0.1:8080/' })),
      message(1810000000005, 'say', 'browser_action', JSON.stringify({ action: 'click', coordinate: '450,200' })),
      message(1810000000006, 'say', 'browser_action_result', JSON.stringify({ logs: '', currentUrl: 'http://127.0.0.1:8080/about' })),
      message(1810000000007, 'say', 'user_feedback_diff', JSON.stringify({ tool: 'editedExistingFile', path: 'site/index.html', diff: '-<title>Home</title>\n+<title>Welcome</title>' })),
      message(1810000000008, 'ask', 'act_mode_respond', JSON.stringify({ response: 'The title now reads Welcome.' })),
      message(1810000000009, 'ask', 'new_task', 'Context: the landing page title was changed; next, update the footer.'),
      message(1810000000010, 'say', 'completion_result', 'The title is checked and updated.', { lastCheckpointHash: 'c0ffee' }),
    ].join('\n');
    const t = JSON.parse((await convertBytes(`${printed}\n`)).text) as Transcript;
    expect(t.source.format).toBe('cline/panel-json');
    expect(ofType(t, 'user_message').map((e) => [e.text, e.meta?.kind])).toEqual([
      ['check the landing page title', 'prompt'],
      ['site/index.html\n-<title>Home</title>\n+<title>Welcome</title>', 'feedback-diff'],
    ]);
    const calls = ofType(t, 'tool_call');
    expect(calls.map((e) => [e.tool!.name, e.tool!.input])).toEqual([
      ['browser_action', { action: 'launch', url: 'http://127.0.0.1:8080/' }],
      ['browser_action', { action: 'click', coordinate: '450,200' }],
    ]);
    expect(ofType(t, 'tool_result').map((e) => [e.tool!.callId, e.tool!.output])).toEqual([
      [calls[0]!.tool!.callId, 'URL: http://127.0.0.1:8080/\nconsole: ready\n[screenshot not copied]'],
      [calls[1]!.tool!.callId, 'URL: http://127.0.0.1:8080/about'],
    ]);
    expect(JSON.stringify(t)).not.toContain('AAAA');
    expect(ofType(t, 'assistant_message').map((e) => [e.text, e.meta?.kind])).toEqual([
      ['The title now reads Welcome.', 'act'],
      ['Context: the landing page title was changed; next, update the footer.', 'new-task'],
      ['The title is checked and updated.', 'completion'],
    ]);
    expect(t.metrics.tokens).toMatchObject({ input: 900, output: 60 });
    // the CLI's own line of text is counted, not dropped
    expect(t.events.filter((e) => e.meta?.kind === 'unparsed').map((e) => e.meta?.line)).toEqual([1]);
    expect(t.source.nativeSessionId).toBeNull();
  });

  it('1.x -F json: the task id the CLI prints as text ("Task created …") is the session id; its other status lines stay unparsed', async () => {
    const message = (ts: number, kind: string, text: string) => JSON.stringify({ type: 'say', text, ts, say: kind }, null, 2);
    const run = async (created: string) => {
      const printed = ['Starting new Cline instance...', 'Mode set to: act', created, message(1810000000101, 'task', 'rename the helper'), message(1810000000102, 'completion_result', 'Renamed.')];
      const { text, result } = await convertBytes(`${printed.join('\n')}\n`);
      return { t: JSON.parse(text) as Transcript, types: Object.fromEntries(result.recordTypes) };
    };
    const verbose = await run('Task created successfully with ID: 1810000000100');
    expect(verbose.t.source.nativeSessionId).toBe('1810000000100');
    expect(verbose.types['(plain text)/task created']).toEqual({ mapped: 1, skipped: 0, unknown: 0 });
    expect(verbose.t.events.filter((e) => e.meta?.kind === 'unparsed').map((e) => e.meta?.line)).toEqual([1, 2]);
    const oneshot = await run('Task created in yolo+plan mode (ID: 1810000000200)');
    expect(oneshot.t.source.nativeSessionId).toBe('1810000000200');
  });
});

