import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { AtxError } from '../src/errors.js';
import { parseKey } from '../src/keys.js';
import { gzipBody, MAX_ANSWER_BYTES, oneLine, scrubSecret, UploadClient, type Answer } from '../src/upload/http-client.js';

const SECRET = 'sEcReT0123456789abcdefXYZ';
const KEY = parseKey(`atx_k123_${SECRET}`, 'test');
const ID = '0b9e3f4c-2a51-4d7e-9c3b-5f6a7b8c9d0e';

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

interface TestServer {
  url: string;
  port: number;
  connections: number;
  requests: Array<{ method?: string; url?: string; headers: IncomingHttpHeaders; body: Buffer }>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
  return (server.address() as AddressInfo).port;
}

async function startServer(handler: Handler): Promise<TestServer> {
  const state: TestServer = { url: '', port: 0, connections: 0, requests: [] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      state.requests.push({ method: req.method, url: req.url, headers: req.headers, body });
      handler(req, res, body);
    });
  });
  server.on('connection', () => { state.connections++; });
  state.port = await listen(server);
  state.url = `http://127.0.0.1:${state.port}`;
  return state;
}

function client(endpoint: string, options: { env?: NodeJS.ProcessEnv; connectTimeoutMs?: number; requestTimeoutMs?: number; maxConnections?: number } = {}): UploadClient {
  const made = new UploadClient({
    endpoint: new URL(endpoint),
    key: KEY,
    connectTimeoutMs: options.connectTimeoutMs ?? 2000,
    requestTimeoutMs: options.requestTimeoutMs ?? 5000,
    env: options.env ?? {},
    userAgent: 'atx-test/1.0',
    ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
  });
  cleanups.push(() => made.close());
  return made;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const STORED = { transcriptId: ID, status: 'stored', url: `/v1/transcripts/${ID}`, storedAt: '2026-01-01T00:00:00.000Z', bytes: 10, eventCount: 1 };

describe('UploadClient.post', () => {
  it('keeps the requests in flight on at most maxConnections keep-alive connections', async () => {
    const server = await startServer((_req, res) => setTimeout(() => json(res, 201, STORED), 30));
    const sender = client(server.url, { maxConnections: 2 });
    const body = await gzipBody(JSON.stringify({ transcriptId: ID, events: [] }));
    const answers = await Promise.all(Array.from({ length: 6 }, () => sender.post(ID, body)));
    expect(answers.map((answer) => (answer.kind === 'http' ? answer.status : answer.code))).toEqual([201, 201, 201, 201, 201, 201]);
    expect(server.requests).toHaveLength(6);
    expect(server.connections).toBe(2);
  });

  it('sends the key, the idempotency key and a gzip body that decompresses to the JSON', async () => {
    const server = await startServer((_req, res) => json(res, 201, STORED));
    const document = JSON.stringify({ transcriptId: ID, events: [{ type: 'message', text: 'héllo' }] });
    const answer = await client(server.url).post(ID, await gzipBody(document));

    expect(answer).toEqual({ kind: 'http', status: 201, body: STORED, text: JSON.stringify(STORED) });
    const [sent] = server.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/v1/transcripts');
    expect(sent?.headers.authorization).toBe(`Bearer atx_k123_${SECRET}`);
    expect(sent?.headers['idempotency-key']).toBe(ID);
    expect(sent?.headers['content-encoding']).toBe('gzip');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers['user-agent']).toBe('atx-test/1.0');
    expect(gunzipSync(sent!.body).toString('utf8')).toBe(document);
    expect(Number(sent?.headers['content-length'])).toBe(sent?.body.length);
  });

  it('posts under the endpoint path prefix', async () => {
    const server = await startServer((_req, res) => json(res, 201, STORED));
    await client(`${server.url}/api/`).post(ID, await gzipBody('{}'));
    expect(server.requests[0]?.url).toBe('/api/v1/transcripts');
  });

  it('keeps the connection alive across posts', async () => {
    const server = await startServer((_req, res) => json(res, 201, STORED));
    const upload = client(server.url);
    for (let i = 0; i < 5; i++) expect((await upload.post(ID, await gzipBody('{}'))).kind).toBe('http');
    // an error answer whose body is read to the end does not cost the connection either
    const failing = await startServer((_req, res) => json(res, 500, { error: { code: 'internal', message: 'x'.repeat(400_000) } }));
    const other = client(failing.url);
    for (let i = 0; i < 3; i++) expect(await other.post(ID, await gzipBody('{}'))).toMatchObject({ kind: 'http', status: 500 });
    expect(server.requests).toHaveLength(5);
    expect(server.connections).toBe(1);
    expect(failing.connections).toBe(1);
  });

  it('reads a 503 with Retry-After and the error body', async () => {
    const server = await startServer((_req, res) => json(res, 503, { error: { code: 'rate_limited', message: 'busy' } }, { 'retry-after': '7' }));
    const answer = await client(server.url).post(ID, await gzipBody('{}'));
    expect(answer).toMatchObject({ kind: 'http', status: 503, retryAfterMs: 7000, body: { error: { code: 'rate_limited', message: 'busy' } } });
  });

  it('an HTTP-date Retry-After becomes milliseconds from now', async () => {
    const server = await startServer((_req, res) => json(res, 429, {}, { 'retry-after': new Date(Date.now() + 60_000).toUTCString() }));
    const answer = await client(server.url).post(ID, await gzipBody('{}'));
    expect(answer.kind === 'http' && answer.retryAfterMs).toBeGreaterThan(55_000);
    expect(answer.kind === 'http' && answer.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('a body that is not JSON comes back as text with body null', async () => {
    const server = await startServer((_req, res) => { res.writeHead(502, { 'content-type': 'text/html' }); res.end('<h1>Bad gateway</h1>'); });
    expect(await client(server.url).post(ID, await gzipBody('{}'))).toEqual({ kind: 'http', status: 502, body: null, text: '<h1>Bad gateway</h1>' });
  });

  it('reads at most MAX_ANSWER_BYTES of an answer', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'internal', message: 'y'.repeat(3 * MAX_ANSWER_BYTES) } }));
    });
    const answer = await client(server.url).post(ID, await gzipBody('{}'));
    expect(answer.kind).toBe('http');
    if (answer.kind !== 'http') return;
    expect(answer.status).toBe(500);
    expect(answer.body).toBeNull();
    expect(Buffer.byteLength(answer.text ?? '')).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
  });

  it('scrubs the secret from whatever the server sends back', async () => {
    const server = await startServer((req, res) => json(res, 400, { error: { code: 'bad_request', message: `you sent ${req.headers.authorization}` } }));
    const answer = await client(server.url).post(ID, await gzipBody('{}'));
    expect(JSON.stringify(answer)).not.toContain(SECRET);
    expect(answer).toMatchObject({ kind: 'http', status: 400, body: { error: { message: 'you sent Bearer atx_k123_…' } } });
  });

  it('a connection reset is a network answer', async () => {
    const server = await startServer((req) => req.socket.resetAndDestroy());
    const answer = await client(server.url).post(ID, await gzipBody('{}'));
    expect(answer).toEqual({ kind: 'network', code: 'ECONNRESET', message: expect.any(String) });
  });

  it('a connection closed without an answer is a network answer', async () => {
    const server = await startServer((req) => req.socket.destroy());
    expect(await client(server.url).post(ID, await gzipBody('{}'))).toMatchObject({ kind: 'network', code: 'UND_ERR_SOCKET' });
  });

  it('a refused connection is a network answer', async () => {
    const server = await startServer(() => {});
    const port = server.port;
    await cleanups.pop()!(); // close it: the port is now (almost certainly) closed
    expect(await client(`http://127.0.0.1:${port}`).post(ID, await gzipBody('{}'))).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' });
  });

  it('an answer that never comes is a headers timeout', async () => {
    const server = await startServer(() => { /* never answers */ });
    const answer = await client(server.url, { requestTimeoutMs: 300 }).post(ID, await gzipBody('{}'));
    expect(answer).toMatchObject({ kind: 'network', code: 'UND_ERR_HEADERS_TIMEOUT' });
  });

  it('a TLS handshake that never completes is a connect timeout', async () => {
    const sockets: Socket[] = [];
    const silent = createNetServer((socket) => { sockets.push(socket); });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => { for (const socket of sockets) socket.destroy(); silent.close(() => resolve()); }));
    const port = (silent.address() as AddressInfo).port;
    const answer = await client(`https://127.0.0.1:${port}`, { connectTimeoutMs: 300 }).post(ID, await gzipBody('{}'));
    expect(answer).toMatchObject({ kind: 'network', code: 'UND_ERR_CONNECT_TIMEOUT' });
  });

  /** A raw server that writes `head` at once, then one byte of `drip` every 50 ms: never quiet for the request timeout, never done. */
  async function trickling(head: string, drip: string): Promise<string> {
    const sockets: Socket[] = [];
    const timers: NodeJS.Timeout[] = [];
    const server = createNetServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => {});
      socket.once('data', () => {
        socket.write(head);
        let at = 0;
        timers.push(setInterval(() => socket.write(drip[at++ % drip.length]!), 50));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('headers that trickle in forever end at the attempt ceiling (connect + 2 x request timeout + 1 s)', async () => {
    const url = await trickling('HTTP/1.1 201 Created\r\n', 'X-Slow: abcdefghij\r\n');
    const started = Date.now();
    const answer = await client(url, { connectTimeoutMs: 200, requestTimeoutMs: 300 }).post(ID, await gzipBody('{}'));
    const elapsed = Date.now() - started;
    expect(answer).toMatchObject({ kind: 'network', code: 'ETIMEDOUT' });
    expect(elapsed).toBeGreaterThanOrEqual(1700);
    expect(elapsed).toBeLessThan(6000);
  });

  it('a body that trickles in forever ends at the attempt ceiling: the status stands, the answer broke off', async () => {
    const url = await trickling('HTTP/1.1 201 Created\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n', '{"a":1}');
    const started = Date.now();
    const answer = await client(url, { connectTimeoutMs: 200, requestTimeoutMs: 300 }).post(ID, await gzipBody('{}'));
    expect(answer).toMatchObject({ kind: 'http', status: 201, body: null, bodyBrokeOff: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1700);
  });

  it('a status that arrived stands even when its body then stalls', async () => {
    const server = await startServer((_req, res) => { res.writeHead(201, { 'content-type': 'application/json', 'content-length': '1000' }); res.write('{"transcriptId":'); });
    const answer = await client(server.url, { requestTimeoutMs: 300 }).post(ID, await gzipBody('{}'));
    expect(answer).toMatchObject({ kind: 'http', status: 201, body: null });
  });
});

describe('proxies', () => {
  async function startProxy(): Promise<{ url: string; seen: string[] }> {
    const seen: string[] = [];
    const proxy = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      const target = new URL(req.url ?? '/');
      const upstream = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => { res.writeHead(502); res.end(); });
      req.pipe(upstream);
    });
    const port = await listen(proxy);
    return { url: `http://127.0.0.1:${port}`, seen };
  }

  it('HTTP_PROXY from the given env carries the request, in absolute form', async () => {
    const server = await startServer((_req, res) => json(res, 201, STORED));
    const proxy = await startProxy();
    const answer = await client(server.url, { env: { HTTP_PROXY: proxy.url } }).post(ID, await gzipBody('{}'));
    expect(answer).toMatchObject({ kind: 'http', status: 201 });
    expect(proxy.seen).toEqual([`POST ${server.url}/v1/transcripts`]);
    expect(server.requests[0]?.headers['idempotency-key']).toBe(ID);
  });

  it('lowercase http_proxy works too; NO_PROXY covering the target bypasses the proxy', async () => {
    const server = await startServer((_req, res) => json(res, 201, STORED));
    const proxy = await startProxy();
    await client(server.url, { env: { http_proxy: proxy.url, NO_PROXY: 'example.com, 127.0.0.1' } }).post(ID, await gzipBody('{}'));
    expect(proxy.seen).toEqual([]);
    expect(server.requests).toHaveLength(1);
    await client(server.url, { env: { http_proxy: proxy.url, no_proxy: `localhost,127.0.0.1:${server.port + 1}` } }).post(ID, await gzipBody('{}'));
    expect(proxy.seen).toHaveLength(1);
  });

  it('without a proxy variable in the given env, no proxy is used, whatever process.env says', async () => {
    const server = await startServer((_req, res) => json(res, 201, STORED));
    expect(client(server.url, { env: { NO_PROXY: '*' } }).viaProxy).toBe(false);
    expect(client('https://host.example', { env: { HTTPS_PROXY: 'http://127.0.0.1:1' } }).viaProxy).toBe(true);
    expect(client('https://host.example', { env: { HTTP_PROXY: 'http://proxy.example:3128' } }).viaProxy).toBe(true);
    // HTTPS_PROXY alone says nothing about plain-http targets
    expect(client(server.url, { env: { HTTPS_PROXY: 'http://127.0.0.1:1' } }).viaProxy).toBe(false);
  });

  it('a plain-http (loopback) endpoint never goes through a proxy on another machine: the key would travel in clear text', async () => {
    const server = await startServer((_req, res) => json(res, 201, STORED));
    const upload = client(server.url, { env: { HTTP_PROXY: 'http://proxy.invalid:3128' } });
    expect(upload.viaProxy).toBe(false);
    expect(await upload.post(ID, await gzipBody('{}'))).toMatchObject({ kind: 'http', status: 201 });
    expect(server.requests).toHaveLength(1);
  });

  it('a proxy URL that does not parse is a usage error that does not echo it', () => {
    expect(() => client('https://host.example', { env: { HTTPS_PROXY: 'http://user:pw@@:bad port' } })).toThrow(AtxError);
    try {
      client('https://host.example', { env: { HTTPS_PROXY: 'http://user:hunter2@:bad port' } });
    } catch (error) {
      expect((error as Error).message).toMatch(/^HTTPS_PROXY: not a valid proxy URL/);
      expect((error as Error).message).not.toContain('hunter2');
    }
  });
});

describe('text from the network', () => {
  it('scrubSecret removes every copy of the secret', () => {
    expect(scrubSecret(`a ${SECRET} b atx_k123_${SECRET}`, KEY)).toBe('a … b atx_k123_…');
    expect(scrubSecret('nothing here', { secret: '' })).toBe('nothing here');
  });

  it('oneLine flattens control characters and cuts long text', () => {
    expect(oneLine('a\nb\r\n\tc\u001b[31mred\u001b[0m')).toBe('a b c [31mred [0m');
    expect(oneLine('x'.repeat(500), 20)).toHaveLength(20);
  });

  it('the key never shows in the client when printed or serialized', () => {
    const upload = client('https://host.example');
    const shown = `${JSON.stringify(upload)} ${String(KEY)} ${JSON.stringify(KEY)} ${JSON.stringify({ upload })}`;
    expect(shown).not.toContain(SECRET);
  });

  it('answers are plain data', async () => {
    const server = await startServer((_req, res) => json(res, 201, STORED));
    const answer: Answer = await client(server.url).post(ID, await gzipBody(Buffer.from('{}')));
    expect(JSON.parse(JSON.stringify(answer))).toEqual(answer);
  });
});
