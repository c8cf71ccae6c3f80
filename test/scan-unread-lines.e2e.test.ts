/**
 * scan looks at what it could read: a native line it could not (cut short, not UTF-8) was left
 * out unseen, "0 finding(s)" and exit 0, while the raw log may hold a secret on that line. Each
 * input with such lines is now named in a warning (in the one JSON report with --json).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const CLEAN = join(ROOT, 'fixtures/claude-code/file-edit/session.jsonl');
const scratch = scratchFolders('atx-scan-unread-');
let cut: string;

beforeAll(() => {
  const text = readFileSync(CLEAN, 'utf8').trimEnd();
  cut = join(scratch(), 'cut-short.jsonl');
  writeFileSync(cut, text.slice(0, text.length - 40));
});

describe('scan of a log with lines it cannot read', () => {
  it('warns that they were not scanned', async () => {
    const run = await runCli(['scan', cut]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/warning: .*cut-short\.jsonl: 1 native line\(s\) could not be read and were not scanned/);
  });

  it('warns as JSON with --json, naming the input', async () => {
    const run = await runCli(['scan', cut, '--json']);
    expect(run.stderr).toBe('');
    const { warnings } = JSON.parse(run.stdout) as { warnings: { input?: string }[] };
    expect(warnings).toEqual([expect.objectContaining({ input: cut })]);
  });

  it('fails --fail-on-findings: a gate does not pass a log it did not read whole', async () => {
    const run = await runCli(['scan', cut, '--fail-on-findings']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/1 native line\(s\) were not scanned .*--fail-on-findings/);
    expect((await runCli(['scan', CLEAN, '--fail-on-findings'])).code).toBe(0);
  });

    it('says nothing of the kind for a clean log', async () => {
    const run = await runCli(['scan', CLEAN]);
    expect(run.stderr).not.toMatch(/not scanned/);
  });
});
