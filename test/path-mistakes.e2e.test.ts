/**
 * A path that cannot even be looked at (a loop of symbolic links, a name longer than the file
 * system allows) is the user's mistake, named in one line with a reason a person reads, exit 2, by
 * every command, as an input and as -o. upload --dry-run once stopped on it with exit 5 ("internal
 * error: ELOOP…", a bug report asked for), convert -o and redact -o too; the others printed Node's
 * errno text ("ELOOP: too many symbolic links encountered, stat '…'", the path twice).
 */
import { copyFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runInProcess } from './helpers.js';
import { scratchFolders } from './support/scratch.js';

const NATIVE = join(ROOT, 'fixtures/claude-code/plain-answer/session.jsonl');
const scratch = scratchFolders('atx-path-mistakes-');
let dir: string;
let loop: string;
let tooLong: string;

beforeAll(() => {
  dir = scratch();
  loop = join(dir, 'a.jsonl');
  symlinkSync('b.jsonl', loop);
  symlinkSync('a.jsonl', join(dir, 'b.jsonl'));
  tooLong = join(dir, `${'n'.repeat(300)}.jsonl`);
});

const cases = () => [
  { path: loop, reason: /: a loop of symbolic links/ },
  { path: tooLong, reason: /: the name is too long for the file system/ },
];

function expectOneLineMistake(run: { code: number | null; stderr: string }, reason: RegExp): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr.trimEnd().split('\n'), run.stderr).toEqual([expect.stringMatching(reason)]);
  expect(run.stderr).not.toMatch(/internal|ELOOP|ENAMETOOLONG|\bat /);
}

describe('a path that cannot be looked at', () => {
  it.each([['convert'], ['scan'], ['validate'], ['redact'], ['upload', '--dry-run']])('as the input of %s: one line, the reason, exit 2', async (...command) => {
    for (const { path, reason } of cases()) {
      expectOneLineMistake(await runInProcess([...command, path, '-q'], { env: { HOME: dir } }), reason);
    }
  });

  it.each(['convert', 'redact'])('as -o of %s: one line, the reason, exit 2', async (command) => {
    for (const { path, reason } of cases()) {
      expectOneLineMistake(await runInProcess([command, NATIVE, '-o', path, '-q']), reason);
    }
  });
});

describe('a symbolic link loop inside a walked folder', () => {
  it.each([['convert'], ['scan'], ['redact'], ['upload', '--dry-run']])('%s calls it a loop, not a link to nothing, and reads the rest', async (...command) => {
    const folder = scratch();
    copyFileSync(NATIVE, join(folder, 'session.jsonl'));
    symlinkSync('b', join(folder, 'a'));
    symlinkSync('a', join(folder, 'b'));
    symlinkSync('nowhere', join(folder, 'gone'));
    const out = join(scratch(), 'out');
    const run = await runInProcess([...command, folder, ...(command[0] === 'scan' || command[1] === '--dry-run' ? [] : ['-o', out]), '-q'], { env: { HOME: folder } });
    expect(run.code, run.stderr).toBe(0);
    for (const link of ['a', 'b']) expect(run.stderr).toContain(`${join(folder, link)}: symbolic link in a loop (links that name each other, never a file or folder); skipped`);
    expect(run.stderr).toContain(`${join(folder, 'gone')}: symbolic link to nothing; skipped`);
    expect(run.stderr).not.toMatch(/[ab]: symbolic link to nothing/);
  });
});
