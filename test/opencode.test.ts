/**
 * OpenCode: goldens for the inputs the generic golden test does not pick up (export documents,
 * the SQLite store, the legacy JSON tree), the same run read from its different forms, and
 * hand-written edge cases the recordings lack. Regenerate goldens with
 * `ATX_UPDATE_GOLDENS=1 npx vitest run test/opencode.test.ts` and review the diff.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../adapters/index.js';
import { opencode } from '../adapters/opencode/index.js';
import { fileInput, resolveInputs, type SessionInput } from '../src/pipeline/sources.js';
import { TranscriptSchema, type Transcript, type TranscriptEvent } from '../src/transcript/index.js';
import { assistantTextsOf, reportedTokensOf } from './fixture-facts/opencode.js';
import { convertBytes, convertToText, expectGolden, ROOT, runInProcess } from './helpers.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../adapters/types.js';

const FIXTURES = join(ROOT, 'fixtures', 'opencode');
const STORE = join(FIXTURES, 'store', 'opencode.db');
const sqlite = createRequire(import.meta.url)('node-sqlite3-wasm') as typeof import('node-sqlite3-wasm');

type Part = { type?: string; text?: string; synthetic?: boolean; tokens?: Record<string, unknown> };

interface Case {
  name: string;
  input: () => Promise<SessionInput>;
  expected: string;
  /** the parts OpenCode wrote for this session (and its subagent sessions), read without the adapter */
  parts: () => Part[];
}

const dirs = existsSync(FIXTURES) ? readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort() : [];
const recording = (dir: string) => JSON.parse(readFileSync(join(FIXTURES, dir, 'recording.json'), 'utf8')) as { sessionId: string; release: string };

/** Temporary folders of this file, removed at the end. */
const temporary: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** Runs a query on a copy of the store fixture (it is never opened in place), without the adapter. */
function queryStore<T>(query: (db: InstanceType<typeof sqlite.Database>) => T): T {
  const dir = tempDir('atx-oc-facts-');
  copyFileSync(STORE, join(dir, 'opencode.db'));
  const db = new sqlite.Database(join(dir, 'opencode.db'), { readOnly: true });
  try {
    db.exec('PRAGMA locking_mode=EXCLUSIVE');
    return query(db);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Parts of a store session and its subagent sessions, straight from the tables. */
function storeParts(sessionId: string): Part[] {
  return queryStore((db) => {
    const ids = [sessionId, ...(db.all('SELECT id FROM session WHERE parent_id = ?', [sessionId]) as { id: string }[]).map((r) => r.id)];
    return ids.flatMap((id) => (db.all('SELECT data FROM part WHERE session_id = ? ORDER BY id', [id]) as { data: string }[]).map((r) => JSON.parse(r.data) as Part));
  });
}

function storeSessions(): string[] {
  return queryStore((db) => (db.all('SELECT id FROM session WHERE parent_id IS NULL ORDER BY id') as { id: string }[]).map((r) => r.id));
}

function treeParts(storage: string): Part[] {
  const root = join(storage, 'part');
  return readdirSync(root).sort().flatMap((message) => readdirSync(join(root, message)).sort().map((f) => JSON.parse(readFileSync(join(root, message, f), 'utf8')) as Part));
}

/**
 * One session of a store. `FILE#ses_…` goes to the reader directly: the pipeline checks that an
 * argument exists before it asks the readers, so it does not pass such names through yet.
 */
async function containerInput(path: string): Promise<SessionInput> {
  if (path.includes('#')) {
    const found = await opencode.readers![0]!.sessions(path);
    expect(found).toHaveLength(1);
    const session = found[0]!;
    return { main: { name: session.name, open: async function* () {}, records: () => session.records() }, companions: [], adapter: opencode };
  }
  const sessions = await resolveInputs([path], ADAPTERS, Readable.from([]));
  expect(sessions).toHaveLength(1);
  return sessions[0]!;
}

function cases(): Case[] {
  const found: Case[] = [];
  for (const dir of dirs) {
    const exported = join(FIXTURES, dir, 'export.json');
    if (existsSync(exported)) {
      found.push({
        name: `${dir}/export.json`,
        input: async () => ({ main: fileInput(exported), companions: [] }),
        expected: join(FIXTURES, dir, 'export.expected.json'),
        parts: () => (JSON.parse(readFileSync(exported, 'utf8')) as { messages: { parts: Part[] }[] }).messages.flatMap((m) => m.parts),
      });
    }
    const storage = join(FIXTURES, dir, 'storage');
    if (existsSync(storage)) {
      found.push({ name: `${dir}/storage`, input: () => containerInput(storage), expected: join(FIXTURES, dir, 'storage.expected.json'), parts: () => treeParts(storage) });
    }
  }
  if (existsSync(STORE)) {
    for (const id of storeSessions()) {
      found.push({ name: `store/opencode.db#${id}`, input: () => containerInput(`${STORE}#${id}`), expected: join(FIXTURES, 'store', `${id}.expected.json`), parts: () => storeParts(id) });
    }
  }
  return found;
}

const converted = new Map<string, Promise<string>>();
const convert = (c: Case) => {
  if (!converted.has(c.name)) converted.set(c.name, c.input().then((input) => convertToText(input)).then(({ text }) => text));
  return converted.get(c.name)!;
};

describe.each(cases())('opencode $name', (c) => {
  it('matches its golden Transcript', async () => {
    expectGolden(await convert(c), c.expected);
  });

  it('validates and is faithful: nothing unparsed, calls paired, all assistant text kept, tokens as OpenCode reported', async () => {
    const transcript = JSON.parse(await convert(c)) as Transcript;
    const result = TranscriptSchema.safeParse(transcript);
    expect(result.success ? [] : result.error.issues).toEqual([]);
    expect(transcript.metrics.unparsedCount).toBe(0);
    const calls = transcript.events.filter((e) => e.type === 'tool_call').map((e) => e.tool!.callId);
    const results = transcript.events.filter((e) => e.type === 'tool_result').map((e) => e.tool!.callId);
    expect(new Set(calls).size).toBe(calls.length);
    expect([...results].sort()).toEqual([...calls].sort());
    const parts = c.parts();
    const said = new Set(transcript.events.filter((e) => e.type === 'assistant_message').map((e) => e.text));
    const texts = assistantTextsOf(parts.filter((p) => !isUserPart(p, transcript)));
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(said.has(text)).toBe(true);
    expect(transcript.metrics.tokens).toEqual(reportedTokensOf(parts));
  });
});

/** User text parts are in the same tables: they became user_message events. */
function isUserPart(part: Part, transcript: Transcript): boolean {
  return transcript.events.some((e) => (e.type === 'user_message' || e.type === 'system') && e.text === part.text);
}

// ---- one run, several forms ------------------------------------------------------------

/** What both forms carry: the assistant's side of the main session (run output has no subagent events). */
function assistantSide(transcript: Transcript): unknown[] {
  return transcript.events
    .filter((e) => ['assistant_message', 'reasoning', 'tool_call', 'tool_result'].includes(e.type) && !e.parentId)
    .map((e: TranscriptEvent) => ({ type: e.type, timestamp: e.timestamp, nativeId: e.nativeId, text: e.text, tool: e.tool }));
}

describe('opencode: the same run from its forms', () => {
  const current = dirs.filter((d) => existsSync(join(FIXTURES, d, 'recording.json')) && existsSync(join(FIXTURES, d, 'run.jsonl')) && d !== 'store');

  it.each(current)('%s: run output, export and store (or file tree) give the same events', async (dir) => {
    const { sessionId, release } = recording(dir);
    const run = JSON.parse((await convertToText({ main: fileInput(join(FIXTURES, dir, 'run.jsonl')), companions: [] })).text) as Transcript;
    const exported = JSON.parse((await convertToText({ main: fileInput(join(FIXTURES, dir, 'export.json')), companions: [] })).text) as Transcript;
    const stored = JSON.parse((await convertToText(await containerInput(release === 'legacy' ? join(FIXTURES, dir, 'storage') : `${STORE}#${sessionId}`))).text) as Transcript;

    // Allowed differences, by form:
    //  - run output lacks the user's message (a synthetic missing-user-prompt meta event marks it),
    //    the session record (version, directory, title), subagent sessions, patch parts, per-event
    //    usage and model; export lacks subagent sessions.
    expect(run.events[0]).toMatchObject({ type: 'meta', synthetic: true, meta: { kind: 'missing-user-prompt' } });
    expect(run.events.some((e) => e.type === 'user_message')).toBe(false);
    expect(stored.events.some((e) => e.type === 'user_message' && !e.parentId)).toBe(true);
    expect(assistantSide(run)).toEqual(assistantSide(stored));
    expect(assistantSide(exported)).toEqual(assistantSide(stored));
    expect(exported.events.filter((e) => !e.parentId && e.meta?.kind !== 'subagent-session')).toEqual(
      stored.events.filter((e) => !e.parentId).map((e, i) => ({ ...e, id: `ev_${i + 1}`, seq: i + 1 })),
    );
    expect(run.source.nativeSessionId).toBe(sessionId);
    expect(stored.source.nativeSessionId).toBe(sessionId);
    // tokens: the store adds its subagent sessions; without them all forms agree
    if (!stored.events.some((e) => e.parentId)) {
      expect(run.metrics.tokens).toEqual(stored.metrics.tokens);
      expect(exported.metrics.tokens).toEqual(stored.metrics.tokens);
    }
  });
});

// ---- hand-written edge cases ---------------------------------------------------------------

const line = (type: string, part: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type, timestamp: 1767225600000, sessionID: 'ses_hand', part: { sessionID: 'ses_hand', messageID: 'msg_1', ...part }, ...extra });

async function convertLines(lines: string[]): Promise<Transcript> {
  const { text } = await convertBytes(`${lines.join('\n')}\n`, { from: 'opencode' });
  return JSON.parse(text) as Transcript;
}

describe('opencode: detection (hand-written)', () => {
  it('knows each form from its first record, and nothing else', () => {
    expect(opencode.detect([{ opencode: 'session', store: 'sqlite', info: {} }])?.format).toBe('opencode/sqlite');
    expect(opencode.detect([{ opencode: 'message', store: 'storage', info: {}, parts: [] }])?.format).toBe('opencode/storage');
    expect(opencode.detect([{ info: { id: 'ses_1', time: { created: 1 } }, messages: [] }])?.format).toBe('opencode/export');
    // a step_start alone could be Kilo Code's too: not certain until a step_finish without Kilo's metrics
    expect(opencode.detect([JSON.parse(line('step_start', { type: 'step-start' }))])).toEqual({ confidence: 0.85, format: 'opencode/run-json' });
    expect(opencode.detect([JSON.parse(line('step_finish', { type: 'step-finish', reason: 'stop' }))])).toEqual({ confidence: 0.95, format: 'opencode/run-json' });
    expect(opencode.detect([JSON.parse(line('step_finish', { type: 'step-finish', reason: 'stop', metrics: { generation: 1, source: 'computed' } }))])).toBeNull();
    expect(opencode.detect([{ type: 'user', sessionId: 'x', timestamp: '2026-01-01T00:00:00Z', message: {} }])).toBeNull();
    // a bare message or part file of the legacy tree is not a session on its own
    expect(opencode.detect([{ id: 'msg_1', sessionID: 'ses_1', role: 'user', time: { created: 1 } }])).toBeNull();
  });
});

describe('opencode: converter edge cases (hand-written)', () => {
  it('emits a text part re-sent under the same id once, and a tool part once per stage', async () => {
    const t = await convertLines([
      line('text', { id: 'prt_1', type: 'text', text: 'Hello', time: { start: 1767225600000, end: 1767225600001 } }),
      line('text', { id: 'prt_1', type: 'text', text: 'Hello', time: { start: 1767225600000, end: 1767225600001 } }),
      line('tool_use', { id: 'prt_2', type: 'tool', tool: 'bash', callID: 'c1', state: { status: 'running', input: { command: 'ls' }, time: { start: 1767225600002 } } }),
      line('tool_use', { id: 'prt_2', type: 'tool', tool: 'bash', callID: 'c1', state: { status: 'completed', input: { command: 'ls' }, output: 'a\n', metadata: { exit: 0 }, time: { start: 1767225600002, end: 1767225600052 } } }),
      line('tool_use', { id: 'prt_3', type: 'tool', tool: 'read', callID: 'c2', state: { status: 'pending', input: {}, raw: '{"filePath":' } }),
    ]);
    expect(t.events.map((e) => e.type)).toEqual(['meta', 'assistant_message', 'tool_call', 'tool_result', 'tool_call']);
    expect(t.events[3]!.tool).toMatchObject({ status: 'ok', exitCode: 0, durationMs: 50, output: 'a\n' });
    expect(t.events[4]!.meta).toMatchObject({ kind: 'incomplete' });
    expect(t.metrics.unparsedCount).toBe(0);
  });

  it('maps statuses from OpenCode\'s own signals: exit code, timeout note, denial and rejection texts', async () => {
    const tool = (id: string, state: Record<string, unknown>) => line('tool_use', { id, type: 'tool', tool: 'bash', callID: id, state: { input: {}, time: { start: 1, end: 2 }, ...state } });
    const t = await convertLines([
      tool('a', { status: 'completed', output: 'no such file', metadata: { exit: 2 } }),
      tool('b', { status: 'completed', output: '(no output)\n\n<bash_metadata>\nbash tool terminated command after exceeding timeout 1000 ms\n</bash_metadata>', metadata: { exit: null } }),
      tool('c', { status: 'error', error: 'The user has specified a rule which prevents you from using this specific tool call. Here are some of the relevant rules []' }),
      tool('d', { status: 'error', error: 'The user rejected permission to use this specific tool call.' }),
      tool('e', { status: 'error', error: 'Tool execution aborted' }),
    ]);
    expect(t.events.filter((e) => e.type === 'tool_result').map((e) => [e.tool!.callId, e.tool!.status, e.tool!.exitCode])).toEqual([
      ['a', 'error', 2], ['b', 'timeout', undefined], ['c', 'denied', undefined], ['d', 'denied', undefined], ['e', 'error', undefined],
    ]);
  });

  it('counts step tokens once, with reasoning inside output whichever way the release reported it', async () => {
    const step = (id: string, tokens: Record<string, unknown>) => line('step_finish', { id, type: 'step-finish', reason: 'stop', cost: 0.5, tokens });
    const t = await convertLines([
      step('s1', { total: 130, input: 100, output: 8, reasoning: 22, cache: { read: 0, write: 0 } }), // 1.18: output without reasoning
      step('s1', { total: 130, input: 100, output: 8, reasoning: 22, cache: { read: 0, write: 0 } }), // the same step again
      step('s2', { total: 60, input: 10, output: 30, reasoning: 22, cache: { read: 20, write: 0 } }), // 1.1: output with reasoning
    ]);
    expect(t.metrics.tokens).toEqual({ input: 110, output: 60, reasoning: 44, cacheRead: 20 });
    expect(t.metrics.costUsd).toBe(1); // the repeated step is not counted twice
  });

  it('reads an export with user attachments, injected text, subtask/agent/retry/compaction parts and message errors', async () => {
    const doc = {
      info: { id: 'ses_hand', version: '1.18.0', directory: '/w', title: 'hand', time: { created: 1767225600000, updated: 1767225700000 } },
      messages: [
        {
          info: { id: 'msg_1', sessionID: 'ses_hand', role: 'user', time: { created: 1767225600000 }, model: { providerID: 'p', modelID: 'm' } },
          parts: [
            { id: 'prt_1', type: 'text', text: 'Called the Read tool', synthetic: true },
            { id: 'prt_2', type: 'file', mime: 'image/png', filename: 'a.png', url: 'data:image/png;base64,iVBORw0KGgo=' },
            { id: 'prt_3', type: 'text', text: 'Look at this' },
            { id: 'prt_4', type: 'agent', name: 'general' },
            { id: 'prt_5', type: 'subtask', prompt: 'do it', description: 'sub', agent: 'general' },
          ],
        },
        {
          info: { id: 'msg_2', sessionID: 'ses_hand', role: 'assistant', modelID: 'm', providerID: 'p', path: { cwd: '/w', root: '/' }, time: { created: 1767225601000, completed: 1767225602000 }, error: { name: 'MessageAbortedError', data: { message: 'Aborted' } }, tokens: { input: 5, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } },
          parts: [
            { id: 'prt_6', type: 'retry', attempt: 1, error: { name: 'APIError', data: { message: 'overloaded' } }, time: { created: 1767225601500 } },
            { id: 'prt_7', type: 'reasoning', text: '', metadata: { openai: { reasoningEncryptedContent: 'SECRET-BLOB' } } },
            { id: 'prt_8', type: 'compaction', auto: true },
            { id: 'prt_9', type: 'mystery', value: 1 },
          ],
        },
      ],
    };
    const { text } = await convertBytes(JSON.stringify(doc, null, 2), { from: 'opencode' });
    expect(text).not.toContain('iVBORw0KGgo');
    expect(text).not.toContain('SECRET-BLOB');
    const t = JSON.parse(text) as Transcript;
    const kinds = t.events.map((e) => `${e.type}${e.meta ? `:${e.meta.kind}` : ''}`);
    expect(kinds).toEqual([
      'system:session', 'system:injected', 'user_message', 'system:agent', 'system:subtask',
      'system:retry', 'reasoning:redacted-thinking', 'meta:compaction', 'meta:unparsed', 'system:interrupted',
    ]);
    expect(t.events[2]!.attachments).toEqual([{ kind: 'image', mime: 'image/png', path: 'a.png', bytes: 8 }]);
    expect(t.metrics.tokens).toEqual({ input: 5, output: 1 }); // no step-finish: the message's own count
    expect(t.metrics.unparsedCount).toBe(1);
    expect(t.session.environment).toEqual({ cwd: '/w' }); // path.root "/" is not a repository
  });

  it('marks a run error line as an error and keeps going', async () => {
    const t = await convertLines([JSON.stringify({ type: 'error', timestamp: 1767225600000, sessionID: 'ses_hand', error: { name: 'APIError', data: { message: 'rate limited' } } })]);
    expect(t.events[1]).toMatchObject({ type: 'system', text: 'rate limited', meta: { kind: 'error' } });
    expect(t.metrics.errorCount).toBe(1);
  });

  it('keeps the words of an error line whose error is a bare string (Kilo 7.7.9 ends a run so when it auto-rejected a permission)', async () => {
    const said = 'run ended with an auto-rejected permission; pass --auto for autonomous use';
    const t = await convertLines([JSON.stringify({ type: 'error', timestamp: 1767225600000, sessionID: 'ses_hand', error: said })]);
    expect(t.events[1]).toMatchObject({ type: 'system', text: said, meta: { kind: 'error', recordType: 'error/message' } });
    expect(t.metrics.unparsedCount).toBe(0);
  });
});

// ---- the readers ------------------------------------------------------------------------------

/** Reads every session's records: a reader's private database copy goes away after its last session is read. */
async function drain(sessions: readonly SessionInput[]): Promise<void> {
  for (const session of sessions) {
    if (!session.main.records) continue;
    for await (const record of session.main.records()) void record;
  }
}

const storeIds = existsSync(STORE) ? storeSessions() : [];

describe('opencode: store readers', () => {
  it('read a database read-only: the files are untouched and nothing is created beside them', async () => {
    const dir = tempDir('atx-oc-ro-');
    copyFileSync(STORE, join(dir, 'opencode.db'));
    const before = readFileSync(join(dir, 'opencode.db'));
    const sessions = await resolveInputs([join(dir, 'opencode.db')], ADAPTERS, Readable.from([]));
    expect(sessions.map((s) => s.main.name.split('#')[1]).sort()).toEqual([...storeIds].sort());
    for (const session of sessions) await convertToText(session);
    expect(readFileSync(join(dir, 'opencode.db')).equals(before)).toBe(true);
    expect(readdirSync(dir)).toEqual(['opencode.db']);
  });

  it('read committed changes still in the write-ahead log (a live database), and one session by FILE#id', async () => {
    const dir = tempDir('atx-oc-wal-');
    copyFileSync(STORE, join(dir, 'opencode.db'));
    const id = storeIds[0]!;
    // a writer that exits without closing leaves its commit in opencode.db-wal, as a running OpenCode does
    const script = `
      const { Database } = require('node-sqlite3-wasm');
      const db = new Database(process.argv[1]);
      db.exec('PRAGMA locking_mode=EXCLUSIVE');
      db.run("UPDATE session SET title = 'title from the WAL' WHERE id = ?", [process.argv[2]]);
      process.exit(0);`;
    const child = spawnSync(process.execPath, ['-e', script, join(dir, 'opencode.db'), id], { cwd: ROOT, encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(existsSync(join(dir, 'opencode.db-wal'))).toBe(true);
    rmSync(join(dir, 'opencode.db.lock'), { recursive: true, force: true }); // the writer's own lock
    const wal = readFileSync(join(dir, 'opencode.db-wal'));
    const { text } = await convertToText(await containerInput(join(dir, `opencode.db#${id}`)));
    expect((JSON.parse(text) as Transcript).session.title).toBe('title from the WAL');
    expect(readFileSync(join(dir, 'opencode.db-wal')).equals(wal)).toBe(true);
    await expect(opencode.readers![0]!.sessions(join(dir, 'opencode.db#ses_doesnotexist'))).rejects.toThrow(/no session ses_doesnotexist/);
  });

  it('read a data folder holding both the database and the legacy tree: a session in both is read from the database (hand-made tree)', async () => {
    const data = tempDir('atx-oc-data-');
    copyFileSync(STORE, join(data, 'opencode.db'));
    const legacy = dirs.find((d) => d.startsWith('legacy-shell-tool'))!;
    cpSync(join(FIXTURES, legacy, 'storage'), join(data, 'storage'), { recursive: true });
    // the same session id in the tree, with a title the database does not have (hand-made)
    const dup = storeIds[0]!;
    mkdirSync(join(data, 'storage', 'session', 'p'), { recursive: true });
    writeFileSync(join(data, 'storage', 'session', 'p', `${dup}.json`), JSON.stringify({ id: dup, title: 'stale copy', time: { created: 1 } }));
    const sessions = await resolveInputs([data], ADAPTERS, Readable.from([]));
    const legacyId = recording(legacy).sessionId;
    expect(sessions.filter((s) => s.main.name.includes(dup))).toHaveLength(1);
    expect(sessions.find((s) => s.main.name.includes(dup))!.main.name).toContain('opencode.db#');
    expect(sessions.some((s) => s.main.name.endsWith(`${legacyId}.json`))).toBe(true);
    expect(sessions).toHaveLength(storeIds.length + 1);
    await drain(sessions);
    // a folder walk of the parent finds the same sessions (the tree's session files, minus those the database holds)
    const parent = tempDir('atx-oc-walk-');
    cpSync(data, join(parent, 'opencode'), { recursive: true });
    const walked = await resolveInputs([parent], ADAPTERS, Readable.from([]));
    const containers = walked.filter((s) => s.adapter === opencode).map((s) => s.main.name.replace(parent, ''));
    expect(containers.filter((n) => n.includes(dup))).toEqual([`/opencode/opencode.db#${dup}`]);
    expect(containers.filter((n) => n.endsWith(`${legacyId}.json`))).toHaveLength(1);
    expect(containers).toHaveLength(storeIds.length + 1);
    await drain(walked);
  });
});

// ---- the session_message table (handmade: no release writes it from `opencode run` yet) --------

describe('opencode: session_message rows (handmade-session-message, schema of 1.18.33)', () => {
  const dir = join(FIXTURES, 'handmade-session-message');
  const { session, rows } = JSON.parse(readFileSync(join(dir, 'recording.json'), 'utf8')) as { session: string; rows: Record<string, unknown>[] };

  it('converts every row: golden, nothing unparsed, calls paired, texts and tokens kept', async () => {
    const text = (await convertToText(await containerInput(join(dir, `opencode.db#${session}`)))).text;
    expectGolden(text, join(dir, 'opencode.expected.json'));
    const t = JSON.parse(text) as Transcript;
    expect(TranscriptSchema.safeParse(t).success).toBe(true);
    expect(t.metrics.unparsedCount).toBe(0);
    const calls = t.events.filter((e) => e.type === 'tool_call').map((e) => e.tool!.callId);
    expect(t.events.filter((e) => e.type === 'tool_result').map((e) => e.tool!.callId).sort()).toEqual([...calls].sort());
    expect(calls).toEqual(['call_ls', 'call_read', 'shell_git']);
    const assistantTexts = rows.flatMap((r) => (r.type === 'assistant' ? (r.content as { type: string; text?: string }[]).filter((c) => c.type === 'text').map((c) => c.text) : []));
    for (const said of assistantTexts) expect(t.events.some((e) => e.type === 'assistant_message' && e.text === said)).toBe(true);
    expect(t.events.find((e) => e.type === 'user_message')).toMatchObject({ text: rows[0]!.text, attachments: [{ kind: 'image', mime: 'image/png', path: 'screen.png' }] });
    expect(t.events.filter((e) => e.type === 'tool_result').map((e) => e.tool!.status)).toEqual(['ok', 'error', 'ok']);
    expect(t.metrics.tokens).toEqual({ input: 2700, output: 65, reasoning: 8, cacheRead: 1500 });
    expect(t.events.map((e) => e.meta?.kind).filter(Boolean)).toEqual(expect.arrayContaining(['injected', 'agent-switched', 'model-switched', 'system-message', 'compaction-summary', 'user-shell']));
  });
});

describe('opencode: a saved HTTP API body (GET /session/<id>/message, hand-written)', () => {
  const session = 'ses_4a0c1e7f2b9dQx8LmN3pR5tVw';
  const user = { info: { id: 'msg_a01', sessionID: session, role: 'user', time: { created: 1790000000000 }, agent: 'build', model: { providerID: 'p', modelID: 'm-small' } },
    parts: [{ id: 'prt_a01', sessionID: session, messageID: 'msg_a01', type: 'text', text: 'How many TODO markers are left in src?' }] };
  const answer = { info: { id: 'msg_a02', sessionID: session, parentID: 'msg_a01', role: 'assistant', time: { created: 1790000001000, completed: 1790000004000 }, modelID: 'm-small', providerID: 'p',
    path: { cwd: '/w/notes-app', root: '/w/notes-app' }, tokens: { input: 40, output: 12, reasoning: 0, cache: { read: 0, write: 0 } }, cost: 0 },
  parts: [
    { id: 'prt_a02', sessionID: session, messageID: 'msg_a02', type: 'tool', tool: 'grep', callID: 'call_g1',
      state: { status: 'completed', input: { pattern: 'TODO', path: 'src' }, output: 'src/list.ts:12: // TODO sort by date', title: 'TODO', time: { start: 1790000002000, end: 1790000002500 } } },
    { id: 'prt_a03', sessionID: session, messageID: 'msg_a02', type: 'text', text: 'One is left, in src/list.ts.' },
  ] };
  const dir = tempDir('atx-opencode-api-'); // the file's own cleanup: a describe skipped by -t runs its body but not its afterAll
  const save = (name: string, body: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(body, null, 2));
    return path;
  };
  const convert = async (path: string) => {
    const sessions = await resolveInputs([path], ADAPTERS, Readable.from([]));
    expect(sessions).toHaveLength(1);
    return JSON.parse((await convertToText(sessions[0]!)).text) as Transcript;
  };

  it('converts the messages it holds, the session named by their sessionID', async () => {
    const t = await convert(save('messages.json', [user, answer]));
    expect(t.source).toMatchObject({ agent: 'opencode', format: 'opencode/api-messages', nativeSessionId: session });
    expect(t.events.map((e) => e.type)).toEqual(['user_message', 'tool_call', 'tool_result', 'assistant_message']);
    expect(t.events.find((e) => e.type === 'tool_result')?.tool).toMatchObject({ callId: 'call_g1', output: 'src/list.ts:12: // TODO sort by date' });
    expect(t.metrics.unparsedCount).toBe(0);
  });

  it('a folder holding the body gives the same Transcript as the file named alone, read once', async () => {
    const folder = join(dir, 'saved');
    mkdirSync(folder);
    const path = join(folder, 'messages.json');
    writeFileSync(path, JSON.stringify([user, answer]));
    const alone = await convert(path);
    const walked = await resolveInputs([folder], ADAPTERS, Readable.from([]));
    expect(walked).toHaveLength(1);
    const fromFolder = JSON.parse((await convertToText(walked[0]!)).text) as Transcript;
    expect(fromFolder.source.format).toBe('opencode/api-messages');
    expect(fromFolder.events.map((e) => [e.type, e.text ?? e.tool?.output])).toEqual(alone.events.map((e) => [e.type, e.text ?? e.tool?.output]));
  });

  it('an element without message info is counted unparsed, never dropped', async () => {
    const t = await convert(save('damaged.json', [user, { parts: [] }, answer]));
    expect(t.metrics.unparsedCount).toBe(1);
    expect(t.events.filter((e) => e.type === 'assistant_message')).toHaveLength(1);
  });

  it('piped on stdin, it is refused by name with how atx reads it (the reader needs a file), never as "not a known format"', async () => {
    for (const input of [JSON.stringify([user, answer]), JSON.stringify([user, answer], null, 2)]) {
      const run = await runInProcess(['convert', '-', '--json'], { input });
      expect(run.code).toBe(3);
      expect(run.stdout).toBe('');
      const error = JSON.parse(run.stderr) as { error: { code: string; message: string } };
      expect(error.error.code).toBe('unsupported_format');
      expect(error.error.message).toMatch(/OpenCode's HTTP API GET \/session\/<id>\/message.*which atx reads from a file .*not from standard input/);
    }
  });

  it('an array of other {info} objects is not taken for one', () => {
    const head = Buffer.from(JSON.stringify([{ info: { id: 'x1', sessionID: 'abc' }, parts: [] }]));
    expect(opencode.readers!.some((reader) => reader.claims(join(dir, 'other.json'), head))).toBe(false);
  });
});

describe('opencode: a tool content block of a kind 1.18.33 does not write (hand-written)', () => {
  it('is named in the result with its prose, never dropped', async () => {
    const { SessionMessages } = await import('../adapters/opencode/session-message.js');
    const emitted: DraftEvent[] = [];
    const counted: string[] = [];
    const out: ConverterOutput = {
      emit: (event) => emitted.push(event), session: () => {}, usage: () => {},
      count: (type, outcome) => counted.push(`${type}:${outcome}`), unknown: (_record, type) => counted.push(`${type}:unknown`),
    };
    const rows = new SessionMessages(out, { parentId: () => undefined, addCost: () => {}, childStarted: () => {} });
    const record = { value: {}, line: 1, file: 'opencode.db' } as unknown as NativeRecord;
    rows.route({
      id: 'msg_1', type: 'assistant', time: { created: 1790000000000, completed: 1790000001000 }, model: { id: 'm' },
      content: [{ type: 'tool', id: 'call_1', name: 'webfetch', time: { created: 1790000000100, completed: 1790000000900 }, state: {
        status: 'completed', input: { url: 'https://example.invalid' },
        content: [{ type: 'text', text: 'fetched' }, { type: 'citation', title: 'The page that was fetched', uri: 'https://example.invalid' }],
      } }],
    }, { out, record });
    const result = emitted.find((e) => e.type === 'tool_result')!;
    expect(result.tool!.output).toBe('fetched\n[citation block]\nThe page that was fetched');
    expect(counted.filter((c) => c.endsWith(':unknown'))).toEqual([]);
  });
});
