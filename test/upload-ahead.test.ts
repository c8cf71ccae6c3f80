import { describe, expect, it } from 'vitest';
import { inTurn, startedAhead } from '../src/cli/upload-ahead.js';

describe('startedAhead', () => {
  it('starts each item at most `ahead` items before it is taken, and yields every item in order', async () => {
    const started: number[] = [];
    const taken: Array<{ item: number; startedBefore: number }> = [];
    for await (const { item, started: mark } of startedAhead([0, 1, 2, 3, 4, 5, 6], 3, (n) => {
      started.push(n);
      return `started ${n}`;
    })) {
      expect(mark).toBe(`started ${item}`);
      taken.push({ item, startedBefore: started.length });
    }
    expect(taken.map((entry) => entry.item)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // while item k is handled, items up to k + 3 have been started, never more
    expect(taken.map((entry) => entry.startedBefore)).toEqual([4, 5, 6, 7, 7, 7, 7]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('reads an async source no further than it needs to', async () => {
    let pulled = 0;
    async function* source() {
      for (let i = 0; i < 100; i++) {
        pulled++;
        yield i;
      }
    }
    const ahead = startedAhead(source(), 2, (n) => n);
    expect((await ahead.next()).value).toEqual({ item: 0, started: 0 });
    expect(pulled).toBe(3);
    await ahead.return(undefined);
    expect(pulled).toBe(3);
  });
});

describe('inTurn', () => {
  it('runs one call at a time, in the order called, and a failure does not stop the next', async () => {
    const log: string[] = [];
    let running = 0;
    const step = inTurn(async (n: number) => {
      running += 1;
      expect(running).toBe(1);
      log.push(`start ${n}`);
      await new Promise((resolve) => setTimeout(resolve, 5 * (3 - n)));
      log.push(`end ${n}`);
      running -= 1;
      if (n === 1) throw new Error('one failed');
      return n * 10;
    });
    const results = await Promise.allSettled([step(0), step(1), step(2)]);
    expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([0, 'one failed', 20]);
  });
});
