/**
 * The SQLite connection behind the store, with the two repairs node-sqlite3-wasm needs to be
 * crash-safe (verified against its VFS, dist/node-sqlite3-wasm.js and src/vfs.c):
 *
 * 1. Its lock is the folder `<db>.lock`, left behind by a process killed while holding it. When no
 *    other living atx process is registered on the data dir (owners.ts), or the lock is very old,
 *    the lock is stale: it is removed and the removal logged.
 * 2. Its xCheckReservedLock answers "locked" whenever `<db>.lock` exists, including when this very
 *    connection made it, so SQLite never sees a hot journal and never rolls back a transaction
 *    that a crash interrupted mid-commit: the half-written pages would simply be read. While a
 *    statement runs we therefore answer "not reserved" for our own lock folder, which is true (the
 *    lock is exclusive: whoever holds it is the only writer), and SQLite's own journal playback runs.
 *
 * "database is locked" from a live process is retried with backoff, asynchronously, so a server
 * keeps serving while `atx serve keys create` briefly holds the lock.
 */
import fs from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sqlite from 'node-sqlite3-wasm';
import type { OwnerRegistry } from './owners.js';

type Database = InstanceType<typeof sqlite.Database>;
export type Row = Record<string, number | bigint | string | Uint8Array | null>;

export interface DatabaseOptions {
  owners: OwnerRegistry;
  log: (line: string) => void;
  /** how long to wait for a lock a live process holds (ms) */
  busyTimeoutMs?: number;
  /** a lock older than this is stale even if some registered process still lives (ms) */
  staleLockMs?: number;
}

export class IndexBusyError extends Error {
  constructor(path: string, holders: readonly number[]) {
    super(`${path} stayed locked${holders.length > 0 ? ` (process ${holders.join(', ')} has it open)` : ''}; try again`);
    this.name = 'IndexBusyError';
  }
}

export class IndexDatabase {
  private readonly lockPath: string;
  private readonly busyTimeoutMs: number;
  private readonly staleLockMs: number;

  private constructor(private readonly db: Database, readonly path: string, private readonly options: DatabaseOptions) {
    this.lockPath = `${resolve(path)}.lock`;
    this.busyTimeoutMs = options.busyTimeoutMs ?? 10_000;
    this.staleLockMs = options.staleLockMs ?? 60_000;
  }

  static async open(path: string, options: DatabaseOptions): Promise<IndexDatabase> {
    const index = new IndexDatabase(new sqlite.Database(path), path, options);
    try {
      // The first statement takes the lock and, after a crash, rolls the hot journal back.
      await index.read((db) => db.get('SELECT count(*) AS n FROM sqlite_master'));
      await index.read((db) => db.exec('PRAGMA journal_mode=TRUNCATE; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON'));
    } catch (error) {
      index.close();
      throw error;
    }
    return index;
  }

  /** Runs fn (synchronous statements, outside any transaction), retrying while another process holds the lock. */
  read<T>(fn: (db: Database) => T): Promise<T> {
    return this.withRetry(() => this.withOwnLockUnreserved(() => fn(this.db)));
  }

  /** Runs fn inside BEGIN IMMEDIATE ... COMMIT; any throw rolls back. fn must not await. */
  transaction<T>(fn: (db: Database) => T): Promise<T> {
    return this.withRetry(() => this.withOwnLockUnreserved(() => {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = fn(this.db);
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.db.inTransaction) {
          try { this.db.exec('ROLLBACK'); } catch { /* the original error says more */ }
        }
        throw error;
      }
    }));
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  private async withRetry<T>(attempt: () => T): Promise<T> {
    const deadline = Date.now() + this.busyTimeoutMs;
    let delayMs = 2;
    for (;;) {
      try {
        return attempt();
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (this.removeLockIfStale()) continue;
        if (Date.now() >= deadline) throw new IndexBusyError(this.path, this.options.owners.liveOthers().map((o) => o.pid));
        await sleep(delayMs);
        delayMs = Math.min(delayMs * 2, 50);
      }
    }
  }

  private removeLockIfStale(): boolean {
    let ageMs: number;
    try {
      ageMs = Date.now() - fs.statSync(this.lockPath).mtimeMs;
    } catch {
      return false; // released meanwhile: the next attempt will tell
    }
    const holders = this.options.owners.liveOthers();
    if (holders.length > 0 && ageMs < this.staleLockMs) return false;
    try {
      fs.rmdirSync(this.lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return false;
    }
    this.options.log(`removed a stale database lock ${this.lockPath} (${Math.round(ageMs / 1000)} s old, ${holders.length === 0 ? 'no other atx process has the data dir open' : 'older than the stale limit'}); SQLite rolls back whatever transaction the killed process left unfinished`);
    return true;
  }

  private withOwnLockUnreserved<T>(fn: () => T): T {
    const original = fs.accessSync;
    const lockPath = this.lockPath;
    fs.accessSync = function accessSync(path: fs.PathLike, mode?: number): void {
      if (String(path) === lockPath) throw Object.assign(new Error(`ENOENT: ${lockPath}`), { code: 'ENOENT' });
      original(path, mode);
    };
    try {
      return fn();
    } finally {
      fs.accessSync = original;
    }
  }
}

export function isBusy(error: unknown): boolean {
  return error instanceof Error && /database is locked/i.test(error.message);
}

/** SQLite's "database or disk is full", or a write error (this VFS reports ENOSPC as a plain I/O error). */
export function isFullOrIoError(error: unknown): boolean {
  return error instanceof Error && /database or disk is full|disk I\/O error/i.test(error.message);
}
