/**
 * A bad value of a sending flag (--retries, --timeout, --concurrency, --max-retry-time) is a usage
 * error at start in every command that sends, also when the run turns out to send nothing: sync with
 * nothing due and upload --dry-run exited 0 with `--retries x`, and the same flags failed a later run.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli-process.js';

const home = mkdtempSync(join(tmpdir(), 'atx-sending-flags-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const env = { HOME: home };
const noSessions = join(home, 'no-sessions-here');
mkdirSync(noSessions);

describe('sending flags are checked before anything is listed or sent', () => {
  const bad: [string, string][] = [['--retries', 'x'], ['--timeout', '-1'], ['--concurrency', '0'], ['--max-retry-time', 'soon']];
  it.each(bad)('sync with nothing due refuses %s %s (exit 2, one JSON error line)', async (flag, value) => {
    const run = await runCli(['sync', noSessions, '--json', flag, value, '--state', join(home, 'sync.json')], { env });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(JSON.parse(run.stderr.trim()).error.message).toContain(flag);
  });

  it('sync with no session anywhere refuses a bad --retries too', async () => {
    const run = await runCli(['sync', '--retries', 'x', '--state', join(home, 'sync2.json')], { env });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/--retries must be a whole number/);
  });

  it('upload --dry-run refuses a bad --timeout as upload does', async () => {
    const run = await runCli(['upload', 'fixtures/codex/plain-answer/rollout.jsonl', '--dry-run', '--timeout', '0'], { env });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/--timeout must be a positive number of seconds/);
  });
});
