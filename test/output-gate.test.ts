/**
 * The output gate: a worker thread's file step under way when the run is interrupted finishes
 * before the main thread's sweep, and no step starts after it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { adoptOutputGate, besideOutputs, closeOutputGate, OutputGateClosed } from '../src/lifecycle/output-gate.js';

const root = mkdtempSync(join(tmpdir(), 'atx-gate-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A worker that, through the gate, waits `holdMs` and then writes `file`; it reports when it holds the lock and how its step ended. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeFileSync } = require('node:fs');
import(workerData.gateModule).then(({ adoptOutputGate, besideOutputs }) => {
  adoptOutputGate(workerData.gate);
  try {
    besideOutputs(() => {
      parentPort.postMessage('holding');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
      writeFileSync(workerData.file, 'x');
    });
    parentPort.postMessage('wrote');
  } catch (error) {
    parentPort.postMessage(error.constructor.name);
  }
});
`;

function startWorker(gateModule: string, gate: SharedArrayBuffer, file: string, holdMs: number): { worker: Worker; messages: string[]; next: () => Promise<string> } {
  const worker = new Worker(WORKER, { eval: true, workerData: { gateModule, gate, file, holdMs } });
  const messages: string[] = [];
  const waiting: ((message: string) => void)[] = [];
  worker.on('message', (message: string) => {
    const resolve = waiting.shift();
    if (resolve) resolve(message);
    else messages.push(message);
  });
  const next = () => (messages.length > 0 ? Promise.resolve(messages.shift()!) : new Promise<string>((resolve) => waiting.push(resolve)));
  return { worker, messages, next };
}

describe('output gate', () => {
  /** the worker runs plain Node: it loads the built module (this thread the source; they share only the buffer) */
  const gateModule = new URL('../dist/src/lifecycle/output-gate.js', import.meta.url).href;

  it('closing waits for a step a worker thread has under way, which completes', async () => {
    const gate = new SharedArrayBuffer(8);
    adoptOutputGate(gate);
    const file = join(root, 'during');
    const { worker, next } = startWorker(gateModule, gate, file, 300);
    expect(await next()).toBe('holding');
    closeOutputGate(); // blocks this thread until the worker's step is done
    expect(existsSync(file)).toBe(true);
    expect(() => besideOutputs(() => 1)).toThrow(OutputGateClosed);
    expect(await next()).toBe('wrote');
    await worker.terminate();
  });

  it('no step runs after the gate is closed, in any thread', async () => {
    const gate = new SharedArrayBuffer(8);
    adoptOutputGate(gate);
    closeOutputGate();
    let ran = false;
    expect(() => besideOutputs(() => { ran = true; })).toThrow('interrupted');
    expect(ran).toBe(false);
    const file = join(root, 'after');
    const { worker, next } = startWorker(gateModule, gate, file, 0);
    expect(await next()).toBe('OutputGateClosed');
    expect(existsSync(file)).toBe(false);
    await worker.terminate();
  });

  it('a step that throws releases the gate for the next', () => {
    adoptOutputGate(new SharedArrayBuffer(8));
    expect(() => besideOutputs(() => { throw new Error('disk full'); })).toThrow('disk full');
    expect(besideOutputs(() => 7)).toBe(7);
  });
});
