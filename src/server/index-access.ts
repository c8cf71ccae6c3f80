/**
 * How the store reaches its index: named operations (index-operations.ts) run either on a thread
 * of their own (index-thread.ts: the server, so that SQLite's four syncs per commit block that
 * thread and not the event loop) or inline on an IndexDatabase in this thread (key commands, and
 * the tests started from sources, where no compiled thread file exists). Both give the same
 * answers: the thread runs the very same IndexDatabase, batches and group commits included.
 */
import fs from 'node:fs';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DatabaseOptions, IndexDatabase } from './database.js';
import { IndexBusyError } from './database-errors.js';
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

/** What the thread is asked (index-thread.ts reads these). */
export type ThreadRequest =
  | { type: 'run'; id: number; name: OperationName; args: unknown; mode: 'read' | 'transaction' }
  | { type: 'expect'; token: number }
  | { type: 'withdraw'; token: number }
  | { type: 'close' };

/**
 * What the thread answers. `epoch` and `header`: IndexDatabase.unlockState() once the job's batch
 * is done; `answer.epoch`: a read's own epoch (readVersioned), -1 for a transaction.
 */
export type ThreadReply =
  | { type: 'ready' }
  | { type: 'failed'; error: SentError }
  | { type: 'log'; line: string }
  | { type: 'done'; id: number; ok: true; answer: { value: unknown; epoch: number }; epoch: number; header: Uint8Array | null }
  | { type: 'done'; id: number; ok: false; error: SentError; epoch: number; header: Uint8Array | null }
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
  private nextToken = 1;
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

  expectTransaction(): () => void {
    const token = this.nextToken++;
    this.post({ type: 'expect', token });
    let withdrawn = false;
    return () => {
      if (withdrawn) return;
      withdrawn = true;
      this.post({ type: 'withdraw', token });
    };
  }

  close(): Promise<void> {
    this.closed ??= (async () => {
      if (!this.failure) {
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
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      this.post({ type: 'run', id, name, args, mode });
    });
  }

  private post(request: ThreadRequest): void {
    if (!this.failure) this.worker.postMessage(request);
  }

  private receive(reply: ThreadReply): void {
    if (reply.type !== 'done') return;
    this.epoch = reply.epoch;
    this.header = reply.header ? Buffer.from(reply.header) : null;
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.answer);
    else pending.reject(revived(reply.error));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const pending of this.pending.values()) pending.reject(this.failure);
    this.pending.clear();
  }
}
