/**
 * A log's records put in one JSON array (`jq -s . session.jsonl`) are refused, as before, but by
 * name: whose records they are and how to make lines of them. Every command said "no line of it
 * is a JSON record: line 1: a JSON value that is not an object", which names neither.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runInProcess } from './helpers.js';
import { scratchFolders } from './support/scratch.js';

const SESSION = join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl');
const scratch = scratchFolders('atx-records-array-');
const records = () => readFileSync(SESSION, 'utf8').split('\n').filter((line) => line.trim() !== '');

describe('a JSON array of one agent\'s records', () => {
  it.each([
    ['one line', (lines: string[]) => `[${lines.join(',')}]`],
    ['indented', (lines: string[]) => JSON.stringify(lines.map((line) => JSON.parse(line) as unknown), null, 2)],
  ])('%s: every command refuses it in one line naming the agent and the way to lines, exit 3', async (_shape, arrayOf) => {
    const lines = records();
    const path = join(scratch(), 'session.json');
    writeFileSync(path, arrayOf(lines));
    for (const command of [['convert'], ['scan'], ['upload', '--dry-run']]) {
      const run = await runInProcess([...command, path, '-q'], { env: { HOME: scratch() } });
      expect(run.code, run.stderr).toBe(3);
      expect(run.stderr.trimEnd().split('\n'), run.stderr).toEqual([
        expect.stringContaining(`session.json: one JSON array of ${lines.length} Claude Code records, where atx reads one record per line (JSONL): jq -c '.[]' turns the array into lines`),
      ]);
    }
  });

  it('an array of records no agent writes is still "not a known format"', async () => {
    const path = join(scratch(), 'other.json');
    writeFileSync(path, '[{"a":1},{"b":2}]\n');
    const run = await runInProcess(['convert', path, '-q']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/other\.json: not a known format/);
  });
});
