/**
 * `mkfifo p; atx convert p` waits in open(2) for a writer; an interrupt then printed its line and
 * hung for good (exit joins the thread stuck in the open). It must exit 128 + the signal, whether
 * the FIFO is the input or the -o, and leave nothing in TMPDIR. A FIFO whose writer is there but
 * silent is read through the event loop, so an interrupt does not wait for the writer either.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-fifo-');

/** true once a thread of the process waits in a FIFO's open (a state, not a time) */
function waitsOnFifo(pid: number): boolean {
  const tasks = `/proc/${pid}/task`;
  if (!existsSync(tasks)) return false;
  return readdirSync(tasks).some((task) => {
    try {
      return readFileSync(join(tasks, task, 'wchan'), 'utf8').trim() === 'wait_for_partner';
    } catch {
      return false;
    }
  });
}

/** true once the process holds `path` open (a state, not a time) */
function holdsOpen(pid: number, path: string): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === path;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

function runAndSignalWhenBlocked(args: string[], tmp: string, signal: NodeJS.Signals, blocked: (pid: number) => boolean = waitsOnFifo): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', TMPDIR: tmp }, stdio: ['ignore', 'ignore', 'pipe'] });
    const err: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    const watch = setInterval(() => {
      if (child.pid === undefined || !blocked(child.pid)) return;
      clearInterval(watch);
      child.kill(signal);
    }, 10);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(watch);
      resolve({ code, stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

describe.runIf(process.platform === 'linux')('an interrupt while a FIFO has no other end', () => {
  it.each([
    ['the input', 'SIGINT', 130, (dir: string) => ['convert', join(dir, 'p')]],
    ['the input', 'SIGTERM', 143, (dir: string) => ['convert', join(dir, 'p'), '-o', join(dir, 'out.json')]],
    ['the -o', 'SIGTERM', 143, (dir: string) => ['convert', join(dir, 's.jsonl'), '-o', join(dir, 'p')]],
  ] as const)('exits when the FIFO is %s (%s)', async (_, signal, code, argsOf) => {
    const dir = scratch();
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    copyFileSync(join(ROOT, 'fixtures/claude-code/file-edit/session.jsonl'), join(dir, 's.jsonl'));
    execFileSync('mkfifo', [join(dir, 'p')]);
    const run = await runAndSignalWhenBlocked(argsOf(dir), tmp, signal);
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(new RegExp(`interrupted \\(${signal}\\)`));
    expect(readdirSync(tmp)).toEqual([]);
  }, 30_000);
});

describe.runIf(process.platform === 'linux')('an interrupt while a FIFO\'s writer is there but silent', () => {
  it('exits without waiting for the writer', async () => {
    const dir = scratch();
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const fifo = join(dir, 'p');
    execFileSync('mkfifo', [fifo]);
    // holds the write end open and writes nothing for longer than the test may take
    const writer = spawn('sh', ['-c', `exec 3>"${fifo}"; exec sleep 120`], { stdio: 'ignore' });
    try {
      const run = await runAndSignalWhenBlocked(['convert', fifo], tmp, 'SIGTERM', (pid) => holdsOpen(pid, fifo));
      expect(run.code).toBe(143);
      expect(run.stderr).toMatch(/interrupted \(SIGTERM\)/);
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      writer.kill('SIGKILL');
    }
  }, 30_000);
});
