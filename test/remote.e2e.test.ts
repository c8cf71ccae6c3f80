/**
 * One identity per session, end to end against a real `atx serve` (in process): a real fixture
 * uploaded, grown (records appended to a copy) and uploaded again, re-redacted, an older cut
 * refused as stale into the outbox's failed list; `atx remote list | get | delete`, and another
 * owner's key seeing and touching nothing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server/index.js';
import { ROOT, runInProcess } from './helpers.js';
import { removeTempDataDirs, tempDataDir } from './server-support.js';

const FIXTURE = join(ROOT, 'fixtures/claude-code/long-session/session.jsonl');

let server: RunningServer;
let work: string;
const keys: Record<'a' | 'b', string> = { a: '', b: '' };

beforeAll(async () => {
  server = await startServer({ dataDir: tempDataDir(), port: 0, logRequests: false, documentWorkers: 0 });
  keys.a = (await server.store.createKey('a')).key;
  keys.b = (await server.store.createKey('b')).key;
  work = tempDataDir('atx-remote-test-');
  mkdirSync(join(work, 'in'), { recursive: true });
});
afterAll(async () => {
  await server.close();
  removeTempDataDirs();
});

const env = (owner: 'a' | 'b') => ({ ATX_KEY: keys[owner], ATX_ENDPOINT: server.url, ATX_OUTBOX: join(work, `outbox-${owner}`), HOME: work });
const atx = (owner: 'a' | 'b', args: string[]) => runInProcess(args, { env: env(owner) });
const listed = async (owner: 'a' | 'b') => {
  const run = await atx(owner, ['remote', 'list', '--json']);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { items: Array<{ transcriptId: string; version: number; sessionId: string | null }> }).items;
};

/** A copy of the fixture's first `lines` records: the session as it was earlier. */
function cut(name: string, lines: number): string {
  const all = readFileSync(FIXTURE, 'utf8').split('\n').filter(Boolean);
  const path = join(work, 'in', name);
  writeFileSync(path, `${all.slice(0, lines).join('\n')}\n`);
  return path;
}

describe('versions of one session and atx remote', () => {
  it('grow, re-redact, stale; list, get and delete, each key its own', async () => {
    const early = cut('session.jsonl', 300);
    expect((await atx('a', ['upload', early, '-q'])).code).toBe(0);
    // the same file grows by the rest of the fixture's records
    writeFileSync(early, readFileSync(FIXTURE));
    const grown = await atx('a', ['upload', early, '--json']);
    expect(grown.code, grown.stderr).toBe(0);
    let items = await listed('a');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ version: 2, sessionId: expect.any(String) });

    // identical again: a replay, still version 2
    expect(JSON.parse((await atx('a', ['upload', early, '--json'])).stdout)).toMatchObject({ replayed: 1 });
    // an older cut never stored: refused as stale, and kept in the outbox's failed list
    const stale = await atx('a', ['upload', cut('older.jsonl', 200), '--json']);
    expect(stale.code).toBe(4);
    expect(stale.stdout).toContain('a newer version of this session is already stored');
    const outbox = JSON.parse((await atx('a', ['outbox', 'list', '--json'])).stdout) as { pending: string[]; failed: string[] };
    expect(outbox).toMatchObject({ pending: [], failed: [expect.any(String)] });
    // not retried by a flush until moved back
    expect(JSON.parse((await atx('a', ['upload', '--flush', '--json'])).stdout)).toMatchObject({ refused: 0, stored: 0 });
    expect((await atx('a', ['outbox', 'retry', '--all'])).code).toBe(0);
    expect(JSON.parse((await atx('a', ['outbox', 'list', '--json'])).stdout)).toMatchObject({ pending: outbox.failed, failed: [] });
    expect((await atx('a', ['outbox', 'drop', '--all'])).code).toBe(0);

    // re-redaction with another profile replaces
    expect((await atx('a', ['upload', early, '--profile', 'research', '-q'])).code).toBe(0);
    items = await listed('a');
    expect(items.map((item) => item.version)).toEqual([3]);
    const id = items[0]!.transcriptId;

    const got = await atx('a', ['remote', 'get', id]);
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ transcriptId: id, privacy: { profile: 'research' } });

    // another owner's key sees nothing and deletes nothing
    expect(await listed('b')).toEqual([]);
    expect((await atx('b', ['remote', 'get', id])).code).toBe(4);
    expect((await atx('b', ['remote', 'delete', id, '--yes'])).code).toBe(4);
    // no terminal and no --yes: nothing happens
    const unconfirmed = await atx('a', ['remote', 'delete', id]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr.trim().split('\n')).toHaveLength(1);
    expect(await listed('a')).toHaveLength(1);

    const deleted = await atx('a', ['remote', 'delete', '--agent', 'claude-code', '--before', '2999-01-01', '--yes', '--json']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({ deleted: [id] });
    expect(await listed('a')).toEqual([]);
  });
});
