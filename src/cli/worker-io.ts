/**
 * What a worker thread of a batch starts from: the run's temp folder (which the main thread
 * removes on every exit path), the run's output gate and the run's environment, with no stdin of its own.
 */
import { Readable } from 'node:stream';
import { adoptOutputGate, outputGateBuffer } from '../lifecycle/output-gate.js';
import { adoptRunTempDir, runTempDir } from '../lifecycle/temp.js';
import type { CliIO } from './io.js';

export interface RunThreadData {
  env: NodeJS.ProcessEnv;
  runTempDir: string;
  /** the lock every thread takes to make or rename a file beside the outputs (output-gate.ts) */
  outputGate: SharedArrayBuffer;
}

/** What the main thread shares with every worker thread of the run. */
export function runThreadShare(): Pick<RunThreadData, 'runTempDir' | 'outputGate'> {
  return { runTempDir: runTempDir(), outputGate: outputGateBuffer() };
}

export function workerThreadIO(data: RunThreadData): CliIO {
  adoptRunTempDir(data.runTempDir);
  adoptOutputGate(data.outputGate);
  return { env: data.env, stdin: Readable.from([]), stdout: process.stdout, stderr: process.stderr };
}
