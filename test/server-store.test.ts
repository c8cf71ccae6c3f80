import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs, { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { contentDigest } from '../src/api/contract.js';
import { eventsSha256 } from '../src/transcript/index.js';
import { parseKey } from '../src/keys.js';
import { BlobStore, defaultDataDir, IndexBusyError, ServerAlreadyRunningError, StorageFullError, TranscriptStore, type StoreOptions } from '../src/server/index.js';
import { IndexDatabase } from '../src/server/database.js';
import { OwnerRegistry } from '../src/server/owners.js';
import { ownerTag } from '../src/lifecycle/temp.js';
import { ROOT } from './support/cli-process.js';
import { bytesOf, removeTempDataDirs, tempDataDir, transcript } from './server-support.js';

afterAll(removeTempDataDirs);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function factsOf(document: Record<string, unknown>) {
  const doc = document as {
    transcriptId: string; source: { agent: string; nativeSessionId?: string }; session: { startedAt: string | null }; privacy: { profile: string }; events: unknown[];
  };
  return {
    transcriptId: doc.transcriptId, digest: contentDigest(document, sha256), agent: doc.source.agent, startedAt: doc.session.startedAt, eventCount: doc.events.length,
    sessionId: doc.source.nativeSessionId ?? null, eventsSha256: eventsSha256(doc.events), profile: doc.privacy.profile,
  };
}

const open: TranscriptStore[] = [];
async function openStore(options: StoreOptions): Promise<TranscriptStore> {
  const store = await TranscriptStore.open(options);
  open.push(store);
  return store;
}
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close();
});

function blobFiles(dataDir: string): string[] {
  const root = join(dataDir, 'blobs');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((folder) => readdirSync(join(root, folder)).map((name) => join(folder, name)));
}

describe('TranscriptStore: keys', () => {
  it('creates its data dir private (0700); the default dir comes from ATX_SERVE_DATA, XDG_DATA_HOME, then HOME', async () => {
    const dataDir = join(tempDataDir(), 'nested', 'data');
    await openStore({ dataDir });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(defaultDataDir({ ATX_SERVE_DATA: '/srv/atx', XDG_DATA_HOME: '/x' })).toBe('/srv/atx');
    expect(defaultDataDir({ XDG_DATA_HOME: '/x' })).toBe('/x/atx/serve');
    expect(defaultDataDir({ HOME: '/home/me' })).toBe('/home/me/.local/share/atx/serve');
  });

  it('creates keys that parse as submission keys, stores only a hash of the secret, and authenticates', async () => {
    const dataDir = tempDataDir();
    const store = await openStore({ dataDir });
    const created = await store.createKey('laptop');
    const key = parseKey(created.key, 'test');
    expect(key.keyId).toBe(created.keyId);
    expect(key.keyId).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(Buffer.from(key.secret, 'base64url')).toHaveLength(32);
    expect(await store.authenticate(key.keyId, key.secret)).toBe('ok');
    expect(await store.authenticate(key.keyId, `${key.secret}x`)).toBe('wrong_secret');
    expect(await store.authenticate('nosuchkey123', key.secret)).toBe('unknown');

    const listed = await store.listKeys();
    expect(listed).toEqual([{ keyId: key.keyId, name: 'laptop', createdAt: created.createdAt, revokedAt: null, transcripts: 0 }]);
    expect(JSON.stringify(listed)).not.toContain(key.secret);
    await store.close();
    const index = readFileSync(join(dataDir, 'index.sqlite'));
    expect(index.includes(key.secret)).toBe(false);
    expect(index.includes(sha256(key.secret))).toBe(true);
  });

  it('revokes a key: the right secret then answers revoked, a wrong one still wrong_secret', async () => {
    const store = await openStore({ dataDir: tempDataDir() });
    const key = parseKey((await store.createKey()).key, 'test');
    expect(await store.revokeKey(key.keyId)).toBe('revoked');
    expect(await store.revokeKey(key.keyId)).toBe('already_revoked');
    expect(await store.revokeKey('nosuchkey123')).toBe('unknown');
    expect(await store.authenticate(key.keyId, key.secret)).toBe('revoked');
    expect(await store.authenticate(key.keyId, 'wrong-secret-wrong-secret')).toBe('wrong_secret');
    expect((await store.listKeys())[0]?.revokedAt).toMatch(/^\d{4}-/);
  });

  it('sees keys another connection creates or revokes at once (a key read is reused only until anyone else commits)', async () => {
    const dataDir = tempDataDir();
    const server = await openStore({ dataDir });
    const tool = await openStore({ dataDir });
    const key = parseKey((await tool.createKey()).key, 'test');
    expect(await server.authenticate(key.keyId, key.secret)).toBe('ok');
    await tool.revokeKey(key.keyId);
    expect(await server.authenticate(key.keyId, key.secret)).toBe('revoked');
  });
});

/** Counts how often node-sqlite3-wasm takes the lock (mkdir of <db>.lock) while `work` runs. */
async function countLocks(dataDir: string, work: () => Promise<unknown>): Promise<number> {
  const lockPath = join(dataDir, 'index.sqlite.lock');
  const original = fs.mkdirSync;
  let count = 0;
  fs.mkdirSync = ((path: fs.PathLike, options?: fs.MakeDirectoryOptions) => {
    if (String(path) === lockPath) count++;
    return original(path, options);
  }) as typeof fs.mkdirSync;
  try {
    await work();
  } finally {
    fs.mkdirSync = original;
  }
  return count;
}

describe('TranscriptStore: lock and commit economy', () => {
  it('authenticates a known key without taking the lock while nobody else committed, and reads it again after another connection did', async () => {
    const dataDir = tempDataDir();
    const server = await openStore({ dataDir });
    const key = parseKey((await server.createKey()).key, 'test');
    expect(await server.authenticate(key.keyId, key.secret)).toBe('ok');
    expect(await countLocks(dataDir, async () => {
      for (let i = 0; i < 5; i++) expect(await server.authenticate(key.keyId, key.secret)).toBe('ok');
      // the server's own commits do not make it read the key again
      const document = transcript();
      await server.put(key.keyId, factsOf(document), bytesOf(document));
      expect(await server.authenticate(key.keyId, key.secret)).toBe('ok');
    })).toBe(1);
    expect(await server.authenticate(key.keyId, 'wrong')).toBe('wrong_secret');

    const tool = await openStore({ dataDir });
    await tool.createKey('unrelated'); // any commit elsewhere: the server reads again, once
    expect(await countLocks(dataDir, async () => {
      expect(await server.authenticate(key.keyId, key.secret)).toBe('ok');
      expect(await server.authenticate(key.keyId, key.secret)).toBe('ok');
    })).toBe(1);
    await tool.revokeKey(key.keyId);
    expect(await server.authenticate(key.keyId, key.secret)).toBe('revoked');
  });

  it('commits concurrent puts together, each still all or nothing', async () => {
    const dataDir = tempDataDir();
    const store = await openStore({ dataDir });
    const { keyId } = await store.createKey();
    const documents = Array.from({ length: 8 }, (_, i) => transcript({ text: `concurrent ${i}` }));
    let outcomes: Awaited<ReturnType<TranscriptStore['put']>>[] = [];
    const locks = await countLocks(dataDir, async () => {
      outcomes = await Promise.all(documents.map((document) => store.put(keyId, factsOf(document), bytesOf(document))));
    });
    expect(outcomes.map((o) => o.status)).toEqual(documents.map(() => 'stored'));
    expect(new Set(outcomes.map((o) => o.record.seq)).size).toBe(8);
    expect(locks).toBeLessThan(8);
    expect(await store.storedBytes()).toBe(documents.reduce((sum, d) => sum + bytesOf(d).length, 0));
    for (const document of documents) expect(await store.readBytes(keyId, document.transcriptId as string)).toEqual(bytesOf(document));
  });

  it('a transaction that throws in a shared batch undoes only its own statements', async () => {
    const dataDir = tempDataDir();
    await (await openStore({ dataDir })).close();
    open.length = 0;
    const db = await IndexDatabase.open(join(dataDir, 'index.sqlite'), { owners: new OwnerRegistry(join(dataDir, 'owners')), log: () => {} });
    try {
      const insert = (id: string) => (d: Parameters<Parameters<IndexDatabase['transaction']>[0]>[0]) => {
        d.run("INSERT INTO keys (key_id, name, secret_sha256, created_at) VALUES (?, 'n', 'x', 'now')", id);
      };
      let locks = 0;
      const results = await (async () => {
        let settled: PromiseSettledResult<unknown>[] = [];
        locks = await countLocks(dataDir, async () => {
          settled = await Promise.allSettled([
            db.transaction(insert('first')),
            db.transaction((d) => { insert('doomed')(d); throw new Error('changed my mind'); }),
            db.read((d) => d.get('SELECT count(*) AS n FROM keys')),
            db.transaction((d) => { insert('first')(d); }), // a constraint error
            db.transaction(insert('last')),
          ]);
        });
        return settled;
      })();
      expect(locks).toBe(1);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
      // the read saw the state before the batch's writes
      expect((results[2] as PromiseFulfilledResult<{ n: number }>).value.n).toBe(0);
      const rows = await db.read((d) => d.all('SELECT key_id FROM keys ORDER BY key_id') as { key_id: string }[]);
      expect(rows.map((r) => r.key_id)).toEqual(['first', 'last']);
    } finally {
      db.close();
    }
  });
});

describe('TranscriptStore: transcripts', () => {
  it('puts, reads back the exact bytes, lists newest first with a cursor, and deletes row and blob', async () => {
    const dataDir = tempDataDir();
    const store = await openStore({ dataDir });
    const { keyId } = await store.createKey();
    const documents = [transcript({ agent: 'a' }), transcript({ agent: 'b', startedAt: null }), transcript({ agent: 'c', events: 5 })];
    for (const document of documents) {
      const outcome = await store.put(keyId, factsOf(document), bytesOf(document));
      expect(outcome.status).toBe('stored');
      expect(outcome.record.bytes).toBe(bytesOf(document).length);
    }
    const third = documents[2]!;
    expect(await store.readBytes(keyId, third.transcriptId as string)).toEqual(bytesOf(third));

    const first = await store.list(keyId, { limit: 2 });
    expect(first.records.map((r) => r.agent)).toEqual(['c', 'b']);
    expect(first.records[0]?.eventCount).toBe(5);
    expect(first.records[1]?.startedAt).toBeNull();
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await store.list(keyId, { limit: 2, cursor: first.nextCursor });
    expect(second.records.map((r) => r.agent)).toEqual(['a']);
    expect(second.nextCursor).toBeNull();
    await expect(store.list(keyId, { limit: 2, cursor: 'not-a-cursor' })).rejects.toThrow(/cursor/);

    expect(blobFiles(dataDir)).toHaveLength(3);
    const totalBefore = await store.storedBytes();
    expect(await store.delete(keyId, third.transcriptId as string)).toBe(true);
    expect(await store.delete(keyId, third.transcriptId as string)).toBe(false);
    expect(await store.find(keyId, third.transcriptId as string)).toBeNull();
    expect(await store.readBytes(keyId, third.transcriptId as string)).toBeNull();
    expect(blobFiles(dataDir)).toHaveLength(2);
    expect(await store.storedBytes()).toBe(totalBefore - bytesOf(third).length);
    expect((await store.list(keyId, { limit: 10 })).records.map((r) => r.agent)).toEqual(['b', 'a']);
  });

  it('answers replayed for the same content (capturedAt aside); other content under the same id is the next version, whose bytes replace the old', async () => {
    const dataDir = tempDataDir();
    const store = await openStore({ dataDir });
    const { keyId } = await store.createKey();
    const document = transcript();
    const stored = await store.put(keyId, factsOf(document), bytesOf(document));
    const recaptured = { ...document, session: { ...(document.session as object), capturedAt: '2026-03-03T00:00:00Z' } };
    const replay = await store.put(keyId, factsOf(recaptured), bytesOf(recaptured));
    expect(replay.status).toBe('replayed');
    expect(replay.record.storedAt).toBe(stored.record.storedAt);
    const changed = transcript({ id: document.transcriptId as string, text: 'something else' });
    expect(await store.put(keyId, factsOf(changed), bytesOf(changed))).toMatchObject({ status: 'stored', record: { version: 2 }, replaced: { version: 1 } });
    expect(await store.readBytes(keyId, document.transcriptId as string)).toEqual(bytesOf(changed));
    expect(blobFiles(dataDir)).toHaveLength(1); // the replay's bytes and version 1's were not kept
    expect(await store.storedBytes()).toBe(bytesOf(changed).length);
  });

  it('moves a data dir of schema 1 (one row per transcriptId) to versions: each old row is version 1 of its own session', async () => {
    const dataDir = tempDataDir();
    const document = transcript();
    const bytes = bytesOf(document);
    const blob = BlobStore.nameOf(bytes);
    mkdirSync(join(dataDir, 'blobs', blob.slice(0, 2)), { recursive: true });
    writeFileSync(join(dataDir, 'blobs', blob.slice(0, 2), `${blob}.json`), bytes);
    const db = await IndexDatabase.open(join(dataDir, 'index.sqlite'), { owners: new OwnerRegistry(join(dataDir, 'owners')), log: () => {} });
    await db.transaction((d) => d.exec(`
      CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
      CREATE TABLE keys (key_id TEXT PRIMARY KEY, name TEXT, secret_sha256 TEXT NOT NULL, created_at TEXT NOT NULL, revoked_at TEXT);
      CREATE TABLE transcripts (key_id TEXT NOT NULL, transcript_id TEXT NOT NULL, digest TEXT NOT NULL, blob TEXT NOT NULL, agent TEXT NOT NULL,
        started_at TEXT, stored_at TEXT NOT NULL, bytes INTEGER NOT NULL, event_count INTEGER NOT NULL, seq INTEGER NOT NULL UNIQUE, PRIMARY KEY (key_id, transcript_id));
      INSERT INTO meta VALUES ('schema_version', 1), ('next_seq', 2), ('stored_bytes', ${bytes.length});
      INSERT INTO keys VALUES ('k1', null, 'x', '2026-01-01T00:00:00Z', null);
      INSERT INTO transcripts VALUES ('k1', '${document.transcriptId as string}', '${factsOf(document).digest}', '${blob}', 'claude-code', null, '2026-01-01T00:00:00Z', ${bytes.length}, 2, 1);
    `));
    db.close();
    const store = await openStore({ dataDir });
    expect(await store.readBytes('k1', document.transcriptId as string)).toEqual(bytes);
    expect((await store.list('k1', { limit: 10 })).records).toMatchObject([{ transcriptId: document.transcriptId, version: 1 }]);
    const changed = transcript({ id: document.transcriptId as string, text: 'later' });
    expect(await store.put('k1', factsOf(changed), bytesOf(changed))).toMatchObject({ status: 'stored', record: { version: 2 } });
  });

  describe('versions of one session (key, agent, native session id)', () => {
    const grown = (sessionId: string, events: number, options: { id?: string; profile?: string } = {}) => transcript({ sessionId, events, ...options });

    it('a grown session is version 2 of one stored transcript; the older upload arriving late is stale, a retry of version 1 a replay', async () => {
      const dataDir = tempDataDir();
      const store = await openStore({ dataDir });
      const { keyId } = await store.createKey();
      const first = grown('s-1', 2);
      const second = grown('s-1', 4);
      expect((await store.put(keyId, factsOf(first), bytesOf(first))).status).toBe('stored');
      expect(await store.put(keyId, factsOf(second), bytesOf(second))).toMatchObject({ status: 'stored', record: { version: 2, sessionId: 's-1' } });
      const listed = (await store.list(keyId, { limit: 10 })).records;
      expect(listed.map((r) => [r.transcriptId, r.version])).toEqual([[second.transcriptId, 2]]);
      expect(blobFiles(dataDir)).toHaveLength(1);
      // the same first events under a transcriptId never stored: an older upload, refused
      const late = { ...first, transcriptId: grown('x', 1).transcriptId };
      expect(await store.put(keyId, factsOf(late), bytesOf(late))).toMatchObject({ status: 'stale', record: { version: 2 } });
      // version 1 itself again (a retry whose answer was lost): answered as the first time
      expect(await store.put(keyId, factsOf(first), bytesOf(first))).toMatchObject({ status: 'replayed', record: { version: 1 } });
      expect(await store.readBytes(keyId, second.transcriptId as string)).toEqual(bytesOf(second));
      // fewer events that are not the first ones, or another profile: a new version
      const rewritten = grown('s-1', 1, { profile: 'research' });
      expect(await store.put(keyId, factsOf(rewritten), bytesOf(rewritten))).toMatchObject({ status: 'stored', record: { version: 3 } });
      // another session claiming a transcriptId in use: a conflict
      const clash = grown('s-2', 1, { id: rewritten.transcriptId as string });
      expect((await store.put(keyId, factsOf(clash), bytesOf(clash))).status).toBe('conflict');
    });

    it('concurrent uploads with duplicates and versions of one session, committed together, end with exactly the right versions', async () => {
      const dataDir = tempDataDir();
      const store = await openStore({ dataDir });
      const { keyId } = await store.createKey();
      const session = [grown('s-1', 1), grown('s-1', 2), grown('s-1', 3)];
      const others = [grown('s-2', 2), transcript({ text: 'no session id' })];
      const sent = [...session, ...others, ...session, ...others].reverse(); // each twice, the newest version first
      const outcomes = await Promise.all(sent.map((document) => store.put(keyId, factsOf(document), bytesOf(document))));
      const storedOf = (document: Record<string, unknown>) => outcomes.filter((o, i) => o.status === 'stored' && sent[i] === document).length;
      for (const document of [...session, ...others]) expect(storedOf(document)).toBeLessThanOrEqual(1);
      for (const document of others) expect(storedOf(document)).toBe(1);
      for (const [i, outcome] of outcomes.entries()) {
        expect(outcome.status).not.toBe('conflict');
        if (outcome.status === 'replayed') expect(outcome.record.transcriptId).toBe(sent[i]!.transcriptId);
      }
      const newest = session[2]!;
      const current = (await store.list(keyId, { limit: 10 })).records;
      expect(current.map((r) => r.transcriptId).sort()).toEqual([newest, ...others].map((d) => d.transcriptId as string).sort());
      expect(await store.storedBytes()).toBe([newest, ...others].reduce((sum, d) => sum + bytesOf(d).length, 0));
      expect(blobFiles(dataDir)).toHaveLength(3);
      await store.close();
      open.length = 0;
      const db = await IndexDatabase.open(join(dataDir, 'index.sqlite'), { owners: new OwnerRegistry(join(dataDir, 'owners')), log: () => {} });
      try {
        const rows = await db.read((d) => d.all("SELECT version, current FROM versions WHERE identity = 's:claude-code:s-1' ORDER BY version") as { version: number; current: number }[]);
        const storedVersions = session.reduce((sum, document) => sum + storedOf(document), 0);
        expect(rows.map((r) => r.version)).toEqual(Array.from({ length: storedVersions }, (_, i) => i + 1));
        expect(rows.map((r) => r.current)).toEqual(rows.map((_, i) => (i === rows.length - 1 ? 1 : 0)));
      } finally {
        db.close();
      }
    });

    it('keeps replaced versions readable by their id with keepVersions, and delete erases every version', async () => {
      const dataDir = tempDataDir();
      const store = await openStore({ dataDir, keepVersions: true });
      const { keyId } = await store.createKey();
      const first = grown('s-1', 2);
      const second = grown('s-1', 3);
      await store.put(keyId, factsOf(first), bytesOf(first));
      await store.put(keyId, factsOf(second), bytesOf(second));
      expect(await store.readBytes(keyId, first.transcriptId as string)).toEqual(bytesOf(first));
      expect(await store.storedBytes()).toBe(bytesOf(first).length + bytesOf(second).length);
      expect(await store.delete(keyId, second.transcriptId as string)).toBe(true);
      expect(await store.readBytes(keyId, first.transcriptId as string)).toBeNull();
      expect(blobFiles(dataDir)).toHaveLength(0);
      expect(await store.storedBytes()).toBe(0);
    });
  });

  it('does not even write a big body again for a replay or a conflict', async () => {
    const dataDir = tempDataDir();
    let writes = 0;
    class Counting extends BlobStore {
      override async write(name: string, bytes: Uint8Array): Promise<void> {
        writes++;
        await super.write(name, bytes);
      }
    }
    const store = await openStore({ dataDir, blobs: new Counting(join(dataDir, 'blobs')) });
    const { keyId } = await store.createKey();
    const document = transcript({ text: 'b'.repeat(1024 * 1024) });
    expect((await store.put(keyId, factsOf(document), bytesOf(document))).status).toBe('stored');
    const reformatted = Buffer.from(JSON.stringify(document, null, 1)); // other bytes, same content
    expect((await store.put(keyId, factsOf(document), reformatted)).status).toBe('replayed');
    const changed = transcript({ id: document.transcriptId as string, text: 'c'.repeat(1024 * 1024), sessionId: 'another session' });
    expect((await store.put(keyId, factsOf(changed), bytesOf(changed))).status).toBe('conflict');
    expect(writes).toBe(1);
    expect(blobFiles(dataDir)).toHaveLength(1);
  });

  it('keeps keys apart: another key cannot read, list or delete, and may store the same id itself', async () => {
    const dataDir = tempDataDir();
    const store = await openStore({ dataDir });
    const a = (await store.createKey()).keyId;
    const b = (await store.createKey()).keyId;
    const document = transcript();
    const id = document.transcriptId as string;
    await store.put(a, factsOf(document), bytesOf(document));
    expect(await store.find(b, id)).toBeNull();
    expect(await store.readBytes(b, id)).toBeNull();
    expect((await store.list(b, { limit: 10 })).records).toEqual([]);
    expect(await store.delete(b, id)).toBe(false);
    // the same bytes under another key share one blob, which lives until the last row goes
    expect((await store.put(b, factsOf(document), bytesOf(document))).status).toBe('stored');
    expect(blobFiles(dataDir)).toHaveLength(1);
    await store.delete(a, id);
    expect(blobFiles(dataDir)).toHaveLength(1);
    expect(await store.readBytes(b, id)).toEqual(bytesOf(document));
    await store.delete(b, id);
    expect(blobFiles(dataDir)).toHaveLength(0);
  });

  it('refuses with StorageFullError over --max-storage-mb, leaving the old state', async () => {
    const dataDir = tempDataDir();
    const first = transcript({ text: 'x'.repeat(400) });
    const store = await openStore({ dataDir, maxStorageBytes: bytesOf(first).length + 100 });
    const { keyId } = await store.createKey();
    await store.put(keyId, factsOf(first), bytesOf(first));
    const second = transcript({ text: 'y'.repeat(400) });
    await expect(store.put(keyId, factsOf(second), bytesOf(second))).rejects.toBeInstanceOf(StorageFullError);
    expect(await store.find(keyId, second.transcriptId as string)).toBeNull();
    expect(blobFiles(dataDir)).toHaveLength(1);
    // a replay of what is stored is still answered while full
    expect((await store.put(keyId, factsOf(first), bytesOf(first))).status).toBe('replayed');
    // room again after a delete
    await store.delete(keyId, first.transcriptId as string);
    expect((await store.put(keyId, factsOf(second), bytesOf(second))).status).toBe('stored');
  });

  it('turns ENOSPC while writing the blob into StorageFullError, with no row and no temp file', async () => {
    const dataDir = tempDataDir();
    class FullDisk extends BlobStore {
      override async write(): Promise<void> {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }
    }
    const store = await openStore({ dataDir, blobs: new FullDisk(join(dataDir, 'blobs')) });
    const { keyId } = await store.createKey();
    const document = transcript();
    await expect(store.put(keyId, factsOf(document), bytesOf(document))).rejects.toBeInstanceOf(StorageFullError);
    expect(await store.find(keyId, document.transcriptId as string)).toBeNull();
    expect(await store.storedBytes()).toBe(0);
  });
});

describe('TranscriptStore: crash recovery', () => {
  // PERSIST is what the store uses; TRUNCATE what earlier versions used
  it.each(['PERSIST', 'TRUNCATE'])('removes a stale lock left by a killed process and rolls back its half-written transaction (journal_mode=%s)', async (journalMode) => {
    const dataDir = tempDataDir();
    const setup = await openStore({ dataDir });
    const kept = await setup.createKey('kept');
    await setup.close();
    open.length = 0;

    // A process that dies mid-transaction, after SQLite has already written changed pages into
    // the database file (a tiny cache forces that), leaving <db>.lock and a hot journal behind.
    const script = `
      import sqlite from 'node-sqlite3-wasm';
      const db = new sqlite.Database(process.argv[1]);
      db.exec('PRAGMA journal_mode=${journalMode}; PRAGMA synchronous=FULL');
      db.exec('BEGIN');
      for (let i = 0; i < 1500; i++) db.run("INSERT INTO keys (key_id, name, secret_sha256, created_at) VALUES (?, ?, 'x', 'now')", ['filler' + i, 'n'.repeat(500)]);
      db.exec('COMMIT');
      db.exec('PRAGMA cache_size=5');
      db.exec('BEGIN IMMEDIATE');
      db.run("UPDATE keys SET name = 'half-written' || substr(name, 13)");
      process.kill(process.pid, 'SIGKILL');`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, join(dataDir, 'index.sqlite')], { cwd: ROOT });
    expect(child.signal).toBe('SIGKILL');
    expect(existsSync(join(dataDir, 'index.sqlite.lock'))).toBe(true);
    expect(readFileSync(join(dataDir, 'index.sqlite-journal')).length).toBeGreaterThan(0);

    const notices: string[] = [];
    const store = await openStore({ dataDir, log: (line) => notices.push(line), busyTimeoutMs: 2_000 });
    expect(notices.join('\n')).toMatch(/removed a stale database lock/);
    const keys = await store.listKeys();
    expect(keys).toHaveLength(1501);
    expect(keys.filter((k) => k.name?.startsWith('half-written'))).toEqual([]);
    expect(keys.find((k) => k.keyId === kept.keyId)?.name).toBe('kept');
    expect(await store.authenticate(kept.keyId, parseKey(kept.key, 'test').secret)).toBe('ok');
    expect(existsSync(join(dataDir, 'index.sqlite.lock'))).toBe(false);
    await store.createKey('after');
    expect(await store.listKeys()).toHaveLength(1502);
  });

  it('sweeps temp files and unreferenced blobs on server start, keeping referenced ones', async () => {
    const dataDir = tempDataDir();
    const store = await openStore({ dataDir });
    const { keyId } = await store.createKey();
    const document = transcript();
    await store.put(keyId, factsOf(document), bytesOf(document));
    await store.close();
    open.length = 0;

    const orphan = BlobStore.nameOf(Buffer.from('orphan'));
    mkdirSync(join(dataDir, 'blobs', orphan.slice(0, 2)), { recursive: true });
    writeFileSync(join(dataDir, 'blobs', orphan.slice(0, 2), `${orphan}.json`), 'orphan');
    const [folder] = readdirSync(join(dataDir, 'blobs'));
    writeFileSync(join(dataDir, 'blobs', folder!, '.tmp-abcdef'), 'half a write');
    expect(blobFiles(dataDir)).toHaveLength(3);

    const notices: string[] = [];
    const server = await openStore({ dataDir, role: 'server', log: (line) => notices.push(line) });
    expect(blobFiles(dataDir)).toEqual([join(BlobStore.nameOf(bytesOf(document)).slice(0, 2), `${BlobStore.nameOf(bytesOf(document))}.json`)]);
    expect(notices.join('\n')).toMatch(/1 unreferenced transcript file\(s\), 1 temp file\(s\)/);
    expect(await server.readBytes(keyId, document.transcriptId as string)).toEqual(bytesOf(document));
  });

  it('waits for, and does not break, a lock that a living registered process holds', async () => {
    const dataDir = tempDataDir();
    await (await openStore({ dataDir })).close();
    open.length = 0;
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dataDir, 'owners', `${ownerTag(sleeper.pid!)}-tool-00000000`), '');
      mkdirSync(join(dataDir, 'index.sqlite.lock'));
      await expect(TranscriptStore.open({ dataDir, busyTimeoutMs: 300 })).rejects.toBeInstanceOf(IndexBusyError);
      expect(existsSync(join(dataDir, 'index.sqlite.lock'))).toBe(true);
      // a lock older than the stale limit is removed even so (a process that holds it that long is stuck)
      const old = new Date(Date.now() - 120_000);
      utimesSync(join(dataDir, 'index.sqlite.lock'), old, old);
      await openStore({ dataDir, busyTimeoutMs: 300 });
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('refuses a second server on the same data dir while the first lives, and not after it died', async () => {
    const dataDir = tempDataDir();
    await (await openStore({ dataDir })).close();
    open.length = 0;
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    const record = join(dataDir, 'owners', `${ownerTag(other.pid!)}-server-00000000`);
    writeFileSync(record, '');
    try {
      await expect(TranscriptStore.open({ dataDir, role: 'server' })).rejects.toBeInstanceOf(ServerAlreadyRunningError);
      // key commands still work next to a running server
      await openStore({ dataDir, role: 'tool' });
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    await openStore({ dataDir, role: 'server' });
    expect(existsSync(record)).toBe(false);
  });
});

describe('TranscriptStore: the index on its own thread (as the server runs it)', () => {
  // the compiled thread (the tests run against a built tree, as the e2e tests do)
  const indexThreadFile = join(ROOT, 'dist/src/server/index-thread.js');

  it('stores concurrent puts in shared commits, answers replays and conflicts, lists and deletes; the same file read inline agrees', async () => {
    const dataDir = tempDataDir();
    const store = await openStore({ dataDir, role: 'server', indexThreadFile });
    const { keyId } = await store.createKey('thread');
    const documents = Array.from({ length: 8 }, (_, i) => transcript({ text: `thread ${i}` }));
    const outcomes = await Promise.all(documents.map((document) => store.put(keyId, factsOf(document), bytesOf(document))));
    expect(outcomes.map((o) => o.status)).toEqual(documents.map(() => 'stored'));
    expect(new Set(outcomes.map((o) => o.record.seq)).size).toBe(8);
    const first = documents[0]!;
    expect((await store.put(keyId, factsOf(first), bytesOf(first))).status).toBe('replayed');
    const other = transcript({ id: first.transcriptId as string, sessionId: 'another-session', text: 'other' });
    expect((await store.put(keyId, factsOf(other), bytesOf(other))).status).toBe('conflict');
    expect(await store.readBytes(keyId, first.transcriptId as string)).toEqual(bytesOf(first));
    expect(await store.delete(keyId, first.transcriptId as string)).toBe(true);
    const listed = await store.list(keyId, { limit: 100 });
    const newestFirst = outcomes.slice(1).sort((x, y) => y.record.seq - x.record.seq);
    expect(listed.records.map((r) => r.transcriptId)).toEqual(newestFirst.map((o) => o.record.transcriptId));
    await store.close();
    open.length = 0;

    const inline = await openStore({ dataDir, indexThreadFile: null });
    expect((await inline.list(keyId, { limit: 100 })).records).toEqual(listed.records);
    expect(await inline.storedBytes()).toBe(documents.slice(1).reduce((sum, d) => sum + bytesOf(d).length, 0));
  });

  it('sees a key revoked by another process at once, and reports a lock held too long as IndexBusyError', async () => {
    const dataDir = tempDataDir();
    const server = await openStore({ dataDir, role: 'server', indexThreadFile, busyTimeoutMs: 300 });
    const created = await server.createKey();
    const { secret } = parseKey(created.key, 'test');
    expect(await server.authenticate(created.keyId, secret)).toBe('ok');
    expect(await server.authenticate(created.keyId, secret)).toBe('ok');
    const tool = await openStore({ dataDir, role: 'tool' });
    expect(await tool.revokeKey(created.keyId)).toBe('revoked');
    expect(await server.authenticate(created.keyId, secret)).toBe('revoked');

    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dataDir, 'owners', `${ownerTag(sleeper.pid!)}-tool-00000000`), '');
      mkdirSync(join(dataDir, 'index.sqlite.lock'));
      await expect(server.storedBytes()).rejects.toBeInstanceOf(IndexBusyError);
    } finally {
      sleeper.kill('SIGKILL');
      fs.rmSync(join(dataDir, 'index.sqlite.lock'), { recursive: true, force: true });
    }
  });
});
