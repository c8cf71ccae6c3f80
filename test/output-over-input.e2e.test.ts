/**
 * `atx convert log.jsonl -o log.jsonl` replaced the agent's own session log with its Transcript,
 * exit 0: the native log, the only copy, was gone; `atx redact t.json -o t.json` and
 * `atx redact d/ -o d/` did the same to Transcripts. An output that is one of the inputs (also
 * through another path or a link, and a subagent file read with its session) is refused as a
 * usage error by every command that writes -o, and the inputs are left as they were.
 */
import { copyFileSync, cpSync, linkSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const NATIVE = join(ROOT, 'fixtures/claude-code/file-edit/session.jsonl');
const TRANSCRIPT = join(ROOT, 'fixtures/claude-code/file-edit/session.expected.json');
const WITH_SUBAGENT = join(ROOT, 'fixtures/claude-code/subagent');
const scratch = scratchFolders('atx-over-input-');

const spellings: [string, (dir: string, input: string) => string][] = [
  ['the same path', (_, input) => input],
  ['another spelling of it', (dir, input) => join(dir, '.', '..', dir.split('/').pop()!, input.split('/').pop()!)],
  ['a symlink to it', (dir, input) => {
    symlinkSync(input, join(dir, 'link.json'));
    return join(dir, 'link.json');
  }],
  ['a hard link to it', (dir, input) => {
    linkSync(input, join(dir, 'hard.json'));
    return join(dir, 'hard.json');
  }],
];

describe.each([
  ['convert', NATIVE, 'session.jsonl'],
  ['redact', TRANSCRIPT, 'session.transcript.json'],
])('%s -o naming an input', (command, original, name) => {
  it.each(spellings)('is refused when the output is %s, and the input is kept', async (_, outputOf) => {
    const dir = scratch();
    const input = join(dir, name);
    copyFileSync(original, input);
    const run = await runCli([command, input, '-o', outputOf(dir, input)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is an input/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(input)).toEqual(readFileSync(original));
  });

  it('still writes beside the input', async () => {
    const dir = scratch();
    const input = join(dir, name);
    copyFileSync(original, input);
    const run = await runCli([command, input, '-o', join(dir, 'out.json'), '-q']);
    expect(run.code).toBe(0);
    expect(readFileSync(input)).toEqual(readFileSync(original));
  });
});

describe('-o naming a file read with the session', () => {
  it('refuses a subagent file of the input as the output', async () => {
    const dir = scratch();
    cpSync(join(WITH_SUBAGENT, 'session'), join(dir, 'session'), { recursive: true });
    copyFileSync(join(WITH_SUBAGENT, 'session.jsonl'), join(dir, 'session.jsonl'));
    const subagents = join(dir, 'session', 'subagents');
    const companion = join(subagents, readdirSync(subagents).find((f) => f.endsWith('.jsonl'))!);
    const before = readFileSync(companion);
    const run = await runCli(['convert', join(dir, 'session.jsonl'), '-o', companion]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is an input/);
    expect(readFileSync(companion)).toEqual(before);
  });
});

describe('-o <folder> holding an input', () => {
  it('redact d/ -o d/ is refused and every Transcript is kept', async () => {
    const dir = scratch();
    copyFileSync(TRANSCRIPT, join(dir, 'a.transcript.json'));
    const run = await runCli(['redact', dir, '-o', `${dir}/`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/holds an input/);
    expect(readFileSync(join(dir, 'a.transcript.json'))).toEqual(readFileSync(TRANSCRIPT));
    expect(readdirSync(dir)).toEqual(['a.transcript.json']);
  });

  it('a folder whose inputs no output name can replace is still written', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'logs'));
    copyFileSync(NATIVE, join(dir, 'logs', 'a.jsonl'));
    const run = await runCli(['convert', join(dir, 'logs'), '-o', join(dir, 'logs'), '-q']);
    expect(run.code).toBe(0);
    expect(readdirSync(join(dir, 'logs')).sort()).toEqual(['a.jsonl', 'a.transcript.json']);
    expect(readFileSync(join(dir, 'logs', 'a.jsonl'))).toEqual(readFileSync(NATIVE));
  });
});
