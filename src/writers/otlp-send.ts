/**
 * `--otlp-endpoint URL`: the OTLP JSON lines of the otel writer, each POSTed as it is to an
 * OTLP/HTTP receiver (an OpenTelemetry Collector, or a backend that takes OTLP) with
 * `content-type: application/json`. A URL with a path is used as given; a URL without one (just
 * `http://host:4318`) gets the standard `/v1/traces`.
 *
 * Tries are retried as an upload's are (upload/retry.ts: 408, 429, 5xx and connection errors, with
 * backoff); a refusal, or the last failed try, is one error naming the endpoint (exit 4), and once
 * the endpoint has failed the sessions after it are not sent. Header values are never printed.
 */
import { STATUS_CODES } from 'node:http';
import type { Dispatcher } from 'undici';
import { AtxError, ExitCode, usageError } from '../errors.js';
import type { Output } from '../sinks/output.js';
import { describeEndpoint, isLoopbackHost } from '../upload/endpoint.js';
import { type Answer, networkErrorCode, oneLine } from '../upload/http-client.js';
import { undici } from '../upload/undici.js';
import { classify, DEFAULT_RETRY_POLICY, parseRetryAfter, planRetry, type RetryPolicy } from '../upload/retry.js';
import { packageVersion } from '../version.js';

export interface OtlpTarget {
  url: URL;
  /** from --otlp-header, e.g. an API key a backend asks for */
  headers: Readonly<Record<string, string>>;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** set by atx itself */
const RESERVED_HEADERS = new Set(['content-type', 'content-length', 'host', 'transfer-encoding', 'connection']);

/** `--otlp-endpoint` and `--otlp-header name=value` (repeatable), checked before any input is read. */
export function otlpTarget(endpoint: string, headerArgs: readonly string[]): OtlpTarget {
  let url: URL;
  try {
    url = new URL(endpoint.trim());
  } catch {
    throw usageError('--otlp-endpoint: not a URL (expected http(s)://host[:port][/path], e.g. http://localhost:4318)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError(`--otlp-endpoint: unsupported scheme ${url.protocol.replace(/:$/, '')} (expected http or https)`);
  if (url.username !== '' || url.password !== '') throw usageError('--otlp-endpoint: the URL must not hold a user name or password; send credentials with --otlp-header');
  if (url.pathname === '/') url.pathname = '/v1/traces';
  const headers: Record<string, string> = {};
  for (const arg of headerArgs) {
    const equals = arg.indexOf('=');
    const name = equals > 0 ? arg.slice(0, equals).trim() : '';
    // the value is never echoed: it is usually a key
    if (!HEADER_NAME.test(name)) throw usageError('--otlp-header: expected name=value with a header name before the "="');
    if (RESERVED_HEADERS.has(name.toLowerCase())) throw usageError(`--otlp-header: ${name} is set by atx`);
    const value = arg.slice(equals + 1).trim();
    if (/[\r\n\0]/.test(value)) throw usageError(`--otlp-header: the value of ${name} holds a line break`);
    headers[name.toLowerCase()] = value;
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && Object.keys(headers).length > 0) {
    throw usageError('--otlp-endpoint: headers (often a key) go only over https, or plain http to this machine');
  }
  return { url, headers };
}

export interface OtlpSendOptions {
  policy?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
}

/** An answer's body is read up to this much: a receiver's answer is small (an error or partial success). */
const MAX_ANSWER_CHARS = 64 * 1024;
const LF = 0x0a;

/** An Output that sends each complete line it is given as one OTLP/HTTP request. */
export function otlpOutput(target: OtlpTarget, options: OtlpSendOptions = {}): Output {
  const sender = new OtlpSender(target, options);
  return {
    write: (chunk) => sender.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)),
    commit: () => sender.finish(),
    abort: () => sender.close(),
  };
}

class OtlpSender {
  readonly #target: OtlpTarget;
  readonly #where: string;
  readonly #dispatcher: Dispatcher;
  readonly #options: OtlpSendOptions;
  /** the start of a line whose end has not come yet */
  #partial: Buffer[] = [];
  #failure: AtxError | undefined;

  constructor(target: OtlpTarget, options: OtlpSendOptions) {
    this.#target = target;
    this.#where = describeEndpoint(target.url);
    this.#options = options;
    const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.#dispatcher = new (undici().Agent)({ connect: { timeout: options.connectTimeoutMs ?? 10_000 }, headersTimeout: requestTimeoutMs, bodyTimeout: requestTimeoutMs });
  }

  write(bytes: Buffer): Promise<void> | undefined {
    if (this.#failure) return Promise.reject(this.#failure);
    const lines: Buffer[] = [];
    let start = 0;
    for (let newline = bytes.indexOf(LF); newline !== -1; newline = bytes.indexOf(LF, start)) {
      lines.push(Buffer.concat([...this.#partial, bytes.subarray(start, newline)]));
      this.#partial = [];
      start = newline + 1;
    }
    // a copy: the caller may fill its buffer again once this write is done (the Output contract)
    if (start < bytes.length) this.#partial.push(Buffer.from(bytes.subarray(start)));
    return lines.length === 0 ? undefined : this.#sendAll(lines);
  }

  async finish(): Promise<void> {
    try {
      if (this.#partial.length > 0 && !this.#failure) await this.#sendAll([Buffer.concat(this.#partial)]);
    } finally {
      await this.close();
    }
  }

  async close(): Promise<void> {
    this.#partial = [];
    await this.#dispatcher.close();
  }

  async #sendAll(lines: readonly Buffer[]): Promise<void> {
    try {
      for (const line of lines) await this.#send(line);
    } catch (error) {
      if (error instanceof AtxError) this.#failure = error;
      this.#partial = []; // the rest of a session that could not be sent is not sent later either
      throw error;
    }
  }

  async #send(line: Buffer): Promise<void> {
    const policy = this.#options.policy ?? DEFAULT_RETRY_POLICY;
    const sleep = this.#options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    const startedAt = Date.now();
    for (let attempt = 1; ; attempt++) {
      const answer = await this.#post(line);
      const classification = classify(answer);
      if (classification === 'answered') return this.#checkPartialSuccess(answer);
      if (classification === 'refused') throw this.#error(`refused the spans: ${describeAnswer(answer)}${hintFor(answer)}`);
      const plan = planRetry(attempt, answer, Date.now() - startedAt, policy, this.#options.random ?? Math.random);
      if (!plan.retry) throw this.#error(`could not take the spans after ${attempt} ${attempt === 1 ? 'try' : 'tries'}: ${describeAnswer(answer)}`);
      await sleep(plan.delayMs);
    }
  }

  async #post(line: Buffer): Promise<Answer> {
    let response: Dispatcher.ResponseData;
    try {
      response = await undici().request(this.#target.url, {
        method: 'POST',
        dispatcher: this.#dispatcher,
        headers: { ...this.#target.headers, 'content-type': 'application/json', 'user-agent': `atx/${packageVersion()}` },
        body: line,
      });
    } catch (error) {
      return { kind: 'network', code: networkErrorCode(error), message: oneLine(error instanceof Error ? error.message : String(error)) };
    }
    const retryAfterMs = parseRetryAfter(response.headers['retry-after'], Date.now());
    const status = response.statusCode;
    const timing = retryAfterMs === undefined ? {} : { retryAfterMs };
    let text = '';
    try {
      for await (const chunk of response.body) {
        text += (chunk as Buffer).toString('utf8');
        if (text.length > MAX_ANSWER_CHARS) break; // leaving the loop discards the rest
      }
    } catch {
      return { kind: 'http', status, ...timing, body: null, bodyBrokeOff: true };
    }
    return { kind: 'http', status, ...timing, body: parseJson(text), ...(text.trim() ? { text: oneLine(text) } : {}) };
  }

  /** A 200 may still say that some spans were dropped (OTLP partial success). */
  #checkPartialSuccess(answer: Answer): void {
    const partial = answer.kind === 'http' ? (answer.body as { partialSuccess?: { rejectedSpans?: string | number; errorMessage?: string } } | null)?.partialSuccess : undefined;
    const rejected = Number(partial?.rejectedSpans ?? 0);
    if (rejected > 0) throw this.#error(`took the request but rejected ${rejected} span(s)${partial?.errorMessage ? `: ${oneLine(partial.errorMessage)}` : ''}`);
  }

  #error(what: string): AtxError {
    return new AtxError(ExitCode.network, `OTLP endpoint ${this.#where} ${what}`);
  }
}

function describeAnswer(answer: Answer): string {
  if (answer.kind === 'network') return `${answer.code} (${answer.message})`;
  const phrase = STATUS_CODES[answer.status];
  const status = phrase ? `${answer.status} ${phrase}` : String(answer.status);
  return answer.text ? `${status}: ${answer.text}` : status;
}

function hintFor(answer: Answer): string {
  if (answer.kind !== 'http') return '';
  if (answer.status === 401 || answer.status === 403) return ' (does it need a key? --otlp-header name=value)';
  if (answer.status === 404) return ' (a URL with a path is used as given: is it the traces path, e.g. /v1/traces?)';
  if (answer.status === 413) return ' (the request is too large for it)';
  return '';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
