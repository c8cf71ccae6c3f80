/**
 * The lanes that prepare the inputs of an `atx upload` batch: worker threads (upload-worker.ts),
 * or this thread when there are none. With workers, this thread prepares nothing: it puts their
 * bodies in the outbox and sends them. As a lane of its own it would compile and warm up the whole
 * conversion and every rule a second time, beside the workers' copies (measured on 100 sessions of
 * ~160 KB, 2 cores: --jobs 2 took 1.5 CPU s more than one worker preparing while this thread only
 * sent, and 2.3 s more than --jobs 1). Loaded only for a batch that sends: a dry run or a single
 * file does not pay for it.
 */
import type { SessionInput } from '../pipeline/sources.js';
import { portableSource, type PortableSource } from './folder-sessions.js';
import type { PreparedUnit } from './upload-prepare.js';
import type { UploadWorkerData } from './upload-worker.js';
import { WorkerPool } from './worker-pool.js';

export interface UploadLanes {
  /** the units of `source` prepared by a free lane, or undefined when it must be read as a stream by the caller (stdin) */
  prepare(source: SessionInput): Promise<PreparedUnit[]> | undefined;
  close(): Promise<void>;
}

/** How one lane prepares one input. */
type Lane = (source: SessionInput, task: PortableSource) => Promise<PreparedUnit[]>;

interface Waiting {
  source: SessionInput;
  task: PortableSource;
  resolve(units: PreparedUnit[]): void;
  reject(error: unknown): void;
}

/** What runs the worker threads' tasks (a WorkerPool; a stand-in in tests). */
export interface UploadThreads {
  run(task: PortableSource): Promise<PreparedUnit[]>;
  close(): Promise<void>;
}

const startThreads = (threads: number, data: UploadWorkerData): UploadThreads =>
  new WorkerPool<PortableSource, PreparedUnit[]>(new URL('./upload-worker.js', import.meta.url), threads, data, 2);

/**
 * `threads` worker threads, each given its next input before it answers the last (so it never
 * waits on this thread); with none, `here`, this thread's own lane.
 */
export function startUploadLanes(threads: number, data: UploadWorkerData, here: (source: SessionInput) => Promise<PreparedUnit[]>, start = startThreads): UploadLanes {
  const pool = threads > 0 ? start(threads, data) : undefined;
  const inWorker: Lane = (_source, task) => pool!.run(task).then((units) => units.map(withBuffer));
  const free: Lane[] = threads > 0 ? Array.from({ length: 2 * threads }, () => inWorker) : [(source) => here(source)];
  const waiting: Waiting[] = [];

  const dispatch = () => {
    while (free.length > 0 && waiting.length > 0) {
      const lane = free.shift()!;
      const next = waiting.shift()!;
      lane(next.source, next.task).then(next.resolve, next.reject).finally(() => {
        free.push(lane);
        dispatch();
      });
    }
  };

  return {
    prepare(source) {
      const task = portableSource(source);
      if (!task) return undefined;
      const done = new Promise<PreparedUnit[]>((resolve, reject) => waiting.push({ source, task, resolve, reject }));
      dispatch();
      return done;
    },
    close: async () => {
      await pool?.close();
    },
  };
}

/** A body that crossed from a worker thread arrives as a plain Uint8Array: a Buffer again, over the same bytes. */
function withBuffer(unit: PreparedUnit): PreparedUnit {
  if (!('prepared' in unit)) return unit;
  const body = unit.prepared.gzipped as Uint8Array;
  return { ...unit, prepared: { ...unit.prepared, gzipped: Buffer.from(body.buffer, body.byteOffset, body.byteLength) } };
}
