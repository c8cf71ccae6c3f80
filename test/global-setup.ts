/**
 * The test run gets a temporary folder of its own: TMPDIR points there for every test worker (and
 * the atx processes tests start with it), so the run cannot mix its leftovers with anyone else's.
 * At the end, the dead runs' folders atx sweeps are swept (test workers use atx in-process and are
 * ended without an 'exit' event), the folder is removed, and whatever a test left in it is named:
 * every test must clean up after itself, also when it fails.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sweepDeadRuns } from '../src/lifecycle/temp.js';

/** Made once per run, on purpose, by test/support/packed.ts: not a leftover. */
const SHARED = new Set(['atx-packed']);

export default function setup(): () => void {
  const outer = process.env.TMPDIR;
  const runDir = mkdtempSync(join(tmpdir(), 'atx-test-run-'));
  process.env.TMPDIR = runDir;
  return () => {
    sweepDeadRuns();
    const left = readdirSync(runDir).filter((name) => !SHARED.has(name));
    rmSync(runDir, { recursive: true, force: true });
    if (outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outer;
    if (left.length > 0) throw new Error(`tests left ${left.length} temporary item(s) behind: ${left.join(', ')}`);
  };
}
