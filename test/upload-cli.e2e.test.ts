/**
 * The upload loop from the command line, against a real `atx serve`: login, dry run, upload and
 * replay, queue and flush, an unreachable server, refusals, and no secret in any byte written.
 * (Network faults are in upload-faults.e2e.test.ts.)
 */
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcript } from '../src/transcript/index.js';
import { FIXED_CLOCK, ROOT } from './support/cli-process.js';
import { AtxSandbox, type CreatedKey, type Serve } from './support/atx-sandbox.js';
import { claudeSession } from './support/claude-session.js';

const sandbox = new AtxSandbox('upload-cli');
const FIXTURES = ['claude-code/shell-tool/session.jsonl', 'codex/file-edit/rollout.jsonl', 'pi/v2-shell-tool/session.jsonl'].map((path) => join(ROOT, 'fixtures', path));
const PLANTED = join(ROOT, 'fixtures/claude-code/planted-secrets/session.jsonl');
const NEVER_SENT = join(ROOT, 'fixtures/codex/failing-command/rollout.jsonl');

let serve: Serve;
let key: CreatedKey;
let keyFile: string;

interface Summary {
  stored: number; replayed: number; refused: number; queued: number; failed: number; planned: number;
  items: Array<{ input: string; transcriptId: string | null; outcome: string; status?: number; message?: string; plan?: { gzipBytes: number; rawBytes: number; redactionsByRule: Record<string, number>; profile: string } }>;
}

const clientEnv = (outbox: string, extra: Record<string, string> = {}) => sandbox.env({ ATX_OUTBOX: outbox, ATX_CLOCK: FIXED_CLOCK, ...extra });
const summaryOf = (stdout: string) => JSON.parse(stdout) as Summary;

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${serve.url}${path}`, { ...init, headers: { authorization: `Bearer ${key.key}`, ...init.headers } });
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  const data = sandbox.dir('data');
  key = await sandbox.createKey(data);
  keyFile = join(sandbox.dir('keys'), 'key');
  writeFileSync(keyFile, `${key.key}\n`, { mode: 0o600 });
  serve = await sandbox.startServe(data);
});

afterAll(async () => {
  await sandbox.dispose();
});

describe('atx upload', () => {
  it('--dry-run shows sizes, counts and redactions per transcript and sends nothing', async () => {
    const outbox = sandbox.dir('outbox-dry');
    const port = await closedPort();
    const run = await sandbox.run(['upload', PLANTED, '--dry-run', '--json', '--endpoint', `http://127.0.0.1:${port}`, '--key-file', keyFile], clientEnv(outbox), 'dry-run');
    expect(run.code, run.stderr).toBe(0);
    const summary = summaryOf(run.stdout);
    expect(summary.planned).toBe(1);
    const plan = summary.items[0]!.plan!;
    expect(plan.profile).toBe('standard');
    // for a server on this machine the body is a gzip stream of stored (uncompressed) blocks: the JSON and a few framing bytes
    expect(plan.gzipBytes).toBeGreaterThan(plan.rawBytes);
    expect(plan.gzipBytes).toBeLessThan(plan.rawBytes + 64);
    expect(Object.values(plan.redactionsByRule).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(readdirSync(outbox)).toEqual([]);

    // for a server elsewhere (or none named) it is compressed
    const remote = await sandbox.run(['upload', PLANTED, '--dry-run', '--json', '--endpoint', 'https://atx.example.invalid', '--key-file', keyFile], clientEnv(outbox), 'dry-run remote');
    expect(remote.code, remote.stderr).toBe(0);
    const remotePlan = summaryOf(remote.stdout).items[0]!.plan!;
    expect(remotePlan.rawBytes).toBe(plan.rawBytes);
    expect(remotePlan.gzipBytes).toBeGreaterThan(0);
    expect(remotePlan.gzipBytes).toBeLessThan(plan.rawBytes);

    const human = await sandbox.run(['upload', PLANTED, '--dry-run', '--profile', 'research'], clientEnv(outbox), 'dry-run human');
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/size +[\d,]+ bytes JSON, [\d,]+ gzipped/);
    expect(human.stdout).toMatch(/profile +research/);
    expect(human.stdout).toMatch(/redactions +[1-9]\d* \(/);
    expect(human.stderr).toContain('nothing was sent');
  });

  it('stores each input once, and a second run is a replay with the same ids (worker threads or not)', async () => {
    const outbox = sandbox.dir('outbox-main');
    const args = ['upload', ...FIXTURES, '--endpoint', serve.url, '--key-file', keyFile, '--json'];
    const first = await sandbox.run([...args, '--jobs', '2'], clientEnv(outbox), 'upload 1');
    expect(first.code, first.stderr).toBe(0);
    const stored = summaryOf(first.stdout);
    expect(stored.stored).toBe(FIXTURES.length);
    expect(stored.items.map((item) => item.input)).toEqual(FIXTURES);
    const second = await sandbox.run([...args, '--jobs', '1'], clientEnv(outbox), 'upload 2');
    expect(second.code, second.stderr).toBe(0);
    const replayed = summaryOf(second.stdout);
    expect(replayed.replayed).toBe(FIXTURES.length);
    expect(replayed.items.map((item) => item.transcriptId)).toEqual(stored.items.map((item) => item.transcriptId));
    expect(readdirSync(outbox)).toEqual([]);

    // what the server holds is exactly what `atx convert` makes of the same input with the same key
    // (the server stores the document it validated, without its whitespace: compact)
    const id = stored.items[0]!.transcriptId!;
    const held = await (await api(`/v1/transcripts/${id}`)).text();
    const local = await sandbox.run(['convert', FIXTURES[0]!, '--id-from-content', '--key-file', keyFile, '-q'], clientEnv(outbox), 'convert');
    expect(held.trim()).toBe(JSON.stringify(JSON.parse(local.stdout)));
    const transcript = JSON.parse(held) as Transcript;
    expect(transcript.submitter.keyId).toBe(key.keyId);
  });

  it('the stored document has a secret recognised late removed from the events before it too', async () => {
    const secret = 'Vq7Lm2Xz9Kp4Rt8W';
    const log = join(sandbox.dir('late'), 'session.jsonl');
    writeFileSync(log, claudeSession([
      { user: `the box still takes ${secret} as its login` },
      { bash: 'cat .env', output: `DB_PASSWORD=${secret}\n` },
    ]));
    const outbox = sandbox.dir('outbox-late');
    const run = await sandbox.run(['upload', log, '--endpoint', serve.url, '--key-file', keyFile, '--json'], clientEnv(outbox), 'upload late');
    expect(run.code, run.stderr).toBe(0);
    const id = summaryOf(run.stdout).items[0]!.transcriptId!;
    const held = await (await api(`/v1/transcripts/${id}`)).text();
    expect(held).toContain('[REDACTED:password#1] as its login');
    expect(held).not.toContain(secret);
  });

  it('an unreachable server leaves the transcript queued (exit 4); outbox flush delivers it later', async () => {
    const outbox = sandbox.dir('outbox-offline');
    const port = await closedPort();
    const run = await sandbox.run(['upload', FIXTURES[1]!, '--endpoint', `http://127.0.0.1:${port}`, '--key-file', keyFile, '--retries', '2', '--timeout', '1', '--json'], clientEnv(outbox), 'offline');
    expect(run.code).toBe(4);
    const summary = summaryOf(run.stdout);
    expect(summary.queued).toBe(1);
    expect(summary.items[0]!.message).toMatch(/outbox/);

    const listed = await sandbox.run(['outbox', 'list', '--json'], clientEnv(outbox), 'outbox list');
    const items = (JSON.parse(listed.stdout) as { items: Array<{ transcriptId: string; attempts: number; lastError: string | null }> }).items;
    expect(items.map((item) => item.transcriptId)).toEqual([summary.items[0]!.transcriptId]);
    expect(items[0]!.attempts).toBe(3);
    expect(items[0]!.lastError).toBeTruthy();

    const flush = await sandbox.run(['outbox', 'flush', '--endpoint', serve.url, '--key-file', keyFile, '--json'], clientEnv(outbox), 'flush');
    expect(flush.code, flush.stderr).toBe(0);
    expect(summaryOf(flush.stdout).stored + summaryOf(flush.stdout).replayed).toBe(1);
    expect(readdirSync(outbox)).toEqual([]);
  });

  it('says each retry on stderr (attempt, reason, wait); -q says only what went wrong', async () => {
    const port = await closedPort();
    const offline = ['upload', FIXTURES[2]!, '--endpoint', `http://127.0.0.1:${port}`, '--key-file', keyFile, '--retries', '2', '--timeout', '1'];
    const told = await sandbox.run(offline, clientEnv(sandbox.dir('outbox-told')), 'retries told');
    expect(told.code).toBe(4);
    const retries = told.stderr.split('\n').filter((line) => line.includes('failed:'));
    expect(retries).toHaveLength(2);
    retries.forEach((line, index) => expect(line).toMatch(new RegExp(`: attempt ${index + 1} of 3 failed: connection refused \\(ECONNREFUSED\\) at http://127\\.0\\.0\\.1:${port}; trying again in \\d+(\\.\\d)? s$`)));

    const quiet = await sandbox.run([...offline, '-q'], clientEnv(sandbox.dir('outbox-quiet')), 'retries quiet');
    expect(quiet.code).toBe(4);
    expect(quiet.stderr).not.toContain('trying again');
    expect(quiet.stderr.trim().split('\n')).toHaveLength(1);
    expect(quiet.stderr).toMatch(/queued/);

    const queuedQuietly = await sandbox.run(['upload', FIXTURES[2]!, '--queue', '-q', '--endpoint', serve.url, '--key-file', keyFile], clientEnv(sandbox.dir('outbox-queued-quietly')), 'queue quiet');
    expect(queuedQuietly.code).toBe(0);
    expect(queuedQuietly.stderr).toBe('');
  });

  it('--queue only fills the outbox; upload --flush sends it; outbox drop removes without sending', async () => {
    const outbox = sandbox.dir('outbox-queue');
    const queued = await sandbox.run(['upload', PLANTED, NEVER_SENT, '--queue', '--endpoint', serve.url, '--key-file', keyFile, '--json'], clientEnv(outbox), 'queue');
    expect(queued.code, queued.stderr).toBe(0);
    const ids = summaryOf(queued.stdout).items.map((item) => item.transcriptId!);
    expect(summaryOf(queued.stdout).queued).toBe(2);
    for (const name of readdirSync(outbox)) expect(statSync(join(outbox, name)).mode & 0o077).toBe(0);

    const drop = await sandbox.run(['outbox', 'drop', ids[1]!], clientEnv(outbox), 'drop');
    expect(drop.code).toBe(0);
    const flushed = await sandbox.run(['upload', '--flush', '--key-file', keyFile, '--json'], clientEnv(outbox), 'upload --flush');
    expect(flushed.code, flushed.stderr).toBe(0);
    const summary = summaryOf(flushed.stdout);
    expect(summary.items.map((item) => item.transcriptId)).toEqual([ids[0]]);
    expect(summary.stored).toBe(1);
    expect(readdirSync(outbox)).toEqual([]);
    expect((await api(`/v1/transcripts/${ids[1]}`)).status).toBe(404);
  });

  it('a different document under an id already stored replaces it as version 2 (the outbox is emptied)', async () => {
    const outbox = sandbox.dir('outbox-conflict');
    const source = sandbox.dir('conflict');
    const converted = await sandbox.run(['convert', FIXTURES[0]!, '-q'], clientEnv(outbox), 'convert conflict');
    const document = JSON.parse(converted.stdout) as Transcript;
    writeFileSync(join(source, 'a.json'), JSON.stringify(document));
    document.events[0]!.text = 'something else';
    writeFileSync(join(source, 'b.json'), JSON.stringify(document));
    const first = await sandbox.run(['upload', join(source, 'a.json'), '--endpoint', serve.url, '--key-file', keyFile], clientEnv(outbox), 'conflict a');
    expect(first.code, first.stderr).toBe(0);
    const second = await sandbox.run(['upload', join(source, 'b.json'), '--endpoint', serve.url, '--key-file', keyFile, '--json'], clientEnv(outbox), 'conflict b');
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ stored: 1 });
    expect(readdirSync(outbox).filter((name) => name.endsWith('.json.gz'))).toEqual([]);
  });

  it('refuses what must not be sent: profile none, plain http to another host, no key', async () => {
    const outbox = sandbox.dir('outbox-refuse');
    const none = await sandbox.run(['upload', FIXTURES[0]!, '--profile', 'none', '--endpoint', serve.url, '--key-file', keyFile], clientEnv(outbox), 'none');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--allow-unredacted');
    const allowed = await sandbox.run(['upload', FIXTURES[0]!, '--profile', 'none', '--allow-unredacted', '--dry-run'], clientEnv(outbox), 'none allowed');
    expect(allowed.code).toBe(0);
    const remote = await sandbox.run(['upload', FIXTURES[0]!, '--endpoint', 'http://transcripts.example.com', '--key-file', keyFile], clientEnv(outbox), 'remote http');
    expect(remote.code).toBe(2);
    expect(remote.stderr).toMatch(/plain http:\/\/ is only allowed to this machine/);
    const keyless = await sandbox.run(['upload', FIXTURES[0]!, '--endpoint', serve.url], clientEnv(outbox), 'no key');
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toMatch(/no submission key/);
    expect(readdirSync(outbox)).toEqual([]);
  });
});

describe('atx login', () => {
  it('saves key and endpoint with mode 600; upload then needs neither flag; a readable config is refused', async () => {
    const config = join(sandbox.home, '.config', 'atx', 'config.json');
    const outbox = sandbox.dir('outbox-login');
    const login = await sandbox.run(['login', '--endpoint', serve.url], clientEnv(outbox), 'login', { input: `${key.key}\n` });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(key.keyId);
    expect(statSync(config).mode & 0o777).toBe(0o600);

    const upload = await sandbox.run(['upload', FIXTURES[2]!, '--json'], clientEnv(outbox), 'upload after login');
    expect(upload.code, upload.stderr).toBe(0);
    expect(summaryOf(upload.stdout).stored + summaryOf(upload.stdout).replayed).toBe(1);

    chmodSync(config, 0o644);
    const refused = await sandbox.run(['upload', FIXTURES[2]!], clientEnv(outbox), 'readable config');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('chmod 600');
    chmodSync(config, 0o600);

    const logout = await sandbox.run(['logout'], clientEnv(outbox), 'logout');
    expect(logout.code).toBe(0);
    expect(readFileSync(config, 'utf8')).not.toContain(key.secret);
    expect((JSON.parse(readFileSync(config, 'utf8')) as { upload: { endpoint: string } }).upload.endpoint).toBe(serve.url);
  });

  it('reads the key from stdin or a file, never an argument, and refuses a key file others can read', async () => {
    const loose = join(sandbox.dir('keys-loose'), 'key');
    writeFileSync(loose, key.key, { mode: 0o644 });
    chmodSync(loose, 0o644);
    const run = await sandbox.run(['login', '--key-file', loose, '--config', join(sandbox.root, 'other.json')], sandbox.env(), 'login loose');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('chmod 600');
    const argument = await sandbox.run(['login', key.key], sandbox.env(), 'login argument');
    expect(argument.code).toBe(2);
  });
});

describe('secrets', () => {
  it('no byte any atx process printed or wrote holds a key secret (except the key and config files made to hold it)', () => {
    const config = join(sandbox.home, '.config', 'atx', 'config.json');
    const exempt = (path: string) => path === keyFile || path.includes('keys-loose') || path === config;
    expect(sandbox.secrets.length).toBeGreaterThan(0);
    expect(sandbox.written.length).toBeGreaterThan(10);
    expect(sandbox.secretSightings(exempt)).toEqual([]);
  });
});
