/**
 * Delivers one outbox item: post, retry per the policy with the same Idempotency-Key, and
 * settle the item. The outbox is the write-ahead log: the item leaves it only after a verified
 * Stored answer (verify.ts), so a crash at any point loses nothing, a retry the server already
 * saw is answered as a replay, and a wrong endpoint that answers 2xx keeps the item.
 * deliver() reports every expected outcome as a value and does not throw for them.
 */
import { STATUS_CODES } from 'node:http';
import type { Stored } from '../api/contract.js';
import { errorBodyOf, failingPathOf } from './answer-bodies.js';
import { oneLine, type Answer, type UploadClient } from './http-client.js';
import { OutboxItemError, type Outbox, type OutboxEntry } from './outbox.js';
import { classify, DEFAULT_RETRY_POLICY, planRetry, type RetryPolicy } from './retry.js';
import { sentContent, type SentContent } from './sent-content.js';
import { verifyStored } from './verify.js';

export type DeliveryOutcome =
  | {
      outcome: 'stored' | 'replayed';
      transcriptId: string;
      status: number;
      /** tries in this run */
      attempts: number;
      /** the server's Stored answer (verified: this transcript, this content) */
      stored: Stored;
      /** set when the item was delivered but could not be taken out of the outbox (a later flush gets a replay) */
      warning?: string;
    }
  | {
      outcome: 'refused';
      transcriptId: string;
      status: number;
      attempts: number;
      /** the server's error code, or one derived from the status */
      code: string;
      message: string;
      /** lines to show under the message: 422 failing paths as "path: message", … */
      details: string[];
      /** refused for good: the item moved to the outbox's failed list */
      failed: boolean;
      warning?: string;
    }
  | {
      outcome: 'queued';
      transcriptId: string;
      attempts: number;
      lastStatus?: number;
      /**
       * attempts: maxAttempts reached; budget: the next wait would pass maxTotalMs; permanent: a
       * failure another try cannot fix; unverified: a success status without a Stored answer for
       * this transcript and content (a wrong endpoint)
       */
      reason: 'attempts' | 'budget' | 'permanent' | 'unverified';
      message: string;
      warning?: string;
    }
  | {
      /** missing: another run delivered or removed it meanwhile; broken: the body is not sound (kept, never sent) */
      outcome: 'missing' | 'broken';
      transcriptId: string;
      attempts: 0;
      message: string;
    };

export interface AttemptEvent {
  transcriptId: string;
  attempt: number;
  answer: Answer;
  /** stored/replayed: a verified Stored answer; unverified: a success status without one */
  classification: 'stored' | 'replayed' | 'unverified' | 'refused' | 'retry';
  /** the wait before the next try, or null when there will be none */
  nextDelayMs: number | null;
}

export interface DeliverOptions {
  outbox: Outbox;
  client: Pick<UploadClient, 'post' | 'keyId' | 'url'>;
  policy?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  /** in [0, 1); drives the backoff jitter */
  random?: () => number;
  now?: () => number;
  onAttempt?: (event: AttemptEvent) => void;
  /**
   * The body this run has just put in the outbox, with the digest taken as it was prepared: it is
   * sent as it is, neither read back nor decompressed and canonicalised again. (Should another
   * run deliver the item meanwhile, the server answers this one as a replay.)
   */
  inHand?: { body: Buffer; sent: SentContent };
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function deliver(entry: Pick<OutboxEntry, 'transcriptId'>, options: DeliverOptions): Promise<DeliveryOutcome> {
  const { outbox, client } = options;
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const { transcriptId } = entry;

  let body: Buffer;
  let sent: SentContent;
  try {
    const inHand = options.inHand?.sent.transcriptId === transcriptId ? options.inHand : undefined;
    body = inHand?.body ?? await outbox.read(entry);
    sent = inHand?.sent ?? await sentContent(transcriptId, body);
  } catch (error) {
    if (error instanceof OutboxItemError) return { outcome: error.problem, transcriptId, attempts: 0, message: error.message };
    if (error instanceof SyntaxError || isZlibError(error)) {
      return { outcome: 'broken', transcriptId, attempts: 0, message: `${transcriptId} in the outbox is broken: the body is not a JSON document (${(error as Error).message})` };
    }
    throw error;
  }

  const startedAt = now();
  for (let attempt = 1; ; attempt++) {
    const answer = await client.post(transcriptId, body);
    const classification = classify(answer);

    if (classification === 'answered' && answer.kind === 'http') {
      const verdict = await verifyStored(answer, sent);
      if (verdict.ok) {
        const outcome = verdict.stored.status;
        options.onAttempt?.({ transcriptId, attempt, answer, classification: outcome, nextDelayMs: null });
        const warning = await outbox.removeDelivered(transcriptId).then(
          () => undefined,
          (error: unknown) => `delivered, but could not remove it from the outbox: ${(error as Error).message}`,
        );
        return { outcome, transcriptId, status: answer.status, attempts: attempt, stored: verdict.stored, ...(warning ? { warning } : {}) };
      }
      options.onAttempt?.({ transcriptId, attempt, answer, classification: 'unverified', nextDelayMs: null });
      const message = `not delivered, queued: the server answered ${statusText(answer.status)}, but ${verdict.reason}; check --endpoint (is it an atx upload server?)`;
      const warning = await record(outbox, transcriptId, attempt, now(), answer.status, message);
      return { outcome: 'queued', transcriptId, attempts: attempt, lastStatus: answer.status, reason: 'unverified', message, ...(warning ? { warning } : {}) };
    }

    if (classification === 'refused' && answer.kind === 'http') {
      options.onAttempt?.({ transcriptId, attempt, answer, classification, nextDelayMs: null });
      const refusal = describeRefusal(answer, client);
      const failed = REFUSED_FOR_GOOD.has(answer.status);
      const warning = await record(outbox, transcriptId, attempt, now(), answer.status, refusal.message, failed);
      return { outcome: 'refused', transcriptId, status: answer.status, attempts: attempt, ...refusal, failed, ...(warning ? { warning } : {}) };
    }

    const plan = planRetry(attempt, answer, now() - startedAt, policy, random);
    options.onAttempt?.({ transcriptId, attempt, answer, classification: 'retry', nextDelayMs: plan.retry ? plan.delayMs : null });
    if (plan.retry) {
      await sleep(plan.delayMs);
      continue;
    }
    const lastStatus = answer.kind === 'http' ? answer.status : undefined;
    const message = describeQueued(answer, client, attempt, plan.reason, policy);
    const warning = await record(outbox, transcriptId, attempt, now(), lastStatus ?? null, message);
    return {
      outcome: 'queued', transcriptId, attempts: attempt, reason: plan.reason, message,
      ...(lastStatus === undefined ? {} : { lastStatus }),
      ...(warning ? { warning } : {}),
    };
  }
}

function isZlibError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}

/**
 * Answers the server will give again to the same bytes (conflict or stale, invalid, revoked key,
 * too large): the item moves to the failed list. 401, 404, 405 and redirects stay pending: they
 * come from the key or the endpoint, which a person fixes without touching the item.
 */
const REFUSED_FOR_GOOD = new Set([400, 403, 409, 413, 422]);

/** Notes the tries in the item's meta (and, `failed`, moves it to the failed list); a failure here must not hide the delivery outcome. */
async function record(
  outbox: Outbox, transcriptId: string, attempts: number, nowMs: number, lastStatus: number | null, lastError: string, failed = false,
): Promise<string | undefined> {
  const at = new Date(nowMs).toISOString();
  try {
    await outbox.update(transcriptId, (meta) => ({
      attempts: meta.attempts + attempts,
      lastAttemptAt: at,
      lastStatus,
      lastError,
      ...(failed ? { failedAt: at, failedReason: lastError } : {}),
    }));
    return undefined;
  } catch (error) {
    return `could not record the attempt in the outbox: ${(error as Error).message}`;
  }
}

const MAX_DETAIL_LINES = 50;

const CODE_FOR_STATUS: Readonly<Record<number, string>> = {
  400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 405: 'method_not_allowed',
  409: 'conflict', 413: 'payload_too_large', 415: 'unsupported_media_type', 422: 'invalid_transcript',
};

type HttpAnswer = Extract<Answer, { kind: 'http' }>;

/** The one-line message, code and detail lines for a refusal, from the contract's error body when there is one. */
export function describeRefusal(answer: HttpAnswer, client: Pick<UploadClient, 'keyId' | 'url'>): { code: string; message: string; details: string[] } {
  const error = errorBodyOf(answer.body) ?? undefined;
  const code = error ? oneLine(error.code, 64) : (CODE_FOR_STATUS[answer.status] ?? `http_${answer.status}`);
  const serverSays = error ? oneLine(error.message, 200) : answer.text ? oneLine(answer.text, 120) : '';
  const head = `server refused: ${statusText(answer.status)}`;
  const withServer = (text: string) => (serverSays ? `${text}: ${serverSays}` : text);

  switch (answer.status) {
    case 401:
    case 403:
      return { code, message: withServer(`${head} (key id ${client.keyId})`), details: [] };
    case 409:
      return {
        code,
        message: code === 'stale_version' ? `${head}: a newer version of this session is already stored` : `${head}: a different transcript with this id is already stored`,
        details: serverSays ? [serverSays] : [],
      };
    case 413: {
      const limit = limitBytes(error?.details);
      const limitText = limit === undefined ? '' : ` (limit ${formatBytes(limit)})`;
      return { code, message: `${head}${limitText}: try --profile research or public to send less`, details: [] };
    }
    case 400:
    case 422: {
      const paths = failingPaths(error?.details);
      const summary = paths.length > 0 ? `${paths.length} failing path${paths.length === 1 ? '' : 's'}` : '';
      const details = paths.length > MAX_DETAIL_LINES
        ? [...paths.slice(0, MAX_DETAIL_LINES), `… and ${paths.length - MAX_DETAIL_LINES} more`]
        : paths;
      return { code, message: withServer(summary ? `${head} (${summary})` : head), details };
    }
    case 404:
    case 405:
      return { code, message: `${head}: no upload API at POST ${client.url.href}; check --endpoint`, details: serverSays ? [serverSays] : [] };
    default:
      if (answer.status >= 300 && answer.status < 400) {
        return { code, message: `${head}: the endpoint redirects elsewhere; check --endpoint`, details: [] };
      }
      return { code, message: withServer(head), details: [] };
  }
}

function describeQueued(answer: Answer, client: Pick<UploadClient, 'url'>, attempts: number, reason: 'attempts' | 'budget' | 'permanent', policy: RetryPolicy): string {
  const problem = describeProblem(answer, client);
  const tries = `${attempts} attempt${attempts === 1 ? '' : 's'}`;
  if (reason === 'permanent') return `not delivered, queued: ${problem}; another try will not help until this is fixed`;
  if (reason === 'budget') {
    const asked = answer.kind === 'http' && answer.retryAfterMs !== undefined ? `; the server asked to wait ${formatSeconds(answer.retryAfterMs)}` : '';
    return `not delivered, queued after ${tries} (retry time limit ${formatSeconds(policy.maxTotalMs)} reached${asked}): ${problem}`;
  }
  return `not delivered, queued after ${tries}: ${problem}`;
}

const NETWORK_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed while sending',
  UND_ERR_SOCKET: 'connection closed by the other side',
  UND_ERR_CLOSED: 'connection closed',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'name lookup failed (temporarily)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENETDOWN: 'network is down',
  ETIMEDOUT: 'timed out',
  UND_ERR_CONNECT_TIMEOUT: 'timed out connecting',
  UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  UND_ERR_BODY_TIMEOUT: 'the answer stalled',
  CERT_HAS_EXPIRED: 'the server certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the server certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the server certificate is not trusted (self-signed in chain)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the server certificate is not trusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the server certificate is not trusted (unknown issuer)',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the server certificate is for another host name',
};

/** One line for what went wrong with one answer, e.g. "503 service unavailable" or "connection refused (ECONNREFUSED) at https://host". */
export function describeProblem(answer: Answer, client: Pick<UploadClient, 'url'>): string {
  if (answer.kind === 'http') {
    if (answer.bodyBrokeOff) return `${statusText(answer.status)}, but the answer broke off`;
    const error = errorBodyOf(answer.body);
    return error ? `${statusText(answer.status)}: ${oneLine(error.message, 200)}` : statusText(answer.status);
  }
  const words = NETWORK_WORDS[answer.code];
  const what = words ? `${words} (${answer.code})` : `${oneLine(answer.message, 200) || 'network error'} (${answer.code})`;
  return `${what} at ${client.url.origin}`;
}

function statusText(status: number): string {
  const phrase = STATUS_CODES[status];
  return phrase ? `${status} ${phrase.toLowerCase()}` : `${status}`;
}

function failingPaths(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((item) => {
    const failing = failingPathOf(item);
    return failing ? [`${oneLine(failing.path, 200)}: ${oneLine(failing.message, 200)}`] : [];
  });
}

function limitBytes(details: unknown): number | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const value = (details as { limitBytes?: unknown }).limitBytes;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`;
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
