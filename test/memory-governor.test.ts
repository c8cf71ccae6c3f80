/**
 * The governor keeps the heap near what is live however much garbage the input makes: old-space
 * garbage (large strings, which no young-generation scavenge frees) is collected once it has grown
 * by the governor's allowance, judged on this isolate's heap.
 */
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { MemoryGovernor } from '../src/pipeline/memory.js';

const MiB = 1024 * 1024;

/** Objects that live a while (long enough to be promoted to old space), then become garbage. */
function churn(rounds: number, onRound: (round: number) => void): void {
  const window: object[][] = [];
  for (let round = 0; round < rounds; round++) {
    window.push(Array.from({ length: 10_000 }, (_, n) => ({ n, text: `event ${round}:${n}` })));
    if (window.length > 8) window.shift();
    onRound(round);
  }
}

describe('MemoryGovernor', () => {
  it('collects as old-space garbage grows, so the heap stays within its allowance of what is live', () => {
    const governor = new MemoryGovernor();
    let peak = 0;
    churn(600, (round) => {
      governor.read(MiB);
      if (round > 50) peak = Math.max(peak, v8.getHeapStatistics().used_heap_size);
    });
    expect(governor.collections).toBeGreaterThan(3);
    // the window holds ~8 rounds live; the governor lets garbage grow by 32 MiB before it collects
    const afterAll = v8.getHeapStatistics().used_heap_size;
    expect(peak).toBeLessThan(afterAll + 48 * MiB);
  });
});
