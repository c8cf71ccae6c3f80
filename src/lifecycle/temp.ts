/**
 * Where atx keeps temporary copies of private data (database snapshots, event spools): one
 * private folder per run (mode 0700, created on first need, `atx-run-<pid>-<random>` under the
 * system temp folder), removed on every way out. Partial outputs written beside their final
 * name are registered here too, so that an interrupt removes them.
 *
 * A SIGKILL cannot be caught: each run first sweeps what runs whose process is gone left behind.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUN_PREFIX = 'atx-run-';
/** Older atx versions made these directly in the temp folder, with no pid to tell a live one by. */
const LEGACY_PREFIXES = ['atx-opencode-', 'atx-spool-'];
const LEGACY_MIN_AGE_MS = 10 * 60 * 1000;

let runFolder: string | undefined;
const partialOutputs = new Set<string>();

/** The run's private temp folder, created on first use. */
export function runTempDir(): string {
  if (!runFolder) {
    runFolder = mkdtempSync(join(tmpdir(), `${RUN_PREFIX}${process.pid}-`), { encoding: 'utf8' });
    if (!exitHooked) process.once('exit', removeRunLeftovers); // also when atx is used as a library
    exitHooked = true;
  }
  return runFolder;
}

let exitHooked = false;

/** A fresh private folder inside the run's temp folder, for one snapshot or spool. */
export function privateTempDir(label: string): string {
  return mkdtempSync(join(runTempDir(), `${label}-`));
}

export function registerPartialOutput(path: string): void {
  partialOutputs.add(path);
}

export function releasePartialOutput(path: string): void {
  partialOutputs.delete(path);
}

/** Removes everything this run made that is not a finished output. Synchronous: it runs on exit and on signals. */
export function removeRunLeftovers(): void {
  for (const path of partialOutputs) {
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  }
  partialOutputs.clear();
  if (runFolder) {
    rmSync(runFolder, { recursive: true, force: true });
    runFolder = undefined;
  }
}

/** True while a process with this id runs (a process of another user counts as running). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temp folders of atx runs that are gone (killed with SIGKILL, or a crash of the
 * machine). One readdir of the temp folder; another live run's folder is never touched.
 */
export function sweepDeadRuns(folder = tmpdir(), now = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const path = join(folder, name);
    if (name.startsWith(RUN_PREFIX)) {
      const pid = Number(name.slice(RUN_PREFIX.length).split('-')[0]);
      if (pid === process.pid || processAlive(pid)) continue;
    } else if (LEGACY_PREFIXES.some((prefix) => name.startsWith(prefix))) {
      const age = now - (statSafe(path)?.mtimeMs ?? now);
      if (age < LEGACY_MIN_AGE_MS) continue;
    } else {
      continue;
    }
    rmSync(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

const PARTIAL_OUTPUT = /^\..+\.(\d+)\.\d+\.tmp$/;
const sweptFolders = new Set<string>();

/** Removes, once per folder and run, partial outputs (`.<name>.<pid>.<n>.tmp`) that dead runs left beside their outputs. */
export function sweepPartialOutputs(folder: string): void {
  if (sweptFolders.has(folder)) return;
  sweptFolders.add(folder);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const match = PARTIAL_OUTPUT.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || processAlive(pid)) continue;
    try {
      unlinkSync(join(folder, name));
    } catch {
      // another run swept it first
    }
  }
}

function statSafe(path: string): { mtimeMs: number } | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
