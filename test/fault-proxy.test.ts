/**
 * The fault proxy (test/support/fault-proxy.ts) against a tiny node:http target: every fault
 * does what the upload tests rely on, keep-alive works on the client side, and the proxy
 * survives its target going away and coming back on the same port.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  describeFault,
  failFirstAttempts,
  faults,
  roundRobin,
  startFaultProxy,
  type FaultProxy,
  type FaultProxyOptions,
} from './support/fault-proxy.js';

// ---------------------------------------------------------------------------------------------
// A target that records what it received and answers 201 with a JSON echo
// ---------------------------------------------------------------------------------------------

interface Received { method: string; path: string; key: string | undefined; body: string }

interface Target {
  url: string;
  port: number;
  received: Received[];
  close(): Promise<void>;
}

async function startTarget(port = 0): Promise<Target> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const key = req.headers['idempotency-key'] as string | undefined;
      received.push({ method: req.method ?? '', path: req.url ?? '', key, body });
      const answer = JSON.stringify({ n: received.length, path: req.url, key: key ?? null, echo: body, filler: 'x'.repeat(200) });
      res.writeHead(201, { 'content-type': 'application/json', 'x-target': 'yes' });
      res.end(answer);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// A small client: node:http with an optional keep-alive agent and a per-request timeout
// ---------------------------------------------------------------------------------------------

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: string; reusedSocket: boolean }

function send(
  base: string,
  options: { method?: string; path?: string; body?: string; key?: string; timeoutMs?: number; agent?: http.Agent } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(options.path ?? '/v1/transcripts', base);
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
    if (options.key) headers['idempotency-key'] = options.key;
    const req = http.request(url, { method: options.method ?? 'POST', headers, agent: options.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), reusedSocket: req.reusedSocket }),
      );
      res.on('error', reject);
      res.on('aborted', () => reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
    });
    if (options.timeoutMs !== undefined) {
      const timer = setTimeout(() => req.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })), options.timeoutMs);
      req.on('close', () => clearTimeout(timer));
    }
    req.on('error', reject);
    if ((options.method ?? 'POST') === 'GET') req.end();
    else req.end(options.body ?? '{"hello":"world"}');
  });
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return e.code ?? e.message;
  }
  throw new Error('expected the request to fail');
}

const RESET_CODES = ['ECONNRESET', 'EPIPE', 'ECONNABORTED'];

// ---------------------------------------------------------------------------------------------

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function setup(options: Partial<FaultProxyOptions> = {}): Promise<{ target: Target; proxy: FaultProxy; agent: http.Agent }> {
  const target = await startTarget();
  const proxy = await startFaultProxy({ target: target.url, ...options });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  cleanup.push(() => target.close(), () => proxy.close(), () => agent.destroy());
  return { target, proxy, agent };
}

describe('fault proxy', () => {
  it('pass forwards method, path, headers and body, and returns the answer intact over one keep-alive socket', async () => {
    const { target, proxy, agent } = await setup();
    const first = await send(proxy.url, { body: '{"a":1}', key: 'k1', agent });
    const second = await send(proxy.url, { method: 'GET', path: '/v1/transcripts?limit=2', agent });
    expect(first.status).toBe(201);
    expect(first.headers['x-target']).toBe('yes');
    expect(JSON.parse(first.body)).toMatchObject({ n: 1, key: 'k1', echo: '{"a":1}' });
    expect(second.status).toBe(201);
    expect(second.reusedSocket).toBe(true);
    expect(proxy.connections).toBe(1);
    expect(target.received.map((r) => [r.method, r.path, r.key])).toEqual([
      ['POST', '/v1/transcripts', 'k1'],
      ['GET', '/v1/transcripts?limit=2', undefined],
    ]);
    await proxy.idle();
    expect(proxy.records).toMatchObject([
      { n: 1, method: 'POST', path: '/v1/transcripts', idempotencyKey: 'k1', attempt: 1, fault: { kind: 'pass' }, status: 201, targetStatus: 201, outcome: 'answered', bodyBytes: 7 },
      { n: 2, method: 'GET', path: '/v1/transcripts?limit=2', idempotencyKey: null, attempt: 1, status: 201, outcome: 'answered' },
    ]);
  });

  it('reset-before-body destroys the connection before the target sees anything', async () => {
    const { target, proxy } = await setup({ plan: () => faults.resetBeforeBody() });
    const code = await failure(send(proxy.url, { key: 'k1' }));
    expect(RESET_CODES).toContain(code);
    await proxy.idle();
    expect(target.received).toHaveLength(0);
    expect(proxy.records).toMatchObject([{ n: 1, idempotencyKey: 'k1', fault: { kind: 'reset-before-body' }, outcome: 'reset' }]);
    expect(proxy.records[0]?.status).toBeUndefined();
    expect(proxy.records[0]?.bodyBytes).toBeUndefined();
  });

  it('reset-after-body lets the target process the request, then resets instead of answering', async () => {
    const { target, proxy } = await setup({ plan: () => faults.resetAfterBody() });
    const code = await failure(send(proxy.url, { key: 'k1', body: '{"stored":true}' }));
    expect(RESET_CODES).toContain(code);
    await proxy.idle();
    expect(target.received).toEqual([{ method: 'POST', path: '/v1/transcripts', key: 'k1', body: '{"stored":true}' }]);
    expect(proxy.records).toMatchObject([{ fault: { kind: 'reset-after-body' }, targetStatus: 201, outcome: 'reset' }]);
    expect(proxy.records[0]?.status).toBeUndefined();
  });

  it('status faults answer directly with a JSON error body and headers, and keep the connection usable', async () => {
    const { target, proxy, agent } = await setup({
      plan: roundRobin([faults.status(500), faults.status(503, { 'Retry-After': '1' }), faults.status(429, { 'Retry-After': '2' }), faults.status(507, {}, 'custom_code'), faults.pass()]),
    });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await send(proxy.url, { key: `k${i}`, agent }));
    expect(answers.map((a) => a.status)).toEqual([500, 503, 429, 507, 201]);
    expect(JSON.parse(answers[0]?.body ?? '')).toEqual({ error: { code: 'internal', message: 'injected' } });
    expect(JSON.parse(answers[1]?.body ?? '')).toEqual({ error: { code: 'unavailable', message: 'injected' } });
    expect(answers[1]?.headers['retry-after']).toBe('1');
    expect(answers[2]?.headers['retry-after']).toBe('2');
    expect(JSON.parse(answers[2]?.body ?? '')).toMatchObject({ error: { code: 'rate_limited' } });
    expect(JSON.parse(answers[3]?.body ?? '')).toMatchObject({ error: { code: 'custom_code' } });
    expect(answers[0]?.headers['content-type']).toBe('application/json');
    expect(answers.slice(1).every((a) => a.reusedSocket)).toBe(true);
    expect(target.received.map((r) => r.key)).toEqual(['k4']);
    expect(proxy.records.map((r) => [describeFault(r.fault), r.status, r.outcome])).toEqual([
      ['status:500', 500, 'answered'],
      ['status:503', 503, 'answered'],
      ['status:429', 429, 'answered'],
      ['status:507', 507, 'answered'],
      ['pass', 201, 'answered'],
    ]);
  });

  it('stall reads the request and never answers, until the client gives up', async () => {
    const { target, proxy } = await setup({ plan: () => faults.stall() });
    const started = Date.now();
    expect(await failure(send(proxy.url, { key: 'k1', timeoutMs: 300 }))).toBe('CLIENT_TIMEOUT');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await proxy.idle();
    expect(target.received).toHaveLength(0);
    expect(proxy.records).toMatchObject([{ fault: { kind: 'stall' }, outcome: 'client-closed', bodyBytes: 17 }]);
  });

  it('close() ends stalled requests and returns promptly', async () => {
    const { proxy } = await setup({ plan: () => faults.stall() });
    const pending = failure(send(proxy.url, { key: 'k1' }));
    while (proxy.records.length === 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20)); // let the body arrive
    await proxy.close();
    expect(RESET_CODES.concat('socket hang up')).toContain(await pending);
    expect(proxy.records[0]?.outcome).toBe('proxy-closed');
  });

  it('trickle delivers the whole answer slowly when the client waits long enough', async () => {
    const { target, proxy } = await setup({ plan: () => faults.trickle(64, 15) });
    const started = Date.now();
    const answer = await send(proxy.url, { key: 'k1', timeoutMs: 5_000 });
    const elapsed = Date.now() - started;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ n: 1, key: 'k1' });
    const chunks = Math.ceil(Buffer.byteLength(answer.body) / 64);
    expect(elapsed).toBeGreaterThanOrEqual((chunks - 1) * 15 - 5);
    expect(target.received).toHaveLength(1);
    await proxy.idle();
    expect(proxy.records).toMatchObject([{ fault: { kind: 'trickle' }, status: 201, targetStatus: 201, outcome: 'answered' }]);
  });

  it('trickle exceeds a short client timeout (the target still processed the request)', async () => {
    const { target, proxy } = await setup({ plan: () => faults.trickle(8, 50) });
    expect(await failure(send(proxy.url, { key: 'k1', timeoutMs: 300 }))).toBe('CLIENT_TIMEOUT');
    await proxy.idle();
    expect(target.received).toHaveLength(1);
    expect(proxy.records).toMatchObject([{ status: 201, targetStatus: 201, outcome: 'client-closed' }]);
  });

  it('trickle can also hold back the headers', async () => {
    const { proxy } = await setup({ plan: () => faults.trickle(4096, 1, 400) });
    expect(await failure(send(proxy.url, { timeoutMs: 200 }))).toBe('CLIENT_TIMEOUT');
    const answer = await send(proxy.url, { timeoutMs: 2_000 });
    expect(answer.status).toBe(201);
  });

  it('delay forwards late', async () => {
    const { target, proxy } = await setup({ plan: () => faults.delay(150) });
    const started = Date.now();
    const pending = send(proxy.url, { key: 'k1' });
    await new Promise((r) => setTimeout(r, 50));
    expect(target.received).toHaveLength(0);
    expect((await pending).status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
  });

  it('gives the plan request numbers, keys and per-key attempt counts, so tests can script retries', async () => {
    const seen: Array<[number, string | null, number]> = [];
    const plan = failFirstAttempts((info) => (info.idempotencyKey === 'bad' ? [faults.status(503), faults.resetBeforeBody()] : []));
    const { target, proxy } = await setup({
      plan: (n, info) => {
        seen.push([n, info.idempotencyKey, info.attempt]);
        return plan(n, info);
      },
    });
    expect((await send(proxy.url, { key: 'bad' })).status).toBe(503);
    expect(RESET_CODES).toContain(await failure(send(proxy.url, { key: 'bad' })));
    expect((await send(proxy.url, { key: 'good' })).status).toBe(201);
    expect((await send(proxy.url, { key: 'bad' })).status).toBe(201);
    expect(seen).toEqual([
      [1, 'bad', 1],
      [2, 'bad', 2],
      [3, 'good', 1],
      [4, 'bad', 3],
    ]);
    expect(target.received.map((r) => r.key)).toEqual(['good', 'bad']);
  });

  it('the plan can be swapped while running, and keepBodies keeps what the client sent', async () => {
    const { proxy } = await setup({ keepBodies: true });
    expect((await send(proxy.url, { body: '{"first":1}' })).status).toBe(201);
    proxy.plan = () => faults.status(500);
    expect((await send(proxy.url, { body: '{"second":2}' })).status).toBe(500);
    expect(proxy.records.map((r) => r.body?.toString('utf8'))).toEqual(['{"first":1}', '{"second":2}']);
  });

  it('resets while the target is down, and forwards again once it is back on the same port', async () => {
    const { target, proxy, agent } = await setup();
    expect((await send(proxy.url, { agent })).status).toBe(201);
    await target.close();
    expect(RESET_CODES).toContain(await failure(send(proxy.url, { agent })));
    const again = await startTarget(target.port);
    cleanup.push(() => again.close());
    expect((await send(proxy.url, { agent, key: 'after' })).status).toBe(201);
    expect(again.received.map((r) => r.key)).toEqual(['after']);
    await proxy.idle();
    expect(proxy.records.map((r) => r.outcome)).toEqual(['answered', 'reset', 'answered']);
    // refused, or reset when the request went out on a pooled socket the dead target had not yet closed
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(proxy.records[1]?.targetError);
  });

  it('answers 502 while the target is down in bad-gateway mode', async () => {
    const { target, proxy } = await setup({ whenTargetDown: 'bad-gateway' });
    await target.close();
    const answer = await send(proxy.url);
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'bad_gateway', message: 'injected' } });
    expect(proxy.records[0]).toMatchObject({ status: 502, targetError: 'ECONNREFUSED', outcome: 'answered' });
  });

  it('handles many concurrent keep-alive clients under a mixed plan', async () => {
    const { target, proxy } = await setup({
      plan: roundRobin([faults.pass(), faults.resetBeforeBody(), faults.status(503), faults.resetAfterBody(), faults.trickle(100, 1)]),
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    cleanup.push(() => agent.destroy());
    // each "upload" retries until it gets a 201, like the real client
    const upload = async (key: string): Promise<number> => {
      for (let attempt = 1; attempt <= 20; attempt++) {
        try {
          const answer = await send(proxy.url, { key, agent, body: JSON.stringify({ key }) });
          if (answer.status === 201) return attempt;
        } catch {
          // retry
        }
      }
      throw new Error(`${key} never delivered`);
    };
    const attempts = await Promise.all(Array.from({ length: 40 }, (_, i) => upload(`key-${i}`)));
    expect(attempts.every((a) => a >= 1)).toBe(true);
    await proxy.idle();
    const delivered = new Set(target.received.map((r) => r.key));
    expect(delivered.size).toBe(40);
    expect(proxy.records.filter((r) => r.outcome === 'pending')).toHaveLength(0);
  });
});
