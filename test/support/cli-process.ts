/**
 * The built CLI as a subprocess, and the paths tests name. Nothing here imports the program's
 * sources: a test file that only runs `dist/bin/atx.js` does not pay for loading the whole
 * program into its test worker (test/helpers.ts, which runs atx in-process, does).
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = fileURLToPath(new URL('../../dist/bin/atx.js', import.meta.url));
export const FIXED_CLOCK = '2026-01-01T00:00:00.000Z';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI as a subprocess (as another user when `uid`/`gid` are given: root only). */
export function runCli(args: string[], options: { input?: string | Buffer; env?: Record<string, string>; cwd?: string; uid?: number; gid?: number; nodeArgs?: string[] } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { PATH: process.env.PATH ?? '', TMPDIR: tmpdir(), NO_COLOR: '1', TZ: 'UTC', ATX_CLOCK: FIXED_CLOCK, ATX_ID_SEED: 'test', ...options.env },
      ...(options.uid === undefined ? {} : { uid: options.uid }),
      ...(options.gid === undefined ? {} : { gid: options.gid }),
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}
