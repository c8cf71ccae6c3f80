/**
 * An empty input (a file, or stdin closed at once) is called empty by every command that reads
 * it: one line, the same words ("<input>: the input is empty", stdin named "standard input"), and
 * a non-zero exit: 3 for a log or Transcript, 2 where stdin holds an argument (a key, a prompt,
 * a text). validate once said "in no format atx knows"; upload named "-" three times.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-empty-');
const oneLine = (stderr: string) => stderr.trimEnd().split('\n');

describe('an empty input', () => {
  it.each(['convert', 'scan', 'redact', 'validate'])('%s calls it empty, exit 3', async (command) => {
    const path = join(scratch(), 'empty.jsonl');
    writeFileSync(path, '');
    for (const run of [await runCli([command, path]), await runCli([command, '-'], { input: '' })]) {
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/: (not a Transcript: )?the input is empty\n/);
    }
  });

  it.each([
    [['convert'], 3],
    [['redact', '-'], 3],
    [['scan', '-'], 3],
    [['validate', '-'], 3],
    [['upload', '-', '--dry-run'], 3],
    [['rules', 'test', '-'], 2],
    [['login', '--config', 'unused.json'], 2],
    [['run', '--acp', '-o', 'unused.json', '--', 'true'], 2],
  ] as const)('atx %j on closed stdin: one line naming standard input as empty', async (args, code) => {
    const run = await runCli([...args], { input: '', cwd: scratch() });
    expect(run.code, run.stderr).toBe(code);
    expect(oneLine(run.stderr), run.stderr).toEqual([expect.stringMatching(/^atx: error: (failed )?standard input: (not a Transcript: )?the input is empty( \(.+\))?$/)]);
  });
});
