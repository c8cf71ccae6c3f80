import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PATHS } from '../src/api/contract.js';
import { runCli } from './support/cli-process.js';
import { AtxSandbox } from './support/atx-sandbox.js';
import { bytesOf, removeTempDataDirs, tempDataDir, transcript } from './server-support.js';

afterAll(removeTempDataDirs);

const KEY = /^atx_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{43})$/;
const REQUEST_LINE = /^\d{4}-\d\d-\d\dT\S+Z \S+ [A-Z]+ \/\S* (\d{3}|-) \d+ms \d+B key=\S+$/;

const sandbox = new AtxSandbox('serve-e2e');
afterAll(() => sandbox.dispose());

async function post(url: string, key: string, document: unknown): Promise<number> {
  const response = await fetch(`${url}${PATHS.transcripts}`, {
    method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: bytesOf(document),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('atx serve keys (CLI)', () => {
  it('create prints the key once on stdout; list and revoke never print a secret', async () => {
    const dataDir = tempDataDir();
    const run = await runCli(['serve', 'keys', 'create', '--name', 'laptop', '--data-dir', dataDir]);
    expect(run.code, run.stderr).toBe(0);
    const [, keyId, secret] = KEY.exec(run.stdout.trim()) ?? []; // stdout is the key and nothing else
    expect(keyId, run.stdout).toBeDefined();
    const created = { keyId: keyId!, secret: secret!, stderr: run.stderr };
    expect(created.stderr).toContain(created.keyId);
    expect(created.stderr).toMatch(/only time/);
    expect(created.stderr).not.toContain(created.secret);

    const list = await runCli(['serve', 'keys', 'list', '--data-dir', dataDir]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^KEY ID .*\\n${created.keyId}\\s+laptop\\s+\\S+\\s+-\\s+0\\n$`));
    const json = await runCli(['serve', 'keys', 'list', '--json', '--data-dir', dataDir]);
    expect(JSON.parse(json.stdout)).toEqual([{ keyId: created.keyId, name: 'laptop', createdAt: expect.any(String), revokedAt: null, transcripts: 0 }]);

    const revoke = await runCli(['serve', 'keys', 'revoke', created.keyId, '--data-dir', dataDir]);
    expect(revoke.code).toBe(0);
    expect(revoke.stderr).toContain(`revoked key ${created.keyId}`);
    const unknown = await runCli(['serve', 'keys', 'revoke', 'Nope12345678', '--data-dir', dataDir]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    for (const run of [list, json, revoke, unknown]) expect(run.stdout + run.stderr).not.toContain(created.secret);
  });

  it('takes the data dir from ATX_SERVE_DATA, and refuses bad flags with one line', async () => {
    const dataDir = tempDataDir();
    const created = await runCli(['serve', 'keys', 'create'], { env: { ATX_SERVE_DATA: dataDir } });
    expect(created.code).toBe(0);
    const list = await runCli(['serve', 'keys', 'list', '--json', '--data-dir', dataDir]);
    expect(JSON.parse(list.stdout)).toHaveLength(1);
    const badPort = await runCli(['serve', '--port', 'eighty', '--data-dir', dataDir]);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toMatch(/^atx: error: --port must be a whole number/);
    expect(badPort.stderr.trim().split('\n')).toHaveLength(1);
    const help = await runCli(['serve', '--help']);
    expect(help.stdout).toMatch(/Examples:[\s\S]*atx serve keys create/);
  });
});

describe('atx serve (CLI)', () => {
  it('listens, serves, logs one line per request without secrets, sees key changes at once, and exits 0 on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const first = await sandbox.createKey(dataDir);
    const server = await sandbox.startServe(dataDir, [], 0, { quiet: false });
    let requests = 0;
    try {
      expect(server.proc.stderr().trim().split('\n')).toEqual([expect.stringMatching(/^atx serve: listening on http:\/\/127\.0\.0\.1:\d+ \(data .+\)$/)]);
      const health = await fetch(`${server.url}${PATHS.health}`);
      requests++;
      expect(await health.json()).toMatchObject({ status: 'ok' });
      expect(await post(server.url, first.key, transcript({ keyId: first.keyId }))).toBe(201);
      requests++;

      // keys managed by another process while the server runs
      const second = await sandbox.createKey(dataDir, 'second');
      expect(await post(server.url, second.key, transcript())).toBe(201);
      requests++;
      expect((await runCli(['serve', 'keys', 'revoke', second.keyId, '--data-dir', dataDir])).code).toBe(0);
      expect(await post(server.url, second.key, transcript())).toBe(403);
      requests++;
      expect(await post(server.url, `atx_${first.keyId}_wrongwrongwrongwrongwrong`, transcript())).toBe(401);
      requests++;

      server.proc.child.kill('SIGTERM');
      const exit = await server.proc.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      const stderr = server.proc.stderr();
      const requestLines = stderr.split('\n').filter((line) => REQUEST_LINE.test(line));
      expect(requestLines).toHaveLength(requests);
      expect(requestLines.filter((line) => line.endsWith(`key=${first.keyId}`))).toHaveLength(2);
      for (const secret of [first.secret, second.secret]) expect(stderr).not.toContain(secret);
      expect(stderr).toMatch(/atx serve: stopped\n$/);
    } finally {
      server.proc.child.kill('SIGKILL');
    }
  });

  it('takes its cost limits from flags: a document deeper than --max-depth gets 413 naming the limit', async () => {
    const dataDir = tempDataDir();
    const { key, keyId } = await sandbox.createKey(dataDir);
    const server = await sandbox.startServe(dataDir, ['--max-depth', '8', '--max-events', '3']);
    try {
      const nested = transcript({ keyId }) as { events: Array<Record<string, unknown>> };
      nested.events[0]!.meta = JSON.parse(`${'{"a":'.repeat(10)}1${'}'.repeat(10)}`) as unknown;
      const response = await fetch(`${server.url}${PATHS.transcripts}`, {
        method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: bytesOf(nested),
      });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: { details: { limit: string } } }).error.details.limit).toBe('depth');
      expect(await post(server.url, key, transcript({ keyId, events: 5 }))).toBe(413);
      expect(await post(server.url, key, transcript({ keyId }))).toBe(201);
    } finally {
      server.proc.child.kill('SIGKILL');
    }
  });

  it('survives SIGKILL mid-batch: a restart on the same data dir keeps what was stored and accepts the batch again', async () => {
    const dataDir = tempDataDir();
    const { key } = await sandbox.createKey(dataDir);
    const server = await sandbox.startServe(dataDir);
    const kept = transcript({ text: 'kept across the crash' });
    const batch = Array.from({ length: 40 }, (_, i) => transcript({ text: `batch ${i} ${'z'.repeat(20_000)}` }));
    try {
      expect(await post(server.url, key, kept)).toBe(201);
      const inFlight = batch.map((document) => post(server.url, key, document).catch(() => 0));
      // kill as soon as the first of the batch is stored, while the others are mid-request
      await Promise.race([
        ...inFlight.map((status) => status.then((s) => (s === 201 ? undefined : new Promise(() => {})))),
        new Promise((resolve) => setTimeout(resolve, 3_000)),
      ]);
      server.proc.child.kill('SIGKILL');
      expect((await server.proc.exited).signal).toBe('SIGKILL');
      const statuses = await Promise.all(inFlight);
      expect(statuses.every((status) => status === 0 || status === 201)).toBe(true);
      expect(server.proc.stderr().split('\n').filter((line) => REQUEST_LINE.test(line))).toEqual([]); // --quiet
    } finally {
      server.proc.child.kill('SIGKILL');
    }

    const restarted = await sandbox.startServe(dataDir, [], 0, { quiet: false });
    try {
      expect(restarted.proc.stderr()).toMatch(/listening on/);
      const read = await fetch(`${restarted.url}${PATHS.transcript(kept.transcriptId as string)}`, { headers: { authorization: `Bearer ${key}` } });
      expect(read.status).toBe(200);
      expect(await read.text()).toBe(bytesOf(kept).toString('utf8'));
      // every document of the batch is now stored whole or not at all: uploading again stores or replays it
      const again = await Promise.all(batch.map((document) => post(restarted.url, key, document)));
      expect(again.every((status) => status === 201 || status === 200), again.join(',')).toBe(true);
      const list = await fetch(`${restarted.url}${PATHS.transcripts}?limit=100`, { headers: { authorization: `Bearer ${key}` } });
      expect(((await list.json()) as { items: unknown[] }).items).toHaveLength(41);
      const leftovers = readdirSync(join(dataDir, 'blobs'), { recursive: true }).map(String).filter((name) => name.includes('.tmp-'));
      expect(leftovers).toEqual([]);
    } finally {
      restarted.proc.child.kill('SIGTERM');
      expect((await restarted.proc.exited).code).toBe(0);
    }
    expect(existsSync(join(dataDir, 'index.sqlite.lock'))).toBe(false);
  });
});
