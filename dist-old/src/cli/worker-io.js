/**
 * What a worker thread of a batch starts from: the run's temp folder (which the main thread
 * removes on every exit path) and the run's environment, with no stdin of its own.
 */
import { Readable } from 'node:stream';
import { adoptRunTempDir } from '../lifecycle/temp.js';
export function workerThreadIO(data) {
    adoptRunTempDir(data.runTempDir);
    return { env: data.env, stdin: Readable.from([]), stdout: process.stdout, stderr: process.stderr };
}
//# sourceMappingURL=worker-io.js.map