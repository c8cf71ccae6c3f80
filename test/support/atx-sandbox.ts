/**
 * End-to-end tests of the upload loop run real `atx` processes: a server, key commands, clients.
 * A sandbox gives them a private HOME (config, outbox and data dirs inside it), keeps every byte
 * they print so a test can check that no secret ever appears, and kills what is still running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CLI, ROOT } from './cli-process.js';

export interface AtxProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface AtxRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Serve {
  url: string;
  port: number;
  proc: AtxProcess;
  /** SIGKILL (a crash) by default, or SIGTERM; resolves when the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface CreatedKey {
  key: string;
  keyId: string;
  secret: string;
  /** what keys create said on stderr */
  stderr: string;
}

const KEY_PATTERN = /\batx_([A-Za-z0-9]{4,64})_([A-Za-z0-9_-]{16,256})/;
const LISTENING = /listening on (http:\/\/\S+)/;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export class AtxSandbox {
  readonly root: string;
  readonly home: string;
  /** stdout and stderr of every process (except what `keys create` prints: the key itself) */
  readonly written: Array<{ label: string; bytes: Buffer }> = [];
  /** every key made here: none of their secrets may appear in `written` or on disk */
  readonly secrets: CreatedKey[] = [];
  private readonly alive = new Set<ChildProcess>();
  private serveCount = 0;

  constructor(name: string) {
    this.root = mkdtempSync(join(tmpdir(), `atx-${name}-`));
    this.home = join(this.root, 'home');
    for (const dir of ['.config', '.local/share', '.local/state', '.cache']) mkdirSync(join(this.home, dir), { recursive: true });
  }

  /** Nothing inherited but PATH: no proxy, no ATX_* of the person running the tests. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      TMPDIR: tmpdir(),
      NO_COLOR: '1',
      TZ: 'UTC',
      HOME: this.home,
      XDG_CONFIG_HOME: join(this.home, '.config'),
      XDG_DATA_HOME: join(this.home, '.local/share'),
      XDG_STATE_HOME: join(this.home, '.local/state'),
      XDG_CACHE_HOME: join(this.home, '.cache'),
      ...extra,
    };
  }

  dir(name: string): string {
    const path = join(this.root, name);
    mkdirSync(path, { recursive: true });
    return path;
  }

  spawn(args: string[], env: Record<string, string>, label: string, options: { record?: boolean; input?: string; cwd?: string } = {}): AtxProcess {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd ?? ROOT, env, stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    if (options.input !== undefined) child.stdin!.end(options.input);
    this.alive.add(child);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => err.push(chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code, signal) => {
        this.alive.delete(child);
        if (options.record !== false) {
          this.written.push({ label: `${label} stdout`, bytes: Buffer.concat(out) }, { label: `${label} stderr`, bytes: Buffer.concat(err) });
        }
        resolve({ code, signal });
      });
    });
    return { child, stdout: () => Buffer.concat(out).toString('utf8'), stderr: () => Buffer.concat(err).toString('utf8'), exited };
  }

  async run(args: string[], env: Record<string, string>, label: string, options: { record?: boolean; input?: string; cwd?: string } = {}): Promise<AtxRun> {
    const proc = this.spawn(args, env, label, options);
    const { code, signal } = await proc.exited;
    return { code, signal, stdout: proc.stdout(), stderr: proc.stderr() };
  }

  /** `atx serve` on a free port (or `port`), quiet unless asked for its request lines; resolves once it listens. */
  async startServe(dataDir: string, extra: string[] = [], port = 0, options: { quiet?: boolean } = {}): Promise<Serve> {
    const label = `serve#${++this.serveCount}`;
    const quiet = options.quiet === false ? [] : ['--quiet'];
    const proc = this.spawn(['serve', '--port', String(port), '--data-dir', dataDir, ...quiet, ...extra], this.env(), label);
    let exited = false;
    void proc.exited.then(() => { exited = true; });
    await until(() => LISTENING.test(proc.stderr()) || exited, `${label} to listen`, 20_000);
    const match = LISTENING.exec(proc.stderr());
    if (!match?.[1]) throw new Error(`${label} did not start: ${proc.stderr()}`);
    const url = match[1].replace(/\/+$/, '');
    return {
      url,
      port: Number(new URL(url).port),
      proc,
      async stop(signal: NodeJS.Signals = 'SIGKILL') {
        if (!exited) {
          proc.child.kill(signal);
          await proc.exited;
        }
      },
    };
  }

  /** A key, then `atx serve` on a fresh data folder that knows it. */
  async keyedServe(): Promise<{ key: CreatedKey; serve: Serve }> {
    const data = this.dir('data');
    const key = await this.createKey(data);
    return { key, serve: await this.startServe(data) };
  }

  async createKey(dataDir: string, name?: string): Promise<CreatedKey> {
    const naming = name ? ['--name', name] : [];
    const run = await this.run(['serve', 'keys', 'create', ...naming, '--data-dir', dataDir], this.env(), 'keys create', { record: false });
    const match = KEY_PATTERN.exec(run.stdout);
    if (run.code !== 0 || !match?.[1] || !match[2]) throw new Error(`keys create failed (${run.code}): ${run.stderr}`);
    const created = { key: match[0], keyId: match[1], secret: match[2], stderr: run.stderr };
    this.secrets.push(created);
    // whatever keys create wrote besides the key itself still counts
    this.written.push({ label: 'keys create stdout (key removed)', bytes: Buffer.from(run.stdout.split(match[0]).join('')) });
    this.written.push({ label: 'keys create stderr', bytes: Buffer.from(run.stderr) });
    return created;
  }

  /**
   * Where a key's secret appears: in what a process printed, or in a file under the sandbox
   * (gzip files, like outbox items, are searched compressed and decompressed), except `exempt` files.
   */
  secretSightings(exempt: (path: string) => boolean = () => false): string[] {
    const places = [...this.written];
    for (const path of filesUnder(this.root).filter((file) => !exempt(file))) {
      const bytes = readFileSync(path);
      places.push({ label: path, bytes });
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
        try {
          places.push({ label: `${path} (gunzipped)`, bytes: gunzipSync(bytes) });
        } catch {
          // not a whole gzip stream (a temp file cut short by a kill)
        }
      }
    }
    return this.secrets.flatMap(({ secret }) => places.filter(({ bytes }) => bytes.includes(secret)).map(({ label }) => label));
  }

  async dispose(): Promise<void> {
    for (const child of this.alive) child.kill('SIGKILL');
    await sleep(50);
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** Regular files under a folder, recursively (an absent folder has none). */
export function filesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}
