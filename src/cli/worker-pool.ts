/**
 * A fixed set of worker threads that take tasks from one queue. Tasks here are whole sessions
 * (one file read, converted and written per task), so a plain queue is all the scheduling needed:
 * no library, no time slicing, no task cancellation (an interrupt ends the process).
 */
import { Worker } from 'node:worker_threads';

interface Pending<R> {
  resolve(result: R): void;
  reject(error: Error): void;
}

interface Reply<R> {
  id: number;
  result?: R;
  /** a bug in the worker (an error it could not turn into a result) */
  crash?: string;
}

export class WorkerPool<T, R> {
  private readonly idle: Worker[] = [];
  private readonly queue: { id: number; task: T }[] = [];
  private readonly pending = new Map<number, Pending<R>>();
  private readonly workers: Worker[] = [];
  private nextId = 0;
  private broken: Error | undefined;
  private closing = false;

  /**
   * `tasksPerWorker` above 1 sends a worker its next task before it has answered the last, so a
   * worker whose answers wait on a busy thread (one that also converts) does not sit idle.
   */
  constructor(script: URL, size: number, workerData: unknown, tasksPerWorker = 1) {
    for (let n = 0; n < size; n++) {
      const worker = new Worker(script, { workerData });
      worker.on('message', (reply: Reply<R>) => this.settle(worker, reply));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0 && !this.closing) this.fail(new Error(`a worker thread stopped with code ${code}`));
      });
      this.workers.push(worker);
      for (let slot = 0; slot < tasksPerWorker; slot++) this.idle.push(worker);
    }
  }

  run(task: T): Promise<R> {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    const done = new Promise<R>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.queue.push({ id, task });
    this.dispatch();
    return done;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const { id, task } = this.queue.shift()!;
      worker.postMessage({ id, task });
    }
  }

  private settle(worker: Worker, reply: Reply<R>): void {
    const waiting = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    this.idle.push(worker);
    if (reply.crash !== undefined) waiting?.reject(new Error(reply.crash));
    else waiting?.resolve(reply.result as R);
    this.dispatch();
  }

  /** A worker that died takes the run with it: every waiting task fails with the reason. */
  private fail(error: Error): void {
    this.broken ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    this.queue.length = 0;
  }
}
