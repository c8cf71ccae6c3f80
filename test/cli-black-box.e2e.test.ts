/**
 * What a stranger meets first, for every command alike: an unknown option, and a path of the
 * wrong kind (a file where a folder is wanted, a folder where a file is wanted). Each is a usage
 * error (exit 2) that names the path, never an internal error, and with --json it is one
 * `{"error": …}` document with the same exit code, on the command's answer stream (the other one empty).
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliRun, ROOT, runInProcess } from './helpers.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-black-box-');
const SESSION = join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl');
const COMMANDS = ['convert', 'redact', 'validate', 'scan', 'schema', 'adapters', 'discover', 'profiles', 'rules', 'upload', 'sync', 'watch', 'run', 'outbox', 'login', 'logout', 'remote', 'serve'];

/** The error of a --json run: its one document, on stdout or stderr as the command answers, the other stream empty. */
function jsonError(run: CliRun): { code: string; message: string; exitCode: number } {
  const answered = [run.stdout, run.stderr].filter((text) => text !== '');
  expect(answered, `${run.stdout}${run.stderr}`).toHaveLength(1);
  const lines = answered[0]!.trim().split('\n');
  expect(lines, answered[0]).toHaveLength(1);
  return (JSON.parse(lines[0]!) as { error: { code: string; message: string; exitCode: number } }).error;
}

describe('an unknown option', () => {
  it.each(COMMANDS)('atx %s --no-such-flag: exit 2 naming the command\'s help; with --json one error line', async (command) => {
    const home = scratch();
    const text = await runInProcess([command, '--no-such-flag'], { env: { HOME: home } });
    expect(text.code).toBe(2);
    expect(text.stderr).toMatch(new RegExp(`^atx: error: .*\\(see atx ${command} --help\\)\\n$`));
    const json = await runInProcess([command, '--no-such-flag', '--json'], { env: { HOME: home } });
    expect(json.code).toBe(2);
    expect(jsonError(json)).toMatchObject({ code: 'usage', exitCode: 2 });
  });
});

describe('a path of the wrong kind', () => {
  const cases = (dir: string, file: string): [string, string[], string][] => [
    ['watch --archive <file>', ['watch', '--archive', file, join(dir, 'sessions')], `${file}: a file of that name is in the way`],
    ['sync --state <folder>', ['sync', join(dir, 'sessions'), '--state', dir], `state file ${dir}: is a directory`],
    ['sync --state <file>/state.json', ['sync', join(dir, 'sessions'), '--state', join(file, 'state.json')], 'not a directory'],
    ['convert --key-file <folder>', ['convert', SESSION, '--key-file', dir], `${dir}: is a directory`],
    ['convert --config <folder>', ['convert', SESSION, '--config', dir], `${dir}: is a directory`],
    ['outbox list --outbox <file>', ['outbox', 'list', '--outbox', file], 'a file of that name is in the way'],
    ['convert -o <file>/out.json', ['convert', SESSION, '-o', join(file, 'out.json')], `cannot write ${join(file, 'out.json')}: a file is in the way of its folder`],
  ];

  it('each is a usage error naming it (exit 2, not an internal error), as text and as one JSON error line', async () => {
    const dir = scratch();
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    mkdirSync(join(dir, 'sessions'));
    copyFileSync(SESSION, join(dir, 'sessions', 'session.jsonl'));
    const env = { HOME: join(dir, 'home') };
    for (const [what, args, message] of cases(dir, file)) {
      const text = await runInProcess(args, { env });
      expect(text.code, `${what}: ${text.stderr}`).toBe(2);
      expect(text.stderr, what).toContain(message);
      expect(text.stderr, what).not.toContain('internal');
      const json = await runInProcess([...args, '--json'], { env });
      expect(json.code, what).toBe(2);
      expect(jsonError(json).message, what).toContain(message);
    }
  });
});

describe('login and logout --json', () => {
  it('say what was saved or removed as one JSON object on stdout (never the key); a bad key is one JSON error there too, exit 2', async () => {
    const config = join(scratch(), 'config.json');
    const key = 'atx_k123abc_secretsecretsecretsecret';
    const login = await runInProcess(['login', '--json', '--config', config, '--endpoint', 'http://127.0.0.1:8787'], { input: `${key}\n` });
    expect(login.code, login.stderr).toBe(0);
    expect(JSON.parse(login.stdout)).toEqual({ config, keyId: 'k123abc', endpoint: 'http://127.0.0.1:8787' });
    expect(login.stdout + login.stderr).not.toContain('secretsecret');
    expect(login.stderr).toBe('');
    const logout = await runInProcess(['logout', '--json', '--config', config]);
    expect(logout.code, logout.stderr).toBe(0);
    expect(JSON.parse(logout.stdout)).toEqual({ config, removed: true });
    const bad = await runInProcess(['login', '--json', '--config', config], { input: 'not a key\n' });
    expect(bad.code).toBe(2);
    expect(jsonError(bad)).toMatchObject({ code: 'usage' });
  });
});

describe('what a stranger gets wrong, refused or said', () => {
  it('-o <name> for a batch, with no such folder, says how to have it made', async () => {
    const dir = scratch();
    const out = join(dir, 'out');
    const run = await runInProcess(['convert', SESSION, join(ROOT, 'fixtures/claude-code/file-edit/session.jsonl'), '-o', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`atx: error: 2 sessions found: -o ${out} is not a folder; end it with / to have it made (-o ${out}/), or use --format jsonl\n`);
    expect(existsSync(out)).toBe(false);
  });

  it('outbox retry and drop with neither ids nor --all are usage errors, not "0 item(s)"', async () => {
    const outbox = scratch();
    for (const verb of ['retry', 'drop']) {
      const run = await runInProcess(['outbox', verb, '--outbox', outbox]);
      expect(run.code, verb).toBe(2);
      expect(run.stderr).toBe(`atx: error: give the ids to ${verb}, or --all (not both)\n`);
    }
  });

  it('run -o <folder> is refused before the agent starts (it was found only once the session was over)', async () => {
    const dir = scratch();
    const marker = join(dir, 'agent-ran');
    for (const acp of [[], ['--acp', '--prompt', 'hi']]) {
      const run = await runInProcess(['run', ...acp, '-o', dir, '--', process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`atx: error: -o ${dir}: is a directory; give the file to write the Transcript to\n`);
      expect(existsSync(marker)).toBe(false);
    }
  });

  it('serve keys list and revoke on a data folder that is not there make none, and say so', async () => {
    const dataDir = join(scratch(), 'typo');
    const list = await runInProcess(['serve', 'keys', 'list', '--data-dir', dataDir]);
    expect(list.code).toBe(0);
    expect(list.stderr).toContain(`${dataDir}: no server data here, nothing made`);
    expect(JSON.parse((await runInProcess(['serve', 'keys', 'list', '--data-dir', dataDir, '--json'])).stdout)).toEqual([]);
    const revoke = await runInProcess(['serve', 'keys', 'revoke', 'abcd1234', '--data-dir', dataDir]);
    expect(revoke.code).toBe(2);
    expect(revoke.stderr).toBe(`atx: error: no key abcd1234: ${dataDir}: no server data here (see --data-dir)\n`);
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('logout says what happened', () => {
  it('removed, nothing to remove, or no config file at all (and none is made); a key in ATX_KEY is still used, said so', async () => {
    const dir = scratch();
    const config = join(dir, 'config.json');
    const absent = await runInProcess(['logout', '--config', config]);
    expect(absent.code).toBe(0);
    expect(absent.stderr).toBe(`atx: no config file at ${config}: no submission key saved, nothing removed\n`);
    expect(existsSync(config)).toBe(false);
    await runInProcess(['login', '--config', config], { input: 'atx_k123abc_secretsecretsecretsecret\n' });
    const removed = await runInProcess(['logout', '--config', config]);
    expect(removed.stderr).toBe(`atx: removed the submission key from ${config}\n`);
    const again = await runInProcess(['logout', '--config', config, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ config, removed: false });
    const withEnv = await runInProcess(['logout', '--config', config], { env: { ATX_KEY: 'atx_k123abc_secretsecretsecretsecret' } });
    expect(withEnv.stderr).toBe(`atx: no submission key saved in ${config}: nothing removed\natx: warning: ATX_KEY is set in the environment: atx upload still uses it (unset it to stop)\n`);
  });
});

describe('a command group given no subcommand', () => {
  it.each([['outbox'], ['remote'], ['serve', 'keys']])('atx %s alone: its help on stderr and a usage error (exit 2), as atx alone; its --help exits 0', async (...group) => {
    const alone = await runInProcess(group);
    expect(alone.code).toBe(2);
    expect(alone.stdout).toBe('');
    expect(alone.stderr).toMatch(new RegExp(`^Usage: atx ${group.join(' ')} [\\s\\S]*\\nNo subcommand given: see atx ${group.join(' ')} --help\\.\\n$`));
    const nothing = await runInProcess([]);
    expect(nothing.code).toBe(alone.code);
    const help = await runInProcess([...group, '--help']);
    expect(help.code).toBe(0);
  });
});
