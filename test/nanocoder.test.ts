/**
 * Nanocoder adapter. The recorded fixtures (fixtures/nanocoder/, real `nanocoder` 1.30.0 against the
 * scripted Chat Completions server) hold both native forms of each scenario: the saved session
 * `<uuid>.json` and the `run --plain --json` report `stdout.json` (their goldens, and the planted
 * secrets, are checked by test/golden.test.ts and test/redaction-fixtures.test.ts). Records no
 * recording can hold are hand-made from the shapes in Nanocoder's source (types/core.ts,
 * session-manager.ts, plain/shell.ts).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../adapters/index.js';
import { nanocoder } from '../adapters/nanocoder/index.js';
import { detectFormat } from '../src/pipeline/detect.js';
import { checkConsistency, TranscriptSchema, type Transcript, type TranscriptEvent } from '../src/transcript/index.js';
import { facts } from './fixture-facts/nanocoder.js';
import { convertBytes, convertFile, detectionSample, ROOT, runCli, ofType, resultOutcomes, toolKinds, scenarioToolKinds } from './helpers.js';

const FIXTURES = join(ROOT, 'fixtures/nanocoder');
const FOLDERS = readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
/** recorded with `nanocoder run`: a saved session and a `--json` report each */
const SCENARIOS = FOLDERS.filter((name) => !name.startsWith('acp-'));
/** saved by `nanocoder --acp` while it served the ACP fixtures (fixtures/acp/nanocoder-<scenario>/): a session only */
const ACP_SAVED = FOLDERS.filter((name) => name.startsWith('acp-'));
const UUID_JSON = /^[0-9a-f-]{36}\.json$/;
const sessionFile = (scenario: string) => join(FIXTURES, scenario, readdirSync(join(FIXTURES, scenario)).find((f) => UUID_JSON.test(f))!);
const reportFile = (scenario: string) => join(FIXTURES, scenario, 'stdout.json');
const recording = (scenario: string) => JSON.parse(readFileSync(join(FIXTURES, scenario, 'recording.json'), 'utf8')) as { scenario: { prompt: string }; sessionId: string; cwd?: string };


/** Nanocoder's name for each kind of tool the scenarios call */
const TOOL_NAMES = { shell: 'execute_bash', read: 'read_file', edit: 'string_replace', write: 'write_file' };

/** valid, nothing unparsed or made up, each call answered once, and the agent's own text and tokens kept */
function expectFaithful(t: Transcript, native: string): void {
  expect([TranscriptSchema.safeParse(t).success, checkConsistency(t), t.metrics.unparsedCount, t.source.agent]).toEqual([true, [], 0, 'nanocoder']);
  expect(t.events.filter((e) => e.meta?.kind === 'unparsed' || (e.synthetic === true && e.tool !== undefined))).toEqual([]);
  const callIds = (type: TranscriptEvent['type']) => ofType(t, type).map((e) => e.tool!.callId).sort();
  expect(new Set(callIds('tool_call')).size).toBe(callIds('tool_call').length);
  expect(callIds('tool_result')).toEqual(callIds('tool_call'));
  const texts = facts.assistantTexts(native);
  expect(texts).not.toEqual([]);
  expect(ofType(t, 'assistant_message').map((e) => e.text)).toEqual(texts);
  const tokens = facts.reportedTokens?.(native);
  if (tokens) expect(t.metrics.tokens).toEqual(tokens);
}

describe('nanocoder recorded fixtures', () => {
  it('has the scenarios it was recorded with', () => {
    expect(SCENARIOS).toEqual(['failing-tool', 'file-edit', 'plain-answer', 'planted-secrets', 'reasoning', 'shell-tool']);
    expect(ACP_SAVED).toEqual(['acp-plan-and-edit', 'acp-shell-allowed', 'acp-shell-denied']);
  });

  for (const scenario of ACP_SAVED) {
    it(`${scenario}: the session the ACP server saved holds the prompt, the header and the calls`, async () => {
      const file = sessionFile(scenario);
      const { transcript: saved } = await convertFile(file);
      expectFaithful(saved, file);
      expect(saved.source.format).toBe('nanocoder/session-json');
      expect(ofType(saved, 'user_message').map((e) => e.text)).toEqual([recording(scenario).scenario.prompt]);
      expect(saved.session.environment.cwd).toBe(recording(scenario).cwd);
    });
  }

  it('the ACP server\'s sessions: the allowed shell call ran, the denied one is denied, the plan and the write are ok', async () => {
    const outcomes = async (scenario: string) => resultOutcomes((await convertFile(sessionFile(scenario))).transcript);
    expect(await outcomes('acp-shell-allowed')).toEqual([['execute_bash', 'ok', 0]]);
    expect(await outcomes('acp-shell-denied')).toEqual([['execute_bash', 'denied', undefined]]);
    expect(await outcomes('acp-plan-and-edit')).toEqual([['write_tasks', 'ok', undefined], ['write_file', 'ok', undefined]]);
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario}: the session holds the prompt, the header and the calls; the report marks its missing prompt`, async () => {
      const { transcript: saved } = await convertFile(sessionFile(scenario));
      expectFaithful(saved, sessionFile(scenario));
      expect(saved.source.format).toBe('nanocoder/session-json');
      expect(saved.source.nativeSessionId).toBe(recording(scenario).sessionId);
      expect(ofType(saved, 'user_message').map((e) => e.text)).toEqual([recording(scenario).scenario.prompt]);
      expect(saved.session.environment.cwd).toBe(`/tmp/atx-sandbox-nanocoder/${scenario}`);
      expect(saved.session.models).toEqual(['atx-coder']);
      expect(toolKinds(saved)).toEqual(scenarioToolKinds(scenario, TOOL_NAMES));

      const { transcript: report } = await convertFile(reportFile(scenario));
      expectFaithful(report, reportFile(scenario));
      expect(report.source.format).toBe('nanocoder/run-json');
      expect(ofType(report, 'user_message')).toEqual([]);
      expect(report.events.filter((e) => e.meta?.kind === 'missing-user-prompt')).toHaveLength(1);
      expect(toolKinds(report)).toEqual(scenarioToolKinds(scenario, TOOL_NAMES));
      expect(resultOutcomes(report)).toEqual(resultOutcomes(saved));
    });
  }

  it('failing-tool: the exit code 2 and the two validation failures are errors, in both forms', async () => {
    for (const file of [sessionFile('failing-tool'), reportFile('failing-tool')]) {
      const { transcript: t } = await convertFile(file);
      expect(resultOutcomes(t)).toEqual([['execute_bash', 'error', 2], ['read_file', 'error', undefined], ['string_replace', 'error', undefined]]);
    }
  });

  it('shell-tool and file-edit: successful calls are ok, and name the files they touch', async () => {
    const { transcript: shell } = await convertFile(sessionFile('shell-tool'));
    expect(resultOutcomes(shell)).toEqual([['execute_bash', 'ok', 0]]);
    const { transcript: edit } = await convertFile(sessionFile('file-edit'));
    expect(ofType(edit, 'tool_result').every((e) => e.tool!.status === 'ok')).toBe(true);
    expect(ofType(edit, 'tool_call').map((e) => e.tool!.files?.map((f) => `${f.action} ${f.path}`))).toEqual([['read hello.txt'], ['edit hello.txt'], ['write NOTES.md']]);
  });

  it('reasoning: kept before the answer it led to, in both forms', async () => {
    for (const file of [sessionFile('reasoning'), reportFile('reasoning')]) {
      const { transcript: t } = await convertFile(file);
      const said = t.events.filter((e) => e.type === 'reasoning' || e.type === 'assistant_message').map((e) => [e.type, e.text]);
      expect(said).toEqual([['reasoning', '17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391.'], ['assistant_message', '17 * 23 = **391**.']]);
    }
  });

  it('each form is detected as Nanocoder, and no other adapter claims it', () => {
    for (const scenario of FOLDERS) {
      const forms = [[sessionFile(scenario), 'nanocoder/session-json'], ...(SCENARIOS.includes(scenario) ? [[reportFile(scenario), 'nanocoder/run-json']] : [])] as const;
      for (const [file, format] of forms) {
        const sample = detectionSample(file);
        const outcome = detectFormat(ADAPTERS, sample);
        expect(outcome.kind === 'adapter' && [outcome.adapter.id, outcome.format]).toEqual(['nanocoder', format]);
        expect(ADAPTERS.filter((a) => a.id !== 'nanocoder' && (a.detect(sample)?.confidence ?? 0) > 0).map((a) => a.id)).toEqual([]);
      }
    }
  });

  it('a data folder converts to one Transcript per saved session; the index is passed over', async () => {
    const data = mkdtempSync(join(tmpdir(), 'atx-nanocoder-data-'));
    try {
      const sessions = join(data, 'sessions');
      mkdirSync(sessions);
      for (const scenario of ['shell-tool', 'file-edit']) cpSync(sessionFile(scenario), join(sessions, `${recording(scenario).sessionId}.json`));
      writeFileSync(join(sessions, 'sessions.json'), JSON.stringify([{ id: recording('shell-tool').sessionId, title: 't', createdAt: '2026-01-01T00:00:00.000Z', lastAccessedAt: '2026-01-01T00:00:00.000Z', messageCount: 4, provider: 'atx', model: 'atx-coder', workingDirectory: '/tmp' }], null, 2));
      const run = await runCli(['convert', data, '--format', 'jsonl']);
      expect(run.code, run.stderr).toBe(0);
      const transcripts = run.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Transcript);
      expect(transcripts.map((t) => [t.source.nativeSessionId, t.metrics.unparsedCount]).sort()).toEqual([[recording('file-edit').sessionId, 0], [recording('shell-tool').sessionId, 0]].sort());
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('groups sessions/<uuid>.json only beside a sessions.json index', () => {
    const id = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
    expect(nanocoder.groupSessionFiles!([`sessions/${id}.json`, 'sessions/sessions.json', `other/${id}.json`])).toEqual([[`sessions/${id}.json`]]);
    expect(nanocoder.groupSessionFiles!([`sessions/${id}.json`])).toEqual([]);
  });
});

/** handmade: a session document as the session manager writes it, around the given messages */
const sessionWith = (messages: unknown[]) => JSON.stringify({
  id: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d', title: 'handmade', createdAt: '2026-01-01T00:00:00.000Z', lastAccessedAt: '2026-01-01T00:01:00.000Z',
  messageCount: messages.length, provider: 'atx', model: 'atx-coder', workingDirectory: '/home/dev/app', messages,
}, null, 2);

async function convertDocument(text: string): Promise<Transcript> {
  const { text: out } = await convertBytes(text, { from: 'nanocoder' });
  const t = JSON.parse(out) as Transcript;
  expect(TranscriptSchema.safeParse(t).success).toBe(true);
  expect(checkConsistency(t)).toEqual([]);
  return t;
}

const call = (id: string, name: string, args: unknown) => ({ id, function: { name, arguments: args } });

describe('nanocoder records no recording holds (handmade, shapes from the 1.30.0 source)', () => {
  it('maps a system prompt, pasted images, injected nudges, a cancelled call and an unanswered one', async () => {
    const t = await convertDocument(sessionWith([
      { role: 'system', content: 'You are Nanocoder.' },
      { role: 'user', content: 'What is in this screenshot?', images: [{ data: 'aGVsbG8=', mediaType: 'image/png', source: 'shot.png' }] },
      { role: 'assistant', content: '', tool_calls: [call('c1', 'execute_bash', { command: 'rm -rf build' }), call('c2', 'web_search', { query: 'x' })] },
      { role: 'tool', content: 'Tool execution was cancelled by the user.', tool_call_id: 'c1', name: 'execute_bash' },
      { role: 'user', content: 'Please provide a summary or response based on the tool results above.' },
      { role: 'assistant', content: '' },
      { role: 'assistant', content: 'Nothing was run.' },
    ]));
    expect(t.metrics.unparsedCount).toBe(0);
    expect(ofType(t, 'system').map((e) => e.meta?.kind)).toEqual(['system-prompt']);
    const [prompt, nudge] = ofType(t, 'user_message');
    expect(prompt!.attachments).toEqual([{ kind: 'image', mime: 'image/png', path: 'shot.png', bytes: 5 }]);
    expect(nudge!.meta).toMatchObject({ kind: 'injected-by-agent', reason: 'empty-response-nudge' });
    expect(resultOutcomes(t)).toEqual([['execute_bash', 'denied', undefined], ['web_search', 'error', undefined]]);
    expect(ofType(t, 'tool_result')[1]!.meta?.kind).toBe('missing-tool-result');
    expect(ofType(t, 'assistant_message').map((e) => e.text)).toEqual(['Nothing was run.']);
  });

  // Handmade for the call stopped before it ran: `atx run --acp` never sends session/cancel while a
  // batch of calls is queued, so no recording holds it (a rejected permission is recorded:
  // acp-shell-denied); the text is acp/acp-conversation.ts's own.
  it('the ACP server stand-ins: a rejected permission and a call stopped before it ran are denied', async () => {
    const t = await convertDocument(sessionWith([
      { role: 'user', content: 'clean up' },
      { role: 'assistant', content: '', tool_calls: [call('a1', 'execute_bash', { command: 'rm -rf build' }), call('a2', 'write_file', { path: 'x', content: 'y' })] },
      { role: 'tool', content: 'Tool call denied by user', tool_call_id: 'a1', name: 'execute_bash' },
      { role: 'tool', content: 'Error: cancelled by user', tool_call_id: 'a2', name: 'write_file' },
      { role: 'assistant', content: '', tool_calls: [call('a3', 'read_file', { path: 'missing.txt' })] },
      { role: 'tool', content: 'Error: File "missing.txt" does not exist', tool_call_id: 'a3', name: 'read_file' },
      { role: 'assistant', content: 'Stopped.' },
    ]));
    expect(t.metrics.unparsedCount).toBe(0);
    expect(resultOutcomes(t)).toEqual([['execute_bash', 'denied', undefined], ['write_file', 'denied', undefined], ['read_file', 'error', undefined]]);
  });

  // Handmade after a real run: Nanocoder 1.30.0 under the recorder, the model asking for a tool it
  // does not have as JSON in its text. The app drops the call from the history and saves only its
  // answer, one per retry; the scripted server cannot answer a retry differently, so the run looped
  // until killed and is not a fixture. The saved shape, shortened to two retries:
  it('the app\'s answer to a tool it does not have, with no call in the history, is an error result of a marked call', async () => {
    const missing = (id: string) => ({ role: 'tool', content: 'The tool "line_counter" does not exist. Use only the tools that are available in the system. Available tools are: read_file, write_file.', tool_call_id: id, name: 'line_counter' });
    const t = await convertDocument(sessionWith([
      { role: 'user', content: 'Count the lines of hello.txt with the line_counter tool.' },
      missing('tool_1795937231387_4ef5446512d9dd37'),
      missing('tool_1795937231741_8fdf3aa7435d0160'),
    ]));
    expect(t.metrics.unparsedCount).toBe(0);
    expect(ofType(t, 'tool_call').map((e) => [e.tool!.name, e.meta?.kind, e.synthetic])).toEqual([['line_counter', 'missing-call', true], ['line_counter', 'missing-call', true]]);
    expect(resultOutcomes(t)).toEqual([['line_counter', 'error', undefined], ['line_counter', 'error', undefined]]);
  });

  it('a message of another role, or not an object, is visible as unparsed', async () => {
    const t = await convertDocument(sessionWith([
      { role: 'user', content: 'hi' }, { role: 'developer', content: 'x' }, 'stray',
      { role: 'assistant', content: 'one' }, { role: 'assistant', content: 'two' }, { role: 'assistant', content: 'three' },
    ]));
    expect(t.metrics.unparsedCount).toBe(2);
    expect(t.events.filter((e) => e.meta?.kind === 'unparsed')).toHaveLength(2);
    expect(ofType(t, 'user_message').map((e) => e.text)).toEqual(['hi']);
  });

  it('an error report keeps its message; a report that waits for approval names the tools', async () => {
    const failed = await convertDocument(JSON.stringify({ kind: 'error', exitCode: 1, finalText: '', reasoning: null, toolCalls: [], filesChanged: [], message: 'No response received from model' }));
    expect(ofType(failed, 'system').map((e) => [e.text, e.meta?.kind])).toEqual([['No response received from model', 'error']]);
    const waiting = await convertDocument(JSON.stringify({ kind: 'tool-approval-required', exitCode: 2, finalText: 'Listing.', reasoning: null, toolCalls: [], filesChanged: [], usage: { inputTokens: 10, outputTokens: 2, totalTokens: 12 }, toolNames: ['execute_bash'] }));
    expect(ofType(waiting, 'system').map((e) => e.meta)).toEqual([{ kind: 'approval-required', toolNames: ['execute_bash'] }]);
    expect(waiting.metrics.tokens).toEqual({ input: 10, output: 2 });
  });

  it('a report of an unknown kind is refused loudly, not converted as if it were known', async () => {
    const paused = JSON.stringify({ kind: 'paused', exitCode: 3, finalText: 'x', reasoning: null, toolCalls: [], filesChanged: [] }, null, 2);
    await expect(convertBytes(paused, { from: 'nanocoder' })).rejects.toMatchObject({ exitCode: 3 });
  });
});

describe('nanocoder documents with a field missing or of another type', () => {
  /** each field of the header and of every message (or report entry), deleted and then retyped */
  function* mutations(doc: Record<string, unknown>, list: string): Generator<[string, Record<string, unknown>]> {
    const variants = (value: unknown): unknown[] => [undefined, typeof value === 'string' ? 7 : typeof value === 'object' && value !== null ? 'text' : {}];
    for (const key of Object.keys(doc)) for (const value of variants(doc[key])) yield [`${key}→${String(value)}`, { ...doc, [key]: value }];
    const entries = doc[list] as Array<Record<string, unknown>>;
    for (const [index, entry] of entries.entries()) {
      for (const key of Object.keys(entry)) {
        for (const value of variants(entry[key])) yield [`${list}[${index}].${key}→${String(value)}`, { ...doc, [list]: entries.map((e, i) => (i === index ? { ...e, [key]: value } : e)) }];
      }
    }
  }

  for (const [file, list] of [[sessionFile('failing-tool'), 'messages'], [reportFile('failing-tool'), 'toolCalls']] as const) {
    it(`${file.slice(FIXTURES.length + 1)}: converts to a valid, consistent Transcript or is refused loudly`, async () => {
      const failures: string[] = [];
      for (const [what, doc] of mutations(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, list)) {
        try {
          const { text } = await convertBytes(JSON.stringify(doc, null, 2), { from: 'nanocoder' });
          const t = JSON.parse(text) as Transcript;
          if (!TranscriptSchema.safeParse(t).success || checkConsistency(t).length > 0) failures.push(`${what}: ${JSON.stringify(checkConsistency(t)).slice(0, 200)}`);
        } catch (error) {
          if ((error as { exitCode?: number }).exitCode !== 3) failures.push(`${what}: ${(error as Error).message}`);
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }
});
