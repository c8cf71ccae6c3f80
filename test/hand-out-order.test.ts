import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handOutOrder, sourceBytes } from '../src/cli/hand-out-order.js';

const scratch = mkdtempSync(join(tmpdir(), 'atx-hand-out-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('handOutOrder: which input of a batch the threads take first', () => {
  it('inputs far larger than the rest go first, largest first; the rest keep their order', () => {
    expect(handOutOrder([10, 12, 900, 11, 700, 9])).toEqual([2, 4, 0, 1, 3, 5]);
  });

  it('a batch of similar sizes keeps its input order', () => {
    expect(handOutOrder([100, 120, 90, 110, 130])).toEqual([0, 1, 2, 3, 4]);
    expect(handOutOrder([5, 5, 5])).toEqual([0, 1, 2]);
  });

  it('equal large inputs keep their input order among themselves; empty and single batches are unchanged', () => {
    expect(handOutOrder([1, 500, 1, 500, 1, 1, 1, 1])).toEqual([1, 3, 0, 2, 4, 5, 6, 7]);
    expect(handOutOrder([])).toEqual([]);
    expect(handOutOrder([42])).toEqual([0]);
  });
});

describe('sourceBytes', () => {
  it('adds the main file and the listed companions; a missing file counts 0 (its error comes from the conversion)', () => {
    const main = join(scratch, 'main.jsonl');
    const companion = join(scratch, 'agent.jsonl');
    writeFileSync(main, 'x'.repeat(300));
    writeFileSync(companion, 'y'.repeat(45));
    expect(sourceBytes({ main: { path: main }, companions: [{ path: companion }], fromFolder: true })).toBe(345);
    expect(sourceBytes({ main: { path: main, size: 7 }, companions: 'discover', fromFolder: false })).toBe(7);
    expect(sourceBytes({ main: { path: join(scratch, 'gone.jsonl') }, companions: 'discover', fromFolder: false })).toBe(0);
  });
});
