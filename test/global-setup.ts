/**
 * The test run gets a temporary folder of its own: TMPDIR points there for every test worker (and
 * the atx processes tests start with it), so the run cannot mix its leftovers with anyone else's.
 * At the end, the dead runs' folders atx sweeps are swept (test workers use atx in-process and are
 * ended without an 'exit' event), the folder is removed, and whatever a test left in it is named:
 * every test must clean up after itself, also when it fails. A run that was killed (SIGKILL, a
 * closed terminal) cannot clean up: the next run removes such folders whose owner is gone.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sweepDeadRuns } from '../src/lifecycle/temp.js';

/** Made once per run, on purpose, by test/support/packed.ts: not a leftover. */
const SHARED = new Set(['atx-packed']);
/** The pid of the vitest process that owns a run folder. */
const OWNER_FILE = '.owner-pid';
const RUN_PREFIX = 'atx-test-run-';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the run folders of earlier runs that were killed before their teardown. */
function sweepKilledRuns(parent: string): void {
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(RUN_PREFIX)) continue;
    const folder = join(parent, name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(folder, OWNER_FILE), 'utf8'));
    } catch {
      continue; // not ours to judge: made by a run of an older setup, or being made right now
    }
    if (Number.isInteger(owner) && owner > 0 && !isAlive(owner)) rmSync(folder, { recursive: true, force: true });
  }
}

export default function setup(): () => void {
  const outer = process.env.TMPDIR;
  sweepKilledRuns(tmpdir());
  const runDir = mkdtempSync(join(tmpdir(), RUN_PREFIX));
  writeFileSync(join(runDir, OWNER_FILE), String(process.pid));
  process.env.TMPDIR = runDir;
  return () => {
    sweepDeadRuns();
    const left = readdirSync(runDir).filter((name) => !SHARED.has(name) && name !== OWNER_FILE);
    rmSync(runDir, { recursive: true, force: true });
    if (outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outer;
    if (left.length > 0) throw new Error(`tests left ${left.length} temporary item(s) behind: ${left.join(', ')}`);
  };
}
