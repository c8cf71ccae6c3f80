/**
 * atx as a user gets it: the package `npm pack` makes (once per test run, shared by the test
 * files that need it), installed with npm from a registry on 127.0.0.1 that serves the locked
 * dependencies out of npm's own cache (where `npm ci` left them), so installing needs no network.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './cli-process.js';
import { sleep } from './atx-sandbox.js';

const run = promisify(execFile);

/** The environment npm runs in: nothing of the user's npm settings, nor of the `npm test` that started us. */
export function npmEnv(home: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return { ...env, HOME: home, npm_config_userconfig: join(home, '.npmrc'), npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}

/**
 * The path of the packed tarball, made by the first caller of this run (TMPDIR is the run's own
 * folder, see global-setup.ts); other workers wait for it.
 */
export async function packedTarball(): Promise<string> {
  const dir = join(tmpdir(), 'atx-packed');
  const done = join(dir, 'done');
  try {
    mkdirSync(dir);
  } catch {
    for (let waited = 0; !existsSync(done); waited += 100) {
      if (waited > 120_000) throw new Error(`no tarball in ${dir} after 2 minutes`);
      await sleep(100);
    }
    return readFileSync(done, 'utf8');
  }
  await run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, env: npmEnv(dir) });
  const tarball = join(dir, readdirSync(dir).find((name) => name.endsWith('.tgz'))!);
  writeFileSync(done, tarball);
  return tarball;
}

interface LockedPackage { version: string; integrity: string; [field: string]: unknown }

const MANIFEST_FIELDS = ['dependencies', 'optionalDependencies', 'peerDependencies', 'peerDependenciesMeta', 'bin', 'engines', 'os', 'cpu'];

/** A registry on 127.0.0.1 with the lockfile's runtime packages; tarballs come from npm's cache. */
export async function lockfileRegistry(): Promise<{ url: string; close(): Promise<void> }> {
  const cache = (await run('npm', ['config', 'get', 'cache'], { env: npmEnv(process.env.HOME ?? tmpdir()) })).stdout.trim();
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage & { dev?: boolean }> };
  const byName = new Map<string, LockedPackage[]>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path || entry.dev || !entry.integrity) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    byName.set(name, [...(byName.get(name) ?? []), entry]);
  }
  const tarballs = new Map<string, string>();
  let base = '';
  const packument = (name: string, versions: LockedPackage[]) => ({
    name,
    'dist-tags': { latest: versions.at(-1)!.version },
    versions: Object.fromEntries(versions.map((entry) => {
      const file = `/${name}/-/${name.replace('/', '-')}-${entry.version}.tgz`;
      tarballs.set(file, cachedContent(cache, entry.integrity));
      const manifest = Object.fromEntries(MANIFEST_FIELDS.filter((field) => entry[field] !== undefined).map((field) => [field, entry[field]]));
      return [entry.version, { name, version: entry.version, ...manifest, dist: { tarball: `${base}${file}`, integrity: entry.integrity } }];
    })),
  });
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0]!);
    const tarball = tarballs.get(path);
    if (tarball) return void response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(tarball));
    const versions = byName.get(path.slice(1));
    if (!versions) return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(packument(path.slice(1), versions)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url: `${base}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Where npm's cache (cacache) keeps the content with this integrity. */
function cachedContent(cache: string, integrity: string): string {
  const hex = Buffer.from(integrity.replace(/^sha512-/, ''), 'base64').toString('hex');
  return join(cache, '_cacache', 'content-v2', 'sha512', hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
}

/** Installs the packed atx into `prefix` as `npm install -g --prefix` does (bin in prefix/bin), and returns npm's output. */
export async function installGlobally(tarball: string, prefix: string, registry: string, home: string): Promise<string> {
  const { stdout, stderr } = await run('npm', ['install', '-g', '--prefix', prefix, '--registry', registry, '--cache', join(home, 'npm-cache'), tarball], { env: npmEnv(home) });
  return `${stdout}${stderr}`;
}
