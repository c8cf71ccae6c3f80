/**
 * A failure of the machine (a full disk, a read-only file system, too many open files) is neither
 * bad input nor a bug: one line naming what could not be written, exit 6, no stack trace, and never
 * exit 0. /dev/full answers every write with ENOSPC, which stands in for a full disk.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Batch } from '../src/cli/batch.js';
import type { Reporter } from '../src/cli/io.js';
import { AtxError, ExitCode, fileError, systemError } from '../src/errors.js';
import { CLI, ROOT } from './support/cli-process.js';

const SESSION = join(ROOT, 'fixtures/claude-code/thinking/session.jsonl');

/** Runs the CLI with its standard output on /dev/full. */
function runIntoFullDisk(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const full = openSync('/dev/full', 'w');
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', full, 'pipe'], env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' } });
  closeSync(full);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('a full disk', () => {
  it('under standard output: one line naming it, exit 6', async () => {
    const run = await runIntoFullDisk(['convert', SESSION, '-q']);
    expect(run.code).toBe(6);
    expect(run.stderr.trim().split('\n')).toEqual(['atx: error: cannot write standard output: no space left on device']);
  });

  it('as the output file named with -o: exit 6 (it was exit 0 with nothing written)', async () => {
    const run = await runIntoFullDisk(['convert', SESSION, '-q', '-o', '/dev/full']);
    expect(run.code).toBe(6);
    expect(run.stderr).toContain('cannot write /dev/full: no space left on device');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('with --json: one JSON document whose error has the code "system"', async () => {
    const run = await runIntoFullDisk(['convert', SESSION, '--json']);
    expect(run.code).toBe(6);
    const answer = JSON.parse(run.stderr) as { error: { code: string; exitCode: number } };
    expect(answer.error).toMatchObject({ code: 'system', exitCode: 6 });
  });

  it('under a command that prints its answer and returns (schema, --help)', async () => {
    for (const args of [['schema'], ['--help']]) {
      const run = await runIntoFullDisk(args);
      expect(run.code, args.join(' ')).toBe(6);
      expect(run.stderr.trim(), args.join(' ')).toBe('atx: error: cannot write standard output: no space left on device');
    }
  });
});

describe('system errors and the other errors of a path', () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });

  it('are told apart: the system\'s exit 6, the user\'s exit 2, anything else is not a system error', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EMFILE', 'ENFILE', 'EFBIG']) {
      expect(fileError('out.json', withCode(code)).exitCode, code).toBe(6);
      expect(systemError('out.json', withCode(code))?.exitCode, code).toBe(6);
    }
    expect(fileError('out.json', withCode('ENOENT')).exitCode).toBe(2);
    expect(systemError('out.json', withCode('ENOENT'))).toBeUndefined();
    expect(systemError('out.json', new Error('no code'))).toBeUndefined();
  });
});

describe('a batch that met a full disk', () => {
  it('exits 6 even when inputs before it were written (not 1, "some inputs skipped")', () => {
    const batch = new Batch({ failure: () => {} } as unknown as Reporter);
    batch.success();
    batch.failure('b.jsonl', new AtxError(ExitCode.invalidInput, 'b.jsonl: not a known format'));
    expect(batch.exitCode()).toBe(ExitCode.partial);
    batch.failure('c.jsonl', new AtxError(ExitCode.system, 'cannot write out/c.json: no space left on device'));
    expect(batch.exitCode()).toBe(ExitCode.system);
  });
});
