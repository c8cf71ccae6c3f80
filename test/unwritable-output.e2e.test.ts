/**
 * An output folder atx may not write into named the run's pending temp file in its error
 * (`.atx-pending-0-1.p123n….0.tmp: permission denied`): the user named the folder, and the error
 * says that, exit 2. Runs as nobody (root only: a root run may write anywhere).
 */
import { chmodSync, copyFileSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-unwritable-');
const NOBODY = 65534;
/** the test run's own temp folder: nobody must be able to pass through it to the scratch folders */
const runFolder = tmpdir();
const runFolderMode = statSync(runFolder).mode & 0o777;
beforeAll(() => chmodSync(runFolder, runFolderMode | 0o111));
afterAll(() => chmodSync(runFolder, runFolderMode));

describe.runIf(process.getuid?.() === 0)('an unwritable -o', () => {
  it.each([
    ['a file', (dir: string) => join(dir, 'ro', 'out.json'), (dir: string) => `${join(dir, 'ro', 'out.json')}: permission denied`],
    ['a folder', (dir: string) => `${join(dir, 'ro')}/`, (dir: string) => `${join(dir, 'ro')}/: permission denied`],
  ])('is named as the user gave it (%s), never a temp file', async (_, outOf, said) => {
    const dir = scratch();
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'ro'), { mode: 0o555 });
    for (const name of ['a.jsonl', 'b.jsonl']) {
      copyFileSync(join(ROOT, 'fixtures/claude-code/file-edit/session.jsonl'), join(dir, name));
      chmodSync(join(dir, name), 0o644);
    }
    const run = await runCli(['convert', join(dir, 'a.jsonl'), join(dir, 'b.jsonl'), '--format', 'jsonl', '-o', outOf(dir), '-q'], { uid: NOBODY, gid: NOBODY, cwd: dir, env: { TMPDIR: '/tmp' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(said(dir));
    expect(run.stderr).not.toMatch(/\.tmp\b/);
  });
});
