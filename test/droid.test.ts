/**
 * Factory Droid adapter. The recorded fixtures (fixtures/droid/, the real `droid` 0.225.2 with a
 * custom model against the scripted Chat Completions server) are checked in both native forms of
 * every run: `droid exec -o stream-json` stdout and the saved `<id>.jsonl` session.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { droid } from '../adapters/droid/index.js';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { convertBytes, convertFile, expectFaithful, ROOT, runCli, ofType, toolKinds, shellAndEditOutcomes } from './helpers.js';

const FIXTURES = join(ROOT, 'fixtures/droid');
/** older releases' sets (`v<version>-<scenario>`): held to the golden harness's checks (test/golden.test.ts) */
const OLDER_RELEASE = /^v\d/;
const SCENARIOS = readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('handmade-') && !OLDER_RELEASE.test(d.name)).map((d) => d.name).sort();
const recording = (scenario: string) => JSON.parse(readFileSync(join(FIXTURES, scenario, 'recording.json'), 'utf8')) as { scenario: { prompts: string[] }; sessionId: string; sessionFolder: string };
const sessionFile = (scenario: string) => `${recording(scenario).sessionId}.jsonl`;
/** the token totals Droid keeps in `<id>.settings.json` (input leaves the cache out) */
function settingsTokens(scenario: string) {
  const usage = (JSON.parse(readFileSync(join(FIXTURES, scenario, `${recording(scenario).sessionId}.settings.json`), 'utf8')) as { tokenUsage: Record<string, number> }).tokenUsage;
  return { input: usage.inputTokens, output: usage.outputTokens, ...(usage.cacheReadTokens ? { cacheRead: usage.cacheReadTokens } : {}) };
}

const texts = (t: Transcript, type: TranscriptEvent['type']) => ofType(t, type).map((e) => e.text);

/** the tools each scenario's script calls, with the kind each must get */
const EXPECTED_KINDS: Record<string, Record<string, string>> = {
  'plain-answer': {},
  reasoning: {},
  'shell-tool': { Execute: 'shell' },
  'file-edit': { Read: 'read', Edit: 'edit', Create: 'write' },
  'failing-tool': { Execute: 'shell', Read: 'read', Edit: 'edit' },
  'parallel-tools': { Read: 'read', Execute: 'shell' },
  'planted-secrets': { Execute: 'shell', Create: 'write' },
};

/** the assistant texts the scripted model gave, in order, read from the saved session */
function scriptedAnswers(scenario: string): string[] {
  return readFileSync(join(FIXTURES, scenario, sessionFile(scenario)), 'utf8').split('\n').filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { type: string; message?: { role: string; content: Array<{ type: string; text?: string }> } })
    .filter((l) => l.type === 'message' && l.message?.role === 'assistant')
    .flatMap((l) => l.message!.content.filter((b) => b.type === 'text').map((b) => b.text!));
}

function expectDroidFaithful(t: Transcript): void {
  expectFaithful(t, 'droid');
  expect(t.events.filter((e) => e.synthetic === true)).toEqual([]);
}

describe('droid recorded fixtures', () => {
  const homes: string[] = [];
  afterEach(() => {
    for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
  });

  it('has the scenarios it was recorded with', () => {
    expect(SCENARIOS).toEqual(['failing-tool', 'file-edit', 'parallel-tools', 'plain-answer', 'planted-secrets', 'reasoning', 'shell-tool']);
  });

  /** One native form of a recorded scenario, converted and checked against the recording. */
  async function convertRecorded(scenario: string, file: string, format: string): Promise<Transcript> {
    const { transcript: t } = await convertFile(join(FIXTURES, scenario, file));
    expect([t.source.format, t.source.nativeSessionId]).toEqual([format, recording(scenario).sessionId]);
    expectDroidFaithful(t);
    expect(texts(t, 'user_message')).toEqual(recording(scenario).scenario.prompts);
    expect(texts(t, 'assistant_message')).toEqual(scriptedAnswers(scenario));
    expect(toolKinds(t)).toEqual(EXPECTED_KINDS[scenario]);
    return t;
  }

  for (const scenario of SCENARIOS) {
    it(`${scenario}/stdout.jsonl: nothing unparsed, calls paired, prompt, answers and totals present`, async () => {
      const t = await convertRecorded(scenario, 'stdout.jsonl', 'droid/stream-json');
      expect(t.metrics.tokens?.output).toBeGreaterThan(0);
      expect(t.session.models).toEqual(['custom:ATX-Coder-0']);
    });

    it(`${scenario}/<id>.jsonl: nothing unparsed, calls paired, prompt, answers and the injected context present`, async () => {
      const t = await convertRecorded(scenario, sessionFile(scenario), 'droid/session-jsonl');
      // the title is the prompt, cut short with '...' when long
      expect(recording(scenario).scenario.prompts[0]!.startsWith(t.session.title!.replace(/\.{3}$/, ''))).toBe(true);
      expect(t.session.environment?.cwd).toBe(`/tmp/atx-sandbox-droid/${scenario}`);
      const injected = t.events.filter((e) => e.meta?.kind === 'injected');
      expect(injected).toHaveLength(1);
      expect(injected[0]!.text).toMatch(/^<system-reminder>/);
    });
  }

  it('failing-tool: each failure is an error result, the shell one with its exit code, in both forms', async () => {
    for (const file of ['stdout.jsonl', sessionFile('failing-tool')]) {
      const { transcript: t } = await convertFile(join(FIXTURES, 'failing-tool', file));
      expect(ofType(t, 'tool_result').map((e) => [e.tool!.name, e.tool!.status, e.tool!.exitCode])).toEqual([
        ['Execute', 'error', 2], ['Read', 'error', undefined], ['Edit', 'error', undefined], ['Execute', 'error', undefined],
      ]);
    }
  });

  it('reasoning: kept once and before the answer, though stdout prints it twice', async () => {
    for (const file of ['stdout.jsonl', sessionFile('reasoning')]) {
      const { transcript: t } = await convertFile(join(FIXTURES, 'reasoning', file));
      const said = t.events.filter((e) => e.type === 'reasoning' || e.type === 'assistant_message').map((e) => [e.type, e.text]);
      expect(said).toEqual([['reasoning', '17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391.'], ['assistant_message', '17 * 23 = **391**.']]);
    }
  });

  it('shell-tool and file-edit: successful calls are ok, with the exit code and the files they touch', async () => {
    const outcomes = await shellAndEditOutcomes(join(FIXTURES, 'shell-tool', sessionFile('shell-tool')), join(FIXTURES, 'file-edit', 'stdout.jsonl'));
    expect(outcomes).toEqual({ shell: [['ok', 0]], edit: ['ok'], files: [['read hello.txt'], ['edit hello.txt'], ['write NOTES.md']] });
  });

  it('a sessions folder converts to one Transcript a session, with the model and token totals of the settings beside it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'atx-droid-home-'));
    homes.push(home);
    const id = recording('file-edit').sessionId;
    const slugFolder = join(home, '.factory', 'sessions', '-tmp-atx-sandbox-droid-file-edit');
    mkdirSync(slugFolder, { recursive: true });
    for (const suffix of ['.jsonl', '.settings.json']) cpSync(join(FIXTURES, 'file-edit', id + suffix), join(slugFolder, id + suffix));
    const run = await runCli(['convert', join(home, '.factory', 'sessions'), '--format', 'jsonl']);
    expect(run.code, run.stderr).toBe(0);
    const [t, ...more] = run.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Transcript);
    expect(more).toEqual([]);
    expect([t!.source.format, t!.source.nativeSessionId, t!.metrics.unparsedCount]).toEqual(['droid/session-jsonl', id, 0]);
    expect(t!.metrics.tokens).toEqual(settingsTokens('file-edit'));
  });
});

describe('droid records no fixture holds (shapes from the droid 0.225.2 binary)', () => {
  const message = (id: string, role: string, content: unknown, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ type: 'message', id, timestamp: '2026-01-01T00:00:01.000Z', message: { role, content, ...extra } });

  it('saved session: compaction, todos, images, redacted thinking, a hook, an unanswered call and an unusual turn end', async () => {
    const input = [
      JSON.stringify({ type: 'session_start', id: 's1', title: 'T', owner: 'dev', version: 2, cwd: '/w', callingSessionId: 'p1' }),
      message('m1', 'user', [{ type: 'text', text: 'look at this' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'aGVsbG8=' } }]),
      message('m2', 'assistant', [{ type: 'redacted_thinking', data: 'x' }, { type: 'tool_use', id: 'c1', name: 'mcp__srv__ping', input: {} }, { type: 'tool_use', id: 'c2', name: 'TodoWrite', input: {} }], { modelId: 'claude-x' }),
      message('m3', 'user', [{ type: 'tool_result', tool_use_id: 'c1', is_error: true, content: [{ type: 'text', text: 'Tool use was denied: permission rejected by the user' }] }]),
      message('m4', 'user', 'hook said hi', { hookEventName: 'UserPromptSubmit' }),
      JSON.stringify({ type: 'compaction_state', id: 'k1', timestamp: '2026-01-01T00:00:02.000Z', summaryText: 'Summary of the earlier work', summaryTokens: 10, removedCount: 4 }),
      JSON.stringify({ type: 'todo_state', id: 't1', timestamp: '2026-01-01T00:00:03.000Z', todos: [{ content: 'write the tests', status: 'in_progress' }], messageIndex: 3 }),
      JSON.stringify({ type: 'agent_turn_outcome', turnId: 'm1', reason: 'cancelled', resultKind: 'text' }),
      JSON.stringify({ type: 'brand_new', id: 'b1' }),
    ].join('\n');
    const { text } = await convertBytes(input, { from: 'droid' });
    const t = JSON.parse(text) as Transcript;
    expect(t.source.format).toBe('droid/session-jsonl');
    expect(ofType(t, 'user_message').map((e) => [e.text, e.attachments?.map((a) => a.mime)])).toEqual([['look at this', ['image/png']]]);
    expect(ofType(t, 'reasoning').map((e) => e.meta?.kind)).toEqual(['redacted-thinking']);
    expect(ofType(t, 'tool_call').map((e) => e.tool!.kind)).toEqual(['mcp', 'plan']);
    expect(ofType(t, 'tool_result').map((e) => [e.tool!.callId, e.tool!.status, e.synthetic ?? false])).toEqual([['c1', 'denied', false], ['c2', 'error', true]]);
    expect(t.events.filter((e) => e.type === 'meta' || e.type === 'system').map((e) => e.meta?.kind)).toEqual(['subagent', 'hook', 'compaction', 'compaction-summary', 'plan', 'turn-outcome', 'unparsed']);
    expect(t.events.find((e) => e.meta?.kind === 'compaction-summary')?.text).toBe('Summary of the earlier work');
    expect(t.events.find((e) => e.meta?.kind === 'plan')?.text).toBe('[in_progress] write the tests');
    expect(t.metrics.unparsedCount).toBe(1);
  });

  it('exec stdout: an error line, a result line of -o json, an unknown line visible', async () => {
    const stream = [
      JSON.stringify({ type: 'system', subtype: 'init', cwd: '/w', session_id: 's2', tools: ['Read'], model: 'm', reasoning_effort: 'none' }),
      JSON.stringify({ type: 'message', role: 'user', id: 'u1', text: 'hi', timestamp: 1767225600000, session_id: 's2' }),
      JSON.stringify({ type: 'error', source: 'agent_loop', message: 'rate limited', timestamp: 1767225601000, session_id: 's2' }),
      JSON.stringify({ type: 'brand_new', session_id: 's2' }),
    ].join('\n');
    const t = JSON.parse((await convertBytes(stream, { from: 'droid' })).text) as Transcript;
    expect(ofType(t, 'system').map((e) => [e.text, e.meta?.kind])).toEqual([['rate limited', 'error']]);
    expect(t.metrics.unparsedCount).toBe(1);

    const json = JSON.stringify({ type: 'result', subtype: 'success', is_error: false, duration_ms: 900, num_turns: 1, result: 'All done here.', session_id: 's3', usage: { input_tokens: 10, output_tokens: 2, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, factory_credits: 0 } });
    const r = JSON.parse((await convertBytes(json, { from: 'droid' })).text) as Transcript;
    expect(r.source.nativeSessionId).toBe('s3');
    expect(texts(r, 'assistant_message')).toEqual(['All done here.']);
    expect(r.metrics.tokens).toEqual({ input: 10, output: 2 });
    expect(r.metrics.unparsedCount).toBe(0);
  });

  it('groups <uuid>.jsonl with its settings only when they sit together', () => {
    const id = '0b2f1c4e-1111-4222-8333-944455566677';
    expect(droid.groupSessionFiles!([`s/${id}.jsonl`, `s/${id}.settings.json`, 'p/aaaaaaaa-1111-4222-8333-944455566677.jsonl'])).toEqual([[`s/${id}.jsonl`, `s/${id}.settings.json`]]);
  });

  it('detects each form, and not Claude Code\'s or Pi\'s lines', () => {
    expect(droid.detect([{ type: 'session_start', id: 's', title: 't', owner: 'dev', version: 2 }])?.format).toBe('droid/session-jsonl');
    expect(droid.detect([{ type: 'system', subtype: 'init', session_id: 's', tools: [], model: 'm', reasoning_effort: 'none' }])?.format).toBe('droid/stream-json');
    expect(droid.detect([{ type: 'result', is_error: false, num_turns: 1, result: 'x', usage: { factory_credits: 0 } }])?.format).toBe('droid/json');
    expect(droid.detect([{ type: 'system', subtype: 'init', session_id: 's', tools: [], model: 'm', apiKeySource: 'none', permissionMode: 'default' }])).toBeNull();
    expect(droid.detect([{ type: 'result', subtype: 'success', is_error: false, num_turns: 1, result: 'x', usage: { input_tokens: 1 }, total_cost_usd: 0 }])).toBeNull();
    expect(droid.detect([{ type: 'message', id: 'a', parentId: null, timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: 'hi' } }])).toBeNull();
  });
});

describe('droid session format versions', () => {
  it('reads a session_start of a newer format version as the newest known, and says so with one unparsed event', async () => {
    const lines = readFileSync(join(FIXTURES, 'file-edit', sessionFile('file-edit')), 'utf8').split('\n');
    expect(lines[0]).toContain('"version":2');
    const newer = [lines[0]!.replace('"version":2', '"version":3'), ...lines.slice(1)].join('\n');
    const known = JSON.parse((await convertBytes(lines.join('\n'))).text) as Transcript;
    const t = JSON.parse((await convertBytes(newer)).text) as Transcript;
    const unparsed = t.events.filter((e) => e.meta?.kind === 'unparsed');
    expect(unparsed).toHaveLength(1);
    expect(unparsed[0]!.text).toContain('Droid session format version 3 is newer than the newest atx knows (2)');
    expect(known.metrics.unparsedCount ?? 0).toBe(0);
    expect(t.events.filter((e) => e.meta?.kind !== 'unparsed').map((e) => [e.type, e.text])).toEqual(known.events.map((e) => [e.type, e.text]));
    expect(t.source.nativeSessionId).toBe(known.source.nativeSessionId);
  });
});
