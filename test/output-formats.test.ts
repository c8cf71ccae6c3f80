/**
 * `--format` on atx convert / atx redact, through the CLI in-process: every format of the writers
 * table is offered and documented, folder output takes the format's file name ending, and the
 * flags that do not go together are refused before any input is read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WRITERS } from '../src/writers/index.js';
import { ROOT, runInProcess } from './helpers.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-formats-');
const shellTool = join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl');
const thinking = join(ROOT, 'fixtures/claude-code/thinking/session.jsonl');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('--format', () => {
  it('convert and redact --help list every format of the table with its summary', async () => {
    for (const command of ['convert', 'redact']) {
      const help = (await runInProcess([command, '--help'], { columns: 200 })).stdout;
      for (const writer of WRITERS) expect(help).toMatch(new RegExp(`^ {2}${writer.format} +${escaped(writer.summary)}$`, 'm'));
    }
    const topic = (await runInProcess(['help', 'formats'])).stdout;
    for (const writer of WRITERS) expect(topic).toMatch(new RegExp(`^ {2}${writer.format} +${escaped(writer.extension)} +\\S`, 'm'));
  });

  it('jsonl is one compact Transcript per line, the json document on one line', async () => {
    const json = await runInProcess(['convert', shellTool]);
    const jsonl = await runInProcess(['convert', shellTool, '--format', 'jsonl']);
    expect(jsonl.code).toBe(0);
    expect(jsonl.stdout).toBe(`${JSON.stringify(JSON.parse(json.stdout))}\n`);
    const both = await runInProcess(['convert', shellTool, thinking, '--format', 'jsonl']);
    const lines = both.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(jsonl.stdout.trimEnd());
  });

  it('a folder gets one file per session named with the format\'s ending', async () => {
    const out = join(scratch(), 'out');
    const run = await runInProcess(['convert', shellTool, thinking, '--format', 'jsonl', '-o', `${out}/`, '--jobs', '1', '--json']);
    expect(run.code).toBe(0);
    const names = readdirSync(out).sort();
    expect(names).toEqual(['session-2.transcript.jsonl', 'session.transcript.jsonl']);
    // the --json summary says where each session went
    const summary = JSON.parse(run.stderr.trim().split('\n').at(-1)!) as { sessions: { output?: string }[] };
    expect(summary.sessions.map((s) => s.output)).toEqual([join(out, 'session.transcript.jsonl'), join(out, 'session-2.transcript.jsonl')]);
    expect(readFileSync(join(out, 'session.transcript.jsonl'), 'utf8').split('\n')).toHaveLength(2);
  });

  it('markdown: a folder batch gets .md files, two sessions on stdout follow each other', async () => {
    const out = join(scratch(), 'out');
    const folder = await runInProcess(['convert', shellTool, thinking, '--format', 'markdown', '-o', `${out}/`, '--jobs', '1']);
    expect(folder.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['session-2.md', 'session.md']);
    const first = readFileSync(join(out, 'session.md'), 'utf8');
    expect(first).toMatch(/^# Claude Code session\n/);
    const alone = await runInProcess(['convert', shellTool, '--format', 'markdown']);
    expect(alone.stdout).toBe(first);
    const both = await runInProcess(['convert', shellTool, thinking, '--format', 'markdown']);
    expect(both.code).toBe(0);
    expect(both.stdout.startsWith(first)).toBe(true);
    expect(both.stdout.slice(first.length)).toBe(readFileSync(join(out, 'session-2.md'), 'utf8'));
  });

  it('a format that holds one session per file refuses a second one on stdout, pointing to -o <folder>', async () => {
    for (const writer of WRITERS.filter((w) => w.several === 'single')) {
      const run = await runInProcess(['convert', shellTool, thinking, '--format', writer.format]);
      expect(run.code, writer.format).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('-o <folder>');
    }
  });

  it('--stream with a format other than json or jsonl is refused, saying why', async () => {
    const run = await runInProcess(['convert', shellTool, '--stream', '--format', 'markdown']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--stream prints Transcript JSONL as the events come, so it cannot write --format markdown');
  });

  it('a writer option meant for another format is a usage error, before any input is read', async () => {
    const splitTurns = await runInProcess(['convert', 'no-such-file.jsonl', '--split-turns']);
    expect(splitTurns.code).toBe(2);
    expect(splitTurns.stderr).toContain('--split-turns is for --format openai, not json');
    const otel = await runInProcess(['redact', 'no-such-file.json', '--format', 'jsonl', '--otel-content']);
    expect(otel.code).toBe(2);
    expect(otel.stderr).toContain('--otel-content is for --format otel, not jsonl');
  });

  it('--split-turns reaches the openai writer: one line per user turn', async () => {
    const whole = await runInProcess(['convert', shellTool, '--format', 'openai']);
    const split = await runInProcess(['convert', shellTool, '--format', 'openai', '--split-turns']);
    expect([whole.code, split.code]).toEqual([0, 0]);
    const users = (JSON.parse(whole.stdout) as { messages: { role: string }[] }).messages.filter((m) => m.role === 'user').length;
    expect(split.stdout.trimEnd().split('\n')).toHaveLength(users);
    expect(split.stdout.endsWith(whole.stdout)).toBe(true);
  });
});
