/**
 * Issue 12, end to end through the CLI: a secret recognised only at a later event is removed from
 * the earlier ones too (a second pass over the spool, in every command that writes a document),
 * and the limit of streams is what the README says.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConsistency } from '../src/transcript/consistency.js';
import { TranscriptSchema } from '../src/transcript/index.js';
import { eventsSha256 } from '../src/transcript/events-hash.js';
import { runCli } from './support/cli-process.js';
import { claudeSession } from './support/claude-session.js';

const SECRET = 'Vq7Lm2Xz9Kp4Rt8W';
// Event 1 holds a bare copy no rule can recognise; event 4 assigns it to a password name.
const LOG = claudeSession([
  { user: `the staging box still takes ${SECRET} as its login, can you check the config?` },
  { bash: 'cat config/staging.env', output: `HOST=stage.internal\nDB_PASSWORD=${SECRET}\nPORT=5432` },
  { assistant: `The password (${SECRET}) is in config/staging.env; rotate it.` },
]);

const scratch = mkdtempSync(join(tmpdir(), 'atx-late-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let logs = 0;

function scratchLog(): string {
  const path = join(scratch, `session-${++logs}.jsonl`);
  writeFileSync(path, LOG);
  return path;
}

describe('a secret recognised late is removed early too', () => {
  it.each([
    ['convert', ['convert']],
    ['convert --pretty', ['convert', '--pretty']],
    ['convert --format jsonl', ['convert', '--format', 'jsonl']],
  ])('%s: no copy left anywhere, receipts consistent with the text', async (_name, command) => {
    const run = await runCli([...command, scratchLog(), '--profile', 'standard', '-q']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain(SECRET);
    const transcript = TranscriptSchema.parse(JSON.parse(run.stdout));
    expect(checkConsistency(transcript)).toEqual([]);
    const first = transcript.events.find((event) => event.type === 'user_message')!;
    expect(first.text).toMatch(/takes \[REDACTED:password#1\] as its login/);
    expect(first.redactions).toEqual([expect.objectContaining({ field: 'text', ruleId: 'password-assignment', placeholder: '[REDACTED:password#1]' })]);
    const receipt = first.redactions![0]!;
    expect(first.text!.slice(receipt.start, receipt.end)).toBe(receipt.placeholder);
    expect(transcript.privacy.redactionCount).toBe(transcript.events.reduce((sum, event) => sum + (event.redactions?.length ?? 0), 0));
    // the events hash is of the revised events as written (zod's parse reorders keys: hash the raw ones)
    expect(transcript.metrics.eventsSha256).toBe(eventsSha256((JSON.parse(run.stdout) as { events: unknown[] }).events));
  });

  it('scan counts the late copy as convert removes it: same input, same answer', async () => {
    const path = scratchLog();
    const converted = TranscriptSchema.parse(JSON.parse((await runCli(['convert', path, '--profile', 'standard', '-q'])).stdout));
    const scan = await runCli(['scan', path, '--profile', 'standard', '--json', '-q']);
    expect(scan.code, scan.stderr).toBe(0);
    const report = JSON.parse(scan.stdout) as { count: number; findings: Array<{ event: string; ruleId: string; field: string }> };
    expect(report.count).toBe(converted.privacy.redactionCount);
    const first = converted.events.find((event) => event.type === 'user_message')!;
    expect(report.findings).toContainEqual(expect.objectContaining({ event: first.id, ruleId: 'password-assignment', field: 'text' }));
  });

  it('redact: an unredacted Transcript gets the same second pass', async () => {
    const converted = await runCli(['convert', scratchLog(), '--profile', 'none', '-q']);
    const run = await runCli(['redact', '-', '--profile', 'standard', '-q'], { input: converted.stdout });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain(SECRET);
  });

  it('--stream cannot take back lines already written: later copies are removed, the limit is documented', async () => {
    const run = await runCli(['convert', scratchLog(), '--stream', '--profile', 'standard', '-q']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const firstUser = lines.find((line) => line.includes('"user_message"'))!;
    expect(firstUser).toContain(SECRET);
    const assistant = lines.filter((line) => line.includes('"assistant_message"'));
    expect(assistant.join('\n')).not.toContain(SECRET);
    expect(readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8')).toMatch(/`--stream` writes\s+each event at once and cannot take back lines already written/);
  });
});
