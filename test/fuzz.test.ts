/**
 * Mutated real fixtures through the CLI's entry point (see bench/fuzz/harness.ts for the
 * promises checked). CI runs a bounded number of cases with a fixed seed; `npm run fuzz` runs
 * many more with a random seed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { brokenStores, caseArbitrary, nativeFixtures, privateTempRoot, runCase } from '../bench/fuzz/harness.js';

const work = mkdtempSync(join(tmpdir(), 'atx-fuzz-work-'));
const tempRoot = privateTempRoot();
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(tempRoot, { recursive: true, force: true });
});

describe('fuzzing on real fixtures', () => {
  // 400 cases keep the suite inside its time budget; `npm run fuzz` runs 10,000 with a random seed
  it('keeps every promise on 400 mutated inputs (seed 20261124)', async () => {
    const fixtures = nativeFixtures();
    const stores = brokenStores(work);
    await fc.assert(
      fc.asyncProperty(caseArbitrary(fixtures.length, false), async (fuzzCase) => {
        const problems = await runCase(fuzzCase, fixtures, work, tempRoot, stores);
        if (problems.length > 0) throw new Error(problems.join('\n'));
      }),
      { numRuns: 400, seed: 20261124 },
    );
  }, 180_000);
});
