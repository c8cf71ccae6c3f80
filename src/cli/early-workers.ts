/**
 * Worker threads for a batch written to a folder, started before the command's modules load.
 * A worker's own start-up (a V8 isolate and the ~180 modules a batch of one agent needs, ~0.15 s
 * of CPU) then runs on a second core while this thread loads the same modules and walks the
 * folder, instead of after them: the other cores are no longer idle for the first part of the run.
 *
 * The arguments are only read for a guess here (commander parses them later): a wrong guess costs
 * a worker that is never used (terminated unused) or a start that is not early, never a different
 * output. A started worker loads its modules and then waits for the run's setup (convert-worker.ts).
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const CONVERT_WORKER_SCRIPT = new URL('./convert-worker.js', import.meta.url);

interface EarlyWorker {
  worker: Worker;
  exited: boolean;
}

const early: EarlyWorker[] = [];

/** `atx convert|redact … -o <folder>` with more than one job: start the workers now. */
export function startWorkersEarly(argv: readonly string[]): void {
  const count = earlyWorkerCount(argv);
  for (let n = 0; n < count; n++) {
    const worker = new Worker(CONVERT_WORKER_SCRIPT);
    const entry: EarlyWorker = { worker, exited: false };
    worker.on('error', () => {}); // a worker that could not start is replaced by a fresh one when the pool is made
    worker.once('exit', () => { entry.exited = true; });
    worker.unref(); // a run that ends before its batch (a usage error, --help) does not wait for it
    early.push(entry);
  }
}

/** Up to `count` started workers that are still alive; the caller owns them from now on. */
function takeEarlyWorkers(count: number): Worker[] {
  const taken = early.splice(0, count).filter((entry) => !entry.exited).map((entry) => entry.worker);
  for (const worker of taken) {
    worker.removeAllListeners();
    worker.ref();
  }
  return taken;
}

/** `count` convert workers: the ones started early, and new ones for the rest. */
export function convertWorkers(count: number): Worker[] {
  const workers = takeEarlyWorkers(count);
  while (workers.length < count) workers.push(new Worker(CONVERT_WORKER_SCRIPT));
  return workers;
}

/** Ends the workers no batch took (a run of one input, or a guess that was wrong). */
export async function dropEarlyWorkers(): Promise<void> {
  const left = early.splice(0);
  await Promise.all(left.map((entry) => entry.worker.terminate()));
}

export function earlyWorkerCount(argv: readonly string[]): number {
  const end = argv.indexOf('--');
  const args = end === -1 ? argv : argv.slice(0, end);
  const command = args.find((arg) => !arg.startsWith('-'));
  if (command !== 'convert' && command !== 'redact') return 0;
  if (args.includes('--help') || args.includes('-h')) return 0;
  const out = optionValue(args, '-o', '--out');
  if (out === undefined || !namesFolder(out)) return 0;
  const jobs = optionValue(args, '-j', '--jobs');
  const threads = jobs === undefined ? availableParallelism() : Number(jobs);
  // the main thread converts too: N jobs are N - 1 workers
  return Number.isInteger(threads) && threads > 1 ? Math.min(threads - 1, MAX_EARLY_WORKERS) : 0;
}

/** more are started with the pool, as before: an absurd --jobs does not start hundreds of threads before it is checked */
const MAX_EARLY_WORKERS = 64;

function optionValue(args: readonly string[], short: string, long: string): string | undefined {
  let value: string | undefined;
  for (const [index, arg] of args.entries()) {
    if (arg === short || arg === long) value = args[index + 1];
    else if (arg.startsWith(`${long}=`)) value = arg.slice(long.length + 1);
    else if (arg.startsWith(short) && !arg.startsWith('--') && arg.length > short.length) value = arg.slice(short.length);
  }
  return value;
}

function namesFolder(path: string): boolean {
  if (path.endsWith('/')) return true;
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
