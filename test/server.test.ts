import { chmodSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_LIMIT, PATHS } from '../src/api/contract.js';
import { openApiDocument } from '../src/api/openapi.js';
import { parseKey } from '../src/keys.js';
import { startServer, TranscriptStore, type RunningServer, type ServerOptions } from '../src/server/index.js';
import { bytesOf, expectDeclared, gzipBomb, removeTempDataDirs, tempDataDir, transcript } from './server-support.js';

afterAll(removeTempDataDirs);

interface Answer { status: number; body: unknown; text: string; headers: Headers }

/** One request; every answer is checked against the OpenAPI document before the test sees it. */
async function call(server: RunningServer, method: string, path: string, options: { key?: string; body?: Buffer | string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const url = `${server.url}${path}`;
  const response = await fetch(url, {
    method,
    headers: {
      ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
  const text = await response.text();
  let body: unknown = null;
  try { body = JSON.parse(text); } catch { body = text; }
  expectDeclared(method, url, response.status, body, response.headers);
  return { status: response.status, body, text, headers: response.headers };
}

const upload = (server: RunningServer, key: string, document: unknown, headers: Record<string, string> = {}) =>
  call(server, 'POST', PATHS.transcripts, { key, body: bytesOf(document), headers });

const errorOf = (answer: Answer) => (answer.body as { error: { code: string; message: string; details?: unknown } }).error;

/** A raw request through node:http, for what fetch cannot do (slow bodies, Expect: 100-continue). */
function rawRequest(server: RunningServer, options: http.RequestOptions, send: (req: http.ClientRequest) => void): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${PATHS.transcripts}`, { method: 'POST', ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    send(req);
  });
}

async function serverWith(options: Partial<ServerOptions> = {}) {
  const lines: string[] = [];
  const server = await startServer({ dataDir: tempDataDir(), port: 0, log: (line) => lines.push(line), ...options });
  const keyA = (await server.store.createKey('a')).key;
  const keyB = (await server.store.createKey('b')).key;
  return { server, lines, keyA, keyB, idA: parseKey(keyA, 't').keyId, idB: parseKey(keyB, 't').keyId };
}

describe('atx serve: the upload API', () => {
  let s: Awaited<ReturnType<typeof serverWith>>;
  beforeAll(async () => { s = await serverWith(); });
  afterAll(async () => { await s.server.close(); });

  it('binds 127.0.0.1 on an ephemeral port and answers health and the OpenAPI document without a key', async () => {
    expect(s.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await call(s.server, 'GET', PATHS.health);
    expect(health.body).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    const openapi = await call(s.server, 'GET', PATHS.openapi);
    expect(openapi.body).toEqual(openApiDocument());
  });

  it('stores (201 + Location), replays (200), stores a changed document as version 2, reads back the exact bytes', async () => {
    const document = transcript({ keyId: s.idA, events: 3 });
    const id = document.transcriptId as string;
    const stored = await upload(s.server, s.keyA, document, { 'idempotency-key': id });
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ transcriptId: id, status: 'stored', url: PATHS.transcript(id), bytes: bytesOf(document).length, eventCount: 3 });
    expect(stored.headers.get('location')).toBe(PATHS.transcript(id));

    const replay = await upload(s.server, s.keyA, document, { 'idempotency-key': id });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ status: 'replayed', storedAt: (stored.body as { storedAt: string }).storedAt });

    expect(replay.body).toMatchObject({ version: 1 });
    const changedDocument = transcript({ id, keyId: s.idA, text: 'changed' });
    const changed = await upload(s.server, s.keyA, changedDocument);
    expect(changed.status).toBe(201);
    expect(changed.body).toMatchObject({ status: 'stored', version: 2 });

    const read = await call(s.server, 'GET', PATHS.transcript(id), { key: s.keyA });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toMatch(/^application\/json/);
    expect(read.text).toBe(bytesOf(changedDocument).toString('utf8'));
  });

  it('refuses an older upload of a session with 409 stale_version, and a wrong metrics.eventsSha256 with 422', async () => {
    const sessionId = `stale-${Date.now()}`;
    const grownDocument = transcript({ keyId: s.idA, events: 3, sessionId });
    expect((await upload(s.server, s.keyA, grownDocument)).status).toBe(201);
    const older = await upload(s.server, s.keyA, transcript({ keyId: s.idA, events: 2, sessionId }));
    expect(older.status).toBe(409);
    expect(errorOf(older).code).toBe('stale_version');
    const lying = transcript({ keyId: s.idA, events: 2 });
    (lying.metrics as Record<string, unknown>).eventsSha256 = '0'.repeat(64);
    const refused = await upload(s.server, s.keyA, lying);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('metrics.eventsSha256');
  });

  it('accepts a gzip body and stores the inflated document', async () => {
    const document = transcript();
    const answer = await call(s.server, 'POST', PATHS.transcripts, { key: s.keyA, body: gzipSync(bytesOf(document)), headers: { 'content-encoding': 'gzip' } });
    expect(answer.status).toBe(201);
    const read = await call(s.server, 'GET', PATHS.transcript(document.transcriptId as string), { key: s.keyA });
    expect(read.text).toBe(bytesOf(document).toString('utf8'));
  });

  it('sizes the inflating by the gzip trailer but never trusts it: a wrong length is bad gzip, as zlib says', async () => {
    const document = transcript();
    const honest = gzipSync(bytesOf(document));
    for (const announced of [0, 1, 0xffffffff]) {
      const body = Buffer.from(honest);
      body.writeUInt32LE(announced, body.length - 4);
      const answer = await call(s.server, 'POST', PATHS.transcripts, { key: s.keyA, body, headers: { 'content-encoding': 'gzip' } });
      expect([answer.status, errorOf(answer).message]).toEqual([400, expect.stringMatching(/not valid gzip/)]);
    }
    expect((await call(s.server, 'POST', PATHS.transcripts, { key: s.keyA, body: honest, headers: { 'content-encoding': 'gzip' } })).status).toBe(201);
    const read = await call(s.server, 'GET', PATHS.transcript(document.transcriptId as string), { key: s.keyA });
    expect(read.text).toBe(bytesOf(document).toString('utf8'));
  });

  it('lists the caller\'s transcripts newest first with an opaque cursor, and checks limit and cursor', async () => {
    const { server, keyA } = await serverWith();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const document = transcript({ agent: `agent-${i}` });
        ids.push(document.transcriptId as string);
        expect((await upload(server, keyA, document)).status).toBe(201);
      }
      const first = await call(server, 'GET', `${PATHS.transcripts}?limit=2`, { key: keyA });
      const page1 = first.body as { items: { transcriptId: string; agent: string }[]; nextCursor: string };
      expect(page1.items.map((i) => i.transcriptId)).toEqual([ids[4], ids[3]]);
      const second = await call(server, 'GET', `${PATHS.transcripts}?limit=2&cursor=${encodeURIComponent(page1.nextCursor)}`, { key: keyA });
      expect((second.body as typeof page1).items.map((i) => i.transcriptId)).toEqual([ids[2], ids[1]]);
      const all = await call(server, 'GET', PATHS.transcripts, { key: keyA });
      expect((all.body as typeof page1).items).toHaveLength(5);
      expect((all.body as typeof page1).nextCursor).toBeNull();

      for (const bad of ['limit=0', `limit=${LIST_LIMIT.max + 1}`, 'limit=abc', 'limit=1.5', 'cursor=bogus']) {
        const answer = await call(server, 'GET', `${PATHS.transcripts}?${bad}`, { key: keyA });
        expect(answer.status, bad).toBe(400);
        expect(errorOf(answer).code).toBe('bad_request');
      }
    } finally {
      await server.close();
    }
  });

  it('deletes (200), then the transcript is gone (404 on read and on a second delete)', async () => {
    const document = transcript();
    const id = document.transcriptId as string;
    await upload(s.server, s.keyA, document);
    const deleted = await call(s.server, 'DELETE', PATHS.transcript(id), { key: s.keyA });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ transcriptId: id, deleted: true });
    expect((await call(s.server, 'GET', PATHS.transcript(id), { key: s.keyA })).status).toBe(404);
    expect((await call(s.server, 'DELETE', PATHS.transcript(id), { key: s.keyA })).status).toBe(404);
  });

  it('isolates keys: key B cannot read, list or delete key A\'s transcript', async () => {
    const document = transcript({ keyId: s.idA });
    const id = document.transcriptId as string;
    expect((await upload(s.server, s.keyA, document)).status).toBe(201);
    expect((await call(s.server, 'GET', PATHS.transcript(id), { key: s.keyB })).status).toBe(404);
    expect((await call(s.server, 'DELETE', PATHS.transcript(id), { key: s.keyB })).status).toBe(404);
    const listB = await call(s.server, 'GET', PATHS.transcripts, { key: s.keyB });
    expect((listB.body as { items: { transcriptId: string }[] }).items.map((i) => i.transcriptId)).not.toContain(id);
    expect((await call(s.server, 'GET', PATHS.transcript(id), { key: s.keyA })).status).toBe(200);
  });

  it('answers 401 for a missing, malformed or unknown key and a wrong secret, naming the key id but never the secret', async () => {
    const document = transcript();
    const missing = await call(s.server, 'POST', PATHS.transcripts, { body: bytesOf(document) });
    expect(missing.status).toBe(401);
    const malformed = await call(s.server, 'POST', PATHS.transcripts, { body: bytesOf(document), headers: { authorization: 'Bearer not-a-key' } });
    expect(malformed.status).toBe(401);
    expect(errorOf(malformed).message).not.toContain('not-a-key');
    const unknownKey = 'atx_Unknown12345_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const unknown = await upload(s.server, unknownKey, document);
    expect(unknown.status).toBe(401);
    expect(errorOf(unknown).message).toContain('Unknown12345');
    expect(unknown.text).not.toContain('abcdefghijklmnop');
    const wrongSecret = `atx_${s.idA}_wrongwrongwrongwrongwrongwrongwrong`;
    const wrong = await call(s.server, 'GET', PATHS.transcripts, { key: wrongSecret });
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong).message).toContain(s.idA);
    expect(wrong.text).not.toContain('wrongwrongwrong');
  });

  it('answers 403 for a revoked key at once, and accepts a key created meanwhile by another connection at once', async () => {
    const { server, keyA, idA } = await serverWith();
    const tool = await TranscriptStore.open({ dataDir: server.dataDir }); // as `atx serve keys ...` does
    try {
      const fresh = (await tool.createKey('fresh')).key;
      expect((await upload(server, fresh, transcript())).status).toBe(201);
      await tool.revokeKey(idA);
      const revoked = await upload(server, keyA, transcript());
      expect(revoked.status).toBe(403);
      expect(errorOf(revoked).code).toBe('forbidden');
      expect(errorOf(revoked).message).toContain(idA);
      expect((await call(server, 'GET', PATHS.transcripts, { key: keyA })).status).toBe(403);
    } finally {
      await tool.close();
      await server.close();
    }
  });

  it('answers 405 with Allow for a wrong method and 404 for an unknown route', async () => {
    const wrong = await call(s.server, 'PUT', PATHS.transcripts, { key: s.keyA });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST');
    const wrongItem = await call(s.server, 'POST', PATHS.transcript('x'), { key: s.keyA, body: '{}' });
    expect(wrongItem.status).toBe(405);
    expect(wrongItem.headers.get('allow')).toBe('GET, DELETE');
    expect((await call(s.server, 'DELETE', PATHS.health)).status).toBe(405);
    expect((await call(s.server, 'GET', '/v1/nothing')).status).toBe(404);
    expect((await call(s.server, 'GET', `${PATHS.transcripts}/a/b`, { key: s.keyA })).status).toBe(404);
    expect((await call(s.server, 'GET', '/')).status).toBe(404);
  });

  it('answers 400 for a body that is not JSON, for bad gzip, and for an Idempotency-Key that is not the transcriptId', async () => {
    const notJson = await call(s.server, 'POST', PATHS.transcripts, { key: s.keyA, body: '{"transcriptId": ' });
    expect(notJson.status).toBe(400);
    expect(errorOf(notJson).code).toBe('bad_request');
    const badGzip = await call(s.server, 'POST', PATHS.transcripts, { key: s.keyA, body: Buffer.from('not gzip at all'), headers: { 'content-encoding': 'gzip' } });
    expect(badGzip.status).toBe(400);
    const document = transcript();
    const mismatch = await upload(s.server, s.keyA, document, { 'idempotency-key': '00000000-0000-4000-8000-000000000000' });
    expect(mismatch.status).toBe(400);
    expect(errorOf(mismatch).message).toMatch(/Idempotency-Key/);
  });

  it('answers 415 for a wrong Content-Type or Content-Encoding', async () => {
    const body = bytesOf(transcript());
    const text = await call(s.server, 'POST', PATHS.transcripts, { key: s.keyA, body, headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    const latin = await call(s.server, 'POST', PATHS.transcripts, { key: s.keyA, body, headers: { 'content-type': 'application/json; charset=latin1' } });
    expect(latin.status).toBe(415);
    const brotli = await call(s.server, 'POST', PATHS.transcripts, { key: s.keyA, body, headers: { 'content-encoding': 'br' } });
    expect(brotli.status).toBe(415);
    expect(errorOf(brotli).code).toBe('unsupported_media_type');
    const withCharset = await call(s.server, 'POST', PATHS.transcripts, { key: s.keyA, body, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(withCharset.status).toBe(201);
  });

  it('answers 422 with the failing paths (capped), and when submitter.keyId is another key', async () => {
    const document = transcript();
    (document.events as Record<string, unknown>[])[1]!.type = 'not-a-type';
    delete (document.source as Record<string, unknown>).agent;
    const invalid = await upload(s.server, s.keyA, document);
    expect(invalid.status).toBe(422);
    const paths = (errorOf(invalid).details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['events.1.type', 'source.agent']));

    const many = transcript({ events: 80 });
    for (const event of many.events as Record<string, unknown>[]) event.seq = -1;
    const capped = await upload(s.server, s.keyA, many);
    expect(capped.status).toBe(422);
    expect(errorOf(capped).details).toHaveLength(50);
    expect(errorOf(capped).message).toMatch(/80 problem/);

    expect((await upload(s.server, s.keyA, [])).status).toBe(422);
    const notMine = await upload(s.server, s.keyA, transcript({ keyId: s.idB }));
    expect(notMine.status).toBe(422);
    expect(errorOf(notMine).details).toEqual([{ path: 'submitter.keyId', message: expect.stringContaining(s.idA) }]);
  });

  it('answers 422 with the path of the first disagreement for a Transcript whose parts disagree', async () => {
    const emptied = transcript({ events: 3 });
    emptied.events = [];
    const answer = await upload(s.server, s.keyA, emptied);
    expect(answer.status).toBe(422);
    expect(errorOf(answer).message).toMatch(/parts disagree/);
    expect((errorOf(answer).details as { path: string }[])[0]!.path).toBe('metrics.eventCount');
  });

  it('waits for the body only once it decides to read it (Expect: 100-continue)', async () => {
    const body = bytesOf(transcript());
    const answer = await rawRequest(s.server, {
      headers: { authorization: `Bearer ${s.keyA}`, 'content-type': 'application/json', 'content-length': body.length, expect: '100-continue' },
    }, (req) => req.on('continue', () => req.end(body)));
    expect(answer.status).toBe(201);
  });

  it('logs one line per request with the key id, never a secret, a body or a query', async () => {
    const before = s.lines.length;
    await call(s.server, 'GET', `${PATHS.transcripts}?limit=1`, { key: s.keyA });
    await call(s.server, 'GET', PATHS.health);
    const lines = s.lines.slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+Z 127\\.0\\.0\\.1 GET /v1/transcripts 200 \\d+ms 0B key=${s.idA}$`));
    expect(lines[1]).toMatch(/ GET \/v1\/health 200 \d+ms 0B key=-$/);
    const all = s.lines.join('\n');
    for (const key of [s.keyA, s.keyB]) expect(all).not.toContain(parseKey(key, 't').secret);
    expect(all).not.toContain('message 1');
  });
});

describe('atx serve: limits', () => {
  it('answers 413 for a body over the limit, declared or streamed, with details.limitBytes', async () => {
    const { server, keyA } = await serverWith({ maxBodyBytes: 64 * 1024 });
    try {
      const big = bytesOf(transcript({ text: 'x'.repeat(100 * 1024) }));
      const declared = await call(server, 'POST', PATHS.transcripts, { key: keyA, body: big });
      expect(declared.status).toBe(413);
      expect(errorOf(declared).details).toEqual({ limitBytes: 64 * 1024, limit: 'body_bytes' });
      // chunked: no Content-Length, counted while streaming
      const streamed = await rawRequest(server, { headers: { authorization: `Bearer ${keyA}`, 'content-type': 'application/json' } }, (req) => {
        req.on('error', () => {});
        for (let i = 0; i < 4; i++) req.write(big.subarray(i * 32 * 1024, (i + 1) * 32 * 1024));
        req.end();
      });
      expect(streamed.status).toBe(413);
      expect(JSON.parse(streamed.body)).toEqual({ error: { code: 'payload_too_large', message: expect.any(String), details: { limitBytes: 64 * 1024, limit: 'body_bytes' } } });
      // the connection was not left in a broken state for others
      expect((await call(server, 'GET', PATHS.health)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('refuses a gzip bomb (1 GiB, about 1 MiB gzipped) at its first byte that is not JSON, or at the inflated limit', async () => {
    const limit = 8 * 1024 * 1024;
    const { server, keyA } = await serverWith({ maxTranscriptBytes: limit });
    try {
      const rssBefore = process.memoryUsage().rss;
      const zeros = await call(server, 'POST', PATHS.transcripts, { key: keyA, body: gzipBomb(1024 * 1024 * 1024), headers: { 'content-encoding': 'gzip' } });
      expect(zeros.status).toBe(400);
      expect(errorOf(zeros)).toMatchObject({ code: 'bad_request', details: { offset: 0 } });
      const spaces = gzipBomb(1024 * 1024 * 1024, 0x20);
      expect(spaces.length).toBeLessThan(2 * 1024 * 1024);
      const answer = await call(server, 'POST', PATHS.transcripts, { key: keyA, body: spaces, headers: { 'content-encoding': 'gzip' } });
      expect(answer.status).toBe(413);
      expect(errorOf(answer).details).toEqual({ limitBytes: limit, limit: 'document_bytes' });
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(128 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });

  it('a small gzip body that inflates past what is inflated at once (1 MiB) is streamed: stored when valid, 413 past the inflated limit', async () => {
    const limit = 2 * 1024 * 1024;
    const { server, keyA } = await serverWith({ maxTranscriptBytes: limit });
    try {
      const document = transcript();
      const padded = gzipSync(bytesOf(document).toString('utf8').replace('{', `{${' '.repeat(1536 * 1024)}`));
      expect(padded.length).toBeLessThan(64 * 1024);
      const stored = await call(server, 'POST', PATHS.transcripts, { key: keyA, body: padded, headers: { 'content-encoding': 'gzip' } });
      expect(stored.status).toBe(201);
      const read = await call(server, 'GET', PATHS.transcript(document.transcriptId as string), { key: keyA });
      expect(read.text).toBe(bytesOf(document).toString('utf8'));
      const bomb = gzipBomb(64 * 1024 * 1024, 0x20);
      expect(bomb.length).toBeLessThan(256 * 1024);
      const refused = await call(server, 'POST', PATHS.transcripts, { key: keyA, body: bomb, headers: { 'content-encoding': 'gzip' } });
      expect(refused.status).toBe(413);
      expect(errorOf(refused).details).toEqual({ limitBytes: limit, limit: 'document_bytes' });
      const cut = await call(server, 'POST', PATHS.transcripts, { key: keyA, body: gzipSync(bytesOf(transcript())).subarray(0, 40), headers: { 'content-encoding': 'gzip' } });
      expect(cut.status).toBe(400);
      expect(errorOf(cut).message).toMatch(/not valid gzip/);
    } finally {
      await server.close();
    }
  });

  it('stores the document as sent without its whitespace (escapes as spelled); refuses duplicate keys (422, with the path) and invalid UTF-8 (400)', async () => {
    const { server, keyA } = await serverWith();
    try {
      const document = transcript({ text: 'caf\u00e9' });
      const respelled = (text: string) => text.replace('"message 1"', '"m\\u0065ssage 1"');
      const pretty = Buffer.from(respelled(JSON.stringify(document, null, 2)));
      const stored = await call(server, 'POST', PATHS.transcripts, { key: keyA, body: pretty });
      expect(stored.status).toBe(201);
      const back = await call(server, 'GET', PATHS.transcript(document.transcriptId as string), { key: keyA });
      const compact = respelled(JSON.stringify(document));
      expect(back.text).toBe(compact);
      expect(JSON.parse(back.text)).toEqual(document);
      expect((stored.body as { bytes: number }).bytes).toBe(Buffer.byteLength(compact));

      const duplicate = Buffer.from(JSON.stringify(transcript()).replace('"type":"user_message"', '"type":"user_message","type":"tool_call"'));
      const refused = await call(server, 'POST', PATHS.transcripts, { key: keyA, body: duplicate });
      expect(refused.status).toBe(422);
      expect(errorOf(refused).details).toEqual([{ path: 'events.0.type', message: expect.stringMatching(/duplicate key/) }]);

      const text = bytesOf(transcript({ text: 'XX' }));
      const at = text.indexOf('XX');
      text[at] = 0xc3;
      text[at + 1] = 0x28;
      const invalid = await call(server, 'POST', PATHS.transcripts, { key: keyA, body: text });
      expect(invalid.status).toBe(400);
      expect(errorOf(invalid)).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/UTF-8/), details: { offset: at + 1 } });
      expect((await call(server, 'GET', PATHS.transcripts, { key: keyA })).body).toMatchObject({ items: [{ transcriptId: document.transcriptId }] });
    } finally {
      await server.close();
    }
  });

  it('answers 503 with Retry-After beyond the bodies and the memory allowed in flight, and is free again after', async () => {
    const { server, keyA } = await serverWith({ maxConcurrentBodies: 2, maxInFlightBytes: 2 * 1024 * 1024 });
    try {
      const slow = [0, 1].map(() => {
        let end!: () => void;
        const answer = rawRequest(server, { headers: { authorization: `Bearer ${keyA}`, 'content-type': 'application/json' } }, (req) => {
          req.write('{"a":');
          end = () => req.end('1}');
        });
        return { answer, end: () => end() };
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const third = await upload(server, keyA, transcript());
      expect(third.status).toBe(503);
      expect(third.headers.get('retry-after')).toBe('1');
      expect(errorOf(third)).toMatchObject({ code: 'unavailable', details: { limit: 'concurrent_bodies', max: 2 } });
      for (const request of slow) request.end();
      for (const request of slow) expect((await request.answer).status).toBe(422);

      const big = await upload(server, keyA, transcript({ text: 'x'.repeat(1024 * 1024) }));
      expect(big.status).toBe(503);
      expect(errorOf(big)).toMatchObject({ code: 'unavailable', details: { limit: 'memory_in_flight' } });
      expect((await upload(server, keyA, transcript())).status).toBe(201);
    } finally {
      await server.close();
    }
  });

  it('counts failed authentications per source address: 429 once they run out, even for a good key', async () => {
    const { server, keyA } = await serverWith({ authFailuresPerMinute: 3 });
    try {
      const wrong = `atx_${parseKey(keyA, 't').keyId}_${'w'.repeat(43)}`;
      for (let i = 0; i < 3; i++) expect((await call(server, 'GET', PATHS.transcripts, { key: wrong })).status).toBe(401);
      const limited = await call(server, 'GET', PATHS.transcripts, { key: keyA });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await call(server, 'GET', PATHS.health)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('checks the key again when it stores: a key revoked while its body arrives stores nothing (403)', async () => {
    const { server, keyA, idA } = await serverWith();
    try {
      const body = bytesOf(transcript());
      let end!: () => void;
      // `Expect: 100-continue`: the server answers 100 only once it has authenticated the key, so the
      // revocation below comes after that check however slow the machine (a fixed wait raced it under load)
      let authenticated!: () => void;
      const continued = new Promise<void>((resolve) => { authenticated = resolve; });
      const answer = rawRequest(server, { headers: { authorization: `Bearer ${keyA}`, 'content-type': 'application/json', expect: '100-continue' } }, (req) => {
        req.on('continue', () => {
          req.write(body.subarray(0, 20));
          end = () => req.end(body.subarray(20));
          authenticated();
        });
      });
      await continued;
      expect(await server.store.revokeKey(idA)).toBe('revoked');
      end();
      const refused = await answer;
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body).error.message).toMatch(/revoked while the upload was under way/);
      expect((await server.store.listKeys()).find((k) => k.keyId === idA)?.transcripts).toBe(0);
      expect(readdirSync(join(server.dataDir, 'blobs'), { recursive: true }).filter((name) => String(name).endsWith('.json'))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('makes an existing data dir private: 0700, and 0600 for the files in it', async () => {
    const dataDir = tempDataDir();
    chmodSync(dataDir, 0o755);
    const first = await startServer({ dataDir, port: 0 });
    await first.close();
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'index.sqlite'), 0o644);
    const again = await startServer({ dataDir, port: 0 });
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      for (const name of readdirSync(dataDir)) {
        const stat = statSync(join(dataDir, name));
        expect(stat.mode & 0o777, name).toBe(stat.isDirectory() ? 0o700 : 0o600);
      }
    } finally {
      await again.close();
    }
  });

  it('answers 408 when the body does not arrive in time', async () => {
    const { server, keyA } = await serverWith({ requestTimeoutMs: 300 });
    try {
      const answer = await rawRequest(server, {
        headers: { authorization: `Bearer ${keyA}`, 'content-type': 'application/json', 'content-length': 1000 },
      }, (req) => { req.on('error', () => {}); req.write('{"schemaVersion":'); });
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body).error.code).toBe('request_timeout');
    } finally {
      await server.close();
    }
  });

  it('answers 429 with Retry-After once a key spends its per-minute budget, other keys unaffected', async () => {
    const { server, keyA, keyB } = await serverWith({ rateLimitPerMinute: 3 });
    try {
      for (let i = 0; i < 3; i++) expect((await call(server, 'GET', PATHS.transcripts, { key: keyA })).status).toBe(200);
      const limited = await call(server, 'GET', PATHS.transcripts, { key: keyA });
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(20);
      expect(errorOf(limited).details).toEqual({ retryAfterSeconds: retryAfter });
      expect((await call(server, 'GET', PATHS.transcripts, { key: keyB })).status).toBe(200);
      expect((await call(server, 'GET', PATHS.health)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers 507 storage_full over --max-storage-mb and stores nothing', async () => {
    const first = transcript({ text: 'x'.repeat(2000) });
    const { server, keyA } = await serverWith({ maxStorageBytes: bytesOf(first).length + 500 });
    try {
      expect((await upload(server, keyA, first)).status).toBe(201);
      const second = transcript({ text: 'y'.repeat(2000) });
      const full = await upload(server, keyA, second);
      expect(full.status).toBe(507);
      expect(errorOf(full).code).toBe('storage_full');
      expect((await call(server, 'GET', PATHS.transcript(second.transcriptId as string), { key: keyA })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('atx serve: shutdown', () => {
  it('close() cuts a body still arriving at once, finishes within a second, stores nothing partial', async () => {
    const { server, keyA } = await serverWith({ requestTimeoutMs: 30_000 });
    const stored = transcript();
    expect((await upload(server, keyA, stored)).status).toBe(201);
    const body = bytesOf(transcript());
    const answer = rawRequest(server, {
      headers: { authorization: `Bearer ${keyA}`, 'content-type': 'application/json', 'content-length': body.length },
    }, (req) => { req.write(body.subarray(0, 10)); }).then(() => 'answered', (error: NodeJS.ErrnoException) => error.code);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await answer).toBe('ECONNRESET');
    await expect(fetch(`${server.url}${PATHS.health}`)).rejects.toThrow();
    // what was stored survives a restart on the same data dir, and nothing else was stored
    const again = await startServer({ dataDir: server.dataDir, port: 0 });
    try {
      expect((await call(again, 'GET', PATHS.transcripts, { key: keyA })).body).toMatchObject({ items: [{ transcriptId: stored.transcriptId }] });
      expect(((await call(again, 'GET', PATHS.transcripts, { key: keyA })).body as { items: unknown[] }).items).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});
