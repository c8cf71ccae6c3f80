/**
 * Two sessions concatenated into one file (`cat a.jsonl b.jsonl > both.jsonl`) became one
 * Transcript without a word: the first session's id and cwd, the second's turns appended. Where the
 * format opens each session with a header record (Codex, Pi, Gemini CLI), a second header naming
 * another session is refused in one line, with the line to split at, by every command. So are a
 * stream's second init naming another session (codex exec --json, the stream-json formats) and a
 * Claude Code session file's second conversation (a first line, `parentUuid: null`, of another id);
 * a resumed run's stream or a resumed Claude Code session (several ids, one chain) still converts.
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
  ['pi --mode json', 'pi/shell-tool/stream.jsonl', 'pi/plain-answer/stream.jsonl'],
  ['codex exec --json', 'codex/shell-tool/stream.jsonl', 'codex/plain-answer/stream.jsonl'],
  ['gemini-cli stream-json', 'gemini-cli/shell-tool/stream.jsonl', 'gemini-cli/plain-answer/stream.jsonl'],
  ['claude-code stream-json', 'claude-code/shell-tool/stream.jsonl', 'claude-code/plain-answer/stream.jsonl'],
  ['qwen-code stream-json', 'qwen-code/shell-tool/stream.jsonl', 'qwen-code/plain-answer/stream.jsonl'],
  ['droid stream-json', 'droid/failing-tool/stdout.jsonl', 'droid/plain-answer/stdout.jsonl'],
] as const;

/** Claude Code session files of three releases: a second conversation starts after the first file's last line. */
const CLAUDE_CODE = [
  ['2.1.332', 'claude-code/shell-tool/session.jsonl', 'claude-code/plain-answer/session.jsonl'],
  ['2.0.77', 'claude-code/v2.0.77-shell-tool/session.jsonl', 'claude-code/v2.0.77-thinking/session.jsonl'],
  ['1.0.128', 'claude-code/v1.0.128-shell-tool/session.jsonl', 'claude-code/v1.0.128-thinking/session.jsonl'],
] as const;

const COMMANDS = [['convert', '-o', '/dev/null'], ['convert', '--stream'], ['scan'], ['redact', '-o', '/dev/null'], ['upload', '--dry-run']] as const;

describe('two sessions concatenated in one file', () => {
  it.each(AGENTS)('%s: refused by every command, naming the line the second starts at', async (_agent, first, second) => {
    const file = join(scratch(), 'both.jsonl');
    const head = fixture(first);
    writeFileSync(file, `${head.trimEnd()}\n${fixture(second)}`);
    const at = lineCount(head) + 1;
    for (const command of COMMANDS) {
      const run = await runInProcess([command[0], file, ...command.slice(1), '-q']);
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

  it.each(CLAUDE_CODE)('Claude Code %s: a second conversation is refused by every command, from a file or stdin, split where its lines start', async (_release, first, second) => {
    const file = join(scratch(), 'both.jsonl');
    const head = fixture(first);
    const both = `${head.trimEnd()}\n${fixture(second)}`;
    writeFileSync(file, both);
    const at = lineCount(head) + 1;
    for (const [name, ...rest] of COMMANDS) {
      for (const [input, stdin] of [[file, undefined], ['-', both]] as const) {
        const run = await runInProcess([name, input, ...rest, '-q'], { input: stdin });
        expect(run.code, `${name} ${input}: ${run.stderr}`).toBe(3);
        expect(run.stderr.trimEnd().split('\n'), run.stderr).toEqual([expect.stringMatching(/line \d+ opens a second session/)]);
        expect(run.stderr).toContain(`split it before line ${at}`);
      }
    }
  });

  it('Claude Code: a session resumed by 2.0.x (the earlier lines copied with their id, the new id\'s lines linked to them) is one session', async () => {
    const earlier = fixture('claude-code/v2.0.77-shell-tool/session.jsonl').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const later = fixture('claude-code/v2.0.77-thinking/session.jsonl').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const lastUuid = earlier.filter((record) => typeof record.uuid === 'string').at(-1)!.uuid;
    const resumed = later.map((record) => (record.parentUuid === null ? { ...record, parentUuid: lastUuid } : record));
    const file = join(scratch(), 'resumed.jsonl');
    writeFileSync(file, `${[...earlier, ...resumed].map((record) => JSON.stringify(record)).join('\n')}\n`);
    const ids = new Set([...earlier, ...resumed].map((record) => record.sessionId).filter(Boolean));
    expect(ids.size).toBe(2);
    const run = await runInProcess(['convert', file, '-o', '/dev/null', '-q']);
    expect(run.stderr).not.toContain('second session');
    expect(run.code, run.stderr).toBe(0);
  });

  it.each([
    ['Claude Code 2.1 resumed and branched (--resume, --resume-session-at)', ['claude-code/resume-branch/session.jsonl']],
    ['Claude Code compacted', ['claude-code/compact/session.jsonl']],
    ['Claude Code 1.0 inline subagent', ['claude-code/v1.0.128-subagent/session.jsonl']],
    ['Claude Code stream-json, resumed runs', ['claude-code/resume-branch/stream-resume-1.jsonl', 'claude-code/resume-branch/stream-resume-2.jsonl']],
    ['Claude Code stream-json, a background task\'s second init', ['claude-code/subagent-background/stream.jsonl']],
    ['Gemini CLI stream-json, resumed runs', ['gemini-cli/resumed-session/stream.jsonl', 'gemini-cli/resumed-session/stream-2.jsonl']],
  ])('%s: one session', async (_what, files) => {
    const file = join(scratch(), 'one.jsonl');
    writeFileSync(file, files.map((path) => fixture(path).trimEnd()).join('\n'));
    const run = await runInProcess(['convert', file, '-o', '/dev/null', '-q']);
    expect(run.stderr).not.toContain('second session');
    expect(run.code, run.stderr).toBe(0);
  });
});
