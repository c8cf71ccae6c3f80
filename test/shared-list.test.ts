import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { takeFromList, workThroughList, type SharedListReply } from '../src/cli/shared-list.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A stand-in for a worker thread: runs the worker's side of the list in this thread. */
class ListWorker extends EventEmitter {
  readonly took: number[] = [];
  constructor(private readonly work: (item: number) => Promise<number>) {
    super();
  }

  postMessage(message: { list?: Parameters<typeof takeFromList<number, number>>[0] }): void {
    if (!message.list) return;
    const work = async (item: number) => {
      this.took.push(item);
      return this.work(item);
    };
    void takeFromList(message.list, work, (reply: SharedListReply<number>) => this.emit('message', reply));
  }
}

const asWorker = (fake: ListWorker) => fake as unknown as Worker;

describe('workThroughList', () => {
  it('every item is taken once, by whichever thread is free, and the results come back in item order', async () => {
    const hereTook: number[] = [];
    const here = async (item: number) => {
      hereTook.push(item);
      for (let n = 0; n < 10; n++) await tick(); // slower than the worker
      return item * 10;
    };
    const worker = new ListWorker(async (item) => {
      await tick();
      return item * 10;
    });
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const results = await Promise.all(workThroughList(items, [asWorker(worker)], here));
    expect(results).toEqual(items.map((item) => item * 10));
    expect([...hereTook, ...worker.took].sort((a, b) => a - b)).toEqual(items);
    expect(hereTook.length).toBeGreaterThan(0);
    expect(worker.took.length).toBeGreaterThan(hereTook.length);
  });

  it('an item that fails, here or in a worker, fails alone', async () => {
    const hereTook: number[] = [];
    const here = async (item: number) => {
      hereTook.push(item);
      await tick();
      if (hereTook.length === 1) throw new Error(`cannot read ${item}`);
      return item;
    };
    const worker = new ListWorker(async (item) => {
      await tick();
      if (item % 2 === 0) throw new Error(`worker bug on ${item}`);
      return item;
    });
    const items = [1, 2, 3, 4, 5, 6];
    const settled = await Promise.allSettled(workThroughList(items, [asWorker(worker)], here));
    const expectedFailures = [hereTook[0]!, ...worker.took.filter((item) => item % 2 === 0)].sort((a, b) => a - b);
    const failed = items.filter((_, n) => settled[n]!.status === 'rejected');
    expect(failed).toEqual(expectedFailures);
    expect(String((settled[items.indexOf(hereTook[0]!)] as PromiseRejectedResult).reason)).toContain(`cannot read ${hereTook[0]}`);
    for (const item of items.filter((item) => !failed.includes(item))) expect(settled[item - 1]).toEqual({ status: 'fulfilled', value: item });
  });

  it('a worker that stops before its share is done fails the items not yet done, with the reason', async () => {
    const worker = new ListWorker(() => new Promise<number>(() => {})); // never answers
    const here = async (item: number) => {
      await tick();
      return item;
    };
    const results = workThroughList([1, 2, 3, 4], [asWorker(worker)], here);
    await tick();
    worker.emit('exit', 1);
    const settled = await Promise.allSettled(results);
    const reasons = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(reason).toContain('a worker thread stopped with code 1');
  });
});
