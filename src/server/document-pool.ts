/**
 * Runs prepareDocument() off the event loop: parsing, validating and hashing a document of
 * tens of MB takes a second or more, during which the server would answer nobody (health included).
 * A few worker threads take the documents in turn. Started from TypeScript sources (the in-process
 * tests), where no compiled worker file exists, it prepares inline instead: same function, same answers.
 *
 * A small document (at most `inlineMaxBytes`) is prepared inline too: it takes a few ms, less than
 * sending it to a worker and its answer back costs, and a worker is a second V8 heap that compiles
 * the same code again. The workers start when the first larger document comes, not before.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EventsLayout } from './json-scanner.js';
import { prepareDocument, type Prepared } from './prepare.js';

/** A worker died (out of memory, say) while it held the document. */
export class PrepareFailedError extends Error {
  constructor(cause: unknown) {
    super('the document could not be prepared', { cause });
    this.name = 'PrepareFailedError';
  }
}

interface Job {
  id: number;
  json: Uint8Array;
  resolve: (prepared: Prepared) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** its 'error' and 'exit' both report one death: the second is ignored */
  dead: boolean;
  /** the worker file loaded (its first message): a later death is a document's doing */
  loaded: boolean;
}

/** heap of one worker: a document within the default limits needs a few hundred MB at most */
const WORKER_HEAP_MB = 1024;
/**
 * Workers that may die in a row before they loaded: past that the worker file cannot run, and the
 * pool stops rather than start threads forever. A worker that dies on a document after it loaded
 * fails that document only (a hostile sender cannot stop the pool).
 */
const RESPAWN_LIMIT = 8;

export class DocumentPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private deathsInARow = 0;
  /** set once the workers keep dying: every document fails with it */
  private broken: Error | undefined;

  private readonly workers: number;

  /**
   * `workers` 0 prepares inline; otherwise up to that many threads, when the compiled worker
   * exists, started when a document larger than `inlineMaxBytes` first comes (0: every document).
   */
  constructor(
    workers: number,
    private readonly workerFile = fileURLToPath(new URL('./document-worker.js', import.meta.url)),
    private readonly inlineMaxBytes = 0,
  ) {
    this.workers = workers > 0 && existsSync(this.workerFile) ? workers : 0;
  }

  /** whether documents larger than inlineMaxBytes go to worker threads */
  get threaded(): boolean {
    return this.workers > 0;
  }

  /**
   * `json` must not be used by the caller afterwards (its memory may move to the worker); `events`:
   * where the scanner saw its events (prepare.ts), for a document prepared inline.
   */
  prepare(json: Uint8Array, events?: EventsLayout): Promise<Prepared> {
    if (this.closed) return Promise.reject(new PrepareFailedError(new Error('the pool is closed')));
    if (!this.threaded || json.byteLength <= this.inlineMaxBytes) {
      try {
        return Promise.resolve(prepareDocument(json, events));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    if (this.broken) return Promise.reject(new PrepareFailedError(this.broken));
    while (this.slots.length < this.workers) this.slots.push(this.spawn());
    return new Promise<Prepared>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, json, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new PrepareFailedError(new Error('the server is shutting down')));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(this.workerFile, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.unref();
    const slot: Slot = { worker, job: null, dead: false, loaded: false };
    worker.on('message', (message: { id: number; prepared: Prepared } | { ready: true }) => {
      if ('ready' in message) {
        slot.loaded = true;
        this.deathsInARow = 0;
        return;
      }
      const job = slot.job;
      slot.job = null;
      if (job?.id === message.id) job.resolve(message.prepared);
      this.dispatch();
    });
    const fail = (error: unknown) => {
      if (slot.dead) return;
      slot.dead = true;
      const job = slot.job;
      slot.job = null;
      job?.reject(new PrepareFailedError(error));
      if (this.closed) return;
      if (!slot.loaded) this.deathsInARow += 1;
      if (this.deathsInARow > RESPAWN_LIMIT) {
        this.broken ??= new Error(`the document workers keep dying (${error instanceof Error ? error.message : String(error)})`);
        for (const queued of this.queue.splice(0)) queued.reject(new PrepareFailedError(this.broken));
        return;
      }
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots[index] = this.spawn();
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (slot.job || !this.closed) fail(new Error(`the worker exited with ${code}`));
    });
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job || slot.dead) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, json: job.json }, transferable(job.json));
    }
  }
}

/**
 * The buffer to move with `bytes` when they fill a buffer of their own; shared memory is never
 * moved (it is shared as it is, and postMessage refuses to transfer it).
 */
export function transferable(bytes: Uint8Array): ArrayBuffer[] {
  const { buffer } = bytes;
  if (buffer instanceof SharedArrayBuffer) return [];
  return bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength ? [buffer as ArrayBuffer] : [];
}
