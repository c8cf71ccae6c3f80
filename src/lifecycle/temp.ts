/**
 * Where atx keeps temporary copies of private data (database snapshots, event spools): one
 * private folder per run (mode 0700, created on first need, `atx-run-p<pid>n<pid namespace>-<random>`
 * under the system temp folder), removed on every way out. Partial outputs written beside their final
 * name are registered here too, so that an interrupt removes them.
 *
 * A SIGKILL cannot be caught: each run first sweeps what runs whose process is gone left behind.
 * A process id means something only in its own pid namespace (containers, `unshare --pid` share
 * one /tmp with processes they cannot see): a run sweeps only what runs of its own namespace left.
 */
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUN_PREFIX = 'atx-run-';
/** `atx-run-p<pid>n<namespace>-…`; older versions wrote `atx-run-<pid>-…`, without the namespace. */
const RUN_NAME = /^atx-run-p(\d+)n(\d+)-/;
const OLD_RUN_NAME = /^atx-run-(\d+)-/;
/** Older atx versions made these directly in the temp folder, with no pid to tell a live one by. */
const LEGACY_PREFIXES = ['atx-opencode-', 'atx-spool-'];
const LEGACY_MIN_AGE_MS = 10 * 60 * 1000;

let namespace: string | undefined;

/** This process's pid namespace (its inode number on Linux, `0` where there is none to read). */
export function pidNamespace(): string {
  if (namespace === undefined) {
    try {
      namespace = /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '0';
    } catch {
      namespace = '0';
    }
  }
  return namespace;
}

/** Who made a temp file or folder: `p<pid>n<namespace>`, what the sweeps read back. */
export function ownerTag(pid = process.pid): string {
  return `p${pid}n${pidNamespace()}`;
}

/** Is the run that wrote this owner tag gone? Only a run of our own namespace can be known to be. */
function ownerGone(pid: number, ns: string): boolean {
  return ns === pidNamespace() && pid !== process.pid && !processAlive(pid);
}

let runFolder: string | undefined;
const partialOutputs = new Set<string>();

/**
 * The run's private temp folder, created on first use, and again when it was removed behind the
 * run's back (a temp cleaner; a library user's own temp root removed between two calls).
 */
export function runTempDir(): string {
  if (!runFolder || !existsSync(runFolder)) {
    runFolder = mkdtempSync(join(tmpdir(), `${RUN_PREFIX}${ownerTag()}-`), { encoding: 'utf8' });
    if (!exitHooked) process.once('exit', removeRunLeftovers); // also when atx is used as a library
    exitHooked = true;
  }
  return runFolder;
}

let exitHooked = false;

/**
 * A worker thread of this run keeps its temporary files in the run's folder, which the main
 * thread made and removes (on exit and on signals, which only the main thread receives).
 */
export function adoptRunTempDir(folder: string): void {
  runFolder = folder;
  exitHooked = true;
}

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

const foldersWithWorkerOutputs = new Set<string>();

/**
 * Worker threads write partial outputs into this folder: their registrations are their own, so
 * the main thread removes, on its way out, every partial output of this process found there.
 */
export function watchForWorkerPartialOutputs(folder: string): void {
  foldersWithWorkerOutputs.add(folder);
}

function removeOwnPartialOutputsIn(folder: string): void {
  const own = ownerTag();
  removePartialOutputsIn(folder, (match) => `p${match[1]}n${match[2]}` === own);
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
  // kept watched: the exit hook sweeps again, after a worker that was mid-write at a signal
  for (const folder of foldersWithWorkerOutputs) removeOwnPartialOutputsIn(folder);
  if (runFolder) {
    try {
      // a worker thread may still be making a file inside while this walks it: retried, never thrown from a signal handler
      rmSync(runFolder, { recursive: true, force: true, maxRetries: 5, retryDelay: 5 });
    } catch {
      // what is left is swept by the next run (its pid is gone by then)
    }
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
    const run = RUN_NAME.exec(name);
    const oldRun = run ? null : OLD_RUN_NAME.exec(name);
    if (run) {
      if (!ownerGone(Number(run[1]), run[2]!)) continue;
    } else if (oldRun || LEGACY_PREFIXES.some((prefix) => name.startsWith(prefix))) {
      // without a namespace a dead-looking pid proves nothing: only an old folder is taken
      if (oldRun && processAlive(Number(oldRun[1]))) continue;
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

/** `.<name>.p<pid>n<namespace>.<n>.tmp` (older versions: `.<name>.<pid>.<n>.tmp`) */
const PARTIAL_OUTPUT = /^\..+\.(?:p(\d+)n(\d+)|(\d+))\.\d+\.tmp$/;
const sweptFolders = new Set<string>();

/** Removes, once per folder and run, partial outputs that dead runs of this namespace left beside their outputs. */
export function sweepPartialOutputs(folder: string): void {
  if (sweptFolders.has(folder)) return;
  sweptFolders.add(folder);
  removePartialOutputsIn(folder, (match) =>
    match[1] !== undefined ? ownerGone(Number(match[1]), match[2]!) : Number(match[3]) !== process.pid && !processAlive(Number(match[3])));
}

/** Removes the partial outputs in a folder whose name (matched by PARTIAL_OUTPUT) `chosen` picks. */
function removePartialOutputsIn(folder: string, chosen: (match: RegExpExecArray) => boolean): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const match = PARTIAL_OUTPUT.exec(name);
    if (!match || !chosen(match)) continue;
    try {
      unlinkSync(join(folder, name));
    } catch {
      // another run swept it first, or it was renamed to its final name
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
