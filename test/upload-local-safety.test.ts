/**
 * What keeps the key and the transcripts on this machine where they belong: base directories
 * (XDG), config and key files others could change, keys masked in messages, private folders,
 * and the rule-data definition of a profile upload refuses.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES, BUILTIN_RULES, builtinProfile } from '../redaction/index.js';
import { maskingStderr } from '../src/cli/io.js';
import { ConfigSchema } from '../src/config-schema.js';
import { defaultConfigPath, loadConfig, refuseIfOthersCanChange, resolveProfile } from '../src/config.js';
import { AtxError, fileError } from '../src/errors.js';
import { loadKey } from '../src/keys.js';
import { maskKeys } from '../src/mask.js';
import { ensurePrivateFolder, homeDir, withValidBaseDirs, xdgDir } from '../src/paths.js';
import { defaultOutboxDir } from '../src/upload/outbox.js';
import { secretClassesOf, uploadRedactionVerdict } from '../src/upload/redaction-policy.js';

const KEY = 'atx_k123_sEcReT0123456789abcdefXYZ';
const root = mkdtempSync(join(tmpdir(), 'atx-local-safety-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const folder = (mode = 0o700) => {
  const path = join(root, `f${folders++}`);
  mkdirSync(path);
  chmodSync(path, mode);
  return path;
};
const modeOf = (path: string) => statSync(path).mode & 0o7777;

describe('base directories (XDG)', () => {
  const home = '/home/someone';
  it.each(['', '.', 'relative/config', './x'])('XDG_* = %j is ignored: the default under $HOME is used', (value) => {
    const env = { HOME: home, XDG_CONFIG_HOME: value, XDG_STATE_HOME: value, XDG_DATA_HOME: value };
    expect(xdgDir(env, 'XDG_CONFIG_HOME')).toBe('/home/someone/.config');
    expect(defaultConfigPath(env)).toBe('/home/someone/.config/atx/config.json');
    expect(defaultOutboxDir(env)).toBe('/home/someone/.local/state/atx/outbox');
    expect(withValidBaseDirs(env)).toMatchObject({ XDG_DATA_HOME: '/home/someone/.local/share', XDG_CONFIG_HOME: '/home/someone/.config' });
  });

  it('an absolute XDG_* is used; an empty or relative HOME falls back to the account\'s home', () => {
    expect(defaultConfigPath({ HOME: home, XDG_CONFIG_HOME: '/etc/xdg-me' })).toBe('/etc/xdg-me/atx/config.json');
    expect(defaultConfigPath({ HOME: home, ATX_CONFIG: '' })).toBe('/home/someone/.config/atx/config.json');
    expect(homeDir({ HOME: 'relative' })).toBe(userInfo().homedir);
    expect(homeDir({ HOME: '' })).toBe(userInfo().homedir);
  });
});

describe('config and key files others could change', () => {
  const writeConfig = (dir: string, mode: number, text = '{}') => {
    const path = join(dir, 'config.json');
    writeFileSync(path, text);
    chmodSync(path, mode);
    return path;
  };

  it('a group- or other-writable config file is refused in one line', async () => {
    for (const mode of [0o620, 0o602, 0o664]) {
      const path = writeConfig(folder(), mode);
      const error = await loadConfig({ path, env: {} }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AtxError);
      expect((error as AtxError).exitCode).toBe(2);
      expect((error as AtxError).message).toMatch(/^the config file .*config\.json can be changed by others \(mode 6\d\d\); run: chmod go-w /);
      expect((error as AtxError).message).not.toContain('\n');
    }
  });

  it('a config file in a folder others can write to is refused; a sticky folder (like /tmp) is not', async () => {
    const open = writeConfig(folder(0o775), 0o600);
    await expect(loadConfig({ path: open, env: {} })).rejects.toThrow(/is in a folder others can change \(.*, mode 775\); run: chmod go-w/);
    const sticky = writeConfig(folder(0o1777), 0o644);
    await expect(loadConfig({ path: sticky, env: {} })).resolves.toMatchObject({ profiles: {} });
  });

  it('the default config is checked too, and a missing one is still no config', async () => {
    const base = folder();
    mkdirSync(join(base, 'atx'), { mode: 0o770 });
    chmodSync(join(base, 'atx'), 0o770);
    await expect(loadConfig({ env: { XDG_CONFIG_HOME: base } })).resolves.toMatchObject({ profiles: {} });
    writeConfig(join(base, 'atx'), 0o600);
    await expect(loadConfig({ env: { XDG_CONFIG_HOME: base } })).rejects.toThrow(/in a folder others can change/);
  });

  it('a key file others can change, or in a folder they can change, is refused; the path is masked', async () => {
    const dir = folder(0o770);
    const path = join(dir, KEY);
    writeFileSync(path, `${KEY}\n`, { mode: 0o600 });
    const error = (await loadKey({ keyFile: path, env: {} }).catch((e: unknown) => e)) as AtxError;
    expect(error.message).toMatch(/the key file .*atx_k123_\*\*\*\* is in a folder others can change/);
    expect(error.message).not.toContain('sEcReT');
    chmodSync(dir, 0o700);
    await expect(loadKey({ keyFile: path, env: {} })).resolves.toMatchObject({ keyId: 'k123' });
    chmodSync(path, 0o640);
    await expect(loadKey({ keyFile: path, env: {} })).rejects.toThrow(/is a key file and can be read by others \(mode 640\)/);
  });

  it('refuseIfOthersCanChange passes a private file in a private folder', async () => {
    await expect(refuseIfOthersCanChange(writeConfig(folder(0o755), 0o644), 'the config file')).resolves.toBeUndefined();
  });
});

describe('keys masked in messages', () => {
  it('maskKeys keeps the key id and hides the secret, everywhere in a text', () => {
    expect(maskKeys(`open ${KEY}: no such file; also "${KEY}x-y_z"`)).toBe('open atx_k123_****: no such file; also "atx_k123_****"');
    expect(maskKeys('atx_serve_data and atx upload --profile standard')).toBe('atx_serve_data and atx upload --profile standard');
    expect(fileError(`/keys/${KEY}`, Object.assign(new Error('x'), { code: 'ENOENT' })).message).toBe('/keys/atx_k123_****: no such file or directory');
  });

  it('an unknown profile named like a key is masked', async () => {
    await expect(resolveProfile(KEY, ConfigSchema.parse({}))).rejects.toThrow('unknown profile "atx_k123_****"');
  });

  it('maskingStderr masks strings and buffers, and keeps isTTY and callbacks', async () => {
    const chunks: string[] = [];
    const sink = Object.assign(new Writable({ write(chunk: Buffer, _encoding, done) { chunks.push(chunk.toString()); done(); } }), { isTTY: true });
    const masked = maskingStderr(sink);
    expect(masked.isTTY).toBe(true);
    await new Promise<void>((resolve) => masked.write(`a ${KEY}\n`, () => resolve()));
    masked.write(Buffer.from(`b ${KEY}\n`));
    expect(chunks.join('')).toBe('a atx_k123_****\nb atx_k123_****\n');
  });
});

describe('private folders', () => {
  it('ensurePrivateFolder makes a missing folder 0700 and takes access away from an existing one', async () => {
    const existing = folder(0o755);
    await ensurePrivateFolder(existing);
    expect(modeOf(existing)).toBe(0o700);
    const fresh = join(root, 'fresh', 'nested');
    await ensurePrivateFolder(fresh);
    expect(modeOf(fresh)).toBe(0o700);
  });
});

describe('which profiles upload refuses, from the rule data', () => {
  const custom = (profile: Record<string, unknown>) => resolveProfile('mine', ConfigSchema.parse({ profiles: { mine: profile } }));
  const builtinIds = BUILTIN_RULES.map((rule) => rule.id);

  it('the built-in profiles: none refused, the others allowed', () => {
    expect(Object.fromEntries(BUILTIN_PROFILES.map((p) => [p.name, uploadRedactionVerdict(p).allowed])))
      .toEqual({ none: false, standard: true, team: true, research: true, public: true });
    expect(uploadRedactionVerdict(builtinProfile('standard')!).reference.length).toBeGreaterThan(3);
  });

  it('a custom profile that disables every rule is refused, and atx profiles shows it refused', async () => {
    const off = await custom({ disableRules: builtinIds });
    expect(secretClassesOf(off).size).toBe(0);
    expect(uploadRedactionVerdict(off)).toMatchObject({ allowed: false, kept: [] });
    expect(off.uploadAllowed).toBe(false);
  });

  it('refused: secrets false; only custom rules. Allowed: one class of standard still on', async () => {
    expect(uploadRedactionVerdict(await custom({ secrets: false })).allowed).toBe(false);
    const onlyCustom = await custom({
      disableRules: builtinIds,
      rules: [{ id: 'tok', type: 'secret', pattern: 'tok_[0-9]{4}', examples: { match: ['tok_1234'], noMatch: ['tok_12'] } }],
    });
    expect(uploadRedactionVerdict(onlyCustom).allowed).toBe(false);
    const keep = BUILTIN_RULES.find((rule) => rule.type === 'secret')!;
    const oneLeft = await custom({ disableRules: builtinIds.filter((id) => id !== keep.id) });
    expect(uploadRedactionVerdict(oneLeft)).toMatchObject({ allowed: true, kept: [...secretClassesOf(oneLeft)] });
    expect(uploadRedactionVerdict(await custom({ disableRules: [keep.id] })).allowed).toBe(true);
  });
});
