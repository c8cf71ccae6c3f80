/**
 * A worker thread of `atx convert` / `atx redact` with `-o <folder>`: sets itself up from the
 * run's flags and environment (already checked by the main thread), then writes the inputs it is
 * given (folder-sessions.ts). Temporary files go to the run's folder, which the main thread removes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { sessionInputOf, writeSourceToFolder, type SessionSetup, type SourceTask } from './folder-sessions.js';
import { contextFor } from './io.js';
import { redactionSetup } from './redaction-options.js';
import { sessionSetupFor } from './session-setup.js';
import { workerThreadIO, type RunThreadData } from './worker-io.js';
import type { WriteFlags } from './write-transcripts.js';

export interface ConvertWorkerData extends RunThreadData {
  flags: WriteFlags;
}

const data = workerData as ConvertWorkerData;
const io = workerThreadIO(data);

async function setUp(): Promise<SessionSetup> {
  const context = contextFor(io);
  return sessionSetupFor(data.flags, context, await redactionSetup(io, data.flags, context));
}

const ready = setUp();

parentPort?.on('message', async ({ id, task }: { id: number; task: SourceTask }) => {
  try {
    const outcomes = await writeSourceToFolder(await ready, sessionInputOf(task.source), task.index, task.folder);
    parentPort?.postMessage({ id, result: outcomes });
  } catch (error) {
    parentPort?.postMessage({ id, crash: error instanceof Error ? error.message : String(error) });
  }
});
