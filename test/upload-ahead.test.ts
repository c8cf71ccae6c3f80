import { describe, expect, it } from 'vitest';
import { startedAhead } from '../src/cli/upload-ahead.js';

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
