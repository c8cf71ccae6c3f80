/**
 * The one gate every thread of a run passes to create or rename a file beside the outputs.
 *
 * On a signal the main thread removes the run's partial outputs by name, while worker threads
 * (and the libuv pool, for an asynchronous rename) keep running: a worker renaming its temp file
 * to its pending name between the main thread's listing and its unlink left a whole pending file
 * behind. The gate is a lock in memory shared with the workers: each such file step is synchronous
 * and taken under the lock, and the signal handler closes the gate (waiting for a step under way)
 * before it sweeps, so no step can follow its sweep.
 */

/** [0]: 1 while a thread holds the lock; [1]: 1 once the run is being interrupted */
let gate = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
const LOCK = 0;
const CLOSED = 1;
/** a thread that died holding the lock must not hang the interrupt: the sweep goes on after this */
const CLOSE_WAIT_LIMIT_MS = 2000;

export class OutputGateClosed extends Error {
  constructor() {
    super('the run is being interrupted: no more outputs');
  }
}

/** What a worker thread adopts, so that all the run's threads share one gate. */
export function outputGateBuffer(): SharedArrayBuffer {
  return gate.buffer as SharedArrayBuffer;
}

export function adoptOutputGate(buffer: SharedArrayBuffer): void {
  gate = new Int32Array(buffer);
}

function lock(deadline = Number.POSITIVE_INFINITY): boolean {
  while (Atomics.compareExchange(gate, LOCK, 0, 1) !== 0) {
    if (Date.now() >= deadline) return false;
    Atomics.wait(gate, LOCK, 1, 20);
  }
  return true;
}

function unlock(): void {
  Atomics.store(gate, LOCK, 0);
  Atomics.notify(gate, LOCK);
}

/** Runs a synchronous step that creates or renames a file beside the outputs; refused once the run is interrupted. */
export function besideOutputs<T>(step: () => T): T {
  lock();
  try {
    if (Atomics.load(gate, CLOSED) === 1) throw new OutputGateClosed();
    return step();
  } finally {
    unlock();
  }
}

/** The signal handler's first step: after it returns, no thread creates or renames a file beside the outputs. */
export function closeOutputGate(): void {
  const held = lock(Date.now() + CLOSE_WAIT_LIMIT_MS);
  Atomics.store(gate, CLOSED, 1);
  if (held) unlock();
}
