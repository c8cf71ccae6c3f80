/**
 * An input that never ends, or that is no text at all, is refused in one line, in every command:
 * `atx convert /dev/zero` read one endless line and never stopped (`/dev/urandom` with --from too),
 * and `cat /dev/zero | atx convert -` the same. /dev/null stays an empty input, as an empty file is.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './helpers.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-endless-inputs-');
const COMMANDS = [['convert'], ['convert', '--stream'], ['scan'], ['validate'], ['redact'], ['upload', '--dry-run']];

function expectOneLine(run: { code: number | null; stderr: string }, code: number, reason: RegExp): void {
  expect(run.code, run.stderr).toBe(code);
  expect(run.stderr.trimEnd().split('\n'), run.stderr).toEqual([expect.stringMatching(reason)]);
}

describe.runIf(existsSync('/dev/zero'))('a device that is not a file', () => {
  it.each(COMMANDS)('%s refuses /dev/zero and /dev/urandom at once, exit 2', async (...command) => {
    for (const device of ['/dev/zero', '/dev/urandom']) {
      expectOneLine(await runInProcess([...command, device, '-q']), 2, new RegExp(`^atx: error: ${device}: a character device, not a session file`));
    }
  }, 20_000);

  it('refuses /dev/urandom even when a format is forced', async () => {
    expectOneLine(await runInProcess(['convert', '/dev/urandom', '--from', 'claude-code', '-q']), 2, /a character device/);
  }, 20_000);

  it('reads /dev/null as the empty input it is', async () => {
    expectOneLine(await runInProcess(['convert', '/dev/null', '-q']), 3, /^atx: error: \/dev\/null: the input is empty$/);
  });
});

describe('bytes with no line and NUL bytes in their first 64 KiB', () => {
  const zeros = Buffer.alloc(100_000);

  it.each(COMMANDS)('%s refuses them from a file, exit 3', async (...command) => {
    const file = join(scratch(), 'zeros.jsonl');
    writeFileSync(file, zeros);
    expectOneLine(await runInProcess([...command, file, '-q']), 3, /zeros\.jsonl: binary data, not a session log/);
  });

  it('convert refuses them from standard input, with --from too', async () => {
    for (const from of [[], ['--from', 'codex']]) {
      expectOneLine(await runInProcess(['convert', '-', ...from, '-q'], { input: zeros }), 3, /^atx: error: standard input: binary data, not a session log/);
    }
  });

  it('a session whose tail is zeros (a crash) is still read, its zeros one unreadable line', async () => {
    const file = join(scratch(), 'zero-tail.jsonl');
    writeFileSync(file, Buffer.concat([Buffer.from('{"type":"user","message":{"role":"user","content":"hi"},"sessionId":"s","uuid":"u","timestamp":"2025-01-01T00:00:00Z","cwd":"/w"}\n'), zeros]));
    const run = await runInProcess(['convert', file, '--from', 'claude-code', '-o', '/dev/null']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/1 unparsed/);
  });
});
