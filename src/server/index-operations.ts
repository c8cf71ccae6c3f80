/**
 * Everything the store asks of its SQLite index, as named operations on plain data: each runs
 * synchronously on the index's statements, inside a read or a transaction (database.ts), and
 * takes and returns only values that survive a postMessage. That is what lets the index run on a
 * thread of its own (index-thread.ts), where SQLite's syncs block nobody but that thread, or
 * inline on the caller's (index-access.ts).
 */
import type { Row, Statements } from './database.js';
import { decide, type Decision, type PrefixVerdict, type VersionFacts } from './versions.js';

export interface TranscriptFacts extends VersionFacts {
  /** contentDigest() of the document: equal digests are the same content */
  digest: string;
  startedAt: string | null;
}

export interface TranscriptRecord {
  keyId: string;
  transcriptId: string;
  digest: string;
  agent: string;
  startedAt: string | null;
  eventCount: number;
  /** source.nativeSessionId, when the Transcript names one (then it is the session's identity) */
  sessionId: string | null;
  eventsSha256: string | null;
  profile: string | null;
  /** 1 for the first upload of the session, one more for each upload that replaced it */
  version: number;
  /** null for a replaced version whose bytes were dropped */
  blob: string | null;
  storedAt: string;
  bytes: number;
  seq: number;
}

/**
 * stored: a new session, or a new version of one (`replaced`: the version it replaced); replayed:
 * the same content as a stored version; stale: older than the current version (`record`);
 * conflict: the transcriptId already names another session (`record`).
 */
export type PutOutcome =
  | { status: 'stored'; record: TranscriptRecord; replaced: TranscriptRecord | null }
  | { status: 'replayed' | 'stale' | 'conflict'; record: TranscriptRecord };

/** A put's answer, or: decide again with the verdict on the stored version's events (versions.ts) */
export type PutVerdict = PutOutcome | { status: 'check_prefix'; record: TranscriptRecord };

/** What a put asks of the index: who, which session, what, and the limits it is stored under. */
export interface PutRequest {
  keyId: string;
  identity: string;
  facts: TranscriptFacts;
  prefix: PrefixVerdict | undefined;
  /** the store's byte limit, null: none */
  limit: number | null;
  keepVersions: boolean;
  blob: string;
  bytes: number;
}

export interface PutDecision {
  put: PutVerdict | 'over_quota' | 'key_revoked';
  /** whether any row names the blob once the transaction is done */
  blobReferenced: boolean;
  /** stored_bytes once the transaction is done */
  storedBytes: number;
}

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
const STORED_BYTES = "SELECT value FROM meta WHERE name = 'stored_bytes'";

export const INDEX_OPERATIONS = {
  /** creates the tables (transaction) */
  migrate(db: Statements, _args: null): null {
    db.exec(SCHEMA);
    if (db.get("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'transcripts'")) db.exec(MIGRATE_FROM_1);
    return null;
  },

  /** false when the key id is taken (transaction) */
  insertKey(db: Statements, key: { keyId: string; name: string | null; secretSha256: string; createdAt: string }): boolean {
    if (db.get('SELECT 1 FROM keys WHERE key_id = ?', key.keyId)) return false;
    db.run('INSERT INTO keys (key_id, name, secret_sha256, created_at) VALUES (?, ?, ?, ?)', [key.keyId, key.name, key.secretSha256, key.createdAt]);
    return true;
  },

  listKeys(db: Statements, _args: null): Row[] {
    return db.all(
      `SELECT k.key_id, k.name, k.created_at, k.revoked_at,
              (SELECT count(*) FROM versions v WHERE v.key_id = k.key_id AND v.current = 1) AS transcripts
         FROM keys k ORDER BY k.created_at, k.key_id`,
    );
  },

  /** (transaction) */
  revokeKey(db: Statements, { keyId, at }: { keyId: string; at: string }): 'revoked' | 'already_revoked' | 'unknown' {
    const row = db.get('SELECT revoked_at FROM keys WHERE key_id = ?', keyId);
    if (!row) return 'unknown';
    if (row.revoked_at !== null) return 'already_revoked';
    db.run('UPDATE keys SET revoked_at = ? WHERE key_id = ?', [at, keyId]);
    return 'revoked';
  },

  keyRow(db: Statements, { keyId }: { keyId: string }): Row | null {
    return db.get('SELECT secret_sha256, revoked_at FROM keys WHERE key_id = ?', keyId);
  },

  /** What a put would do, asked before its body is written (read). */
  previewPut(db: Statements, request: PutRequest): { decision: Decision<TranscriptRecord>; used: number; keyLive: boolean } {
    return {
      decision: decideIn(db, request),
      used: metaValue(db.get(STORED_BYTES)),
      keyLive: isKeyLive(db, request.keyId),
    };
  },

  /**
   * Decides and, for a new version, writes its row (transaction). The key is checked in the same
   * step. Runs inside the blob's lock: no put or delete of this blob runs meanwhile, so
   * blobReferenced holds until the caller is done.
   */
  storePut(db: Statements, request: PutRequest): PutDecision {
    const { keyId, identity, facts, limit, blob } = request;
    const used = metaValue(db.get(STORED_BYTES));
    const referenced = () => db.get('SELECT 1 FROM versions WHERE blob = ? LIMIT 1', blob) !== null;
    if (!isKeyLive(db, keyId)) return { put: 'key_revoked', blobReferenced: referenced(), storedBytes: used };
    const decision = decideIn(db, request);
    if (decision.kind !== 'new') return { put: notNew(decision), blobReferenced: referenced(), storedBytes: used };
    const left = used - freedBy(decision, request.keepVersions) + request.bytes;
    if (limit !== null && left > limit) return { put: 'over_quota', blobReferenced: referenced(), storedBytes: used };
    const seq = metaValue(db.get("SELECT value FROM meta WHERE name = 'next_seq'"));
    const record: TranscriptRecord = {
      keyId, transcriptId: facts.transcriptId, digest: facts.digest, agent: facts.agent, startedAt: facts.startedAt,
      eventCount: facts.eventCount, sessionId: facts.sessionId ?? null, eventsSha256: facts.eventsSha256 ?? null,
      profile: facts.profile ?? null, version: decision.version, blob, storedAt: new Date().toISOString(), bytes: request.bytes, seq,
    };
    if (decision.replaces) {
      db.run(`UPDATE versions SET current = 0${request.keepVersions ? '' : ', blob = NULL'} WHERE key_id = ? AND identity = ? AND version = ?`,
        [keyId, identity, decision.replaces.version]);
    }
    db.run(
      `INSERT INTO versions (key_id, identity, version, current, transcript_id, digest, events_sha256, profile, session_id, blob, agent, started_at, stored_at, bytes, event_count, seq)
       VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [keyId, identity, record.version, record.transcriptId, record.digest, record.eventsSha256, record.profile, record.sessionId, blob,
        record.agent, record.startedAt, record.storedAt, record.bytes, record.eventCount, seq],
    );
    db.run("UPDATE meta SET value = ? WHERE name = 'next_seq'", seq + 1);
    db.run("UPDATE meta SET value = ? WHERE name = 'stored_bytes'", left);
    return { put: { status: 'stored', record, replaced: decision.replaces }, blobReferenced: true, storedBytes: left };
  },

  /** The caller's kept version with this id: the current one first, then the newest earlier one. */
  find(db: Statements, { keyId, transcriptId }: { keyId: string; transcriptId: string }): TranscriptRecord | null {
    const row = db.get(
      'SELECT * FROM versions WHERE key_id = ? AND transcript_id = ? AND blob IS NOT NULL ORDER BY current DESC, seq DESC LIMIT 1',
      [keyId, transcriptId],
    );
    return row ? toRecord(row) : null;
  },

  /** Current versions with seq below `before`, newest first, at most `count`. */
  list(db: Statements, { keyId, before, count }: { keyId: string; before: number; count: number }): TranscriptRecord[] {
    return db.all('SELECT * FROM versions WHERE key_id = ? AND current = 1 AND seq < ? ORDER BY seq DESC LIMIT ?', [keyId, before, count]).map(toRecord);
  },

  /** Removes every version of the session this id belongs to (transaction); the blobs they kept, or null. */
  deleteSession(db: Statements, { keyId, transcriptId }: { keyId: string; transcriptId: string }): { blobs: string[]; left: number } | null {
    const row = db.get('SELECT identity FROM versions WHERE key_id = ? AND transcript_id = ? ORDER BY current DESC, seq DESC LIMIT 1', [keyId, transcriptId]);
    if (!row) return null;
    const identity = String(row.identity);
    const versions = db.all('SELECT * FROM versions WHERE key_id = ? AND identity = ?', [keyId, identity]).map(toRecord);
    db.run('DELETE FROM versions WHERE key_id = ? AND identity = ?', [keyId, identity]);
    const kept = versions.filter((version) => version.blob !== null);
    const used = metaValue(db.get(STORED_BYTES));
    const left = Math.max(0, used - kept.reduce((sum, version) => sum + version.bytes, 0));
    db.run("UPDATE meta SET value = ? WHERE name = 'stored_bytes'", left);
    return { blobs: [...new Set(kept.map((version) => version.blob!))], left };
  },

  storedBytes(db: Statements, _args: null): number {
    return metaValue(db.get(STORED_BYTES));
  },

  referencedBlobs(db: Statements, _args: null): string[] {
    return db.all('SELECT DISTINCT blob FROM versions WHERE blob IS NOT NULL').map((row) => String(row.blob));
  },

  blobReferenced(db: Statements, { blob }: { blob: string }): boolean {
    return db.get('SELECT 1 FROM versions WHERE blob = ? LIMIT 1', blob) !== null;
  },
};

export type IndexOperations = typeof INDEX_OPERATIONS;
export type OperationName = keyof IndexOperations;
export type OperationArgs<K extends OperationName> = Parameters<IndexOperations[K]>[1];
export type OperationResult<K extends OperationName> = ReturnType<IndexOperations[K]>;

export function runOperation<K extends OperationName>(db: Statements, name: K, args: OperationArgs<K>): OperationResult<K> {
  const operation = INDEX_OPERATIONS[name] as (db: Statements, args: OperationArgs<K>) => OperationResult<K>;
  return operation(db, args);
}

/** The key exists and is not revoked. */
function isKeyLive(db: Statements, keyId: string): boolean {
  const row = db.get('SELECT revoked_at FROM keys WHERE key_id = ?', keyId);
  return row !== null && row.revoked_at === null;
}

/** The decision for an upload (versions.ts) from the rows it needs. */
function decideIn(db: Statements, { keyId, identity, facts, prefix }: PutRequest): Decision<TranscriptRecord> {
  const record = (row: Row | null) => (row ? toRecord(row) : null);
  return decide(facts, {
    current: record(db.get(CURRENT_ROW, [keyId, identity])),
    sameId: record(db.get('SELECT * FROM versions WHERE key_id = ? AND transcript_id = ? AND current = 1 AND identity <> ? LIMIT 1', [keyId, facts.transcriptId, identity])),
    earlier: record(db.get(
      'SELECT * FROM versions WHERE key_id = ? AND identity = ? AND transcript_id = ? AND digest = ? AND current = 0 ORDER BY version DESC LIMIT 1',
      [keyId, identity, facts.transcriptId, facts.digest],
    )),
  }, prefix);
}

export function notNew(decision: Exclude<Decision<TranscriptRecord>, { kind: 'new' }>): PutVerdict {
  return { status: decision.kind, record: decision.record };
}

/** Bytes a new version frees: those of the version it replaces, unless versions are kept. */
export function freedBy(decision: Extract<Decision<TranscriptRecord>, { kind: 'new' }>, keep: boolean): number {
  return decision.replaces && !keep ? decision.replaces.bytes : 0;
}

function toRecord(row: Row): TranscriptRecord {
  const text = (value: Row[string] | undefined) => (value === null || value === undefined ? null : String(value));
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

function metaValue(row: Row | null): number {
  return Number(row?.value ?? 0);
}
