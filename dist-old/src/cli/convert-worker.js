/**
 * A worker thread of `atx convert` / `atx redact` with `-o <folder>`: sets itself up from the
 * run's flags and environment (already checked by the main thread), then writes the inputs it is
 * given (folder-sessions.ts). Temporary files go to the run's folder, which the main thread removes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { sessionInputOf, writeSourceToFolder } from './folder-sessions.js';
import { contextFor } from './io.js';
import { redactionSetup } from './redaction-options.js';
import { sessionSetupFor } from './session-setup.js';
import { workerThreadIO } from './worker-io.js';
const data = workerData;
const io = workerThreadIO(data);
async function setUp() {
    const context = contextFor(io);
    return sessionSetupFor(data.flags, context, await redactionSetup(io, data.flags, context));
}
const ready = setUp();
parentPort?.on('message', async ({ id, task }) => {
    try {
        const outcomes = await writeSourceToFolder(await ready, sessionInputOf(task.source), task.index, task.folder);
        parentPort?.postMessage({ id, result: outcomes });
    }
    catch (error) {
        parentPort?.postMessage({ id, crash: error instanceof Error ? error.message : String(error) });
    }
});
//# sourceMappingURL=convert-worker.js.map