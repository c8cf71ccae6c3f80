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
import { chmodSync, mkdirSync, type ReadStream } from 'node:fs';
import { open, statfs } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { BLOB_THREAD_FILE, BlobStore } from './blobs.js';
import type { Row } from './database.js';
import { isFullOrIoError } from './database-errors.js';
import { INDEX_THREAD_FILE, openIndex, type IndexAccess } from './index-access.js';
import {
  freedBy, notNew, type PutDecision, type PutOutcome, type PutRequest, type PutVerdict, type TranscriptFacts, type TranscriptRecord,
} from './index-operations.js';
import { OwnerRegistry, type OwnerRole } from './owners.js';
import { identityOf, storedPrefixSha256, type PrefixVerdict } from './versions.js';

export type { PutOutcome, TranscriptFacts, TranscriptRecord } from './index-operations.js';

export interface StoreOptions {
  dataDir: string;
  /** 'server' refuses a second server on the same data dir and sweeps crash leftovers; 'tool' (key commands) does neither */
  role?: OwnerRole;
  /** total bytes of stored transcripts allowed; null or undefined: no limit */
  maxStorageBytes?: number | null;
  /** notices (stale lock removed, leftovers swept) */
  log?: (line: string) => void;
  busyTimeoutMs?: number;
  staleLockMs?: number;
  /** the blob files; tests pass one that fails on purpose */
  blobs?: BlobStore;
  /** keep the bytes of a session's replaced versions (default: only the current version's are kept) */
  keepVersions?: boolean;
  /**
   * The compiled index thread (index-thread.ts) to run the index on; null: on this thread. Default:
   * the server's thread when the compiled file exists, this thread for key commands.
   */
  indexThreadFile?: string | null;
}

export interface KeyInfo {
  keyId: string;
  name: string | null;
  createdAt: string;
  revokedAt: string | null;
  transcripts: number;
}

export interface CreatedKey {
  /** the full key, atx_<keyId>_<secret>: shown once, stored only as a hash */
  key: string;
  keyId: string;
  name: string | null;
  createdAt: string;
}

export type AuthOutcome = 'ok' | 'unknown' | 'wrong_secret' | 'revoked';

export class StorageFullError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageFullError';
  }
}

/** put() found the key revoked (or gone) in the transaction that would have stored: nothing was stored. */
export class KeyRevokedError extends Error {
  constructor(readonly keyId: string) {
    super(`key ${keyId} was revoked`);
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
  constructor(dataDir: string, pids: readonly number[]) {
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

export class TranscriptStore {
  readonly dataDir: string;
  private readonly blobLocks = new KeyedLock();
  private closed = false;
  /**
   * The index's stored_bytes as last read or written by this store: a put over the limit by this
   * count is refused before its body is written. Only a hint (the transaction checks the index).
   */
  private storedBytesSeen = 0;
  /** key rows as last read, with the index epoch they belong to (see authenticate) */
  private readonly keyRows = new Map<string, { row: Row; epoch: number }>();

  private constructor(
    private readonly db: IndexAccess,
    readonly blobs: BlobStore,
    private readonly options: StoreOptions,
    private readonly unregister: () => void,
  ) {
    this.dataDir = resolve(options.dataDir);
  }

  static async open(options: StoreOptions): Promise<TranscriptStore> {
    const dataDir = resolve(options.dataDir);
    if (mkdirSync(dataDir, { recursive: true, mode: 0o700 }) !== undefined) chmodSync(dataDir, 0o700);
    const log = options.log ?? (() => {});
    const owners = new OwnerRegistry(join(dataDir, 'owners'));
    const role = options.role ?? 'tool';
    if (role === 'server') {
      const servers = owners.liveOthers().filter((owner) => owner.role === 'server');
      if (servers.length > 0) throw new ServerAlreadyRunningError(dataDir, servers.map((s) => s.pid));
    }
    const unregister = owners.register(role);
    let db: IndexAccess | undefined;
    let ownBlobs: BlobStore | undefined;
    try {
      db = await openIndex(join(dataDir, 'index.sqlite'), {
        owners, log,
        ...(options.busyTimeoutMs !== undefined ? { busyTimeoutMs: options.busyTimeoutMs } : {}),
        ...(options.staleLockMs !== undefined ? { staleLockMs: options.staleLockMs } : {}),
      }, options.indexThreadFile !== undefined ? options.indexThreadFile : role === 'server' ? INDEX_THREAD_FILE : null);
      await db.transaction('migrate', null);
      ownBlobs = options.blobs ? undefined : new BlobStore(join(dataDir, 'blobs'), role === 'server' ? BLOB_THREAD_FILE : null);
      const store = new TranscriptStore(db, options.blobs ?? ownBlobs!, options, unregister);
      if (options.maxStorageBytes != null) await store.storedBytes();
      if (role === 'server') {
        const removed = await store.sweep();
        if (removed.blobs + removed.tempFiles > 0) {
          log(`removed what an interrupted run left behind: ${removed.blobs} unreferenced transcript file(s), ${removed.tempFiles} temp file(s)`);
        }
      }
      return store;
    } catch (error) {
      await ownBlobs?.close();
      await db?.close();
      unregister();
      throw error;
    }
  }

  // ---- keys

  async createKey(name: string | null = null): Promise<CreatedKey> {
    const secret = randomBytes(32).toString('base64url');
    const createdAt = new Date().toISOString();
    for (;;) {
      const keyId = Array.from({ length: KEY_ID_LENGTH }, () => KEY_ID_ALPHABET[randomInt(KEY_ID_ALPHABET.length)]).join('');
      const inserted = await this.db.transaction('insertKey', { keyId, name, secretSha256: sha256Hex(secret), createdAt });
      if (inserted) return { key: `atx_${keyId}_${secret}`, keyId, name, createdAt };
    }
  }

  async listKeys(): Promise<KeyInfo[]> {
    const rows = await this.db.read('listKeys', null);
    return rows.map((row) => ({
      keyId: String(row.key_id),
      name: row.name === null ? null : String(row.name),
      createdAt: String(row.created_at),
      revokedAt: row.revoked_at === null ? null : String(row.revoked_at),
      transcripts: Number(row.transcripts),
    }));
  }

  async revokeKey(keyId: string): Promise<'revoked' | 'already_revoked' | 'unknown'> {
    return this.db.transaction('revokeKey', { keyId, at: new Date().toISOString() });
  }

  /**
   * A key created or revoked by another process counts at once: a key's row is reused only while
   * the index shows that nobody else has committed since it was read (IndexDatabase.unchangedSince),
   * which costs one read of the file header instead of taking the lock.
   */
  async authenticate(keyId: string, secret: string): Promise<AuthOutcome> {
    const cached = this.keyRows.get(keyId);
    let row: Row | null;
    if (cached && this.db.unchangedSince(cached.epoch)) {
      row = cached.row;
    } else {
      const read = await this.db.readVersioned('keyRow', { keyId });
      row = read.value;
      if (row) {
        if (this.keyRows.size >= KEY_CACHE_SIZE) this.keyRows.clear();
        this.keyRows.set(keyId, { row, epoch: read.epoch });
      } else {
        this.keyRows.delete(keyId);
      }
    }
    const given = createHash('sha256').update(secret).digest();
    const stored = row ? Buffer.from(String(row.secret_sha256), 'hex') : Buffer.alloc(given.length);
    const same = stored.length === given.length && timingSafeEqual(stored, given);
    if (!row) return 'unknown';
    if (!same) return 'wrong_secret';
    return row.revoked_at === null ? 'ok' : 'revoked';
  }

  // ---- transcripts

  /**
   * Announces a put that comes once its body is read and validated, so that the transactions of
   * uploads further along wait for it (briefly) and share its commit: in the server nearly every
   * upload is still being read or validated when the one ahead of it is ready to commit. Returns
   * the withdrawal, to call right before put() (which announces itself) or when giving up.
   */
  expectPut(): () => void {
    return this.db.expectTransaction();
  }

  /**
   * Stores the document bytes as the current version of its session; versions.ts decides whether
   * the upload is a new version, a replay, stale or a conflict. One transaction decides and writes;
   * the blob is written before it (and removed again when no row names it afterwards), and the
   * bytes of the version it replaces are dropped after it unless versions are kept. The same
   * transaction checks the key again, so a key revoked while its upload was being read stores
   * nothing (KeyRevokedError). `blobName`, when given, is BlobStore.nameOf(bytes).
   */
  async put(keyId: string, facts: TranscriptFacts, bytes: Uint8Array, blobName?: string): Promise<PutOutcome> {
    const identity = identityOf(facts);
    let prefix: PrefixVerdict | undefined;
    for (;;) {
      const outcome = await this.putOnce(keyId, identity, facts, bytes, blobName, prefix);
      if (outcome.status !== 'check_prefix') {
        const dropped = outcome.status === 'stored' && !this.options.keepVersions ? outcome.replaced?.blob : null;
        if (dropped) await this.blobLocks.run(dropped, () => this.removeBlobIfUnreferenced(dropped));
        return outcome;
      }
      prefix = { seq: outcome.record.seq, isPrefix: await this.isPrefixOf(outcome.record, facts) };
    }
  }

  private async putOnce(
    keyId: string, identity: string, facts: TranscriptFacts, bytes: Uint8Array, blobName: string | undefined, prefix: PrefixVerdict | undefined,
  ): Promise<PutVerdict> {
    const limit = this.options.maxStorageBytes ?? null;
    // the caller may have hashed the bytes already, off the event loop
    const request: PutRequest = {
      keyId, identity, facts, prefix, limit, keepVersions: Boolean(this.options.keepVersions), blob: blobName ?? '', bytes: bytes.byteLength,
    };
    const overLimit = limit !== null && this.storedBytesSeen + bytes.byteLength > limit;
    if (overLimit || bytes.byteLength >= ASK_FIRST_BYTES) {
      // Over the limit by the last count we saw, or a big body: ask the index before writing the body
      // at all (a replay is still answered while full). Otherwise the transaction below decides alone.
      const { decision, used, keyLive } = await this.db.read('previewPut', request);
      this.storedBytesSeen = used;
      if (!keyLive) throw new KeyRevokedError(keyId);
      if (decision.kind !== 'new') return notNew(decision);
      if (limit !== null && used - freedBy(decision, request.keepVersions) + bytes.byteLength > limit) throw this.quotaError(limit);
    }

    const blob = blobName ?? BlobStore.nameOf(bytes);
    request.blob = blob;
    const withdraw = this.db.expectTransaction();
    try {
      return await this.blobLocks.run(blob, async () => {
        // Written before the index is even asked: the row must never name a missing blob. A replay
        // of the same bytes finds the blob in place and writes nothing.
        try {
          await this.blobs.write(blob, bytes);
        } catch (error) {
          if (isNoSpace(error)) throw new StorageFullError('the server is out of disk space', { cause: error });
          throw error;
        }
        // the lookups run inside the transaction that stores, so the key check and the insert are one step
        let outcome: PutDecision;
        try {
          const pending = this.db.transaction('storePut', request);
          withdraw();
          outcome = await pending;
        } catch (error) {
          await this.removeBlobIfUnreferenced(blob).catch(() => {});
          if (await this.outOfSpace(error, bytes.byteLength)) throw new StorageFullError('the server is out of disk space', { cause: error });
          throw error;
        }
        this.storedBytesSeen = outcome.storedBytes;
        if (!outcome.blobReferenced) await this.blobs.remove(blob);
        if (outcome.put === 'over_quota') throw this.quotaError(limit ?? 0);
        if (outcome.put === 'key_revoked') throw new KeyRevokedError(keyId);
        return outcome.put;
      });
    } finally {
      withdraw();
    }
  }

  /** Whether the upload's events are the first events of the stored version (false when its bytes are gone meanwhile). */
  private async isPrefixOf(record: TranscriptRecord, facts: TranscriptFacts): Promise<boolean> {
    if (!record.blob || !facts.eventsSha256) return false;
    const path = this.blobs.pathOf(record.blob);
    return storedPrefixSha256(path, facts.eventCount).then(
      (hash) => hash === facts.eventsSha256,
      (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false; // replaced meanwhile: the next decision sees the new version
        throw error;
      },
    );
  }

  /**
   * The caller's transcript with this id whose bytes are kept (the current version first, then the
   * newest kept earlier one), or null: a key never sees another key's transcripts.
   */
  async find(keyId: string, transcriptId: string): Promise<TranscriptRecord | null> {
    return this.db.read('find', { keyId, transcriptId });
  }

  /** The stored bytes as a stream (opened before returning, so a concurrent delete cannot cut it short). */
  async openBytes(keyId: string, transcriptId: string): Promise<{ record: TranscriptRecord; stream: ReadStream } | null> {
    const record = await this.find(keyId, transcriptId);
    if (!record) return null;
    const handle = await open(this.blobs.pathOf(record.blob!), 'r').catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !(await this.find(keyId, transcriptId))) return null; // deleted meanwhile
      throw error;
    });
    if (!handle) return null;
    return { record, stream: handle.createReadStream() };
  }

  async readBytes(keyId: string, transcriptId: string): Promise<Buffer | null> {
    const opened = await this.openBytes(keyId, transcriptId);
    if (!opened) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The current version of each session, most recently stored first. `cursor` is the nextCursor of the previous page. */
  async list(keyId: string, options: { limit: number; cursor?: string | null }): Promise<{ records: TranscriptRecord[]; nextCursor: string | null }> {
    const before = options.cursor ? decodeCursor(options.cursor) : Number.MAX_SAFE_INTEGER;
    const rows = await this.db.read('list', { keyId, before, count: options.limit + 1 });
    const records = rows.slice(0, options.limit);
    const last = records.at(-1);
    return { records, nextCursor: rows.length > options.limit && last ? encodeCursor(last.seq) : null };
  }

  /**
   * Erases the session a version with this id belongs to (every version of it): the rows, then the
   * bytes. False when the key has no such transcript.
   */
  async delete(keyId: string, transcriptId: string): Promise<boolean> {
    let deleted: { blobs: string[]; left: number } | null;
    try {
      deleted = await this.db.transaction('deleteSession', { keyId, transcriptId });
    } catch (error) {
      if (await this.outOfSpace(error, 0)) throw new StorageFullError('the server is out of disk space', { cause: error });
      throw error;
    }
    if (!deleted) return false;
    this.storedBytesSeen = deleted.left;
    for (const blob of deleted.blobs) await this.blobLocks.run(blob, () => this.removeBlobIfUnreferenced(blob));
    return true;
  }

  /** Total bytes of stored transcripts (what --max-storage-mb limits). */
  async storedBytes(): Promise<number> {
    this.storedBytesSeen = await this.db.read('storedBytes', null);
    return this.storedBytesSeen;
  }

  /** Removes blobs no row names and temp files (what a crash leaves). Only while no put or delete runs. */
  async sweep(): Promise<{ blobs: number; tempFiles: number }> {
    const referenced = new Set(await this.db.read('referencedBlobs', null));
    return this.blobs.sweep((name) => referenced.has(name));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.blobLocks.idle();
    await this.blobs.close();
    await this.db.close();
    this.unregister();
  }

  private async removeBlobIfUnreferenced(blob: string): Promise<void> {
    if (!(await this.db.read('blobReferenced', { blob }))) await this.blobs.remove(blob);
  }

  private quotaError(limit: number): StorageFullError {
    return new StorageFullError(`the server's storage limit is reached (${limit} bytes)`);
  }

  /** SQLite reports ENOSPC as a plain I/O error here, so a full disk is confirmed by asking the file system. */
  private async outOfSpace(error: unknown, needed: number): Promise<boolean> {
    if (isNoSpace(error)) return true;
    if (!isFullOrIoError(error)) return false;
    if (/database or disk is full/i.test((error as Error).message)) return true;
    const space = await statfs(this.dataDir).catch(() => null);
    return space !== null && space.bavail * space.bsize < Math.max(needed * 2, 1024 * 1024);
  }
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function isNoSpace(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

function encodeCursor(seq: number): string {
  return Buffer.from(`s${seq}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const text = /^[A-Za-z0-9_-]{1,32}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^s([1-9]\d{0,15})$/.exec(text);
  if (!match) throw new InvalidCursorError();
  return Number(match[1]);
}

/** Serializes async work per name (here: per blob), so a delete cannot unlink a blob a put is about to reference. */
class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(name: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const tail = new Promise<void>((resolve) => { release = resolve; });
    const chained = previous.then(() => tail);
    this.tails.set(name, chained);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(name) === chained) this.tails.delete(name);
    }
  }

  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all(this.tails.values());
  }
}
