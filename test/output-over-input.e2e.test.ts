/**
 * `atx convert log.jsonl -o log.jsonl` replaced the agent's own session log with its Transcript,
 * exit 0: the native log, the only copy, was gone. An output file that is one of the inputs (also
 * through another path or a link) is refused as a usage error, and the input is left as it was.
 */
import { copyFileSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';
import { scratchFolders } from './support/scratch.js';

const NATIVE = join(ROOT, 'fixtures/claude-code/file-edit/session.jsonl');
const scratch = scratchFolders('atx-over-input-');

describe('convert -o naming an input', () => {
  it.each([
    ['the same path', (dir: string) => join(dir, 'session.jsonl')],
    ['another spelling of it', (dir: string) => join(dir, '.', 'session.jsonl')],
    ['a link to it', (dir: string) => {
      symlinkSync(join(dir, 'session.jsonl'), join(dir, 'link.jsonl'));
      return join(dir, 'link.jsonl');
    }],
  ])('is refused when the output is %s, and the log is kept', async (_, outputOf) => {
    const dir = scratch();
    const input = join(dir, 'session.jsonl');
    copyFileSync(NATIVE, input);
    const run = await runCli(['convert', input, '-o', outputOf(dir)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is an input/);
    expect(readFileSync(input)).toEqual(readFileSync(NATIVE));
  });

  it('still writes beside the input', async () => {
    const dir = scratch();
    const input = join(dir, 'session.jsonl');
    copyFileSync(NATIVE, input);
    const run = await runCli(['convert', input, '-o', join(dir, 'session.transcript.json'), '-q']);
    expect(run.code).toBe(0);
    expect(readFileSync(input)).toEqual(readFileSync(NATIVE));
  });
});
