/**
 * Threads working through one list together: each thread takes the next item itself, from a
 * counter in shared memory, so a worker never waits for the calling thread to hand it work.
 * (Handing out work by message made each worker wait, after each item, until the calling
 * thread, busy converting an item of its own, got round to reading its answer: a sixth of a
 * worker's time in a batch of 200 sessions on two cores.) Results come back by message and are
 * read whenever the calling thread is free; only they wait on it.
 */
import type { Worker } from 'node:worker_threads';

/** What a worker thread is sent: the whole list, and the counter every thread takes items from. */
export interface SharedList<T> {
  items: readonly T[];
  next: SharedArrayBuffer;
}

/** What a worker thread answers: an item's result, a bug it could not turn into one, or the end of its share. */
export type SharedListReply<R> = { n: number; result: R } | { n: number; crash: string } | { drained: true };

/** The next item's index for whichever thread asks first. */
const take = (next: Int32Array) => Atomics.add(next, 0, 1);

/**
 * Works through `items` on this thread (`here`) and on `workers`, which run `takeFromList`.
 * Returns one promise per item, in the items' order; a rejection is the caller's to await. An item
 * `here` throws on fails alone; a worker that dies fails every item not yet done, as nothing
 * says which ones it had taken.
 */
export function workThroughList<T, R>(items: readonly T[], workers: readonly Worker[], here: (item: T) => Promise<R>): Promise<R>[] {
  const next = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const settlers: { resolve(result: R): void; reject(error: Error): void }[] = [];
  const results = items.map(() => new Promise<R>((resolve, reject) => settlers.push({ resolve, reject })));
  for (const result of results) result.catch(() => {}); // awaited in order by the caller
  const settled = new Set<number>();
  const settle = (n: number, outcome: { result: R } | { error: Error }) => {
    if (settled.has(n) || !settlers[n]) return;
    settled.add(n);
    if ('error' in outcome) settlers[n].reject(outcome.error);
    else settlers[n].resolve(outcome.result);
  };
  const fail = (error: Error) => {
    Atomics.store(next, 0, items.length);
    for (const n of items.keys()) settle(n, { error });
  };
  for (const worker of workers) {
    let drained = false;
    worker.on('message', (reply: SharedListReply<R>) => {
      if ('drained' in reply) drained = true;
      else if ('crash' in reply) settle(reply.n, { error: new Error(reply.crash) });
      else settle(reply.n, { result: reply.result });
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!drained) fail(new Error(`a worker thread stopped with code ${code} before its share of the batch was done`));
    });
    worker.postMessage({ list: { items, next: next.buffer as SharedArrayBuffer } satisfies SharedList<T> });
  }
  void (async () => {
    for (let n = take(next); n < items.length; n = take(next)) {
      try {
        settle(n, { result: await here(items[n]!) });
      } catch (error) {
        settle(n, { error: error as Error });
      }
    }
  })();
  return results;
}

/** The worker's side: takes items until the list is done, answering for each. */
export async function takeFromList<T, R>(list: SharedList<T>, work: (item: T) => Promise<R>, reply: (message: SharedListReply<R>) => void): Promise<void> {
  const next = new Int32Array(list.next);
  for (let n = take(next); n < list.items.length; n = take(next)) {
    try {
      reply({ n, result: await work(list.items[n]!) });
    } catch (error) {
      reply({ n, crash: error instanceof Error ? error.message : String(error) });
    }
  }
  reply({ drained: true });
}
