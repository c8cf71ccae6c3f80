/**
 * How the store reaches its index: named operations (index-operations.ts) run either on a thread
 * of their own (index-thread.ts: the server, so that SQLite's four syncs per commit block that
 * thread and not the event loop) or inline on an IndexDatabase in this thread (key commands, and
 * the tests started from sources, where no compiled thread file exists). Both give the same
 * answers: the thread runs the very same IndexDatabase, batches and group commits included.
 *
 * With the thread, the group commit's waiting (announced transactions, GROUP_WAIT_MS) is done here,
 * and what is issued together crosses to the thread as one message and comes back as one: an
 * upload used to cost the thread five messages (its announcements and their withdrawals, and
 * the run) and one answer, each waking it.
 */
import fs from 'node:fs';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DatabaseOptions, IndexDatabase } from './database.js';
import { IndexBusyError } from './database-errors.js';
import { groupWaitMs } from './group-commit.js';
import { runOperation, type OperationArgs, type OperationName, type OperationResult } from './index-operations.js';
import { revivedError, type SentError } from './thread-errors.js';

export { sendableError, type SentError } from './thread-errors.js';

export interface IndexAccess {
  /** runs the operation on the committed state (it must not write) */
  read<K extends OperationName>(name: K, args: OperationArgs<K>): Promise<OperationResult<K>>;
  /** runs the operation atomically; settles once it is durably committed */
  transaction<K extends OperationName>(name: K, args: OperationArgs<K>): Promise<OperationResult<K>>;
  /** read(), and the epoch its answer belongs to (see unchangedSince) */
  readVersioned<K extends OperationName>(name: K, args: OperationArgs<K>): Promise<{ value: OperationResult<K>; epoch: number }>;
  /** true when no other process can have committed since a read that returned `epoch` (IndexDatabase.unchangedSince) */
  unchangedSince(epoch: number): boolean;
  /** IndexDatabase.expectTransaction */
  expectTransaction(): () => void;
  close(): Promise<void>;
}

export const INDEX_THREAD_FILE = fileURLToPath(new URL('./index-thread.js', import.meta.url));

/**
 * On a thread when `threadFile` exists (the compiled tree), else inline. SQLite is loaded only
 * where it runs: the thread does not need it here too.
 */
export async function openIndex(path: string, options: DatabaseOptions, threadFile: string | null): Promise<IndexAccess> {
  if (threadFile && existsSync(threadFile)) return ThreadedIndex.open(threadFile, path, options);
  const { IndexDatabase } = await import('./database.js');
  return new InlineIndex(await IndexDatabase.open(path, options));
}

class InlineIndex implements IndexAccess {
  constructor(private readonly db: IndexDatabase) {}

  read<K extends OperationName>(name: K, args: OperationArgs<K>): Promise<OperationResult<K>> {
    return this.db.read((db) => runOperation(db, name, args));
  }

  transaction<K extends OperationName>(name: K, args: OperationArgs<K>): Promise<OperationResult<K>> {
    return this.db.transaction((db) => runOperation(db, name, args));
  }

  readVersioned<K extends OperationName>(name: K, args: OperationArgs<K>): Promise<{ value: OperationResult<K>; epoch: number }> {
    return this.db.readVersioned((db) => runOperation(db, name, args));
  }

  unchangedSince(epoch: number): boolean {
    return this.db.unchangedSince(epoch);
  }

  expectTransaction(): () => void {
    return this.db.expectTransaction();
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/** One operation for the thread to run. */
export interface ThreadJob {
  id: number;
  name: OperationName;
  args: unknown;
  mode: 'read' | 'transaction';
}

/** One job's outcome; `answer.epoch`: a read's own epoch (readVersioned), -1 for a transaction. */
export type ThreadResult =
  | { id: number; ok: true; answer: { value: unknown; epoch: number } }
  | { id: number; ok: false; error: SentError };

/** What the thread is asked (index-thread.ts reads these): jobs issued together, run as one batch. */
export type ThreadRequest =
  | { type: 'batch'; jobs: ThreadJob[] }
  | { type: 'close' };

/**
 * What the thread answers: a batch's results once all its jobs are done, with `epoch` and `header`,
 * IndexDatabase.unlockState() at that moment.
 */
export type ThreadReply =
  | { type: 'ready' }
  | { type: 'failed'; error: SentError }
  | { type: 'log'; line: string }
  | { type: 'done'; results: ThreadResult[]; epoch: number; header: Uint8Array | null }
  | { type: 'closed' };

/** The error as the thread threw it: the same class where the store tells errors apart by class. */
function revived(sent: SentError): Error {
  if (sent.name !== 'IndexBusyError') return revivedError(sent);
  const error = IndexBusyError.withMessage(sent.message);
  if (sent.code !== undefined) Object.assign(error, { code: sent.code });
  if (sent.stack !== undefined) error.stack = sent.stack;
  return error;
}

interface Pending {
  resolve: (value: { value: unknown; epoch: number }) => void;
  reject: (error: unknown) => void;
}

class ThreadedIndex implements IndexAccess {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** jobs not sent yet: the next batch */
  private queue: Array<ThreadJob & { write: boolean; queuedAt: number }> = [];
  /** transactions announced (expectTransaction) and not queued yet */
  private expected = 0;
  private groupTimer: NodeJS.Timeout | null = null;
  private sendScheduled = false;
  /** the last epoch and unlock header the thread reported */
  private epoch = 0;
  private header: Buffer | null = null;
  private failure: Error | null = null;
  private closed: Promise<void> | null = null;

  private constructor(private readonly worker: Worker, private readonly headerFd: number) {
    worker.on('message', (reply: ThreadReply) => this.receive(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the index thread exited with ${code}`)));
  }

  static async open(threadFile: string, path: string, options: DatabaseOptions): Promise<ThreadedIndex> {
    const worker = new Worker(threadFile, {
      workerData: { path, ownersDir: options.owners.dir, busyTimeoutMs: options.busyTimeoutMs, staleLockMs: options.staleLockMs },
    });
    const log = (reply: ThreadReply) => {
      if (reply.type === 'log') options.log(reply.line);
    };
    worker.on('message', log);
    try {
      await new Promise<void>((resolve, reject) => {
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`the index thread exited with ${code}`)));
        const onReady = (reply: ThreadReply) => {
          if (reply.type === 'ready') resolve();
          else if (reply.type === 'failed') reject(revived(reply.error));
          else return;
          worker.off('message', onReady);
        };
        worker.on('message', onReady);
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    worker.removeAllListeners('error');
    worker.removeAllListeners('exit');
    return new ThreadedIndex(worker, fs.openSync(path, 'r'));
  }

  read<K extends OperationName>(name: K, args: OperationArgs<K>): Promise<OperationResult<K>> {
    return this.run(name, args, 'read').then((answer) => answer.value);
  }

  transaction<K extends OperationName>(name: K, args: OperationArgs<K>): Promise<OperationResult<K>> {
    return this.run(name, args, 'transaction').then((answer) => answer.value);
  }

  readVersioned<K extends OperationName>(name: K, args: OperationArgs<K>): Promise<{ value: OperationResult<K>; epoch: number }> {
    return this.run(name, args, 'read');
  }

  /**
   * As IndexDatabase.unchangedSince, from what the thread reported: a commit of our own that has
   * not been reported yet changes the header too, and then the answer is "maybe" (read again).
   */
  unchangedSince(epoch: number): boolean {
    if (this.closed || this.failure || epoch !== this.epoch || this.header === null) return false;
    const header = Buffer.alloc(16);
    try {
      fs.readSync(this.headerFd, header, 0, 16, 24);
    } catch {
      return false;
    }
    return header.equals(this.header);
  }

  /** As IndexDatabase.expectTransaction: queued transactions wait (here) for announced ones, at most GROUP_WAIT_MS. */
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

  close(): Promise<void> {
    this.closed ??= (async () => {
      if (!this.failure) {
        this.send(); // what is queued goes before the close
        const closed = new Promise<void>((resolve) => {
          this.worker.on('message', (reply: ThreadReply) => { if (reply.type === 'closed') resolve(); });
          this.worker.once('exit', () => resolve());
        });
        this.post({ type: 'close' });
        await closed;
      }
      this.fail(new Error('the index is closed'));
      await this.worker.terminate();
      fs.closeSync(this.headerFd);
    })();
    return this.closed;
  }

  private run<K extends OperationName>(name: K, args: OperationArgs<K>, mode: 'read' | 'transaction'): Promise<{ value: OperationResult<K>; epoch: number }> {
    if (this.failure || this.closed) return Promise.reject(this.failure ?? new Error('the index is closed'));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      this.queue.push({ id, name, args, mode, write: mode === 'transaction', queuedAt: performance.now() });
      this.schedule();
    });
  }

  /** Sends the queue once nothing announced is worth waiting for; what is issued in one turn goes together. */
  private schedule(): void {
    if (this.queue.length === 0 || this.sendScheduled) return;
    const waitMs = groupWaitMs(this.expected, this.queue);
    if (waitMs > 0) {
      this.groupTimer ??= setTimeout(() => {
        this.groupTimer = null;
        this.schedule();
      }, Math.ceil(waitMs));
      return;
    }
    this.sendScheduled = true;
    setImmediate(() => {
      this.sendScheduled = false;
      if (groupWaitMs(this.expected, this.queue) > 0) this.schedule(); // announced meanwhile: wait for them (bounded by the first job's age)
      else this.send();
    });
  }

  private send(): void {
    if (this.groupTimer) {
      clearTimeout(this.groupTimer);
      this.groupTimer = null;
    }
    if (this.queue.length === 0) return;
    const jobs = this.queue.map(({ id, name, args, mode }) => ({ id, name, args, mode }));
    this.queue = [];
    this.post({ type: 'batch', jobs });
  }

  private post(request: ThreadRequest): void {
    if (!this.failure) this.worker.postMessage(request);
  }

  private receive(reply: ThreadReply): void {
    if (reply.type !== 'done') return;
    this.epoch = reply.epoch;
    this.header = reply.header ? Buffer.from(reply.header) : null;
    for (const result of reply.results) {
      const pending = this.pending.get(result.id);
      if (!pending) continue;
      this.pending.delete(result.id);
      if (result.ok) pending.resolve(result.answer);
      else pending.reject(revived(result.error));
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    if (this.groupTimer) {
      clearTimeout(this.groupTimer);
      this.groupTimer = null;
    }
    this.queue = [];
    for (const pending of this.pending.values()) pending.reject(this.failure);
    this.pending.clear();
  }
}
