import { describe, expect, it } from 'vitest';
import { runPool } from '../src/upload/pool.js';

const tick = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('runPool', () => {
  it('never runs more than the bound at once, and keeps input order in the results', async () => {
    let active = 0;
    let highest = 0;
    const items = Array.from({ length: 30 }, (_, i) => i);
    const results = await runPool(items, 4, async (item, index) => {
      active++;
      highest = Math.max(highest, active);
      await tick((item * 7) % 5);
      active--;
      return `${item}@${index}`;
    });
    expect(highest).toBe(4);
    expect(results).toEqual(items.map((i) => `${i}@${i}`));
  });

  it('pulls an async source lazily, only when a worker is free', async () => {
    let pulled = 0;
    async function* source() {
      for (let i = 0; i < 10; i++) {
        pulled++;
        yield i;
      }
    }
    const gates: Array<() => void> = [];
    const running = runPool(source(), 2, (item) => new Promise<number>((resolve) => { gates.push(() => resolve(item * 2)); }));
    await tick(10);
    expect(pulled).toBe(2);
    gates.shift()!();
    await tick(10);
    expect(pulled).toBe(3);
    while (pulled < 10 || gates.length > 0) {
      gates.shift()?.();
      await tick(1);
    }
    expect(await running).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
  });

  it('a worker that throws does not stop the others; the pool rejects after all ran', async () => {
    const done: number[] = [];
    const running = runPool([1, 2, 3, 4, 5], 2, async (item) => {
      await tick(item);
      if (item === 2) throw new Error('boom 2');
      done.push(item);
      return item;
    });
    await expect(running).rejects.toThrow('boom 2');
    expect(done.sort()).toEqual([1, 3, 4, 5]);
  });

  it('several failures come back together', async () => {
    const running = runPool([1, 2, 3], 3, async (item) => { throw new Error(`boom ${item}`); });
    await expect(running).rejects.toBeInstanceOf(AggregateError);
  });

  it('a source that throws stops the pulling and rejects once the workers in flight are done', async () => {
    let finished = 0;
    async function* source() {
      yield 1;
      yield 2;
      throw new Error('source broke');
    }
    await expect(runPool(source(), 4, async () => { await tick(5); finished++; })).rejects.toThrow('source broke');
    expect(finished).toBe(2);
  });

  it('takes plain iterables, empty input, and refuses a bound below 1', async () => {
    expect(await runPool(new Set(['a', 'b']), 8, async (item) => item.toUpperCase())).toEqual(['A', 'B']);
    expect(await runPool([], 3, async () => 1)).toEqual([]);
    await expect(runPool([1], 0, async () => 1)).rejects.toThrow(RangeError);
    await expect(runPool([1], 1.5, async () => 1)).rejects.toThrow(RangeError);
  });
});
