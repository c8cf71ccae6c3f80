import { describe, expect, it } from 'vitest';
import { shareOut } from '../src/cli/worker-pool.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('shareOut', () => {
  it('gives each item to the lane that is free first, and the results back in item order', async () => {
    const taken: string[] = [];
    let slowStarted = false;
    const slow = async (item: number) => {
      taken.push(`slow:${item}`);
      slowStarted = true;
      for (let n = 0; n < 20; n++) await tick();
      return item * 10;
    };
    const fast = async (item: number) => {
      taken.push(`fast:${item}`);
      await tick();
      return item * 10;
    };
    const results = await Promise.all(shareOut([1, 2, 3, 4, 5], [slow, fast]));
    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(slowStarted).toBe(true);
    expect(taken.filter((lane) => lane.startsWith('slow'))).toEqual(['slow:1']);
    expect(taken.filter((lane) => lane.startsWith('fast'))).toEqual(['fast:2', 'fast:3', 'fast:4', 'fast:5']);
  });

  it('fails only the item whose lane threw; the lane goes on with the next item', async () => {
    const lane = async (item: string) => {
      if (item === 'bad') throw new Error(`cannot read ${item}`);
      return item.toUpperCase();
    };
    const [first, second, third] = shareOut(['a', 'bad', 'c'], [lane]);
    expect(await first).toBe('A');
    await expect(second).rejects.toThrow('cannot read bad');
    expect(await third).toBe('C');
  });
});
