/**
 * A worker thread of `atx upload`: sets itself up from the run's redaction flags and environment
 * (already checked by the main thread), then prepares the inputs it is given (upload-prepare.ts).
 * The gzipped bodies go back to the main thread as transferred buffers, not copies; the main
 * thread puts them in the outbox and sends them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { unitsOf } from '../input/reader.js';
import { MemoryGovernor } from '../pipeline/memory.js';
import type { PrepareOptions } from '../pipeline/prepare-upload.js';
import { sessionInputOf, type PortableSource } from './folder-sessions.js';
import { contextFor } from './io.js';
import { redactionSetup, type RedactionFlags } from './redaction-options.js';
import { prepareOrFail, type PreparedUnit } from './upload-prepare.js';
import { workerThreadIO, type RunThreadData } from './worker-io.js';

export interface UploadWorkerData extends RunThreadData {
  flags: RedactionFlags;
  /** take each body's content digest (not with --queue, which sends nothing now) */
  withDigest: boolean;
  /** PrepareOptions.storedUpToBytes */
  storedUpToBytes: number;
}

const data = workerData as UploadWorkerData;
const io = workerThreadIO(data);

async function setUp(): Promise<PrepareOptions> {
  const context = contextFor(io);
  const setup = await redactionSetup(io, data.flags, context);
  return { context, makeRedactor: setup.makeTransform, memory: new MemoryGovernor(), storedUpToBytes: data.storedUpToBytes };
}

const ready = setUp();

parentPort?.on('message', async ({ id, task }: { id: number; task: PortableSource }) => {
  try {
    const options = await ready;
    const units: PreparedUnit[] = [];
    for await (const unit of unitsOf(sessionInputOf(task), { idFromContent: true })) {
      units.push(await prepareOrFail(unit, options, data.withDigest));
    }
    const bodies = units.flatMap((unit) => ('prepared' in unit ? [ownedBody(unit)] : []));
    parentPort?.postMessage({ id, result: units }, bodies);
  } catch (error) {
    parentPort?.postMessage({ id, crash: error instanceof Error ? error.message : String(error) });
  }
});

/**
 * The unit's body as bytes that own their whole buffer, which can then be transferred. A small
 * Buffer is a view into Node's shared pool, and transferring that would take the pool away.
 */
function ownedBody(unit: Extract<PreparedUnit, { prepared: unknown }>): ArrayBuffer {
  const body = unit.prepared.gzipped;
  const owned = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : Buffer.from(Uint8Array.prototype.slice.call(body).buffer);
  unit.prepared.gzipped = owned;
  return owned.buffer as ArrayBuffer;
}
