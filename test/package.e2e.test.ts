/**
 * The package a user installs: what `npm pack` puts in it, and that installing the tarball into a
 * prefix of its own needs no build and no install script, after which `atx --version` works.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/cli-process.js';
import { installGlobally, lockfileRegistry, npmEnv, packedTarball } from './support/packed.js';

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'atx-package-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm pack', () => {
  it('ships the built CLI and its bundle, the schema, README and LICENSE: no bench, no sources, source maps only for the bundle (its stack traces name our files)', async () => {
    const tarball = await packedTarball();
    const { stdout } = await run('tar', ['-tzf', tarball]);
    const files = stdout.split('\n').filter(Boolean).map((path) => path.replace(/^package\//, ''));
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'schema/transcript.schema.json', 'dist/bin/atx.js', 'dist/src/cli/main.js', 'dist/bundle/cli.js', 'dist/bundle/cli.js.map']));
    expect(files.filter((path) => path.startsWith('dist/bench/'))).toEqual([]);
    expect(files.filter((path) => (path.endsWith('.map') && !path.startsWith('dist/bundle/')) || path.endsWith('.ts'))).toEqual([]);
    expect(files.filter((path) => /^(test|fixtures|scripts|bench|src|adapters|redaction)\//.test(path))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) expect(manifest.scripts[script], script).toBeUndefined();
  }, 120_000);

  it('installs into a prefix of its own with no build and no install script, and atx --version answers', async () => {
    const tarball = await packedTarball();
    const registry = await lockfileRegistry();
    try {
      const home = join(scratch, 'home');
      const prefix = join(scratch, 'prefix');
      const said = await installGlobally(tarball, prefix, registry.url, home);
      expect(said).not.toMatch(/install script|tsc|prepare/i);
      const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
      const atx = await run(join(prefix, 'bin', 'atx'), ['--version'], { env: npmEnv(home) });
      expect(atx.stdout.trim()).toBe(version);
    } finally {
      await registry.close();
    }
  }, 120_000);
});
