/**
 * Two sessions concatenated into one file (`cat a.jsonl b.jsonl > both.jsonl`) became one
 * Transcript without a word: the first session's id and cwd, the second's turns appended. Where the
 * format opens each session with a header record (Codex, Pi, Gemini CLI), a second header naming
 * another session is refused in one line, with the line to split at, by every command.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runInProcess } from './helpers.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-concatenated-');
const fixture = (path: string) => readFileSync(join(ROOT, 'fixtures', path), 'utf8');
const lineCount = (text: string) => text.split('\n').filter((line) => line.trim() !== '').length;

const AGENTS = [
  ['codex', 'codex/shell-tool/rollout.jsonl', 'codex/plain-answer/rollout.jsonl'],
  ['pi', 'pi/shell-tool/session.jsonl', 'pi/plain-answer/session.jsonl'],
  ['gemini-cli', 'gemini-cli/shell-tool/chat.jsonl', 'gemini-cli/plain-answer/chat.jsonl'],
] as const;

describe('two sessions concatenated in one file', () => {
  it.each(AGENTS)('%s: refused by every command, naming the line the second starts at', async (_agent, first, second) => {
    const file = join(scratch(), 'both.jsonl');
    const head = fixture(first);
    writeFileSync(file, `${head.trimEnd()}\n${fixture(second)}`);
    const at = lineCount(head) + 1;
    for (const command of [['convert', '-o', '/dev/null'], ['convert', '--stream'], ['scan'], ['redact', '-o', '/dev/null'], ['upload', '--dry-run']]) {
      const run = await runInProcess([command[0]!, file, ...command.slice(1), '-q']);
      expect(run.code, `${command.join(' ')}: ${run.stderr}`).toBe(3);
      expect(run.stderr.trimEnd().split('\n'), run.stderr).toEqual([expect.stringContaining(`line ${at} opens a second session`)]);
      expect(run.stderr).toContain(`split it before line ${at}`);
    }
  });

  it.each(AGENTS)('%s: the same session twice (its header repeated, one id) is still one session', async (_agent, first) => {
    const file = join(scratch(), 'twice.jsonl');
    const text = fixture(first).trimEnd();
    writeFileSync(file, `${text}\n${text}\n`);
    const run = await runInProcess(['convert', file, '-o', '/dev/null', '-q']);
    expect(run.stderr).not.toContain('second session');
    expect(run.code, run.stderr).toBe(0);
  });
});
