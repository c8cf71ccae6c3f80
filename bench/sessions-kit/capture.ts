/**
 * Running the built CLI on one file of a sessions corpus, through one capture and one profile, and
 * reading back the Transcript's strings and the `--json` summary. Children run asynchronously so
 * that a signal reaches the scorer at once: `withScratchDir` then stops the running child and
 * removes the temp folder before the process exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Capture, SessionFile } from './corpus.js';
import { type PlacedString, streamTranscript, transcriptStrings } from './transcript.js';

export interface Summary {
  eventCount?: number;
  unparsedCount?: number;
  redactionCount?: number;
  recordTypes?: Record<string, { mapped: number; skipped: number; unknown: number }>;
}

export interface Conversion {
  exitCode: number | null;
  summary: Summary | undefined;
  strings: PlacedString[];
  error?: string;
}

/** A temp folder and the child running in it (stopped on a signal). */
export interface ScratchDir {
  path: string;
  child?: ChildProcess;
}

/**
 * Runs `fn` with a fresh temp folder `<prefix>*` under the system's temp directory and removes it
 * on every exit path: return, throw, SIGINT or SIGTERM (the running child is stopped first, then
 * the process exits 130 or 143).
 */
export async function withScratchDir<T>(prefix: string, fn: (scratch: ScratchDir) => Promise<T>): Promise<T> {
  const scratch: ScratchDir = { path: mkdtempSync(join(tmpdir(), prefix)) };
  const cleanUp = () => rmSync(scratch.path, { recursive: true, force: true });
  const onSignal = (signal: NodeJS.Signals) => {
    const exit = () => {
      cleanUp();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    };
    const child = scratch.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.once('close', exit);
      child.kill('SIGTERM');
    } else exit();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await fn(scratch);
  } finally {
    cleanUp();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs node with `args`; `input` is written to its stdin (none: stdin is closed at once; 'ignore': stdin and stdout are /dev/null, as `atx run` is given them). */
function run(scratch: ScratchDir, args: string[], input: Buffer | 'none' | 'ignore'): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const quiet = input === 'ignore';
    const child = spawn(process.execPath, args, {
      env: { ...process.env, TMPDIR: scratch.path },
      stdio: [quiet ? 'ignore' : 'pipe', quiet ? 'ignore' : 'pipe', 'pipe'],
    });
    scratch.child = child;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (status) => {
      scratch.child = undefined;
      resolve({ status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
    if (child.stdin) {
      child.stdin.on('error', () => {}); // a child that exits before reading all of its input
      child.stdin.end(Buffer.isBuffer(input) ? input : undefined);
    }
  });
}

/** The sessions document `--json` printed on stderr (after any other text). */
function summaryOf(stderr: string): Summary | undefined {
  try {
    return (JSON.parse(stderr.slice(stderr.indexOf('{'))) as { sessions?: Summary[] }).sessions?.[0];
  } catch {
    return undefined;
  }
}

/** Converts `file` through `capture` with `profile` by the CLI built under `repoRoot`. */
export async function convert(repoRoot: string, file: SessionFile, capture: Capture, profile: string, scratch: ScratchDir): Promise<Conversion> {
  const atx = join(repoRoot, 'dist', 'bin', 'atx.js');
  const out = join(scratch.path, `${file.agent}-${file.scenario}-${file.file}-${capture.replace(/\W+/g, '_')}-${profile}.json`);
  const common = ['--from', file.agent, '--profile', profile, '--json'];
  const r =
    capture === 'convert file'
      ? await run(scratch, [atx, 'convert', file.path, ...common, '-o', out], 'none')
      : capture === 'run'
        ? await run(scratch, [atx, 'run', ...common, '-o', out, '--', 'cat', file.path], 'ignore')
        : await run(scratch, [atx, 'convert', '--stream', '-', ...common], readFileSync(file.path));
  const summary = summaryOf(r.stderr);
  if (r.status !== 0) return { exitCode: r.status, summary, strings: [], error: r.stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 400) };
  const transcript = capture === 'convert --stream stdin' ? streamTranscript(r.stdout) : JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  return { exitCode: r.status, summary, strings: transcriptStrings(transcript) };
}
