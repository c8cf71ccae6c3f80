import { createServer, type IncomingHttpHeaders } from 'node:http';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentSha256 } from '../src/api/contract.js';
import { parseKey } from '../src/keys.js';
import { deliver, describeProblem, formatBytes, type AttemptEvent, type DeliveryOutcome } from '../src/upload/deliver.js';
import { UploadClient } from '../src/upload/http-client.js';
import { Outbox } from '../src/upload/outbox.js';
import type { RetryPolicy } from '../src/upload/retry.js';

const SECRET = 'sEcReT0123456789abcdefXYZ';
const KEY = parseKey(`atx_k123_${SECRET}`, 'test');
const ID = '0b9e3f4c-2a51-4d7e-9c3b-5f6a7b8c9d0e';
const DOCUMENT = JSON.stringify({ transcriptId: ID, events: [] });
const DIGEST = contentSha256(JSON.parse(DOCUMENT));
const STORED = { transcriptId: ID, status: 'stored', url: `/v1/transcripts/${ID}`, storedAt: '2026-01-01T00:00:00.000Z', bytes: DOCUMENT.length, eventCount: 0, digest: DIGEST };
const POLICY: RetryPolicy = { maxAttempts: 6, maxTotalMs: 120_000, baseDelayMs: 250, maxDelayMs: 30_000 };

/** raw: the body as is (not JSON); halfway: send the headers and part of the body, then reset */
type Step = 'reset' | { status: number; body?: unknown; raw?: string; halfway?: true; headers?: Record<string, string> };

let dir: string;
const cleanups: Array<() => Promise<void>> = [];
beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'atx-deliver-')); });
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
  await rm(dir, { recursive: true, force: true });
});

/** Answers request n with steps[n] (the last step repeats); records what each request carried. */
async function scriptedServer(steps: Step[]): Promise<{ url: string; requests: Array<{ headers: IncomingHttpHeaders; body: Buffer }> }> {
  const requests: Array<{ headers: IncomingHttpHeaders; body: Buffer }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks) });
      const step = steps[Math.min(requests.length - 1, steps.length - 1)]!;
      if (step === 'reset') { req.socket.resetAndDestroy(); return; }
      const text = step.raw ?? (step.body === undefined ? '' : JSON.stringify(step.body));
      res.writeHead(step.status, { 'content-type': step.raw === undefined ? 'application/json' : 'text/html', ...step.headers });
      if (step.halfway) {
        res.write(text.slice(0, Math.floor(text.length / 2)), () => setTimeout(() => req.socket.resetAndDestroy(), 20));
        return;
      }
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

async function setup(steps: Step[], policy: RetryPolicy = POLICY) {
  const server = await scriptedServer(steps);
  const outbox = await Outbox.open(join(dir, 'outbox'));
  const client = new UploadClient({ endpoint: new URL(server.url), key: KEY, connectTimeoutMs: 1000, requestTimeoutMs: 2000, env: {}, userAgent: 'atx-test' });
  cleanups.push(() => client.close());
  const entry = await outbox.put({ transcriptId: ID, body: gzipSync(DOCUMENT), meta: { endpoint: server.url, keyId: KEY.keyId, profile: 'standard' } });
  // a fake clock that only moves when deliver sleeps: no test waits for real backoff
  let now = 1_000_000;
  const waits: number[] = [];
  const events: AttemptEvent[] = [];
  const run = () => deliver(entry, {
    outbox, client, policy,
    now: () => now,
    sleep: async (ms) => { waits.push(ms); now += ms; },
    random: () => 1,
    onAttempt: (event) => events.push(event),
  });
  return { server, outbox, client, entry, waits, events, run };
}

const noSecretIn = async (outcome: DeliveryOutcome) => {
  expect(JSON.stringify(outcome)).not.toContain(SECRET);
  for (const name of await readdir(join(dir, 'outbox'))) {
    expect((await readFile(join(dir, 'outbox', name))).toString('latin1')).not.toContain(SECRET);
  }
};

describe('deliver', () => {
  it('through a reset, a 500 and a 503 with Retry-After to a 201: delivered once, same key every time, out of the outbox', async () => {
    const { server, outbox, waits, events, run } = await setup([
      'reset',
      { status: 500, body: { error: { code: 'internal', message: 'oops' } } },
      { status: 503, body: { error: { code: 'rate_limited', message: 'busy' } }, headers: { 'retry-after': '1' } },
      { status: 201, body: STORED },
    ]);
    const outcome = await run();
    expect(outcome).toEqual({ outcome: 'stored', transcriptId: ID, status: 201, attempts: 4, stored: STORED });
    expect(server.requests).toHaveLength(4);
    expect(new Set(server.requests.map((r) => r.headers['idempotency-key']))).toEqual(new Set([ID]));
    for (const request of server.requests) expect(gunzipSync(request.body).toString()).toBe(DOCUMENT);
    expect(waits).toEqual([250, 500, 1000]);
    expect(waits[2]).toBeGreaterThanOrEqual(1000); // Retry-After: 1 honoured
    expect(events.map((e) => [e.attempt, e.classification, e.nextDelayMs])).toEqual([[1, 'retry', 250], [2, 'retry', 500], [3, 'retry', 1000], [4, 'stored', null]]);
    expect(await outbox.list()).toEqual([]);
    expect(await readdir(join(dir, 'outbox'))).toEqual([]);
  });

  it('Retry-After longer than the backoff wins', async () => {
    const { waits, run } = await setup([{ status: 429, headers: { 'retry-after': '9' } }, { status: 201, body: STORED }]);
    expect((await run()).outcome).toBe('stored');
    expect(waits).toEqual([9000]);
  });

  it('a 200 is a replay, and the item leaves the outbox', async () => {
    const { outbox, run } = await setup([{ status: 200, body: { ...STORED, status: 'replayed' } }]);
    expect(await run()).toMatchObject({ outcome: 'replayed', status: 200, attempts: 1, stored: { status: 'replayed' } });
    expect(await outbox.list()).toEqual([]);
  });

  it('a Stored answer without a digest (a server before the digest field) is trusted on the id', async () => {
    const { digest: _digest, ...withoutDigest } = STORED;
    const { outbox, run } = await setup([{ status: 201, body: withoutDigest }]);
    expect(await run()).toMatchObject({ outcome: 'stored', stored: withoutDigest });
    expect(await outbox.list()).toEqual([]);
  });

  describe('a success status without a Stored answer for this transcript and content keeps the item, at once', () => {
    const otherId = '11111111-2222-4333-8444-555555555555';
    it.each([
      ['200 garbage', { status: 200, raw: 'ok\u0000garbage' }, /the answer is not JSON \(it begins "ok garbage"\)/],
      ['200 HTML', { status: 200, raw: '<!doctype html><html><body>Welcome to nginx</body></html>' }, /the answer is not JSON \(it begins "<!doctype html>/],
      ['204 no content', { status: 204 }, /answers 201 or 200 to a stored transcript, not 204/],
      ["a proxy's 201 {}", { status: 201, body: {} }, /not a Stored answer \(missing or wrong: transcriptId, status, url, storedAt, bytes, eventCount\)/],
      ['202 accepted', { status: 202, body: STORED }, /not 202/],
      ['201 empty', { status: 201 }, /the answer is empty/],
      ['Stored for another id', { status: 201, body: { ...STORED, transcriptId: otherId } }, new RegExp(`about transcript ${otherId}, not this one`)],
      ['Stored for other content', { status: 201, body: { ...STORED, digest: 'ab'.repeat(32) } }, /content digest abababababab… is not that of what was sent/],
      ['"replayed" with 201', { status: 201, body: { ...STORED, status: 'replayed' } }, /says "replayed" with status 201/],
    ] as const)('%s', async (_name, step, reason) => {
      const { server, outbox, run } = await setup([step as Step]);
      const outcome = await run();
      expect(outcome).toMatchObject({ outcome: 'queued', reason: 'unverified', attempts: 1, lastStatus: step.status });
      const message = outcome.outcome === 'queued' ? outcome.message : '';
      expect(message).toMatch(reason);
      expect(message).toMatch(/^not delivered, queued: the server answered \d+ [a-z ]+, but .*; check --endpoint/);
      expect(server.requests).toHaveLength(1);
      const [kept] = await outbox.list();
      expect(kept?.meta).toMatchObject({ attempts: 1, lastStatus: step.status, lastError: message });
    });
  });

  it('a 201 whose answer breaks off is retried, and the replay settles it', async () => {
    const { server, outbox, events, run } = await setup([{ status: 201, body: STORED, halfway: true }, { status: 200, body: { ...STORED, status: 'replayed' } }]);
    expect(await run()).toMatchObject({ outcome: 'replayed', attempts: 2 });
    expect(events.map((e) => e.classification)).toEqual(['retry', 'replayed']);
    expect(server.requests).toHaveLength(2);
    expect(await outbox.list()).toEqual([]);
  });

  it('an outbox body that is gzip but not JSON is broken, never sent', async () => {
    const { server, outbox, entry, run } = await setup([{ status: 201, body: STORED }]);
    await outbox.remove(entry.transcriptId);
    await outbox.put({ transcriptId: ID, body: gzipSync('{"transcriptId": "cut off') });
    const outcome = await run();
    expect(outcome).toMatchObject({ outcome: 'broken', attempts: 0 });
    expect(outcome.outcome === 'broken' && outcome.message).toContain('not a JSON document');
    expect(server.requests).toHaveLength(0);
  });

  it('409 keeps the item in the failed list, records why, and does not retry', async () => {
    const { server, outbox, run } = await setup([{ status: 409, body: { error: { code: 'conflict', message: 'different content' } } }]);
    const outcome = await run();
    expect(outcome).toMatchObject({
      outcome: 'refused', status: 409, attempts: 1, code: 'conflict',
      message: 'server refused: 409 conflict: a different transcript with this id is already stored',
    });
    expect(server.requests).toHaveLength(1);
    const [kept] = await outbox.list();
    expect(kept?.meta).toMatchObject({ attempts: 1, lastStatus: 409, lastError: 'server refused: 409 conflict: a different transcript with this id is already stored' });
    expect(kept?.meta.lastAttemptAt).toBe(new Date(1_000_000).toISOString());
    expect(kept?.meta).toMatchObject({ failedAt: new Date(1_000_000).toISOString(), failedReason: kept?.meta.lastError });
    expect(outcome).toMatchObject({ failed: true });
  });

  it('a stale version (409 stale_version) is said as such', async () => {
    const stale = await setup([{ status: 409, body: { error: { code: 'stale_version', message: 'older than version 2' } } }]);
    expect(await stale.run()).toMatchObject({ outcome: 'refused', code: 'stale_version', failed: true, message: 'server refused: 409 conflict: a newer version of this session is already stored' });
  });

  it('a 401 stays pending (the key is fixed, not the item)', async () => {
    const unauthorized = await setup([{ status: 401, body: { error: { code: 'unauthorized', message: 'unknown key' } } }]);
    expect(await unauthorized.run()).toMatchObject({ outcome: 'refused', failed: false });
    expect((await unauthorized.outbox.list())[0]?.meta.failedAt).toBeNull();
  });

  it('422 lists the failing paths', async () => {
    const { outbox, run } = await setup([{
      status: 422,
      body: { error: { code: 'invalid_transcript', message: 'not a valid Transcript', details: [{ path: 'events.3.type', message: 'Invalid option' }, { path: '(document)', message: 'Unrecognized key "x"' }, 'junk'] } },
    }]);
    const outcome = await run();
    expect(outcome).toMatchObject({
      outcome: 'refused', status: 422, code: 'invalid_transcript',
      message: 'server refused: 422 unprocessable entity (2 failing paths): not a valid Transcript',
      details: ['events.3.type: Invalid option', '(document): Unrecognized key "x"'],
    });
    expect((await outbox.list())[0]?.meta.lastStatus).toBe(422);
  });

  it('401 names the key id, never the secret, even when the server echoes the header', async () => {
    const { run } = await setup([{ status: 401, body: { error: { code: 'unauthorized', message: `unknown key Bearer atx_k123_${SECRET}` } } }]);
    const outcome = await run();
    expect(outcome).toMatchObject({ outcome: 'refused', status: 401, message: 'server refused: 401 unauthorized (key id k123): unknown key Bearer atx_k123_…' });
    await noSecretIn(outcome);
  });

  it('413 gives the limit and what to do', async () => {
    const { run } = await setup([{ status: 413, body: { error: { code: 'payload_too_large', message: 'too big', details: { limitBytes: 32 * 1024 * 1024 } } } }]);
    expect(await run()).toMatchObject({ outcome: 'refused', message: 'server refused: 413 payload too large (limit 32 MiB): try --profile research or public to send less' });
  });

  it('a refusal without a contract body still reads well', async () => {
    const { run } = await setup([{ status: 404 }]);
    const outcome = await run();
    expect(outcome).toMatchObject({ outcome: 'refused', code: 'not_found' });
    expect(outcome.outcome === 'refused' && outcome.message).toMatch(/^server refused: 404 not found: no upload API at POST http:\/\/127\.0\.0\.1:\d+\/v1\/transcripts; check --endpoint$/);
  });

  it('runs out of attempts: queued, kept, attempts recorded over runs', async () => {
    const { server, outbox, run } = await setup([{ status: 500 }], { ...POLICY, maxAttempts: 3 });
    const first = await run();
    expect(first).toEqual({ outcome: 'queued', transcriptId: ID, attempts: 3, lastStatus: 500, reason: 'attempts', message: 'not delivered, queued after 3 attempts: 500 internal server error' });
    expect(server.requests).toHaveLength(3);
    await run();
    const [kept] = await outbox.list();
    expect(kept?.meta).toMatchObject({ attempts: 6, lastStatus: 500, lastError: first.outcome === 'queued' ? first.message : '' });
  });

  it('runs out of time: queued before a wait that would pass the budget', async () => {
    const { server, outbox, waits, run } = await setup([{ status: 503 }], { ...POLICY, maxAttempts: 100, maxTotalMs: 2000 });
    const outcome = await run();
    // waits 250 + 500 + 1000 = 1750; the next (2000) would end past 2000 ms
    expect(waits).toEqual([250, 500, 1000]);
    expect(outcome).toMatchObject({ outcome: 'queued', attempts: 4, reason: 'budget', lastStatus: 503 });
    expect(outcome.outcome === 'queued' && outcome.message).toMatch(/^not delivered, queued after 4 attempts \(retry time limit 2 s reached\): 503 service unavailable$/);
    expect(server.requests).toHaveLength(4);
    expect((await outbox.list())).toHaveLength(1);
  });

  it('a Retry-After beyond the budget queues at once', async () => {
    const { server, run } = await setup([{ status: 503, headers: { 'retry-after': '3600' } }]);
    const outcome = await run();
    expect(outcome).toMatchObject({ outcome: 'queued', attempts: 1, reason: 'budget' });
    expect(outcome.outcome === 'queued' && outcome.message).toContain('the server asked to wait 3600 s');
    expect(server.requests).toHaveLength(1);
  });

  it('an unreachable server: queued with a plain message, no lastStatus', async () => {
    const outbox = await Outbox.open(join(dir, 'outbox'));
    const entry = await outbox.put({ transcriptId: ID, body: gzipSync(DOCUMENT) });
    const client = new UploadClient({ endpoint: new URL('http://127.0.0.1:1'), key: KEY, connectTimeoutMs: 500, requestTimeoutMs: 500, env: {}, userAgent: 'atx-test' });
    cleanups.push(() => client.close());
    const outcome = await deliver(entry, { outbox, client, policy: { ...POLICY, maxAttempts: 2 }, sleep: async () => {} });
    expect(outcome).toEqual({ outcome: 'queued', transcriptId: ID, attempts: 2, reason: 'attempts', message: 'not delivered, queued after 2 attempts: connection refused (ECONNREFUSED) at http://127.0.0.1:1' });
    expect((await outbox.get(ID))?.meta).toMatchObject({ attempts: 2, lastStatus: null, lastError: outcome.outcome === 'queued' ? outcome.message : '' });
    await noSecretIn(outcome);
  });

  it('a broken body is never sent', async () => {
    const { server, outbox, entry, run } = await setup([{ status: 201, body: STORED }]);
    const bytes = await readFile(entry.bodyPath);
    await writeFile(entry.bodyPath, bytes.subarray(0, bytes.length - 4));
    const outcome = await run();
    expect(outcome).toMatchObject({ outcome: 'broken', attempts: 0 });
    expect(outcome.outcome === 'broken' && outcome.message).toContain('truncated');
    expect(server.requests).toHaveLength(0);
    expect(await outbox.list()).toHaveLength(1);
  });

  describe('a body in hand (this run just put it in the outbox)', () => {
    const inHandRun = async (digest: string) => {
      const { server, outbox, client, entry } = await setup([{ status: 201, body: STORED }]);
      // what is on disk is not what is sent: the outbox is not read back
      await writeFile(entry.bodyPath, gzipSync('not the document'));
      const body = gzipSync(DOCUMENT);
      const outcome = await deliver(entry, { outbox, client, policy: POLICY, inHand: { body, sent: { transcriptId: ID, digest } } });
      return { outcome, server, outbox, body };
    };

    it('is sent as it is and checked against the digest taken when it was prepared', async () => {
      const { outcome, server, outbox, body } = await inHandRun(DIGEST);
      expect(outcome).toMatchObject({ outcome: 'stored', attempts: 1 });
      expect(server.requests.map((request) => request.body)).toEqual([body]);
      expect(await outbox.list()).toEqual([]);
    });

    it('a server digest other than the one taken when it was prepared keeps the item', async () => {
      const { outcome, outbox } = await inHandRun('f'.repeat(64));
      expect(outcome).toMatchObject({ outcome: 'queued', reason: 'unverified' });
      expect((await outbox.list()).map((entry) => entry.transcriptId)).toEqual([ID]);
    });
  });

  it('an item another run already delivered is reported missing, not sent', async () => {
    const { server, outbox, run } = await setup([{ status: 201, body: STORED }]);
    await outbox.remove(ID);
    expect(await run()).toMatchObject({ outcome: 'missing', attempts: 0 });
    expect(server.requests).toHaveLength(0);
  });
});

describe('messages', () => {
  it('formatBytes', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(32 * 1024 * 1024)).toBe('32 MiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
  });

  it('describeProblem for network codes it does not know keeps the code', () => {
    const client = { url: new URL('https://host.example/v1/transcripts') };
    expect(describeProblem({ kind: 'network', code: 'EWEIRD', message: 'weird\nthing' }, client)).toBe('weird thing (EWEIRD) at https://host.example');
    expect(describeProblem({ kind: 'network', code: 'UND_ERR_HEADERS_TIMEOUT', message: 'x' }, client)).toBe('no answer in time (UND_ERR_HEADERS_TIMEOUT) at https://host.example');
  });
});
