/**
 * A fault-injecting HTTP/1.1 reverse proxy for tests of the upload path.
 *
 * It listens on 127.0.0.1 (port 0) in front of a target `http://127.0.0.1:<port>` and, for every
 * request, asks a fault plan what to do with it: forward it, reset the connection before or
 * after the target saw the body, answer an error status itself, never answer, dribble the answer
 * out slowly, or forward it late. The client side is a plain `node:http` server, so keep-alive
 * and one-after-another requests on a socket work as with a real server; resets are real socket
 * destroys (RST where the platform allows), so the client sees ECONNRESET / "socket hang up" /
 * "other side closed", not an HTTP answer.
 *
 * When the target is down (killed, restarting on the same port), forwarded requests get a reset
 * (default, as a dead upstream behind a TCP load balancer) or a 502, and the proxy keeps serving;
 * once the target listens again, forwarding resumes.
 *
 * Every request is recorded (`records`), in arrival order, and its record is completed when the
 * request ends: which fault was applied, what the client got, what the target answered.
 * Bodies are buffered in memory on both sides, which keeps the faults exact; it is a test tool,
 * not a production proxy.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { IDEMPOTENCY_HEADER } from '../../src/api/contract.js';

// ---------------------------------------------------------------------------------------------
// Faults and plans
// ---------------------------------------------------------------------------------------------

export type Fault =
  /** Forward as is. */
  | { kind: 'pass' }
  /** Forward as is, after waiting `ms` (before the target sees the request). */
  | { kind: 'delay'; ms: number }
  /** Destroy the client socket as soon as the request headers arrived; the target never sees the request. */
  | { kind: 'reset-before-body' }
  /** Forward the whole request, let the target answer (and store), then destroy the client socket instead of answering. */
  | { kind: 'reset-after-body' }
  /** Read the request and answer this status directly with a JSON error body; nothing is forwarded. */
  | { kind: 'status'; status: number; headers?: Record<string, string>; code?: string }
  /** Read the request and never answer, until the client goes away (or the proxy closes). */
  | { kind: 'stall' }
  /**
   * Forward, then send the target's answer slowly: the status line and headers after
   * `headersDelayMs` (default 0), then `chunkBytes` bytes of body every `intervalMs`.
   */
  | { kind: 'trickle'; chunkBytes: number; intervalMs: number; headersDelayMs?: number };

export type FaultKind = Fault['kind'];

/** Shorthands for building faults. */
export const faults = {
  pass: (): Fault => ({ kind: 'pass' }),
  delay: (ms: number): Fault => ({ kind: 'delay', ms }),
  resetBeforeBody: (): Fault => ({ kind: 'reset-before-body' }),
  resetAfterBody: (): Fault => ({ kind: 'reset-after-body' }),
  status: (status: number, headers?: Record<string, string>, code?: string): Fault => ({
    kind: 'status',
    status,
    ...(headers ? { headers } : {}),
    ...(code ? { code } : {}),
  }),
  stall: (): Fault => ({ kind: 'stall' }),
  trickle: (chunkBytes: number, intervalMs: number, headersDelayMs?: number): Fault => ({
    kind: 'trickle',
    chunkBytes,
    intervalMs,
    ...(headersDelayMs !== undefined ? { headersDelayMs } : {}),
  }),
} as const;

/** A short label for logs and assertion messages: "pass", "status:503", "trickle:16/10ms". */
export function describeFault(fault: Fault): string {
  switch (fault.kind) {
    case 'status':
      return `status:${fault.status}`;
    case 'delay':
      return `delay:${fault.ms}ms`;
    case 'trickle':
      return `trickle:${fault.chunkBytes}/${fault.intervalMs}ms`;
    default:
      return fault.kind;
  }
}

/** What a plan knows about a request when it decides. */
export interface RequestInfo {
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  /** The `Idempotency-Key` header, or null. */
  idempotencyKey: string | null;
  /**
   * 1 for the first request with this idempotency key, 2 for the second, ... (requests without
   * a key are counted per method and path).
   */
  attempt: number;
}

/** Decides the fault for request number `n` (1-based, in arrival order). */
export type FaultPlan = (n: number, info: RequestInfo) => Fault;

/** The same fault for every request. */
export const always = (fault: Fault): FaultPlan => () => fault;

/** Request n gets faults[(n - 1) % length]: a deterministic round-robin over all requests. */
export function roundRobin(sequence: readonly Fault[]): FaultPlan {
  if (sequence.length === 0) throw new Error('roundRobin needs at least one fault');
  return (n) => sequence[(n - 1) % sequence.length] ?? { kind: 'pass' };
}

/**
 * Attempt k of each key gets failures[k - 1] (a function of the key lets keys differ); once the
 * list is exhausted, every further attempt passes. Guarantees delivery within length + 1 attempts.
 */
export function failFirstAttempts(failures: (info: RequestInfo, n: number) => readonly Fault[]): FaultPlan {
  return (n, info) => failures(info, n)[info.attempt - 1] ?? { kind: 'pass' };
}

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

export type RequestOutcome =
  /** Still in progress. */
  | 'pending'
  /** The client got a complete answer (`status`). */
  | 'answered'
  /** The proxy destroyed the client socket on purpose (reset faults, or the target was down in reset mode). */
  | 'reset'
  /** The client went away before it got a complete answer (its timeout, or a stall). */
  | 'client-closed'
  /** The proxy was closed while the request was open. */
  | 'proxy-closed';

export interface ProxyRecord extends RequestInfo {
  n: number;
  fault: Fault;
  /** The status the client received, when it received one. */
  status?: number;
  /** The status the target answered, when the request was forwarded and answered. */
  targetStatus?: number;
  /** Why forwarding failed (e.g. ECONNREFUSED while the target is down). */
  targetError?: string;
  outcome: RequestOutcome;
  /** The request body as received (still compressed if it was), with `keepBodies`. */
  body?: Buffer;
  contentEncoding?: string;
  /** Bytes of request body read (undefined when the body was never read). */
  bodyBytes?: number;
  startedAt: number;
  endedAt?: number;
}

// ---------------------------------------------------------------------------------------------
// The proxy
// ---------------------------------------------------------------------------------------------

export interface FaultProxyOptions {
  /** The upstream, e.g. `http://127.0.0.1:4312`. Can be changed later with `proxy.target = ...`. */
  target: string;
  /** Default: pass everything. Can be changed later with `proxy.plan = ...`. */
  plan?: FaultPlan;
  /** What a forwarded request gets while the target does not answer: a reset (default) or a 502. */
  whenTargetDown?: 'reset' | 'bad-gateway';
  /** Keep each request body in its record (for checks on what was sent). Default false. */
  keepBodies?: boolean;
  /** Idle keep-alive time on the client side, ms. Default 30 000. */
  keepAliveTimeoutMs?: number;
}

export interface FaultProxy {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** One record per request, in arrival order; records of open requests are completed as they end. */
  readonly records: readonly ProxyRecord[];
  target: string;
  plan: FaultPlan;
  /** Number of client connections accepted so far (keep-alive reuse shows as fewer connections than requests). */
  readonly connections: number;
  /** Resolves when no request is open (or after `timeoutMs`, rejecting). */
  idle(timeoutMs?: number): Promise<void>;
  /** Stops listening, destroys every client socket and every timer; resolves when done. */
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
]);

const ERROR_CODE_FOR_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  408: 'request_timeout',
  413: 'payload_too_large',
  429: 'rate_limited',
  500: 'internal',
  502: 'bad_gateway',
  503: 'unavailable',
  504: 'gateway_timeout',
  507: 'storage_full',
};

interface Upstream {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

function endToEndHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

/** Reads a whole request body; rejects when the client goes away first. */
async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function errorCode(error: unknown): string {
  const e = error as NodeJS.ErrnoException | undefined;
  return e?.code ?? e?.message ?? String(error);
}

/** Destroys a socket so the peer sees a reset (RST) where supported, else a plain close. */
function resetSocket(socket: Socket): void {
  if (socket.destroyed) return;
  const withReset = socket as Socket & { resetAndDestroy?: () => Socket };
  try {
    if (typeof withReset.resetAndDestroy === 'function') withReset.resetAndDestroy();
    else socket.destroy();
  } catch {
    socket.destroy();
  }
}

const sleep = (ms: number, timers: Set<NodeJS.Timeout>): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      resolve();
    }, ms);
    timers.add(timer);
  });

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  let target = new URL(options.target);
  let plan: FaultPlan = options.plan ?? always(faults.pass());
  const whenTargetDown = options.whenTargetDown ?? 'reset';
  const keepBodies = options.keepBodies ?? false;

  const records: ProxyRecord[] = [];
  const attemptsByKey = new Map<string, number>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const idleWaiters = new Set<() => void>();
  let open = 0;
  let connections = 0;
  let closed = false;
  const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const finish = (record: ProxyRecord, outcome: RequestOutcome): void => {
    if (record.outcome !== 'pending') return;
    record.outcome = outcome;
    record.endedAt = Date.now();
    open--;
    if (open === 0) for (const wake of [...idleWaiters]) wake();
  };

  const forward = (req: http.IncomingMessage, body: Buffer): Promise<Upstream> =>
    new Promise((resolve, reject) => {
      const headers = endToEndHeaders(req.headers);
      headers.host = target.host;
      headers['content-length'] = body.length;
      const upstream = http.request(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers,
          agent: upstreamAgent,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 502, headers: endToEndHeaders(response.headers), body: Buffer.concat(chunks) }),
          );
          response.on('error', reject);
          response.on('aborted', () => reject(new Error('upstream aborted')));
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  /** Sends an answer at once; the record is completed when the client has it (or went away). */
  const answer = (record: ProxyRecord, res: http.ServerResponse, status: number, headers: http.OutgoingHttpHeaders, body: Buffer): void => {
    if (res.destroyed) return finish(record, 'client-closed');
    record.status = status;
    res.writeHead(status, { ...headers, 'content-length': body.length });
    res.end(body);
  };

  const injectedBody = (status: number, code?: string): Buffer =>
    Buffer.from(JSON.stringify({ error: { code: code ?? ERROR_CODE_FOR_STATUS[status] ?? 'injected', message: 'injected' } }));

  /** The target did not answer: reset the client, or answer 502. */
  const targetDown = (record: ProxyRecord, req: http.IncomingMessage, res: http.ServerResponse, error: unknown): void => {
    record.targetError = errorCode(error);
    if (whenTargetDown === 'reset') {
      resetSocket(req.socket);
      finish(record, 'reset');
    } else {
      answer(record, res, 502, { 'content-type': 'application/json' }, injectedBody(502));
    }
  };

  const trickle = async (record: ProxyRecord, res: http.ServerResponse, upstream: Upstream, fault: Extract<Fault, { kind: 'trickle' }>): Promise<void> => {
    if (fault.headersDelayMs) await sleep(fault.headersDelayMs, timers);
    if (res.destroyed) return finish(record, 'client-closed');
    record.status = upstream.status;
    res.writeHead(upstream.status, { ...upstream.headers, 'content-length': upstream.body.length });
    res.flushHeaders();
    const step = Math.max(1, fault.chunkBytes);
    for (let offset = 0; offset < upstream.body.length; offset += step) {
      if (offset > 0) await sleep(fault.intervalMs, timers);
      if (res.destroyed) return finish(record, 'client-closed');
      res.write(upstream.body.subarray(offset, offset + step));
    }
    res.end();
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const keyHeader = req.headers[IDEMPOTENCY_HEADER];
    const idempotencyKey = (Array.isArray(keyHeader) ? keyHeader[0] : keyHeader) ?? null;
    const attemptKey = idempotencyKey !== null ? `key:${idempotencyKey}` : `route:${method} ${path}`;
    const attempt = (attemptsByKey.get(attemptKey) ?? 0) + 1;
    attemptsByKey.set(attemptKey, attempt);
    const n = records.length + 1;
    const info: RequestInfo = { method, path, idempotencyKey, attempt };
    let fault: Fault;
    try {
      fault = plan(n, info);
    } catch {
      fault = faults.pass();
    }
    const record: ProxyRecord = { n, ...info, fault, outcome: 'pending', startedAt: Date.now() };
    records.push(record);
    open++;
    res.on('finish', () => finish(record, 'answered'));
    res.on('close', () => finish(record, closed ? 'proxy-closed' : 'client-closed'));
    const encoding = req.headers['content-encoding'];
    if (encoding) record.contentEncoding = encoding;

    if (fault.kind === 'reset-before-body') {
      resetSocket(req.socket);
      return finish(record, 'reset');
    }

    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      return finish(record, closed ? 'proxy-closed' : 'client-closed');
    }
    record.bodyBytes = body.length;
    if (keepBodies) record.body = body;

    switch (fault.kind) {
      case 'status': {
        const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json', ...fault.headers };
        return answer(record, res, fault.status, headers, injectedBody(fault.status, fault.code));
      }
      case 'stall':
        return; // the record completes when the client (or close()) ends the socket
      case 'delay':
        await sleep(fault.ms, timers);
        if (closed) return finish(record, 'proxy-closed');
        break;
      default:
        break;
    }

    let upstream: Upstream;
    try {
      upstream = await forward(req, body);
    } catch (error) {
      return targetDown(record, req, res, error);
    }
    record.targetStatus = upstream.status;

    if (fault.kind === 'reset-after-body') {
      resetSocket(req.socket);
      return finish(record, 'reset');
    }
    if (fault.kind === 'trickle') return trickle(record, res, upstream, fault);
    return answer(record, res, upstream.status, upstream.headers, upstream.body);
  };

  const server = http.createServer({ keepAlive: true, noDelay: true }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the proxy itself: make it visible to the client as a 500, not a hang.
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`fault proxy error: ${String(error)}`);
      } else {
        res.destroy();
      }
    });
  });
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? 30_000;
  server.headersTimeout = 0;
  server.requestTimeout = 0;
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A reset racing with the parser can surface as a clientError; just drop the socket.
  server.on('clientError', (_error, socket: Socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    records,
    get target() {
      return target.origin;
    },
    set target(url: string) {
      target = new URL(url);
    },
    get plan() {
      return plan;
    },
    set plan(next: FaultPlan) {
      plan = next;
    },
    get connections() {
      return connections;
    },
    idle(timeoutMs = 10_000) {
      if (open === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          idleWaiters.delete(wake);
          reject(new Error(`fault proxy: ${open} request(s) still open after ${timeoutMs} ms`));
        }, timeoutMs);
        const wake = (): void => {
          clearTimeout(timer);
          idleWaiters.delete(wake);
          resolve();
        };
        idleWaiters.add(wake);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      upstreamAgent.destroy();
      await stopped;
      for (const record of records) if (record.outcome === 'pending') finish(record, 'proxy-closed');
    },
  };
}
