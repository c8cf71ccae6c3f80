/**
 * A file that cannot be read (permission denied) is one input that failed, named with its reason,
 * whether it was named on the command line or found in a folder: the other inputs are still read
 * (as `atx convert --help` promises), and every command says so with the same exit code (1: the
 * run survived only partly). Named on the command line, it used to end the whole run with exit 3
 * before anything was read.
 */
import { chmodSync, copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, ROOT, runCli } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const NATIVE = join(ROOT, 'fixtures/claude-code/file-edit/session.jsonl');
const scratch = scratchFolders('atx-unreadable-');
/** root reads any file: the CLI then runs as nobody */
const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;
const runFolder = tmpdir();
const runFolderMode = statSync(runFolder).mode & 0o777;

let dir: string;
let locked: string;
let readable: string;
let transcript: string;

/** The built CLI as a user the locked file refuses. */
function runAsUser(args: string[]): Promise<CliRun> {
  return runCli(args, { cwd: dir, env: { HOME: join(dir, 'home'), TMPDIR: join(dir, 'tmp') }, ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) });
}

beforeAll(async () => {
  dir = scratch();
  for (const sub of ['home', 'tmp', 'folder']) mkdirSync(join(dir, sub));
  locked = join(dir, 'folder/locked.jsonl');
  readable = join(dir, 'folder/readable.jsonl');
  transcript = join(dir, 'transcript.json');
  copyFileSync(NATIVE, locked);
  copyFileSync(NATIVE, readable);
  const converted = await runCli(['convert', NATIVE, '-q']);
  expect(converted.code).toBe(0);
  writeFileSync(transcript, converted.stdout);
  chmodSync(locked, 0o000);
  if (asRoot) {
    chmodSync(runFolder, 0o711);
    for (const sub of ['', 'home', 'tmp', 'folder']) chmodSync(join(dir, sub), 0o777);
  }
});

afterAll(() => {
  chmodSync(runFolder, runFolderMode);
  chmodSync(locked, 0o600);
});

/** The errors a --json run reports in its one document: on stderr (convert, redact) or stdout (scan), or upload's failed items. */
function jsonErrors(command: string, run: CliRun): { message: string; input?: string }[] {
  if (command === 'upload') {
    const result = JSON.parse(run.stdout) as { planned: number; items: { input: string; outcome: string; message?: string }[] };
    expect(result.planned).toBe(1);
    return result.items.filter((item) => item.outcome === 'failed').map((item) => ({ message: item.message ?? '', input: item.input }));
  }
  const answer = JSON.parse(command === 'scan' ? run.stdout : run.stderr) as { errors: { message: string; input?: string }[] };
  return answer.errors;
}

describe('an unreadable file named on the command line', () => {
  it.each([
    ['convert', '--format', 'jsonl'],
    ['redact', '--format', 'jsonl'],
    ['scan'],
    ['upload', '--dry-run'],
  ])('%s reads the other inputs and exits 1, as for the same file in a folder', async (command, ...flags) => {
    const named = await runAsUser([command, locked, readable, ...flags, '--json']);
    const walked = await runAsUser([command, join(dir, 'folder'), ...flags, '--json']);
    expect(named.code).toBe(1);
    expect(walked.code).toBe(1);
    for (const run of [named, walked]) {
      const errors = jsonErrors(command, run);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.message).toMatch(/locked\.jsonl: permission denied$/);
      expect(errors[0]!.input).toMatch(/locked\.jsonl$/);
    }
    if (command === 'convert' || command === 'redact') {
      expect(named.stdout.trim().split('\n')).toHaveLength(1);
      expect(named.stdout).toBe(walked.stdout);
    }
  });

  it('validate still checks the others (exit 3: something is not valid)', async () => {
    const run = await runAsUser(['validate', locked, transcript, '--json']);
    expect(run.code).toBe(3);
    const verdicts = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { input: string; valid: boolean });
    expect(verdicts.map((v) => [v.input.endsWith('locked.jsonl'), v.valid])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});
