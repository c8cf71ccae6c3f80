/**
 * A batch written to a folder (issue 15: both cores, a batch a person can watch), through the real
 * CLI: worker threads give the same files as one thread, a bad input does not stop the others,
 * `-o out/` makes the folder, and stderr is one totals line unless -v asks for each session's lines.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-batch-');

/** Real fixtures of three agents, two of them with the same file name (names are numbered in input order). */
function fixtureFolder(): string {
  const dir = scratch();
  cpSync(join(ROOT, 'fixtures/claude-code/planted-secrets/session.jsonl'), join(dir, 'a-session.jsonl'));
  cpSync(join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl'), join(dir, 'b/session.jsonl'), { recursive: true });
  cpSync(join(ROOT, 'fixtures/claude-code/thinking/session.jsonl'), join(dir, 'c/session.jsonl'), { recursive: true });
  cpSync(join(ROOT, 'fixtures/codex/planted-secrets/rollout.jsonl'), join(dir, 'd-rollout.jsonl'));
  cpSync(join(ROOT, 'fixtures/gemini-cli/legacy-json/chat.legacy.json'), join(dir, 'e-chat.json'));
  return dir;
}

const filesOf = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
const TOTALS = /^atx: (\d+) sessions → (.+) in \d+\.\d s: (\d+) converted, (\d+) skipped, (\d+) redactions?$/m;

describe('a batch to a folder', () => {
  it('--jobs 2 writes the same files, bytes and names as --jobs 1, and the same totals', async () => {
    const input = fixtureFolder();
    const one = join(scratch(), 'one');
    const two = join(scratch(), 'two');
    const [serial, pooled] = await Promise.all([
      runCli(['convert', input, '-o', `${one}/`, '--jobs', '1']),
      runCli(['convert', input, '-o', `${two}/`, '--jobs', '2']),
    ]);
    expect(serial.code).toBe(0);
    expect(pooled.code).toBe(0);
    const files = filesOf(one);
    expect(Object.keys(files)).toEqual(['a-session.transcript.json', 'd-rollout.transcript.json', 'e-chat.transcript.json', 'session-2.transcript.json', 'session.transcript.json']);
    expect(filesOf(two)).toEqual(files);
    // each input has ids of its own, not the same seeded id
    expect(new Set(Object.values(files).map((text) => (JSON.parse(text) as { transcriptId: string }).transcriptId)).size).toBe(5);
    expect(readdirSync(two).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(TOTALS.exec(serial.stderr)?.slice(3)).toEqual(TOTALS.exec(pooled.stderr)?.slice(3));
  });

  it('another --format: worker threads name the files with its ending and write the same bytes as one thread', async () => {
    const input = fixtureFolder();
    const one = join(scratch(), 'one');
    const two = join(scratch(), 'two');
    const [serial, pooled] = await Promise.all([
      runCli(['convert', input, '--format', 'markdown', '-o', `${one}/`, '--jobs', '1']),
      runCli(['convert', input, '--format', 'markdown', '-o', `${two}/`, '--jobs', '2']),
    ]);
    expect([serial.code, pooled.code]).toEqual([0, 0]);
    const files = filesOf(one);
    expect(Object.keys(files)).toEqual(['a-session', 'd-rollout', 'e-chat', 'session-2', 'session'].map((stem) => `${stem}.md`));
    expect(filesOf(two)).toEqual(files);
  });

  it('one bad input does not stop the others: it is named, counted as skipped, and the run exits 1', async () => {
    const input = fixtureFolder();
    writeFileSync(join(input, 'c-broken.jsonl'), '{"not": "a session"\n');
    const out = join(scratch(), 'out');
    const run = await runCli(['convert', input, '-o', `${out}/`, '--jobs', '2']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/atx: error: .*c-broken\.jsonl/);
    expect(TOTALS.exec(run.stderr)?.slice(1, 5)).toEqual(['6', `${out}/`, '5', '1']);
    expect(readdirSync(out)).toHaveLength(5);
  });

  it('stderr: one totals line by default, per-session lines with -v, nothing with -q', async () => {
    const input = fixtureFolder();
    const plain = await runCli(['convert', input, '-o', `${join(scratch(), 'out')}/`]);
    expect(plain.stderr.trim().split('\n')).toHaveLength(1);
    expect(plain.stderr).toMatch(TOTALS);
    const verbose = await runCli(['convert', input, '-o', `${join(scratch(), 'out')}/`, '-v']);
    expect(verbose.stderr).toContain('detected Claude Code');
    expect(verbose.stderr).toContain('record type');
    expect(verbose.stderr).toMatch(TOTALS);
    const quiet = await runCli(['convert', input, '-o', `${join(scratch(), 'out')}/`, '-q']);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
  });

  it('--json names, per input, where it was written, its transcript id and counts, or its error', async () => {
    const input = fixtureFolder();
    writeFileSync(join(input, 'c-broken.jsonl'), '{"not": "a session"\n');
    const out = join(scratch(), 'new', 'deeper');
    const run = await runCli(['convert', input, '-o', `${out}/`, '--json']);
    expect(run.code).toBe(1);
    const summary = JSON.parse(run.stderr.trim().split('\n').at(-1)!) as {
      sessions: { input: string; output: string; transcriptId: string; eventCount: number; redactionCount: number }[];
      errors: { input: string; code: string }[];
    };
    expect(summary.sessions).toHaveLength(5);
    for (const session of summary.sessions) {
      const written = JSON.parse(readFileSync(session.output, 'utf8')) as { transcriptId: string; metrics: { eventCount: number } };
      expect(written.transcriptId).toBe(session.transcriptId);
      expect(written.metrics.eventCount).toBe(session.eventCount);
    }
    expect(summary.errors).toEqual([expect.objectContaining({ input: join(input, 'c-broken.jsonl') })]);
  });

  it('--jobs must be a whole number of 1 or more', async () => {
    const run = await runCli(['convert', fixtureFolder(), '-o', `${join(scratch(), 'out')}/`, '--jobs', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--jobs must be a whole number');
  });
});
