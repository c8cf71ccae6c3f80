/**
 * The worker threads of an `atx upload` batch (upload-worker.ts), behind one small face: which
 * inputs they can take (files: not stdin), and each input's units prepared, bodies as Buffers.
 * Loaded only for a batch that sends: a dry run or a single file does not pay for it.
 */
import type { SessionInput } from '../pipeline/sources.js';
import { portableSource, type PortableSource } from './folder-sessions.js';
import type { PreparedUnit } from './upload-prepare.js';
import type { UploadWorkerData } from './upload-worker.js';
import { WorkerPool } from './worker-pool.js';

export interface UploadWorkers {
  /** the units of `source` prepared by a worker thread, or undefined when it must be read by this thread */
  prepare(source: SessionInput): Promise<PreparedUnit[]> | undefined;
  close(): Promise<void>;
}

export function startUploadWorkers(threads: number, data: UploadWorkerData): UploadWorkers {
  const pool = new WorkerPool<PortableSource, PreparedUnit[]>(new URL('./upload-worker.js', import.meta.url), threads, data);
  return {
    prepare(source) {
      const task = portableSource(source);
      return task && pool.run(task).then((units) => units.map(withBuffer));
    },
    close: () => pool.close(),
  };
}

/** A body that crossed from a worker thread arrives as a plain Uint8Array: a Buffer again, over the same bytes. */
function withBuffer(unit: PreparedUnit): PreparedUnit {
  if (!('prepared' in unit)) return unit;
  const body = unit.prepared.gzipped as Uint8Array;
  return { ...unit, prepared: { ...unit.prepared, gzipped: Buffer.from(body.buffer, body.byteOffset, body.byteLength) } };
}
