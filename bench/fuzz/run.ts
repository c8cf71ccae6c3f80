/**
 * `npm run fuzz [-- --cases N] [-- --seed S]`: many fuzz cases (default 10,000) with a random
 * seed unless one is given, after `npm run test:heavy` (the suite's heavy sizes, 400 fuzz cases of
 * the suite's seed among them) passed. `npm run fuzz -- --additions`: what a newer agent release adds, on
 * every record shape of every fixture (bench/fuzz/additions-run.ts) instead. Prints the seed, each failing case (shrunk) with what broke, and a
 * closing "N cases, M failures" line; exits 1 when anything failed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { runAdditions } from './additions-run.js';
import { brokenStores, caseArbitrary, nativeFixtures, privateTempRoot, runCase } from './harness.js';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

if (process.argv.includes('--additions')) {
  // what a newer release adds, on every record of every fixture: a mode of its own
  const report = await runAdditions(nativeFixtures(), (line) => process.stderr.write(`${line}\n`), (failure) => process.stdout.write(`${failure}\n`));
  process.stdout.write(`additions: ${report.records} records, ${report.cases} cases, ${report.failures.length} failures\n`);
  process.exit(report.failures.length > 0 ? 1 : 0);
}

const cases = Number(option('--cases') ?? 10_000);
const seed = Number(option('--seed') ?? Math.floor(Math.random() * 2 ** 31));
const heavy = !process.argv.includes('--light');
const work = mkdtempSync(join(tmpdir(), 'atx-fuzz-work-'));
const tempRoot = privateTempRoot();
const fixtures = nativeFixtures();
const stores = brokenStores(work);
process.stderr.write(`fuzz: ${cases} cases, seed ${seed}${heavy ? ', with 50 MB lines' : ''}, ${fixtures.length} fixtures\n`);

let ran = 0;
let failed = 0;
const started = Date.now();
const result = await fc.check(
  fc.asyncProperty(caseArbitrary(fixtures.length, heavy), async (fuzzCase) => {
    ran += 1;
    if (ran % 500 === 0) process.stderr.write(`fuzz: ${ran} cases, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    const problems = await runCase(fuzzCase, fixtures, work, tempRoot, stores);
    if (problems.length > 0) {
      failed += 1;
      throw new Error(problems.join('\n'));
    }
  }),
  { numRuns: cases, seed, endOnFailure: false },
);
rmSync(work, { recursive: true, force: true });
rmSync(tempRoot, { recursive: true, force: true });
if (result.failed) {
  process.stdout.write(`seed ${seed}: counterexample ${JSON.stringify(result.counterexample)}\n${String(result.errorInstance)}\n`);
  process.stdout.write(`${result.numRuns} cases, 1 failure (seed ${seed}; rerun with --seed ${seed})\n`);
  process.exitCode = 1;
} else {
  process.stdout.write(`${result.numRuns} cases, 0 failures (seed ${seed})\n`);
}
void failed;
