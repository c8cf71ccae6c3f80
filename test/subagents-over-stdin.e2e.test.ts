/**
 * A Cursor agent transcript keeps each subagent's transcript in a file of its own
 * (`<id>/subagents/<child>.jsonl`). Piped in, the session is one file: its Task calls are there,
 * what the subagents did is not, and that was said nowhere. Every command now warns, naming where
 * the files are and to give the path; read from its path, the session has its subagents and no
 * warning.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runInProcess } from './helpers.js';

const TRANSCRIPT = join(ROOT, 'fixtures/cursor/handmade-agent-transcript/5f2a8c1e-93d7-4b0e-8e6a-c41d7b2f9a05.jsonl');
const COMMANDS = [['convert', '-o', '/dev/null'], ['convert', '--stream', '-o', '/dev/null'], ['scan'], ['redact', '-o', '/dev/null'], ['upload', '--dry-run']].map((args) => [args.join(' '), args] as const);
const WARNING = /subagent call\(s\), and none of the subagents' own transcripts: Cursor CLI keeps them in files beside the session's \(.*subagents\/.*\).*give the session file's path/;

describe("a Cursor transcript piped in, without its subagents' files", () => {
  it.each(COMMANDS)('%s: warns once, naming where they are, and still converts', async (_name, [command, ...rest]) => {
    const plain = await runInProcess([command!, '-', ...rest], { input: readFileSync(TRANSCRIPT) });
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr.split('\n').filter((line) => WARNING.test(line))).toEqual([expect.stringMatching(/^atx: warning: -: 1 subagent call/)]);
    const json = await runInProcess([command!, '-', ...rest, '--json'], { input: readFileSync(TRANSCRIPT) });
    expect(json.code, json.stderr).toBe(0);
    expect(`${json.stdout}\n${json.stderr}`).toMatch(WARNING);
  });

  it('atx run -- cat: the same warning', async () => {
    const run = await runInProcess(['run', '-o', '/dev/null', '--', 'cat', TRANSCRIPT]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(WARNING);
  });

  it.each(COMMANDS)('%s of the file: its subagent is read, and nothing is said', async (_name, [command, ...rest]) => {
    const run = await runInProcess([command!, TRANSCRIPT, ...rest]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/subagent call/);
  });
});
