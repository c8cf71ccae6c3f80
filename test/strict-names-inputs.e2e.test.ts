/**
 * `--strict` fails a run in which native records were not understood: the error names the inputs
 * that held them (and, with --json, the one input as "input"), so a batch says where to look.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const CLEAN = join(ROOT, 'fixtures/claude-code/file-edit/session.jsonl');
const scratch = scratchFolders('atx-strict-');
let cut: string;

beforeAll(() => {
  // the log as a crash leaves it: its last line cut in the middle
  const text = readFileSync(CLEAN, 'utf8').trimEnd();
  cut = join(scratch(), 'cut-short.jsonl');
  writeFileSync(cut, text.slice(0, text.length - 40));
});

describe('--strict', () => {
  it('names the input whose records were not understood, not the clean one', async () => {
    const run = await runCli(['convert', CLEAN, cut, '--format', 'jsonl', '--strict', '-q']);
    expect(run.code).toBe(1);
    const line = run.stderr.split('\n').find((l) => l.includes('were not understood'));
    expect(line).toContain('cut-short.jsonl');
    expect(line).not.toContain('session.jsonl');
  });

  it('gives the input in its JSON error', async () => {
    const run = await runCli(['convert', cut, '--strict', '--json']);
    expect(run.code).toBe(1);
    const summary = JSON.parse(run.stderr) as { error: { code: string; input?: string } };
    expect(summary.error).toEqual(expect.objectContaining({ code: 'partial', input: cut, exitCode: 1 }));
  });
});
