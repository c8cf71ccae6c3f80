/**
 * A limit of open files too low for the run (`ulimit -n`) is the environment, not a bug: one line
 * that says what to raise, exit 6 (the system refused), no stack trace, nothing left in TMPDIR.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT } from './support/cli-process.js';

const root = mkdtempSync(join(tmpdir(), 'atx-fd-limit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a limit of open files too low for the run', () => {
  it('is said in one line, exit 6, with no stack trace', () => {
    const tmp = join(root, 'tmp');
    mkdirSync(tmp);
    const fixtures = join(ROOT, 'fixtures/claude-code');
    const run = spawnSync('sh', ['-c', `ulimit -n 40 && exec "${process.execPath}" "${CLI}" convert "${fixtures}" -o "${join(root, 'out')}/" -q`], {
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', TMPDIR: tmp },
      encoding: 'utf8',
    });
    expect(run.status).toBe(6);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^atx: error: .*too many open files \(EMFILE\): .*ulimit -n/)]);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
