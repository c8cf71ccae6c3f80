/**
 * Continue CLI adapter. The recorded fixtures (fixtures/continue/, real `cn` 1.5.47 in headless
 * mode against the scripted Chat Completions server) are checked in both native forms of every
 * run: the saved session `<id>.json` and the `--format json` stdout (their goldens
 * `<id>.expected.json` and `stdout.expected.json` are checked by golden.test.ts).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { continueCli } from '../adapters/continue/index.js';
import type { Transcript, } from '../src/transcript/index.js';
import { convertBytes, convertFile, expectFaithful, ROOT, runCli, ofType, resultOutcomes, toolKinds, scenarioToolKinds } from './helpers.js';

const FIXTURES = join(ROOT, 'fixtures/continue');
/** older releases' sets (`v<version>-<scenario>`): held to the golden harness's checks (test/golden.test.ts) */
const OLDER_RELEASE = /^v\d/;
const SCENARIOS = readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('handmade-') && !OLDER_RELEASE.test(d.name)).map((d) => d.name).sort();
const recording = (scenario: string) => JSON.parse(readFileSync(join(FIXTURES, scenario, 'recording.json'), 'utf8')) as { scenario: { prompt: string }; sessionId: string; files: Record<string, { index?: unknown[] }> };
const sessionFile = (scenario: string) => `${recording(scenario).sessionId}.json`;

interface NativeUsage { prompt_tokens: number; completion_tokens: number; prompt_tokens_details?: { cached_tokens?: number }; completion_tokens_details?: { reasoning_tokens?: number } }
interface NativeItem { message: { role: string; content: unknown; toolCalls?: unknown[]; usage?: NativeUsage } }
const history = (scenario: string) => (JSON.parse(readFileSync(join(FIXTURES, scenario, sessionFile(scenario)), 'utf8')) as { history: NativeItem[] }).history;


/** Continue's name for each kind of tool the scenarios call */
const TOOL_NAMES = { shell: 'Bash', read: 'Read', edit: 'Edit', write: 'Write' };

const expectContinueFaithful = (t: Transcript) => expectFaithful(t, 'continue');

/** The tokens of the native assistant messages, read here without the adapter (OpenAI usage: the prompt includes the cache). */
function nativeTokens(scenario: string) {
  let input = 0;
  let output = 0;
  let cacheRead = 0;
  let reasoning = 0;
  for (const { message } of history(scenario)) {
    const usage = message.usage;
    if (!usage) continue;
    const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
    input += usage.prompt_tokens - cached;
    output += usage.completion_tokens;
    cacheRead += cached;
    reasoning += usage.completion_tokens_details?.reasoning_tokens ?? 0;
  }
  return { input, output, ...(cacheRead ? { cacheRead } : {}), ...(reasoning ? { reasoning } : {}) };
}

describe('continue recorded fixtures', () => {
  it('has the scenarios it was recorded with', () => {
    expect(SCENARIOS).toEqual(['denied-tool', 'failing-tool', 'file-edit', 'parallel-tools', 'plain-answer', 'planted-secrets', 'reasoning', 'shell-tool']);
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario}/<id>.json: nothing unparsed, calls paired, prompt, answers and tokens present`, async () => {
      const { transcript: t } = await convertFile(join(FIXTURES, scenario, sessionFile(scenario)));
      expect(t.source.format).toBe('continue/session-json');
      expect(t.source.nativeSessionId).toBe(recording(scenario).sessionId);
      expect(t.session.environment?.cwd).toBe(`/tmp/atx-sandbox-continue/${scenario}`);
      expectContinueFaithful(t);
      expect(ofType(t, 'user_message').map((e) => e.text)).toEqual([recording(scenario).scenario.prompt]);
      const answers = history(scenario).filter((i) => i.message.role === 'assistant' && i.message.content !== '').map((i) => i.message.content);
      expect(answers.length).toBeGreaterThan(0);
      expect(ofType(t, 'assistant_message').map((e) => e.text)).toEqual(answers);
      expect(toolKinds(t)).toEqual(scenarioToolKinds(scenario, TOOL_NAMES));
      expect(t.metrics.tokens).toEqual(nativeTokens(scenario));
    });

    it(`${scenario}/stdout.jsonl: the final answer, and the missing prompt marked`, async () => {
      const { transcript: t } = await convertFile(join(FIXTURES, scenario, 'stdout.jsonl'));
      expect(t.source.format).toBe('continue/headless-json');
      expectContinueFaithful(t);
      const line = JSON.parse(readFileSync(join(FIXTURES, scenario, 'stdout.jsonl'), 'utf8')) as { response: string };
      expect(ofType(t, 'assistant_message').map((e) => e.text)).toEqual([line.response]);
      expect(t.events.filter((e) => e.meta?.kind === 'missing-user-prompt')).toHaveLength(1);
    });
  }

  it('failing-tool: each failure is an error result, the shell one with its exit code', async () => {
    const { transcript: t } = await convertFile(join(FIXTURES, 'failing-tool', sessionFile('failing-tool')));
    expect(resultOutcomes(t)).toEqual([['Bash', 'error', 2], ['Read', 'error', undefined], ['Edit', 'error', undefined]]);
  });

  it('denied-tool: the call headless cn refused is denied, and the run ends there', async () => {
    const { transcript: t } = await convertFile(join(FIXTURES, 'denied-tool', sessionFile('denied-tool')));
    expect(resultOutcomes(t)).toEqual([['Bash', 'denied', undefined]]);
    expect(t.events.at(-1)?.type).toBe('tool_result');
  });

  it('parallel-tools: two calls of one message, each answered', async () => {
    const { transcript: t } = await convertFile(join(FIXTURES, 'parallel-tools', sessionFile('parallel-tools')));
    expect(t.events.map((e) => e.type)).toEqual(['user_message', 'assistant_message', 'tool_call', 'tool_result', 'tool_call', 'tool_result', 'assistant_message']);
    expect(resultOutcomes(t)).toEqual([['Read', 'ok', undefined], ['Bash', 'ok', undefined]]);
  });

  it('file-edit: successful calls are ok, and name the files they touch', async () => {
    const { transcript: t } = await convertFile(join(FIXTURES, 'file-edit', sessionFile('file-edit')));
    expect(ofType(t, 'tool_result').every((e) => e.tool!.status === 'ok')).toBe(true);
    expect(ofType(t, 'tool_call').map((e) => e.tool!.files?.map((f) => `${f.action} ${f.path.split('/').pop()}`))).toEqual([['read hello.txt'], ['edit hello.txt'], ['write NOTES.md']]);
  });

  it('reasoning: cn 1.5.47 keeps no thinking in the session, only the answer', async () => {
    const { transcript: t } = await convertFile(join(FIXTURES, 'reasoning', sessionFile('reasoning')));
    expect(t.events.map((e) => [e.type, e.text])).toEqual([['user_message', recording('reasoning').scenario.prompt], ['assistant_message', '19 * 21 = **399**.']]);
  });

  it('a ~/.continue folder converts to one Transcript a session; the sessions.json index is passed over', async () => {
    const home = mkdtempSync(join(tmpdir(), 'atx-continue-home-'));
    try {
      const sessions = join(home, '.continue', 'sessions');
      mkdirSync(sessions, { recursive: true });
      for (const scenario of ['shell-tool', 'file-edit']) cpSync(join(FIXTURES, scenario, sessionFile(scenario)), join(sessions, sessionFile(scenario)));
      const index = ['shell-tool', 'file-edit'].map((s) => recording(s).files['sessions.json']!.index![0]);
      writeFileSync(join(sessions, 'sessions.json'), JSON.stringify(index, null, 2));
      const run = await runCli(['convert', join(home, '.continue'), '--format', 'jsonl']);
      expect(run.code, run.stderr).toBe(0);
      const transcripts = run.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Transcript);
      expect(transcripts.map((t) => [t.source.format, t.source.nativeSessionId, t.metrics.unparsedCount]).sort()).toEqual(
        ['shell-tool', 'file-edit'].map((s) => ['continue/session-json', recording(s).sessionId, 0]).sort(),
      );
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

/** handmade: what the IDE extensions and other `cn` paths write into the same file (core/index.d.ts shapes) */
const IDE_SESSION = {
  sessionId: 'ide-1',
  title: 'Fix the parser',
  workspaceDirectory: '/home/dev/app',
  history: [
    { message: { role: 'system', content: 'You are a helpful assistant.' }, contextItems: [] },
    {
      message: { role: 'user', content: [{ type: 'text', text: 'Why does parse() fail?' }, { type: 'imageUrl', imageUrl: { url: 'data:image/png;base64,iVBORw0KGgo=' } }] },
      contextItems: [{ id: { providerTitle: 'file', itemId: 'x1' }, content: 'export function parse() {}', name: 'parser.ts', description: 'src/parser.ts', uri: { type: 'file', value: 'file:///home/dev/app/src/parser.ts' } }],
      appliedRules: [{ name: 'no-any', rule: 'Do not use any', source: 'rules-block' }],
    },
    { message: { role: 'thinking', content: 'The parser never returns.' }, contextItems: [] },
    { message: { role: 'thinking', content: '', redactedThinking: 'opaque' }, contextItems: [] },
    {
      message: { role: 'assistant', content: 'Let me look.', toolCalls: [{ id: 't1', type: 'function', function: { name: 'read_file', arguments: '{"filepath":"src/parser.ts"}' } }, { id: 't2', type: 'function', function: { name: 'run_terminal_command', arguments: '{"command":"npm test"}' } }], usage: { promptTokens: 100, completionTokens: 20 } },
      contextItems: [],
      reasoning: { active: false, text: 'Reading the file will tell.', startAt: 1767225600000, endAt: 1767225601000 },
      toolCallStates: [
        { toolCallId: 't1', toolCall: { id: 't1', type: 'function', function: { name: 'read_file', arguments: '{"filepath":"src/parser.ts"}' } }, status: 'done', parsedArgs: { filepath: 'src/parser.ts' }, output: [{ content: 'export function parse() {}', name: 'parser.ts', description: 'src/parser.ts' }] },
        { toolCallId: 't2', toolCall: { id: 't2', type: 'function', function: { name: 'run_terminal_command', arguments: '{"command":"npm test"}' } }, status: 'calling', parsedArgs: { command: 'npm test' } },
      ],
    },
    { message: { role: 'tool', content: 'export function parse() {}', toolCallId: 't1' }, contextItems: [] },
    { message: { role: 'assistant', content: 'Summary of the conversation so far.' }, contextItems: [], conversationSummary: 'Summary of the conversation so far.' },
    { message: { role: 'critic', content: 'a role nobody writes yet' }, contextItems: [] },
  ],
  mode: 'agent',
  chatModelTitle: 'Claude Sonnet',
  usage: { totalCost: 0.25, promptTokens: 100, completionTokens: 20 },
};

describe('continue records no fixture holds', () => {
  it('maps system, thinking, reasoning, context items, rules, images, a tool message, a summary; an unfinished call and an unknown role are visible', async () => {
    const { text } = await convertBytes(JSON.stringify(IDE_SESSION), { from: 'continue' });
    const t = JSON.parse(text) as Transcript;
    expect(t.session.title).toBe('Fix the parser');
    expect(t.metrics.costUsd).toBe(0.25);
    // each event as "type kind: text or tool name"
    const seen = t.events.map((e) => `${e.type} ${e.meta?.kind ?? ''}: ${e.text ?? e.tool?.name}`);
    expect(seen.slice(0, 4)).toEqual(['system system-prompt: You are a helpful assistant.', 'user_message : Why does parse() fail?', 'meta context-item: export function parse() {}', 'meta applied-rules: Rules applied: no-any']);
    expect(seen.slice(4, 8)).toEqual(['reasoning : The parser never returns.', 'reasoning redacted-thinking: ', 'reasoning : Reading the file will tell.', 'assistant_message : Let me look.']);
    expect(seen.slice(8)).toEqual([
      'tool_call : read_file', 'tool_result : read_file', 'tool_call : run_terminal_command', 'system compaction-summary: Summary of the conversation so far.',
      expect.stringMatching(/^meta unparsed: /), 'tool_result missing-tool-result: run_terminal_command',
    ]);
    expect(t.events[1]!.attachments).toEqual([{ kind: 'image', mime: 'image/png', bytes: 8 }]);
    expect(t.events[6]!.timestamp).toBe('2026-01-01T00:00:00.000Z');
    expect(ofType(t, 'tool_call').map((e) => e.tool!.kind)).toEqual(['read', 'shell']);
    expect(t.metrics.unparsedCount).toBe(1);
    expect(t.metrics.tokens).toEqual({ input: 100, output: 20 });
  });

  it('reads the session inside `cn serve` /state', async () => {
    const snapshot = { session: IDE_SESSION, isProcessing: false, messageQueueLength: 0, pendingPermission: null };
    expect(continueCli.detect([snapshot])?.format).toBe('continue/session-json');
    const { text } = await convertBytes(JSON.stringify(snapshot), { from: 'continue' });
    expect((JSON.parse(text) as Transcript).source.nativeSessionId).toBe('ide-1');
  });

  it('headless stdout: compaction notices, an answer that was JSON itself, a wrapped line without its answer', async () => {
    const input = [
      { status: 'info', message: 'Auto-compacting triggered', contextUsage: '91%' },
      { status: 'success', message: 'Auto-compacted successfully' },
      { files: ['a.ts'], verdict: 'ok' },
      { status: 'success', note: 'Response was not valid JSON, so it was wrapped in a JSON object' },
    ].map((line) => JSON.stringify(line)).join('\n');
    const { text } = await convertBytes(input, { from: 'continue' });
    const t = JSON.parse(text) as Transcript;
    expect(t.events.map((e) => [e.type, e.text])).toEqual([
      ['meta', expect.stringContaining('not in the stream')],
      ['system', 'Auto-compacting triggered'],
      ['system', 'Auto-compacted successfully'],
      ['assistant_message', '{"files":["a.ts"],"verdict":"ok"}'],
      ['meta', expect.stringContaining('wrapped answer without a response text')],
    ]);
    expect(t.metrics.unparsedCount).toBe(1);
  });

  it('detects each form, and not another agent\'s records', () => {
    expect(continueCli.detect([IDE_SESSION])?.format).toBe('continue/session-json');
    expect(continueCli.detect([{ response: 'hi', status: 'success', note: 'Response was not valid JSON, so it was wrapped in a JSON object' }])?.format).toBe('continue/headless-json');
    expect(continueCli.detect([{ session_id: 's', response: 'hi', stats: { models: {} } }])).toBeNull();
    expect(continueCli.detect([{ version: 1, sessionId: 's', agent: 'lead', origin: { source: 'cli' }, messages: [] }])).toBeNull();
    expect(continueCli.detect([{ sessionId: 's', projectHash: 'h', messages: [] }])).toBeNull();
    expect(continueCli.detect([{ status: 'success', message: 'done' }])).toBeNull();
  });
});
