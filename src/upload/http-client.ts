/**
 * One POST of one transcript, and nothing more: no retries here (retry.ts decides, deliver.ts
 * loops). Every outcome, including a dead network, comes back as a value, so the caller never
 * has to tell a bug from a timeout by catching. Anything that came from the network is scrubbed
 * of the key's secret and flattened to one line before it can reach a message.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Dispatcher } from 'undici';
import { undici } from './undici.js';
import { usageError } from '../errors.js';
import type { SubmissionKey } from '../keys.js';
import { isLoopbackHost, transcriptsUrl } from './endpoint.js';
import { PlainHttp } from './plain-http.js';
import { parseRetryAfter } from './retry.js';

export type Answer =
  | {
      kind: 'http';
      status: number;
      /** from Retry-After, in milliseconds from when the answer arrived */
      retryAfterMs?: number;
      /** the answer body parsed as JSON; null when empty, not JSON, or over the read cap */
      body: unknown;
      /** the answer body as text (scrubbed, at most MAX_ANSWER_BYTES) when there was one */
      text?: string;
      /** the connection broke (or stalled) while the body was read: the status came, the answer did not */
      bodyBrokeOff?: true;
    }
  | {
      kind: 'network';
      /** ECONNRESET, ECONNREFUSED, UND_ERR_CONNECT_TIMEOUT, UND_ERR_HEADERS_TIMEOUT, UND_ERR_BODY_TIMEOUT, ETIMEDOUT, … */
      code: string;
      /** scrubbed, one line */
      message: string;
    };

export interface UploadClientOptions {
  /** the base endpoint from parseEndpoint; the client posts to {endpoint}/v1/transcripts */
  endpoint: URL;
  key: SubmissionKey;
  connectTimeoutMs: number;
  /** for the answer's headers after the request is sent, and for each pause in its body */
  requestTimeoutMs: number;
  /** proxy settings are read from here, not from process.env */
  env: NodeJS.ProcessEnv;
  userAgent: string;
  /** keep-alive connections to the endpoint at most (the requests in flight); unlimited when absent */
  maxConnections?: number;
}

/** Answers larger than this are cut off: an error body is small, and a stored answer smaller. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

export class UploadClient {
  readonly url: URL;
  readonly keyId: string;
  readonly viaProxy: boolean;
  readonly #key: SubmissionKey;
  /** undici, for https and proxies */
  readonly #dispatcher: Dispatcher | undefined;
  /** node:http, for a plain-http endpoint reached directly (this machine: see plain-http.ts) */
  readonly #plain: PlainHttp | undefined;
  readonly #requestTimeoutMs: number;
  /** a last-resort ceiling for one attempt, for a server that trickles forever */
  readonly #attemptCeilingMs: number;
  readonly #userAgent: string;

  constructor(options: UploadClientOptions) {
    this.url = transcriptsUrl(options.endpoint);
    this.keyId = options.key.keyId;
    this.#key = options.key;
    this.#requestTimeoutMs = options.requestTimeoutMs;
    this.#attemptCeilingMs = options.connectTimeoutMs + 2 * options.requestTimeoutMs + 1000;
    this.#userAgent = options.userAgent;
    const proxy = proxyFor(this.url, proxySettings(options.env));
    this.viaProxy = proxy !== null;
    if (proxy === null && this.url.protocol === 'http:') {
      this.#plain = new PlainHttp({ requestTimeoutMs: options.requestTimeoutMs, ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }) });
    } else {
      this.#dispatcher = createDispatcher(proxy, options.connectTimeoutMs, options.requestTimeoutMs, options.maxConnections);
    }
  }

  async post(transcriptId: string, gzippedBody: Buffer): Promise<Answer> {
    const headers = {
      authorization: `Bearer atx_${this.#key.keyId}_${this.#key.secret}`,
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'idempotency-key': transcriptId,
      accept: 'application/json',
      'user-agent': this.#userAgent,
    };
    return this.#request('POST', this.url, headers, gzippedBody, MAX_ANSWER_BYTES, this.#attemptCeilingMs);
  }

  /** GET or DELETE of {endpoint}/v1/transcripts{suffix} (suffix: a query, or /{id}); the body is read up to maxBytes. */
  async call(method: 'GET' | 'DELETE', suffix: string, maxBytes = MAX_ANSWER_BYTES): Promise<Answer> {
    const headers = { authorization: `Bearer atx_${this.#key.keyId}_${this.#key.secret}`, accept: 'application/json', 'user-agent': this.#userAgent };
    return this.#request(method, `${this.url.href}${suffix}`, headers, undefined, maxBytes);
  }

  /** `ceilingMs`: the attempt's last-resort limit (see #attemptCeilingMs) */
  async #request(method: string, url: URL | string, headers: Record<string, string>, body: Buffer | undefined, cap: number, ceilingMs?: number): Promise<Answer> {
    let response: Response;
    try {
      response = this.#plain
        ? await this.#plain.request(url, method, headers, body, ceilingMs)
        : await undici().request(url, {
          method: method as Dispatcher.HttpMethod,
          dispatcher: this.#dispatcher!,
          headers,
          ...(body === undefined ? {} : { body }),
          headersTimeout: this.#requestTimeoutMs,
          bodyTimeout: this.#requestTimeoutMs,
          ...(ceilingMs === undefined ? {} : { signal: AbortSignal.timeout(ceilingMs) }),
        });
    } catch (error) {
      return this.#networkAnswer(error);
    }
    return this.#answer(response, cap);
  }

  async #answer(response: Response, cap: number): Promise<Answer> {
    const retryAfterMs = parseRetryAfter(response.headers['retry-after'], Date.now());
    const read = await readCapped(response.body, cap);
    const text = read.bytes.length > 0 ? scrubSecret(read.bytes.toString('utf8'), this.#key) : undefined;
    // a body that broke off after the status arrived still leaves the status to act on
    const body = text !== undefined && read.ending === 'complete' ? parseJson(text) : null;
    return {
      kind: 'http',
      status: response.statusCode,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      body,
      ...(text === undefined ? {} : { text }),
      ...(read.ending === 'broken' ? { bodyBrokeOff: true as const } : {}),
    };
  }

  async close(): Promise<void> {
    this.#plain?.close();
    await this.#dispatcher?.close();
  }

  #networkAnswer(error: unknown): Answer {
    return { kind: 'network', code: networkErrorCode(error), message: oneLine(scrubSecret(networkErrorMessage(error), this.#key)) };
  }
}

interface ProxySettings {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

/** Lowercase names first, as curl and undici read them; an empty value counts as unset. */
function proxySettings(env: NodeJS.ProcessEnv): ProxySettings | null {
  const pick = (lower: string, upper: string) => env[lower] || env[upper] || '';
  const httpProxy = pick('http_proxy', 'HTTP_PROXY');
  const httpsProxy = pick('https_proxy', 'HTTPS_PROXY');
  if (!httpProxy && !httpsProxy) return null;
  return { httpProxy, httpsProxy, noProxy: pick('no_proxy', 'NO_PROXY') };
}

/**
 * Plain http is allowed only to this machine, because there the key cannot be overheard. A
 * proxy elsewhere would carry it in clear text (and reach its own localhost, not ours), so a
 * plain-http endpoint goes through a proxy only when that proxy is on this machine too.
 */
function proxyFor(target: URL, proxy: ProxySettings | null): ProxySettings | null {
  if (!proxy || target.protocol !== 'http:') return proxy;
  if (!proxy.httpProxy) return null; // HTTPS_PROXY alone does not apply to http targets
  const host = URL.canParse(proxy.httpProxy) ? new URL(proxy.httpProxy).hostname : '';
  return isLoopbackHost(host) ? proxy : null;
}

function createDispatcher(proxy: ProxySettings | null, connectTimeoutMs: number, requestTimeoutMs: number, maxConnections: number | undefined): Dispatcher {
  const common = {
    ...(maxConnections === undefined ? {} : { connections: maxConnections }),
    connect: { timeout: connectTimeoutMs },
    headersTimeout: requestTimeoutMs,
    bodyTimeout: requestTimeoutMs,
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
  };
  if (!proxy) return new (undici().Agent)(common);
  for (const [name, value] of [['HTTP_PROXY', proxy.httpProxy], ['HTTPS_PROXY', proxy.httpsProxy]] as const) {
    // the value is not echoed: a proxy URL may carry a password
    if (value && !URL.canParse(value)) throw usageError(`${name}: not a valid proxy URL (expected http://host:port)`);
  }
  // Empty strings (not undefined) so undici never falls back to process.env behind our back.
  // proxyTunnel false: plain-http targets go to the proxy in absolute form; https still tunnels.
  return new (undici().EnvHttpProxyAgent)({
    ...common,
    httpProxy: proxy.httpProxy,
    httpsProxy: proxy.httpsProxy,
    noProxy: proxy.noProxy,
    proxyTunnel: false,
    proxyTls: { timeout: connectTimeoutMs },
  });
}

/** What either path answers with (undici's ResponseData and plain-http.ts's PlainResponse have this much in common). */
interface Response {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<unknown> & { destroy(): unknown };
}

/** ending: complete, cut (more than `cap` bytes: the rest is not read), broken (the connection failed) */
async function readCapped(body: Response['body'], cap: number): Promise<{ bytes: Buffer; ending: 'complete' | 'cut' | 'broken' }> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      const room = cap - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        body.destroy();
        return { bytes: Buffer.concat(chunks), ending: 'cut' };
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } catch {
    return { bytes: Buffer.concat(chunks), ending: 'broken' };
  }
  return { bytes: Buffer.concat(chunks), ending: 'complete' };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: ErrorLike;
  errors?: unknown;
}

/** The most specific code: undici wraps a socket reset, Node wraps failed dual-stack connects. */
export function networkErrorCode(error: unknown): string {
  const e = (error ?? {}) as ErrorLike;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'ETIMEDOUT';
  const inner = Array.isArray(e.errors) ? (e.errors[0] as ErrorLike | undefined) : undefined;
  const own = typeof e.code === 'string' ? e.code : undefined;
  const cause = typeof e.cause?.code === 'string' ? e.cause.code : undefined;
  const first = typeof inner?.code === 'string' ? inner.code : undefined;
  if (own === 'UND_ERR_SOCKET' && cause) return cause;
  return own ?? cause ?? first ?? 'UNKNOWN';
}

function networkErrorMessage(error: unknown): string {
  const e = (error ?? {}) as ErrorLike;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'the attempt took too long';
  const own = typeof e.message === 'string' ? e.message : '';
  if (own) return own;
  if (Array.isArray(e.errors)) {
    return e.errors.map((inner) => String((inner as ErrorLike | undefined)?.message ?? inner)).join('; ');
  }
  return typeof e.cause?.message === 'string' ? e.cause.message : String(error);
}

/** Replaces every copy of the key's secret with "…" (the key then reads atx_<keyId>_…). */
export function scrubSecret(text: string, key: Pick<SubmissionKey, 'secret'>): string {
  if (key.secret.length === 0) return text;
  return text.split(key.secret).join('…');
}

/**
 * Text from a server made safe to print: control characters (which could move a terminal's
 * cursor or fake a line) become spaces, whitespace collapses, and it is cut to `max` characters.
 */
export function oneLine(text: string, max = 300): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const gzipAsync = promisify(gzip);

/** Gzips off the main thread; a large transcript compresses ~10× and is sent as is. */
export async function gzipBody(json: string | Buffer): Promise<Buffer> {
  return gzipAsync(typeof json === 'string' ? Buffer.from(json, 'utf8') : json);
}
