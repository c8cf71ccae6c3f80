/**
 * `atx serve` as a library: startServer() runs the reference ingest server of the upload API on
 * a data dir and returns its URL and a close() that drains in-flight requests. The CLI, the tests,
 * the benchmark and the fault tests all start it through here.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { availableParallelism, homedir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openApiDocument } from '../api/openapi.js';
import { handleRequest, type HandlerContext, type RequestTrace } from './handler.js';
import { DocumentPool } from './document-pool.js';
import { InFlightLimits } from './in-flight.js';
import { tightenPermissions } from './permissions.js';
import { RateLimiter } from './rate-limit.js';
import { TranscriptStore } from './store.js';
import { packageVersion } from '../version.js';

export { TranscriptStore, StorageFullError, ServerAlreadyRunningError, InvalidCursorError, KeyRevokedError } from './store.js';
export type { StoreOptions, KeyInfo, CreatedKey, TranscriptRecord, PutOutcome, AuthOutcome } from './store.js';
export { BlobStore } from './blobs.js';
export { IndexBusyError } from './database-errors.js';

const MIB = 1024 * 1024;

export const SERVER_DEFAULTS = {
  host: '127.0.0.1',
  port: 8787,
  maxBodyBytes: 32 * MIB,
  maxTranscriptBytes: 64 * MIB,
  rateLimitPerMinute: 600,
  /** failed authentications per minute per source address */
  authFailuresPerMinute: 60,
  requestTimeoutMs: 30_000,
  shutdownGraceMs: 500,
  maxDepth: 100,
  maxValues: 1_000_000,
  maxStringBytes: 16 * MIB,
  maxEvents: 100_000,
  maxConcurrentBodies: 64,
  maxInFlightBytes: 384 * MIB,
  /** compact JSON bytes up to which a document is prepared on the event loop (a few ms), not in a worker */
  inlineDocumentBytes: 512 * 1024,
} as const;

export interface ServerOptions {
  dataDir: string;
  host?: string;
  /** 0 picks a free port */
  port?: number;
  /** bytes on the wire per request (compressed, when gzip) */
  maxBodyBytes?: number;
  /** bytes of one JSON document (after inflating) */
  maxTranscriptBytes?: number;
  /** requests per minute per key; 0 turns the limit off */
  rateLimitPerMinute?: number;
  /** time to receive a request's headers and body (ms) */
  requestTimeoutMs?: number;
  /** total stored bytes; null or undefined: no limit */
  maxStorageBytes?: number | null;
  /** keep the bytes of replaced versions of a session (default: dropped) */
  keepVersions?: boolean;
  /** where request lines and notices go, one line per call, no newline; default: nowhere */
  log?: (line: string) => void;
  /** one line per request (default true); notices are logged either way */
  logRequests?: boolean;
  /** how long close() waits for requests past their body (validating, storing) before cutting connections (ms); bodies still arriving are cut at once */
  shutdownGraceMs?: number;
  /** failed authentications per minute per source address; 0 turns the limit off */
  authFailuresPerMinute?: number;
  /** nesting depth of the JSON document */
  maxDepth?: number;
  /** JSON values in one document */
  maxValues?: number;
  /** bytes of one JSON string (or key) as sent */
  maxStringBytes?: number;
  /** elements of the document's events array */
  maxEvents?: number;
  /** upload bodies read and processed at once; more get 503 with Retry-After */
  maxConcurrentBodies?: number;
  /** memory all upload bodies in flight may use together (bytes, estimated); over it: 503 with Retry-After */
  maxInFlightBytes?: number;
  /** worker threads that parse and validate documents (0: on the event loop); default: the cores but one, 1 to 4 */
  documentWorkers?: number;
  /** documents of at most this many bytes (compact JSON) are prepared on the event loop, larger ones by the workers */
  inlineDocumentBytes?: number;
}

export interface RunningServer {
  /** http://host:port, without a trailing slash */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** the server's store: tests create keys through it */
  readonly store: TranscriptStore;
  /** stops accepting, finishes in-flight requests (bounded), closes the store */
  close(): Promise<void>;
}

/** $ATX_SERVE_DATA, else $XDG_DATA_HOME/atx/serve, else ~/.local/share/atx/serve. */
export function defaultDataDir(env: NodeJS.ProcessEnv): string {
  if (env.ATX_SERVE_DATA) return env.ATX_SERVE_DATA;
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, 'atx', 'serve');
  return join(env.HOME || homedir(), '.local', 'share', 'atx', 'serve');
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? (() => {});
  const logRequests = options.logRequests ?? true;
  const host = options.host ?? SERVER_DEFAULTS.host;
  const requestTimeoutMs = options.requestTimeoutMs ?? SERVER_DEFAULTS.requestTimeoutMs;
  const graceMs = options.shutdownGraceMs ?? SERVER_DEFAULTS.shutdownGraceMs;
  const notice = (line: string) => log(`atx serve: ${line}`);

  const store = await TranscriptStore.open({ dataDir: options.dataDir, role: 'server', maxStorageBytes: options.maxStorageBytes ?? null, keepVersions: Boolean(options.keepVersions), log: notice });
  await tightenPermissions(store.dataDir, notice);
  let closing = false;
  const shutdown = new AbortController();
  const documents = new DocumentPool(
    options.documentWorkers ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
    undefined,
    options.inlineDocumentBytes ?? SERVER_DEFAULTS.inlineDocumentBytes,
  );
  const inFlight = new Set<Promise<void>>();
  const context: HandlerContext = {
    store,
    limiter: new RateLimiter(options.rateLimitPerMinute ?? SERVER_DEFAULTS.rateLimitPerMinute),
    authFailures: new RateLimiter(options.authFailuresPerMinute ?? SERVER_DEFAULTS.authFailuresPerMinute),
    limits: {
      maxBodyBytes: options.maxBodyBytes ?? SERVER_DEFAULTS.maxBodyBytes,
      maxTranscriptBytes: options.maxTranscriptBytes ?? SERVER_DEFAULTS.maxTranscriptBytes,
      timeoutMs: requestTimeoutMs,
      maxDepth: options.maxDepth ?? SERVER_DEFAULTS.maxDepth,
      maxValues: options.maxValues ?? SERVER_DEFAULTS.maxValues,
      maxStringBytes: options.maxStringBytes ?? SERVER_DEFAULTS.maxStringBytes,
      maxEvents: options.maxEvents ?? SERVER_DEFAULTS.maxEvents,
    },
    inFlight: new InFlightLimits(
      options.maxConcurrentBodies ?? SERVER_DEFAULTS.maxConcurrentBodies,
      options.maxInFlightBytes ?? SERVER_DEFAULTS.maxInFlightBytes,
    ),
    shutdown: shutdown.signal,
    documents,
    version: packageVersion(),
    openApiText: JSON.stringify(openApiDocument()),
    isClosing: () => closing,
    notice,
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const trace: RequestTrace = { path: loggablePath(req.url), keyId: null, bytesIn: 0 };
    if (logRequests) {
      res.once('close', () => log(requestLine(req, res, trace, performance.now() - started)));
    }
    const work = handleRequest(context, req, res, trace).finally(() => inFlight.delete(work));
    inFlight.add(work);
  };
  const server = createServer({
    // our own body deadline answers 408 as JSON; node's requestTimeout is the backstop behind it
    requestTimeout: requestTimeoutMs + 2_000,
    headersTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(requestTimeoutMs / 4))),
    keepAlive: true,
  }, onRequest);
  server.keepAliveTimeout = 5_000;
  // Expect: 100-continue: the handler sends 100 only once it has decided to read the body
  server.on('checkContinue', onRequest);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const body = JSON.stringify({ error: { code: timeout ? 'request_timeout' : 'bad_request', message: timeout ? 'the request did not arrive in time' : 'malformed HTTP request' } });
    socket.end(`HTTP/1.1 ${timeout ? '408 Request Timeout' : '400 Bad Request'}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? SERVER_DEFAULTS.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await documents.close();
    await store.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : Number(options.port);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      closing = true;
      // bodies still arriving are not waited for: their reads stop and their sockets are cut now
      shutdown.abort();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      const deadline = Date.now() + graceMs;
      while (inFlight.size > 0 && Date.now() < deadline) {
        server.closeIdleConnections();
        await Promise.race([Promise.allSettled([...inFlight]), sleep(20)]);
      }
      server.closeAllConnections();
      await stopped;
      // handlers whose client was cut off still finish their store work (bounded by its own timeouts)
      await Promise.race([Promise.allSettled([...inFlight]), sleep(graceMs)]);
      await documents.close();
      await store.close();
    })();
    return closed;
  };
  return { url, host, port, dataDir: store.dataDir, store, close };
}

/** `<ISO time> <remote> <method> <path> <status> <ms>ms <bytes read>B key=<keyId|->`: never a body, header or secret. */
function requestLine(req: IncomingMessage, res: ServerResponse, trace: RequestTrace, elapsedMs: number): string {
  const remote = (req.socket.remoteAddress ?? '-').replace(/^::ffff:/, '');
  const status = res.headersSent ? String(res.statusCode) : '-';
  const method = /^[A-Z]{1,16}$/.test(req.method ?? '') ? req.method : '?';
  return `${new Date().toISOString()} ${remote} ${method} ${trace.path} ${status} ${Math.round(elapsedMs)}ms ${trace.bytesIn}B key=${trace.keyId ?? '-'}`;
}

/** The path without its query, printable, a key-shaped string masked, at most 200 characters. */
function loggablePath(target: string | undefined): string {
  const path = (target ?? '/').split('?')[0] ?? '/';
  const printable = path.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c));
  const masked = printable.replace(/atx_([A-Za-z0-9]{4,64})_[A-Za-z0-9_-]+/g, 'atx_$1_…');
  return masked.length > 200 ? `${masked.slice(0, 200)}…` : masked;
}
