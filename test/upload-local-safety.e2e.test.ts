/**
 * The same safety from the command line (dist/bin/atx.js as a subprocess): an empty or relative
 * XDG_* never makes atx read or write ./atx/config.json or an outbox in the current folder; a
 * config others can change is refused; a key typed where a path or name belongs is masked in
 * every message; transcripts are written 0600 and their folders made 0700; a custom profile
 * with every rule off is refused by upload without --allow-unredacted.
 */
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILTIN_RULES } from '../redaction/index.js';
import { ROOT } from './support/cli-process.js';
import { AtxSandbox, filesUnder } from './support/atx-sandbox.js';

const sandbox = new AtxSandbox('local-safety');
afterAll(() => sandbox.dispose());

const KEY = 'atx_k123_sEcReT0123456789abcdefXYZ';
const SECRET = 'sEcReT0123456789abcdefXYZ';
const INPUT = join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl');
const modeOf = (path: string) => statSync(path).mode & 0o777;

function atx(args: string[], options: { env?: Record<string, string>; cwd?: string; input?: string } = {}) {
  return sandbox.run(args, sandbox.env(options.env), `atx ${args[0]}`, { input: options.input ?? '', ...(options.cwd ? { cwd: options.cwd } : {}) });
}

function keyFile(): string {
  const path = join(sandbox.dir('keys'), 'key');
  writeFileSync(path, `${KEY}\n`, { mode: 0o600 });
  return path;
}

describe('empty or relative XDG variables', () => {
  it('never read or write the current folder\'s atx/config.json or outbox', async () => {
    const cwd = sandbox.dir('a-cloned-repo');
    mkdirSync(join(cwd, 'atx'), { recursive: true });
    const planted = join(cwd, 'atx', 'config.json');
    // if atx read it, every command that loads the config would fail on it
    writeFileSync(planted, '{ "upload": { "endpoint": "http://127.0.0.1:9" }, "not json', { mode: 0o600 });
    const key = keyFile();
    const runs = await Promise.all(['', '.'].flatMap((value) => {
      const env = { XDG_CONFIG_HOME: value, XDG_STATE_HOME: value, XDG_DATA_HOME: value };
      return [
        atx(['profiles'], { env, cwd }),
        atx(['upload', INPUT, '--queue', '--key-file', key], { env, cwd }),
      ];
    }));
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const login = await atx(['login', '--key-file', key, '--endpoint', 'http://127.0.0.1:8787'], { env: { XDG_CONFIG_HOME: '.' }, cwd });
    expect(login.code, login.stderr).toBe(0);

    expect(readFileSync(planted, 'utf8')).toContain('"not json'); // untouched
    expect(filesUnder(cwd)).toEqual([planted]);
    const saved = join(sandbox.home, '.config', 'atx', 'config.json');
    expect(login.stderr).toContain(`in ${saved} (mode 600)`);
    expect(modeOf(saved)).toBe(0o600);
    expect(filesUnder(join(sandbox.home, '.local', 'state', 'atx', 'outbox')).length).toBeGreaterThan(0);
  });
});

describe('config files others can change', () => {
  it('a group-writable config is refused in one line, exit 2; so is one in a group-writable folder', async () => {
    const dir = sandbox.dir('shared-config');
    const config = join(dir, 'config.json');
    writeFileSync(config, '{}');
    chmodSync(config, 0o664);
    const folderOpen = sandbox.dir('shared-folder');
    chmodSync(folderOpen, 0o775);
    writeFileSync(join(folderOpen, 'config.json'), '{}', { mode: 0o600 });
    const [file, folder] = await Promise.all([
      atx(['upload', INPUT, '--dry-run', '--config', config]),
      atx(['profiles', '--config', join(folderOpen, 'config.json')]),
    ]);
    expect(file.code).toBe(2);
    expect(file.stderr).toBe(`atx: error: the config file ${config} can be changed by others (mode 664); run: chmod go-w ${config}\n`);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/^atx: error: the config file .* is in a folder others can change \(.*shared-folder, mode 775\); run: chmod go-w .*\n$/);
  });
});

describe('a key where a path or a name belongs', () => {
  it.each([
    ['--key-file', ['upload', INPUT, '--key-file', KEY, '--dry-run']],
    ['--config', ['upload', INPUT, '--config', KEY, '--dry-run']],
    ['--profile', ['upload', INPUT, '--profile', KEY, '--dry-run']],
    ['an input argument', ['upload', KEY, '--queue']],
    ['login --key-file', ['login', '--key-file', KEY]],
    ['outbox drop', ['outbox', 'drop', KEY]],
    ['an input argument, --json', ['upload', KEY, '--queue', '--json']],
  ])('%s: masked as atx_k123_****', async (_name, args) => {
    const run = await atx(args, { env: { ATX_KEY: 'atx_other1_AnotherSecret0123456789' } });
    expect(run.code).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('atx_k123_****');
    expect(`${run.stdout}${run.stderr}`).not.toContain(SECRET);
  });
});

describe('file and folder modes', () => {
  it('convert -o writes 0600 even over a 0644 file; an existing outbox and data folder become 0700', async () => {
    const out = join(sandbox.dir('converted'), 'out.json');
    writeFileSync(out, 'old');
    chmodSync(out, 0o644);
    const outbox = sandbox.dir('outbox-0755');
    chmodSync(outbox, 0o755);
    const data = sandbox.dir('data-0755');
    chmodSync(data, 0o755);
    const runs = await Promise.all([
      atx(['convert', INPUT, '-o', out]),
      atx(['upload', INPUT, '--queue', '--key-file', keyFile(), '--outbox', outbox]),
      atx(['serve', 'keys', 'list', '--data-dir', data]),
    ]);
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    expect(modeOf(out)).toBe(0o600);
    expect(readFileSync(out, 'utf8')).toContain('"transcriptId"');
    expect(modeOf(outbox)).toBe(0o700);
    const items = filesUnder(outbox);
    expect(items).toHaveLength(2);
    for (const item of items) expect(modeOf(item), item).toBe(0o600);
    expect(modeOf(data)).toBe(0o700);
  });
});

describe('redaction cannot be switched off by accident', () => {
  it('a custom profile with every rule off is refused without --allow-unredacted, allowed with it', async () => {
    const config = join(sandbox.dir('profile-config'), 'config.json');
    writeFileSync(config, JSON.stringify({ profiles: { quiet: { extends: 'standard', disableRules: BUILTIN_RULES.map((rule) => rule.id) } } }), { mode: 0o600 });
    const key = keyFile();
    const [refused, allowed] = await Promise.all([
      atx(['upload', INPUT, '--profile', 'quiet', '--config', config, '--key-file', key, '--dry-run']),
      atx(['upload', INPUT, '--profile', 'quiet', '--config', config, '--key-file', key, '--dry-run', '--allow-unredacted']),
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^atx: error: profile quiet removes none of the secret classes standard removes \(cloud, .*generic\), so upload refuses it; .* --allow-unredacted if you mean it\n$/);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain('profile       quiet');
  });
});

describe('deep nesting', () => {
  it('an input nested 5,000 levels deep is invalid input (exit 3, one line), not a crash (exit 5)', async () => {
    const doc = JSON.parse(readFileSync(join(ROOT, 'fixtures/claude-code/shell-tool/session.expected.json'), 'utf8')) as { events: Array<{ type: string; input?: unknown }> };
    doc.events.find((event) => event.type === 'tool_call')!.input = '__DEEP__';
    const deep = join(sandbox.dir('deep'), 'deep.json');
    writeFileSync(deep, JSON.stringify(doc).replace('"__DEEP__"', `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`));
    const run = await atx(['upload', deep, '--dry-run', '--key-file', keyFile()]);
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain(`failed ${deep}: invalid Transcript:`);
    expect(run.stderr).toContain('nested deeper than 512 levels');
  });
});
