/**
 * `--json` is for scripts: every command that has it answers with exactly one JSON document on
 * one stream (cli.md: stdout, unless stdout carries a Transcript or an agent's output: then
 * stderr), its errors inside it as `{"error": {code, message, exitCode}}` with the text mode's
 * exit code, and nothing on the other stream. A command whose stdout is a stream of JSON lines
 * (discover, validate, sync, watch) says its error as one JSON line on stderr.
 */
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliRun, ROOT, runInProcess } from './helpers.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-json-answer-');
const SESSION = join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl');

type Stream = 'stdout' | 'stderr';
interface Answer { error?: { code: string; message: string; exitCode: number }; warnings?: { message: string }[]; [key: string]: unknown }

/** The run's one JSON document on `stream`, the other stream holding nothing but `data` (a Transcript). */
function oneDocument(run: CliRun, stream: Stream, what: string): Answer {
  const text = run[stream];
  const other = run[stream === 'stdout' ? 'stderr' : 'stdout'];
  expect(text.endsWith('\n'), `${what}: ${text}`).toBe(true);
  expect(text.trimEnd().split('\n'), `${what}: not one line: ${text}`).toHaveLength(1);
  if (stream === 'stdout') expect(other, what).toBe('');
  try {
    return JSON.parse(text) as Answer;
  } catch {
    throw new Error(`${what}: not JSON on ${stream}: ${text}`);
  }
}

function setting() {
  const dir = scratch();
  const file = join(dir, 'a-file');
  writeFileSync(file, 'x');
  const unknown = join(dir, 'unknown.jsonl');
  writeFileSync(unknown, '{"hello":1}\n');
  return { dir, file, unknown, env: { HOME: join(dir, 'home') } };
}

describe('--json error paths: one document, the error in it, the text mode\'s exit code', () => {
  it('every command that has --json', async () => {
    const { dir, file, unknown, env } = setting();
    const missing = join(dir, 'missing.jsonl');
    const cases: [string[], Stream][] = [
      [['convert', unknown], 'stderr'],
      [['redact', unknown], 'stderr'],
      [['run', '-o', join(dir, 'run.json'), '--', 'sh', '-c', 'echo "{\\"hello\\":1}"'], 'stderr'],
      [['scan', missing], 'stdout'],
      [['upload', SESSION], 'stdout'],
      [['outbox', 'list', '--outbox', file], 'stdout'],
      [['outbox', 'drop', '01JD0000000000000000000000', '--outbox', join(dir, 'outbox')], 'stdout'],
      [['remote', 'list'], 'stdout'],
      [['login', '--config', join(dir, 'config.json')], 'stdout'],
      [['logout', '--config', dir], 'stdout'],
      [['profiles', '--config', missing], 'stdout'],
      [['adapters', '--no-such-flag'], 'stdout'],
      [['rules', '--profile', 'no-such-profile'], 'stdout'],
      [['serve', 'keys', 'list', '--data-dir', file], 'stdout'],
      [['discover', '--since', 'garbage'], 'stderr'],
      [['validate', missing], 'stderr'],
      [['sync', missing], 'stderr'],
      [['watch', '--archive', file, dir], 'stderr'],
    ];
    for (const [args, stream] of cases) {
      const end = args.includes('--') ? args.indexOf('--') : args.length;
      const withJson = [...args.slice(0, end), '--json', ...args.slice(end)];
      const what = `atx ${withJson.join(' ')}`;
      const text = await runInProcess(args, { env });
      const json = await runInProcess(withJson, { env });
      expect(text.code, `${what}: ${text.stderr}`).not.toBe(0);
      expect(json.code, what).toBe(text.code);
      const answer = oneDocument(json, stream, what);
      expect(answer.error, what).toMatchObject({ exitCode: text.code, code: expect.any(String), message: expect.any(String) });
    }
  });

  it('convert: a batch with one unreadable input gives one summary naming it, exit 1', async () => {
    const { unknown, env } = setting();
    const run = await runInProcess(['convert', SESSION, unknown, '--format', 'jsonl', '--json'], { env });
    expect(run.code).toBe(1);
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(1); // the one Transcript converted
    const answer = oneDocument(run, 'stderr', 'convert');
    expect(answer.sessions).toHaveLength(1);
    expect(answer.errors).toEqual([expect.objectContaining({ input: unknown, code: 'unknown_format' })]);
    expect(answer.error).toMatchObject({ input: unknown, exitCode: 1 });
  });

  it('convert: warnings go into the summary, not beside it; success has no error', async () => {
    const { dir, env } = setting();
    const folder = join(dir, 'sessions');
    mkdirSync(folder);
    copyFileSync(SESSION, join(folder, 'session.jsonl'));
    symlinkSync(join(dir, 'nowhere'), join(folder, 'dangling.jsonl'));
    const run = await runInProcess(['convert', folder, '--json'], { env });
    expect(run.code, run.stderr).toBe(0);
    const answer = oneDocument(run, 'stderr', 'convert folder');
    expect(answer.sessions).toHaveLength(1);
    expect(answer.warnings).toEqual([expect.objectContaining({ message: expect.stringContaining('symbolic link to nothing') })]);
    expect(answer.error).toBeUndefined();
  });

  it('upload: an input that failed is in its items and, as what decided the exit code, in error', async () => {
    const { unknown, env } = setting();
    const run = await runInProcess(['upload', unknown, '--dry-run', '--json'], { env });
    expect(run.code).toBe(3);
    const answer = oneDocument(run, 'stdout', 'upload');
    expect(answer.items).toEqual([expect.objectContaining({ input: unknown, outcome: 'failed' })]);
    expect(answer.error).toEqual({ code: 'failed', message: expect.stringContaining('not a known format'), input: unknown, exitCode: 3 });
  });

  it('--fail-on-findings: the gate that decided exit 1 is the error', async () => {
    const { dir, env } = setting();
    const path = join(dir, 'secret.jsonl');
    const converted = await runInProcess(['convert', SESSION, '--profile', 'none'], { env });
    const transcript = JSON.parse(converted.stdout) as { events: { text?: string }[] };
    const withText = transcript.events.find((event) => typeof event.text === 'string')!;
    withText.text = `${withText.text} export GITHUB_TOKEN=ghp_${'aB3dE5fG7h'.repeat(3)}123456`;
    writeFileSync(path, JSON.stringify(transcript));
    const run = await runInProcess(['redact', path, '--fail-on-findings', '--json'], { env });
    expect(run.code).toBe(1);
    expect(oneDocument(run, 'stderr', 'redact').error).toMatchObject({ code: 'findings', exitCode: 1 });
  });
});
