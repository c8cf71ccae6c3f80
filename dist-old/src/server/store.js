/**
 * The reference server's storage: an SQLite index (keys, and one row per stored transcript) and
 * the transcript bytes as content-addressed files (blobs.ts).
 *
 * Crash atomicity: a put writes the blob completely first and then inserts its row in one
 * transaction (which may share its commit with concurrent puts: database.ts); a delete removes the
 * row first and then the blob. A crash in between leaves an unreferenced blob, which the server's
 * startup sweep removes; the index itself is protected by SQLite's rollback journal (see
 * database.ts for what that takes with this SQLite build).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { open, statfs } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { BlobStore } from './blobs.js';
import { IndexDatabase, isFullOrIoError } from './database.js';
import { OwnerRegistry } from './owners.js';
import { decide, identityOf, storedPrefixSha256 } from './versions.js';
export class StorageFullError extends Error {
    constructor(message, options) {
        super(message, options);
        this.name = 'StorageFullError';
    }
}
/** put() found the key revoked (or gone) in the transaction that would have stored: nothing was stored. */
export class KeyRevokedError extends Error {
    keyId;
    constructor(keyId) {
        super(`key ${keyId} was revoked`);
        this.keyId = keyId;
        this.name = 'KeyRevokedError';
    }
}
export class InvalidCursorError extends Error {
    constructor() {
        super('cursor is not one this server gave out');
        this.name = 'InvalidCursorError';
    }
}
export class ServerAlreadyRunningError extends Error {
    constructor(dataDir, pids) {
        super(`another atx serve (process ${pids.join(', ')}) already uses the data dir ${dataDir}; stop it or pick another --data-dir`);
        this.name = 'ServerAlreadyRunningError';
    }
}
const KEY_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_ID_LENGTH = 12;
/**
 * From this size on, a put asks the index for an earlier upload of the same id before writing the
 * body (a replay or conflict then writes nothing); a smaller one skips that extra lock and lets its
 * transaction tell, at the cost of writing and removing a small blob on a replay with other bytes.
 */
const ASK_FIRST_BYTES = 1024 * 1024;
/** key rows kept between requests (all of them are dropped when full) */
const KEY_CACHE_SIZE = 10_000;
const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS keys (
  key_id TEXT PRIMARY KEY,
  name TEXT,
  secret_sha256 TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE TABLE IF NOT EXISTS versions (
  key_id TEXT NOT NULL REFERENCES keys (key_id),
  identity TEXT NOT NULL,
  version INTEGER NOT NULL,
  current INTEGER NOT NULL,
  transcript_id TEXT NOT NULL,
  digest TEXT NOT NULL,
  events_sha256 TEXT,
  profile TEXT,
  session_id TEXT,
  blob TEXT,
  agent TEXT NOT NULL,
  started_at TEXT,
  stored_at TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  event_count INTEGER NOT NULL,
  seq INTEGER NOT NULL UNIQUE,
  PRIMARY KEY (key_id, identity, version)
);
CREATE INDEX IF NOT EXISTS versions_current ON versions (key_id, current, seq);
CREATE INDEX IF NOT EXISTS versions_by_transcript ON versions (key_id, transcript_id);
CREATE INDEX IF NOT EXISTS versions_by_blob ON versions (blob);
INSERT OR IGNORE INTO meta (name, value) VALUES ('schema_version', 2), ('next_seq', 1), ('stored_bytes', 0);
`;
/** Schema 1 had one row per transcriptId: each becomes version 1 of a session of its own. */
const MIGRATE_FROM_1 = `
INSERT INTO versions (key_id, identity, version, current, transcript_id, digest, blob, agent, started_at, stored_at, bytes, event_count, seq)
  SELECT key_id, 't:' || transcript_id, 1, 1, transcript_id, digest, blob, agent, started_at, stored_at, bytes, event_count, seq FROM transcripts;
DROP TABLE transcripts;
UPDATE meta SET value = 2 WHERE name = 'schema_version';
`;
const CURRENT_ROW = 'SELECT * FROM versions WHERE key_id = ? AND identity = ? AND current = 1';
export class TranscriptStore {
    db;
    blobs;
    options;
    unregister;
    dataDir;
    blobLocks = new KeyedLock();
    closed = false;
    /**
     * The index's stored_bytes as last read or written by this store: a put over the limit by this
     * count is refused before its body is written. Only a hint (the transaction checks the index).
     */
    storedBytesSeen = 0;
    /** key rows as last read, with the index epoch they belong to (see authenticate) */
    keyRows = new Map();
    constructor(db, blobs, options, unregister) {
        this.db = db;
        this.blobs = blobs;
        this.options = options;
        this.unregister = unregister;
        this.dataDir = resolve(options.dataDir);
    }
    static async open(options) {
        const dataDir = resolve(options.dataDir);
        if (mkdirSync(dataDir, { recursive: true, mode: 0o700 }) !== undefined)
            chmodSync(dataDir, 0o700);
        const log = options.log ?? (() => { });
        const owners = new OwnerRegistry(join(dataDir, 'owners'));
        const role = options.role ?? 'tool';
        if (role === 'server') {
            const servers = owners.liveOthers().filter((owner) => owner.role === 'server');
            if (servers.length > 0)
                throw new ServerAlreadyRunningError(dataDir, servers.map((s) => s.pid));
        }
        const unregister = owners.register(role);
        let db;
        try {
            db = await IndexDatabase.open(join(dataDir, 'index.sqlite'), {
                owners, log,
                ...(options.busyTimeoutMs !== undefined ? { busyTimeoutMs: options.busyTimeoutMs } : {}),
                ...(options.staleLockMs !== undefined ? { staleLockMs: options.staleLockMs } : {}),
            });
            await db.transaction((d) => {
                d.exec(SCHEMA);
                if (d.get("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'transcripts'"))
                    d.exec(MIGRATE_FROM_1);
            });
            const store = new TranscriptStore(db, options.blobs ?? new BlobStore(join(dataDir, 'blobs')), options, unregister);
            if (options.maxStorageBytes != null)
                await store.storedBytes();
            if (role === 'server') {
                const removed = await store.sweep();
                if (removed.blobs + removed.tempFiles > 0) {
                    log(`removed what an interrupted run left behind: ${removed.blobs} unreferenced transcript file(s), ${removed.tempFiles} temp file(s)`);
                }
            }
            return store;
        }
        catch (error) {
            db?.close();
            unregister();
            throw error;
        }
    }
    // ---- keys
    async createKey(name = null) {
        const secret = randomBytes(32).toString('base64url');
        const createdAt = new Date().toISOString();
        for (;;) {
            const keyId = Array.from({ length: KEY_ID_LENGTH }, () => KEY_ID_ALPHABET[randomInt(KEY_ID_ALPHABET.length)]).join('');
            const inserted = await this.db.transaction((db) => {
                if (db.get('SELECT 1 FROM keys WHERE key_id = ?', keyId))
                    return false;
                db.run('INSERT INTO keys (key_id, name, secret_sha256, created_at) VALUES (?, ?, ?, ?)', [keyId, name, sha256Hex(secret), createdAt]);
                return true;
            });
            if (inserted)
                return { key: `atx_${keyId}_${secret}`, keyId, name, createdAt };
        }
    }
    async listKeys() {
        const rows = await this.db.read((db) => db.all(`SELECT k.key_id, k.name, k.created_at, k.revoked_at,
              (SELECT count(*) FROM versions v WHERE v.key_id = k.key_id AND v.current = 1) AS transcripts
         FROM keys k ORDER BY k.created_at, k.key_id`));
        return rows.map((row) => ({
            keyId: String(row.key_id),
            name: row.name === null ? null : String(row.name),
            createdAt: String(row.created_at),
            revokedAt: row.revoked_at === null ? null : String(row.revoked_at),
            transcripts: Number(row.transcripts),
        }));
    }
    async revokeKey(keyId) {
        return this.db.transaction((db) => {
            const row = db.get('SELECT revoked_at FROM keys WHERE key_id = ?', keyId);
            if (!row)
                return 'unknown';
            if (row.revoked_at !== null)
                return 'already_revoked';
            db.run('UPDATE keys SET revoked_at = ? WHERE key_id = ?', [new Date().toISOString(), keyId]);
            return 'revoked';
        });
    }
    /**
     * A key created or revoked by another process counts at once: a key's row is reused only while
     * the index shows that nobody else has committed since it was read (IndexDatabase.unchangedSince),
     * which costs one read of the file header instead of taking the lock.
     */
    async authenticate(keyId, secret) {
        const cached = this.keyRows.get(keyId);
        let row;
        if (cached && this.db.unchangedSince(cached.epoch)) {
            row = cached.row;
        }
        else {
            const read = await this.db.readVersioned((db) => db.get('SELECT secret_sha256, revoked_at FROM keys WHERE key_id = ?', keyId));
            row = read.value;
            if (row) {
                if (this.keyRows.size >= KEY_CACHE_SIZE)
                    this.keyRows.clear();
                this.keyRows.set(keyId, { row, epoch: read.epoch });
            }
            else {
                this.keyRows.delete(keyId);
            }
        }
        const given = createHash('sha256').update(secret).digest();
        const stored = row ? Buffer.from(String(row.secret_sha256), 'hex') : Buffer.alloc(given.length);
        const same = stored.length === given.length && timingSafeEqual(stored, given);
        if (!row)
            return 'unknown';
        if (!same)
            return 'wrong_secret';
        return row.revoked_at === null ? 'ok' : 'revoked';
    }
    // ---- transcripts
    /**
     * Stores the document bytes as the current version of its session; versions.ts decides whether
     * the upload is a new version, a replay, stale or a conflict. One transaction decides and writes;
     * the blob is written before it (and removed again when no row names it afterwards), and the
     * bytes of the version it replaces are dropped after it unless versions are kept. The same
     * transaction checks the key again, so a key revoked while its upload was being read stores
     * nothing (KeyRevokedError). `blobName`, when given, is BlobStore.nameOf(bytes).
     */
    async put(keyId, facts, bytes, blobName) {
        const identity = identityOf(facts);
        let prefix;
        for (;;) {
            const outcome = await this.putOnce(keyId, identity, facts, bytes, blobName, prefix);
            if (outcome.status !== 'check_prefix') {
                const dropped = outcome.status === 'stored' && !this.options.keepVersions ? outcome.replaced?.blob : null;
                if (dropped)
                    await this.blobLocks.run(dropped, () => this.removeBlobIfUnreferenced(dropped));
                return outcome;
            }
            prefix = { seq: outcome.record.seq, isPrefix: await this.isPrefixOf(outcome.record, facts) };
        }
    }
    async putOnce(keyId, identity, facts, bytes, blobName, prefix) {
        const limit = this.options.maxStorageBytes ?? null;
        const keep = Boolean(this.options.keepVersions);
        const overLimit = limit !== null && this.storedBytesSeen + bytes.byteLength > limit;
        if (overLimit || bytes.byteLength >= ASK_FIRST_BYTES) {
            // Over the limit by the last count we saw, or a big body: ask the index before writing the body
            // at all (a replay is still answered while full). Otherwise the transaction below decides alone.
            const { decision, used, keyLive } = await this.db.read((db) => ({
                decision: decideIn(db, keyId, identity, facts, prefix),
                used: metaValue(db.get("SELECT value FROM meta WHERE name = 'stored_bytes'")),
                keyLive: isKeyLive(db, keyId),
            }));
            this.storedBytesSeen = used;
            if (!keyLive)
                throw new KeyRevokedError(keyId);
            if (decision.kind !== 'new')
                return outcomeOf(decision);
            if (limit !== null && used - freedBy(decision, keep) + bytes.byteLength > limit)
                throw this.quotaError(limit);
        }
        const blob = blobName ?? BlobStore.nameOf(bytes); // the caller may have hashed the bytes already, off the event loop
        const withdraw = this.db.expectTransaction();
        try {
            return await this.blobLocks.run(blob, async () => {
                // Written before the index is even asked: the row must never name a missing blob. A replay
                // of the same bytes finds the blob in place and writes nothing.
                try {
                    await this.blobs.write(blob, bytes);
                }
                catch (error) {
                    if (isNoSpace(error))
                        throw new StorageFullError('the server is out of disk space', { cause: error });
                    throw error;
                }
                // the lookups below run inside this transaction, so the key check and the insert are one step
                let outcome;
                try {
                    const pending = this.db.transaction((db) => {
                        const used = metaValue(db.get("SELECT value FROM meta WHERE name = 'stored_bytes'"));
                        // inside the blob's lock: no put or delete of this blob runs meanwhile, so the answer holds until we are done
                        const referenced = () => db.get('SELECT 1 FROM versions WHERE blob = ? LIMIT 1', blob) !== null;
                        if (!isKeyLive(db, keyId))
                            return { put: 'key_revoked', blobReferenced: referenced(), storedBytes: used };
                        const decision = decideIn(db, keyId, identity, facts, prefix);
                        if (decision.kind !== 'new')
                            return { put: outcomeOf(decision), blobReferenced: referenced(), storedBytes: used };
                        const left = used - freedBy(decision, keep) + bytes.byteLength;
                        if (limit !== null && left > limit)
                            return { put: 'over_quota', blobReferenced: referenced(), storedBytes: used };
                        const seq = metaValue(db.get("SELECT value FROM meta WHERE name = 'next_seq'"));
                        const record = {
                            keyId, transcriptId: facts.transcriptId, digest: facts.digest, agent: facts.agent, startedAt: facts.startedAt,
                            eventCount: facts.eventCount, sessionId: facts.sessionId ?? null, eventsSha256: facts.eventsSha256 ?? null,
                            profile: facts.profile ?? null, version: decision.version, blob, storedAt: new Date().toISOString(), bytes: bytes.byteLength, seq,
                        };
                        if (decision.replaces) {
                            db.run(`UPDATE versions SET current = 0${keep ? '' : ', blob = NULL'} WHERE key_id = ? AND identity = ? AND version = ?`, [keyId, identity, decision.replaces.version]);
                        }
                        db.run(`INSERT INTO versions (key_id, identity, version, current, transcript_id, digest, events_sha256, profile, session_id, blob, agent, started_at, stored_at, bytes, event_count, seq)
               VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [keyId, identity, record.version, record.transcriptId, record.digest, record.eventsSha256, record.profile, record.sessionId, blob,
                            record.agent, record.startedAt, record.storedAt, record.bytes, record.eventCount, seq]);
                        db.run("UPDATE meta SET value = ? WHERE name = 'next_seq'", seq + 1);
                        db.run("UPDATE meta SET value = ? WHERE name = 'stored_bytes'", left);
                        return { put: { status: 'stored', record, replaced: decision.replaces }, blobReferenced: true, storedBytes: left };
                    });
                    withdraw();
                    outcome = await pending;
                }
                catch (error) {
                    await this.removeBlobIfUnreferenced(blob).catch(() => { });
                    if (await this.outOfSpace(error, bytes.byteLength))
                        throw new StorageFullError('the server is out of disk space', { cause: error });
                    throw error;
                }
                this.storedBytesSeen = outcome.storedBytes;
                if (!outcome.blobReferenced)
                    await this.blobs.remove(blob);
                if (outcome.put === 'over_quota')
                    throw this.quotaError(limit ?? 0);
                if (outcome.put === 'key_revoked')
                    throw new KeyRevokedError(keyId);
                return outcome.put;
            });
        }
        finally {
            withdraw();
        }
    }
    /** Whether the upload's events are the first events of the stored version (false when its bytes are gone meanwhile). */
    async isPrefixOf(record, facts) {
        if (!record.blob || !facts.eventsSha256)
            return false;
        const path = this.blobs.pathOf(record.blob);
        return storedPrefixSha256(path, facts.eventCount).then((hash) => hash === facts.eventsSha256, (error) => {
            if (error.code === 'ENOENT')
                return false; // replaced meanwhile: the next decision sees the new version
            throw error;
        });
    }
    /**
     * The caller's transcript with this id whose bytes are kept (the current version first, then the
     * newest kept earlier one), or null: a key never sees another key's transcripts.
     */
    async find(keyId, transcriptId) {
        const row = await this.db.read((db) => db.get('SELECT * FROM versions WHERE key_id = ? AND transcript_id = ? AND blob IS NOT NULL ORDER BY current DESC, seq DESC LIMIT 1', [keyId, transcriptId]));
        return row ? toRecord(row) : null;
    }
    /** The stored bytes as a stream (opened before returning, so a concurrent delete cannot cut it short). */
    async openBytes(keyId, transcriptId) {
        const record = await this.find(keyId, transcriptId);
        if (!record)
            return null;
        const handle = await open(this.blobs.pathOf(record.blob), 'r').catch(async (error) => {
            if (error.code === 'ENOENT' && !(await this.find(keyId, transcriptId)))
                return null; // deleted meanwhile
            throw error;
        });
        if (!handle)
            return null;
        return { record, stream: handle.createReadStream() };
    }
    async readBytes(keyId, transcriptId) {
        const opened = await this.openBytes(keyId, transcriptId);
        if (!opened)
            return null;
        const chunks = [];
        for await (const chunk of opened.stream)
            chunks.push(chunk);
        return Buffer.concat(chunks);
    }
    /** The current version of each session, most recently stored first. `cursor` is the nextCursor of the previous page. */
    async list(keyId, options) {
        const before = options.cursor ? decodeCursor(options.cursor) : Number.MAX_SAFE_INTEGER;
        const rows = await this.db.read((db) => db.all('SELECT * FROM versions WHERE key_id = ? AND current = 1 AND seq < ? ORDER BY seq DESC LIMIT ?', [keyId, before, options.limit + 1]));
        const records = rows.slice(0, options.limit).map(toRecord);
        const last = records.at(-1);
        return { records, nextCursor: rows.length > options.limit && last ? encodeCursor(last.seq) : null };
    }
    /**
     * Erases the session a version with this id belongs to (every version of it): the rows, then the
     * bytes. False when the key has no such transcript.
     */
    async delete(keyId, transcriptId) {
        let deleted;
        try {
            deleted = await this.db.transaction((db) => {
                const row = db.get('SELECT identity FROM versions WHERE key_id = ? AND transcript_id = ? ORDER BY current DESC, seq DESC LIMIT 1', [keyId, transcriptId]);
                if (!row)
                    return null;
                const identity = String(row.identity);
                const versions = db.all('SELECT * FROM versions WHERE key_id = ? AND identity = ?', [keyId, identity]).map(toRecord);
                db.run('DELETE FROM versions WHERE key_id = ? AND identity = ?', [keyId, identity]);
                const kept = versions.filter((version) => version.blob !== null);
                const used = metaValue(db.get("SELECT value FROM meta WHERE name = 'stored_bytes'"));
                const left = Math.max(0, used - kept.reduce((sum, version) => sum + version.bytes, 0));
                db.run("UPDATE meta SET value = ? WHERE name = 'stored_bytes'", left);
                return { blobs: [...new Set(kept.map((version) => version.blob))], left };
            });
        }
        catch (error) {
            if (await this.outOfSpace(error, 0))
                throw new StorageFullError('the server is out of disk space', { cause: error });
            throw error;
        }
        if (!deleted)
            return false;
        this.storedBytesSeen = deleted.left;
        for (const blob of deleted.blobs)
            await this.blobLocks.run(blob, () => this.removeBlobIfUnreferenced(blob));
        return true;
    }
    /** Total bytes of stored transcripts (what --max-storage-mb limits). */
    async storedBytes() {
        this.storedBytesSeen = await this.db.read((db) => metaValue(db.get("SELECT value FROM meta WHERE name = 'stored_bytes'")));
        return this.storedBytesSeen;
    }
    /** Removes blobs no row names and temp files (what a crash leaves). Only while no put or delete runs. */
    async sweep() {
        const referenced = new Set(await this.db.read((db) => db.all('SELECT DISTINCT blob FROM versions WHERE blob IS NOT NULL').map((row) => String(row.blob))));
        return this.blobs.sweep((name) => referenced.has(name));
    }
    async close() {
        if (this.closed)
            return;
        this.closed = true;
        await this.blobLocks.idle();
        this.db.close();
        this.unregister();
    }
    async removeBlobIfUnreferenced(blob) {
        const used = await this.db.read((db) => db.get('SELECT 1 FROM versions WHERE blob = ? LIMIT 1', blob));
        if (!used)
            await this.blobs.remove(blob);
    }
    quotaError(limit) {
        return new StorageFullError(`the server's storage limit is reached (${limit} bytes)`);
    }
    /** SQLite reports ENOSPC as a plain I/O error here, so a full disk is confirmed by asking the file system. */
    async outOfSpace(error, needed) {
        if (isNoSpace(error))
            return true;
        if (!isFullOrIoError(error))
            return false;
        if (/database or disk is full/i.test(error.message))
            return true;
        const space = await statfs(this.dataDir).catch(() => null);
        return space !== null && space.bavail * space.bsize < Math.max(needed * 2, 1024 * 1024);
    }
}
/** The key exists and is not revoked (read inside the caller's transaction or read). */
function isKeyLive(db, keyId) {
    const row = db.get('SELECT revoked_at FROM keys WHERE key_id = ?', keyId);
    return row !== null && row.revoked_at === null;
}
/** The decision for an upload (versions.ts) from the rows it needs, read in the caller's transaction or read. */
function decideIn(db, keyId, identity, facts, prefix) {
    const record = (row) => (row ? toRecord(row) : null);
    return decide(facts, {
        current: record(db.get(CURRENT_ROW, [keyId, identity])),
        sameId: record(db.get('SELECT * FROM versions WHERE key_id = ? AND transcript_id = ? AND current = 1 AND identity <> ? LIMIT 1', [keyId, facts.transcriptId, identity])),
        earlier: record(db.get('SELECT * FROM versions WHERE key_id = ? AND identity = ? AND transcript_id = ? AND digest = ? AND current = 0 ORDER BY version DESC LIMIT 1', [keyId, identity, facts.transcriptId, facts.digest])),
    }, prefix);
}
function outcomeOf(decision) {
    return { status: decision.kind, record: decision.record };
}
/** Bytes a new version frees: those of the version it replaces, unless versions are kept. */
function freedBy(decision, keep) {
    return decision.replaces && !keep ? decision.replaces.bytes : 0;
}
function toRecord(row) {
    const text = (value) => (value === null || value === undefined ? null : String(value));
    return {
        keyId: String(row.key_id),
        transcriptId: String(row.transcript_id),
        digest: String(row.digest),
        blob: text(row.blob),
        agent: String(row.agent),
        startedAt: text(row.started_at),
        eventCount: Number(row.event_count),
        sessionId: text(row.session_id),
        eventsSha256: text(row.events_sha256),
        profile: text(row.profile),
        version: Number(row.version),
        storedAt: String(row.stored_at),
        bytes: Number(row.bytes),
        seq: Number(row.seq),
    };
}
function metaValue(row) {
    return Number(row?.value ?? 0);
}
function sha256Hex(text) {
    return createHash('sha256').update(text).digest('hex');
}
function isNoSpace(error) {
    const code = error?.code;
    return code === 'ENOSPC' || code === 'EDQUOT';
}
function encodeCursor(seq) {
    return Buffer.from(`s${seq}`).toString('base64url');
}
function decodeCursor(cursor) {
    const text = /^[A-Za-z0-9_-]{1,32}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
    const match = /^s([1-9]\d{0,15})$/.exec(text);
    if (!match)
        throw new InvalidCursorError();
    return Number(match[1]);
}
/** Serializes async work per name (here: per blob), so a delete cannot unlink a blob a put is about to reference. */
class KeyedLock {
    tails = new Map();
    async run(name, work) {
        const previous = this.tails.get(name) ?? Promise.resolve();
        let release;
        const tail = new Promise((resolve) => { release = resolve; });
        const chained = previous.then(() => tail);
        this.tails.set(name, chained);
        await previous;
        try {
            return await work();
        }
        finally {
            release();
            if (this.tails.get(name) === chained)
                this.tails.delete(name);
        }
    }
    async idle() {
        while (this.tails.size > 0)
            await Promise.all(this.tails.values());
    }
}
//# sourceMappingURL=store.js.map