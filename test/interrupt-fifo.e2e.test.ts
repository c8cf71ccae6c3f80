/**
 * `mkfifo p; atx convert p` waits in open(2) for a writer; an interrupt then printed its line and
 * hung for good (exit joins the thread stuck in the open). It must exit 128 + the signal, whether
 * the FIFO is the input or the -o, and leave nothing in TMPDIR.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT } from './helpers.js';
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

function runAndSignalWhenBlocked(args: string[], tmp: string, signal: NodeJS.Signals): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', TMPDIR: tmp }, stdio: ['ignore', 'ignore', 'pipe'] });
    const err: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    const watch = setInterval(() => {
      if (child.pid === undefined || !waitsOnFifo(child.pid)) return;
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
