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
 *
 * Durability (what a 2xx promises): an upload is answered only once its blob and its index row
 * would survive a power cut. The blob is written, fsynced, renamed into place and its folder
 * fsynced (blobs.ts) before its row's transaction is even queued, on a blob thread; the row is
 * durable when COMMIT returns with synchronous=FULL, and the transaction's promise settles only
 * after that (in the server, the index thread then posts the answer to the event loop, which
 * only then writes the HTTP answer: index-access.ts). A commit in the rollback journal costs four
 * syncs, and each is needed: (1) the journal's saved pages, before any database page is
 * overwritten (else a cut mid-overwrite leaves nothing to roll back with); (2) the journal header
 * with its page count, after those pages (FULL; NORMAL skips it, which is safe only where appends
 * are atomic); (3) the database, before the journal is reset; (4) the reset journal header: that
 * is the commit point, without it a hot journal would roll back a transaction already answered.
 * WAL with synchronous=NORMAL plus one sync of the WAL per group would need one, but this build's
 * VFS has no shared-memory methods, so WAL would need locking_mode=EXCLUSIVE and would hold the
 * lock for the server's life, shutting out `atx serve keys create`. The VFS calls fs.fsyncSync
 * from inside SQLite, so the syncs block the thread SQLite runs on: the server runs it on a thread
 * of its own (index-thread.ts), so they block that thread and not the event loop, and the uploads
 * that arrive while it syncs queue up for the next commit. What we cut is their cost and count:
 * they are done with fdatasync (as SQLite's own unix VFS does on Linux: data and the size, not the
 * timestamps; ~0.25 ms instead of 0.4-0.7 ms here), and concurrent uploads share one commit
 * (flush(), GROUP_WAIT_MS in group-commit.ts), so four syncs serve the whole group.
 *
 * Cost otherwise: every lock taken is a mkdir and an rmdir. So reads and transactions issued
 * together share one lock and one commit (flush()), and unchangedSince() lets a caller keep a row
 * it read for as long as no other process commits, which it tells from the database header
 * without taking the lock. journal_mode=PERSIST keeps the journal file and zeroes its header at
 * commit, which is as safe as TRUNCATE and measured ~10% cheaper per commit here (no size change
 * to sync).
 */
import fs from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sqlite from 'node-sqlite3-wasm';
import { IndexBusyError, isBusy } from './database-errors.js';
import { groupWaitMs } from './group-commit.js';
import type { OwnerRegistry } from './owners.js';

export { IndexBusyError, isBusy, isFullOrIoError } from './database-errors.js';

type Database = InstanceType<typeof sqlite.Database>;
type Statement = ReturnType<Database['prepare']>;
type BindValues = Parameters<Statement['run']>[0];
export type Row = Record<string, number | bigint | string | Uint8Array | null>;

/**
 * What reads and transactions run their statements on. Each SQL text is prepared once and reused
 * (node-sqlite3-wasm's Database.get/all/run prepare and finalize a statement per call, which cost
 * about a tenth of the index's time per upload). Every statement is stepped to its end before it
 * returns: a statement left mid-result would keep its read open, and with it the lock.
 */
export class Statements {
  private readonly cache = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  get(sql: string, values?: BindValues): Row | null {
    return this.using(sql, (statement) => {
      let first: Row | null = null;
      for (const row of statement.iterate(values)) first ??= row as Row;
      return first;
    });
  }

  all(sql: string, values?: BindValues): Row[] {
    return this.using(sql, (statement) => statement.all(values) as Row[]);
  }

  run(sql: string, values?: BindValues): void {
    this.using(sql, (statement) => statement.run(values));
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  finalizeAll(): void {
    for (const statement of this.cache.values()) if (!statement.isFinalized) statement.finalize();
    this.cache.clear();
  }

  /** A statement that failed keeps its error (its reset would throw it again): it is dropped, not reused. */
  private using<T>(sql: string, work: (statement: Statement) => T): T {
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.cache.set(sql, statement);
    }
    try {
      return work(statement);
    } catch (error) {
      this.cache.delete(sql);
      try { statement.finalize(); } catch { /* it reports the error just thrown */ }
      throw error;
    }
  }
}

export interface DatabaseOptions {
  owners: OwnerRegistry;
  log: (line: string) => void;
  /** how long to wait for a lock a live process holds (ms) */
  busyTimeoutMs?: number;
  /** a lock older than this is stale even if some registered process still lives (ms) */
  staleLockMs?: number;
}

interface Job {
  write: boolean;
  queuedAt: number;
  fn: (db: Statements) => unknown;
  deadline: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Settled = { job: Job; ok: true; value: unknown } | { job: Job; ok: false; error: unknown };

export class IndexDatabase {
  private readonly lockPath: string;
  private readonly busyTimeoutMs: number;
  private readonly staleLockMs: number;
  /** reads and transactions waiting for the next batch */
  private queue: Job[] = [];
  private flushing = false;
  /** transactions announced (expectTransaction) and not queued yet */
  private expected = 0;
  private groupTimer: NodeJS.Timeout | null = null;
  /** our own descriptor on the database file, to read its header without the lock */
  private readonly headerFd: number;
  /** header bytes 24..39 (change counter, size, freelist) as this connection last left the file when unlocking */
  private headerAtUnlock: Buffer | null = null;
  /** bumped whenever a batch finds that someone else committed since our last unlock */
  private foreignEpoch = 0;
  private readonly statements: Statements;

  private constructor(private readonly db: Database, readonly path: string, private readonly options: DatabaseOptions) {
    this.lockPath = `${resolve(path)}.lock`;
    this.busyTimeoutMs = options.busyTimeoutMs ?? 10_000;
    this.staleLockMs = options.staleLockMs ?? 60_000;
    this.headerFd = fs.openSync(path, 'r');
    this.statements = new Statements(db);
  }

  static async open(path: string, options: DatabaseOptions): Promise<IndexDatabase> {
    const db = new sqlite.Database(path);
    let index: IndexDatabase;
    try {
      index = new IndexDatabase(db, path, options);
    } catch (error) {
      db.close();
      throw error;
    }
    try {
      // The first statement takes the lock and, after a crash, rolls the hot journal back.
      await index.withRetry(() => index.withOwnLockUnreserved(() => index.db.get('SELECT count(*) AS n FROM sqlite_master')));
      // journal_mode cannot change inside a transaction, hence outside the batches
      await index.withRetry(() => index.withOwnLockUnreserved(() => index.db.exec('PRAGMA journal_mode=PERSIST; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON')));
    } catch (error) {
      index.close();
      throw error;
    }
    return index;
  }

  /**
   * Runs fn (synchronous statements) on the committed state, retrying while another process holds
   * the lock. It may share one lock and transaction with other reads and transactions issued at the
   * same time (see flush()); it must not write.
   */
  read<T>(fn: (db: Statements) => T): Promise<T> {
    return this.enqueue(false, fn);
  }

  /**
   * Runs fn atomically: its statements all take effect or none does (any throw undoes them), and
   * the promise settles only once they are durably committed. fn must not await. It may share one
   * BEGIN IMMEDIATE ... COMMIT with other work issued at the same time (as a savepoint of its own).
   */
  transaction<T>(fn: (db: Statements) => T): Promise<T> {
    return this.enqueue(true, fn);
  }

  /** Like read(), and tells the epoch the answer belongs to (see unchangedSince). */
  async readVersioned<T>(fn: (db: Statements) => T): Promise<{ value: T; epoch: number }> {
    return this.read((db) => ({ value: fn(db), epoch: this.foreignEpoch }));
  }

  /**
   * True when no other process can have committed since a read that returned `epoch`, so its answer
   * still holds; answered without the lock. SQLite writes the header's change counter with every
   * commit (this is how it checks its own page cache), and we note the header as it is when we
   * release the lock: if the file still shows that header, nothing was committed since. A commit
   * under way elsewhere that has not written page 1 yet has not happened yet, for us. False means
   * "maybe": read again.
   */
  unchangedSince(epoch: number): boolean {
    return epoch === this.foreignEpoch && this.db.isOpen && this.headerIs(this.headerAtUnlock);
  }

  /** The epoch, and the header as this connection last left the file: what unchangedSince compares (for index-access.ts). */
  unlockState(): { epoch: number; header: Uint8Array | null } {
    return { epoch: this.foreignEpoch, header: this.headerAtUnlock };
  }

  close(): void {
    if (this.db.isOpen) {
      this.statements.finalizeAll();
      this.db.close();
      fs.closeSync(this.headerFd);
    }
  }

  /**
   * Announces a transaction() that will come soon (a put announces its row while it writes the
   * file); returns the call that withdraws the announcement, to make right after queuing it (or
   * when giving up). Queued transactions wait for announced ones, at most GROUP_WAIT_MS, so that
   * concurrent uploads share one commit.
   */
  expectTransaction(): () => void {
    this.expected++;
    let withdrawn = false;
    return () => {
      if (withdrawn) return;
      withdrawn = true;
      this.expected--;
      this.schedule();
    };
  }

  private enqueue<T>(write: boolean, fn: (db: Statements) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ write, queuedAt: performance.now(), fn, deadline: Date.now() + this.busyTimeoutMs, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.flushing || this.queue.length === 0) return;
    const waitMs = groupWaitMs(this.expected, this.queue);
    if (waitMs > 0) {
      this.groupTimer ??= setTimeout(() => {
        this.groupTimer = null;
        this.schedule();
      }, Math.ceil(waitMs));
      return;
    }
    if (this.groupTimer) {
      clearTimeout(this.groupTimer);
      this.groupTimer = null;
    }
    this.flushing = true;
    // after the I/O callbacks of this turn, so concurrent requests' statements share one lock
    setImmediate(() => void this.flush());
  }

  /**
   * Group commit. Taking node-sqlite3-wasm's lock costs a mkdir and an rmdir, and a commit four
   * fsyncs; both block the event loop. So everything queued runs under one lock in one transaction:
   * first the reads (they see only committed state, so their answers hold whatever happens to the
   * writes), then each transaction inside its own SAVEPOINT (a throw rolls back only its own
   * statements), then one COMMIT, and only then does any promise settle. A crash at any point
   * leaves the state before the batch or after it, as for a single transaction.
   */
  private async flush(): Promise<void> {
    let delayMs = 2;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        if (!this.db.isOpen) {
          for (const job of batch) job.reject(new Error(`the index ${this.path} is closed`));
          continue;
        }
        let settled: Settled[];
        try {
          settled = this.withOwnLockUnreserved(() => this.runBatch(batch));
        } catch (error) {
          if (!isBusy(error)) {
            for (const job of batch) job.reject(error);
            continue;
          }
          // nothing ran: wait for the other process, then retry with whatever arrived meanwhile
          this.queue = [...batch, ...this.queue];
          try {
            if (this.removeLockIfStale()) continue;
            const now = Date.now();
            const expired = this.queue.filter((job) => now >= job.deadline);
            if (expired.length > 0) {
              this.queue = this.queue.filter((job) => now < job.deadline);
              const busy = new IndexBusyError(this.path, this.options.owners.liveOthers().map((o) => o.pid));
              for (const job of expired) job.reject(busy);
              if (this.queue.length === 0) break;
            }
          } catch (failure) {
            const waiting = this.queue;
            this.queue = [];
            for (const job of waiting) job.reject(failure);
            continue;
          }
          await sleep(delayMs);
          delayMs = Math.min(delayMs * 2, 50);
          continue;
        }
        delayMs = 2;
        for (const outcome of settled) {
          if (outcome.ok) outcome.job.resolve(outcome.value);
          else outcome.job.reject(outcome.error);
        }
      }
    } finally {
      this.flushing = false;
      this.schedule();
    }
  }

  /** One lock, one transaction for the batch (synchronous). Throws only when BEGIN finds the database locked. */
  private runBatch(batch: readonly Job[]): Settled[] {
    this.db.exec('BEGIN IMMEDIATE');
    const settled: Settled[] = [];
    const requeue: Job[] = [];
    let clean = true;
    try {
      // we hold the lock, and a hot journal is rolled back: did anyone commit since we let go?
      if (!this.headerIs(this.headerAtUnlock)) this.foreignEpoch++;
      const reads = batch.filter((job) => !job.write);
      const writes = batch.filter((job) => job.write);
      for (const job of [...reads, ...writes]) {
        if (!this.db.inTransaction) {
          requeue.push(job); // SQLite rolled the transaction back after an error: run it in the next batch
          continue;
        }
        if (job.write) this.db.exec('SAVEPOINT job');
        try {
          const value = job.fn(this.statements);
          if (job.write) this.db.exec('RELEASE job');
          settled.push({ job, ok: true, value });
        } catch (error) {
          settled.push({ job, ok: false, error });
          if (this.db.inTransaction) {
            if (job.write) {
              this.db.exec('ROLLBACK TO job');
              this.db.exec('RELEASE job');
            }
          } else {
            // an I/O or full-disk error made SQLite roll back the whole transaction, and with it
            // the writes that already ran in this batch
            clean = false;
            failWrites(settled, error);
          }
        }
      }
      if (this.db.inTransaction) this.db.exec('COMMIT');
    } catch (error) {
      // COMMIT (or a ROLLBACK TO) failed: nothing of the batch's writes counts
      clean = false;
      if (this.db.inTransaction) {
        try { this.db.exec('ROLLBACK'); } catch { /* the first error says more */ }
      }
      failWrites(settled, error);
      for (const job of batch) {
        if (!settled.some((outcome) => outcome.job === job) && !requeue.includes(job)) settled.push({ job, ok: false, error });
      }
    }
    // after a failed commit the file may not be what a later header comparison assumes: compare nothing
    if (!clean) this.headerAtUnlock = null;
    this.queue.unshift(...requeue);
    return settled;
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

  /**
   * Runs fn (which runs SQLite) with the VFS's lock check answering "not reserved" for our own lock
   * and its syncs done with fdatasync (see the top of this file), and notes the database header
   * each time the VFS is about to remove our lock: that is the state we leave behind
   * (unchangedSince() compares against it).
   */
  private withOwnLockUnreserved<T>(fn: () => T): T {
    const originalAccess = fs.accessSync;
    const originalRmdir = fs.rmdirSync;
    const originalFsync = fs.fsyncSync;
    // what SQLite's own unix VFS does on Linux (see the top of this file)
    fs.fsyncSync = fs.fdatasyncSync;
    const lockPath = this.lockPath;
    const index = this;
    fs.accessSync = function accessSync(path: fs.PathLike, mode?: number): void {
      if (String(path) === lockPath) throw Object.assign(new Error(`ENOENT: ${lockPath}`), { code: 'ENOENT' });
      originalAccess(path, mode);
    };
    fs.rmdirSync = function rmdirSync(path: fs.PathLike, options?: fs.RmDirOptions): void {
      if (String(path) === lockPath) {
        try {
          index.headerAtUnlock = index.readHeader();
        } catch {
          index.headerAtUnlock = null;
        }
      }
      originalRmdir(path, options);
    };
    try {
      return fn();
    } finally {
      fs.accessSync = originalAccess;
      fs.rmdirSync = originalRmdir;
      fs.fsyncSync = originalFsync;
    }
  }

  private headerIs(expected: Buffer | null): boolean {
    try {
      return expected !== null && this.readHeader().equals(expected);
    } catch {
      return false;
    }
  }

  private readHeader(): Buffer {
    const header = Buffer.alloc(16);
    fs.readSync(this.headerFd, header, 0, 16, 24);
    return header;
  }
}

/** Marks the writes that had succeeded in a batch as failed: their changes were rolled back. */
function failWrites(settled: Settled[], error: unknown): void {
  for (let i = 0; i < settled.length; i++) {
    const outcome = settled[i]!;
    if (outcome.ok && outcome.job.write) settled[i] = { job: outcome.job, ok: false, error };
  }
}
