/**
 * Mutated real fixtures through the CLI's entry point (see bench/fuzz/harness.ts for the
 * promises checked). `npm test` runs 100 cases of a fixed seed; the heavy run
 * (`npm run test:heavy`, the first step of `npm run fuzz`) runs 400 of the same seed,
 * and `npm run fuzz` then 10,000 with a random seed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { brokenStores, caseArbitrary, nativeFixtures, privateTempRoot, runCase } from '../bench/fuzz/harness.js';
import { bySize } from './support/heavy.js';

const CASES = bySize(100, 400);

const work = mkdtempSync(join(tmpdir(), 'atx-fuzz-work-'));
// the temp root is this file's own: the test files run after it in the same process use the run's
const runTempRoot = process.env.TMPDIR;
const tempRoot = privateTempRoot();
afterAll(() => {
  if (runTempRoot === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = runTempRoot;
  rmSync(work, { recursive: true, force: true });
  rmSync(tempRoot, { recursive: true, force: true });
});

describe('fuzzing on real fixtures', () => {
  it(`keeps every promise on ${CASES} mutated inputs (seed 20261124)`, async () => {
    const fixtures = nativeFixtures();
    const stores = brokenStores(work);
    await fc.assert(
      fc.asyncProperty(caseArbitrary(fixtures.length, false), async (fuzzCase) => {
        const problems = await runCase(fuzzCase, fixtures, work, tempRoot, stores);
        if (problems.length > 0) throw new Error(problems.join('\n'));
      }),
      { numRuns: CASES, seed: 20261124 },
    );
  }, 180_000);
});
