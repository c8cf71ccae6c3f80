/**
 * A worker thread of `atx convert` / `atx redact` with `-o <folder>`. It may start before the run's
 * flags are parsed (early-workers.ts), so it loads its modules first and then waits: its first
 * message is the run's setup (flags and environment, already checked by the main thread), the
 * next the batch's list of inputs, which it works through with the main thread (shared-list.ts),
 * writing each (folder-sessions.ts). Temporary files go to the run's folder,
 * which the main thread removes.
 */
import { parentPort } from 'node:worker_threads';
import { sessionInputOf, writeSourceToFolder, type SessionSetup, type SourceTask } from './folder-sessions.js';
import { contextFor } from './io.js';
import { changingRedactionSetup } from './redaction-options.js';
import { sessionSetupFor } from './session-setup.js';
import { takeFromList, type SharedList } from './shared-list.js';
import { workerThreadIO, type RunThreadData } from './worker-io.js';
import type { WriteFlags } from './write-transcripts.js';

export interface ConvertWorkerData extends RunThreadData {
  flags: WriteFlags;
}

async function setUp(data: ConvertWorkerData): Promise<SessionSetup> {
  const io = workerThreadIO(data);
  const context = contextFor(io);
  return sessionSetupFor(data.flags, context, await changingRedactionSetup(io, data.flags, context));
}

let ready: Promise<SessionSetup> | undefined;

type Message = { setup: ConvertWorkerData } | { list: SharedList<SourceTask> };

parentPort?.on('message', (message: Message) => {
  if ('setup' in message) {
    ready = setUp(message.setup);
    ready.catch(() => {}); // said once per input below
    return;
  }
  const writeOne = async (task: SourceTask) => {
    if (!ready) throw new Error('the batch came before the run\'s setup');
    return writeSourceToFolder(await ready, sessionInputOf(task.source), task.index, task.folder);
  };
  void takeFromList(message.list, writeOne, (reply) => parentPort?.postMessage(reply));
});
