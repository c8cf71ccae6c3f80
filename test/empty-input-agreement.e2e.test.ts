/**
 * An empty input (a file, or stdin closed at once) is called empty by every command that reads
 * it, with exit 3: validate said "in no format atx knows", as if it held something unknown.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-empty-');

describe('an empty input', () => {
  it.each(['convert', 'scan', 'redact', 'validate'])('%s calls it empty, exit 3', async (command) => {
    const path = join(scratch(), 'empty.jsonl');
    writeFileSync(path, '');
    for (const run of [await runCli([command, path]), await runCli([command, '-'], { input: '' })]) {
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/: (not a Transcript: )?the input is empty\n/);
    }
  });
});
