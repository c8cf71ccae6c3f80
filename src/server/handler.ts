/**
 * One HTTP request of the upload API (../shared/spec/upload-api.md), from route to answer. The
 * order of checks on POST is the documented one: failed-auth limit of the source address, auth,
 * rate limit, media type, size, a slot among the bodies in flight, JSON within its cost budget
 * (document.ts), schema, idempotency, submitter, store (which checks the key again). Errors never
 * echo request data that could hold a secret.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import {
  DeletedSchema, HealthSchema, IDEMPOTENCY_HEADER, LIST_LIMIT, ListSchema, PATHS, StoredSchema,
} from '../api/contract.js';
import { parseKey } from '../keys.js';
import { bodyEncoding, ShutdownError, tooLarge, wireLimit, type BodyLimits } from './body.js';
import { IndexBusyError } from './database-errors.js';
import { readDocument, type ReadDocument } from './document.js';
import { PrepareFailedError, type DocumentPool } from './document-pool.js';
import { ClientGoneError, HttpError, sendError, sendJson } from './http.js';
import type { InFlightLimits } from './in-flight.js';
import type { DocumentLimits } from './json-scanner.js';
import type { RateLimiter } from './rate-limit.js';
import { InvalidCursorError, KeyRevokedError, StorageFullError, type TranscriptRecord, type TranscriptStore } from './store.js';

export interface HandlerContext {
  store: TranscriptStore;
  limiter: RateLimiter;
  /** failed authentications per source address */
  authFailures: RateLimiter;
  limits: BodyLimits & DocumentLimits;
  inFlight: InFlightLimits;
  /** parses, validates and hashes documents off the event loop */
  documents: DocumentPool;
  /** aborted when the server shuts down: body reads stop at once */
  shutdown: AbortSignal;
  version: string;
  openApiText: string;
  isClosing: () => boolean;
  /** internal errors, for the operator (never request data) */
  notice: (line: string) => void;
}

/** What the request log line needs to know about a request. */
export interface RequestTrace {
  path: string;
  keyId: string | null;
  bytesIn: number;
}

const SAFE_ECHO = /^[A-Za-z0-9._-]{1,80}$/;

type Route =
  | { kind: 'health' }
  | { kind: 'openapi' }
  | { kind: 'collection' }
  | { kind: 'item'; transcriptId: string };

const ALLOWED: Record<Route['kind'], readonly string[]> = {
  health: ['GET'],
  openapi: ['GET'],
  collection: ['GET', 'POST'],
  item: ['GET', 'DELETE'],
};

export async function handleRequest(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse, trace: RequestTrace): Promise<void> {
  try {
    await dispatch(ctx, req, res, trace);
  } catch (error) {
    if (error instanceof ClientGoneError || error instanceof ShutdownError) {
      res.destroy();
      return;
    }
    sendError(req, res, asHttpError(ctx, req, trace, error));
  }
}

function asHttpError(ctx: HandlerContext, req: IncomingMessage, trace: RequestTrace, error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof StorageFullError) return new HttpError('storage_full', `${error.message}; nothing was stored, try again later`, undefined, { 'retry-after': '60' });
  if (error instanceof IndexBusyError) return new HttpError('unavailable', 'the server\'s index is busy; try again shortly', { retryAfterSeconds: 1 }, { 'retry-after': '1' });
  ctx.notice(`internal error on ${req.method ?? '?'} ${trace.path}: ${(error as Error)?.stack ?? String(error)}`);
  return new HttpError('internal', 'internal server error (the server log has the details)');
}

async function dispatch(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse, trace: RequestTrace): Promise<void> {
  const url = parseTarget(req.url);
  const route = url ? routeOf(url.pathname) : null;
  if (!url || !route) throw new HttpError('not_found', `no such endpoint; the API is described at ${PATHS.openapi}`);
  const method = req.method ?? 'GET';
  const allowed = ALLOWED[route.kind];
  if (!allowed.includes(method)) {
    throw new HttpError('method_not_allowed', `${SAFE_ECHO.test(method) ? method : 'this method'} is not allowed here; use ${allowed.join(' or ')}`, undefined, { allow: allowed.join(', ') });
  }
  if (ctx.isClosing()) {
    throw new HttpError('unavailable', 'the server is shutting down; try again shortly', { retryAfterSeconds: 1 }, { 'retry-after': '1', connection: 'close' });
  }
  if (route.kind === 'health') {
    sendJson(req, res, 200, HealthSchema, { status: 'ok', version: ctx.version });
    return;
  }
  if (route.kind === 'openapi') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(ctx.openApiText)), 'cache-control': 'no-cache' });
    res.end(ctx.openApiText);
    return;
  }

  const source = (req.socket.remoteAddress ?? '-').replace(/^::ffff:/, '');
  const failures = ctx.authFailures.peek(source);
  if (!failures.allowed) {
    throw new HttpError('rate_limited', `too many failed authentications from this address; retry in ${failures.retryAfterSeconds} s`,
      { retryAfterSeconds: failures.retryAfterSeconds }, { 'retry-after': String(failures.retryAfterSeconds) });
  }
  let keyId: string;
  try {
    keyId = await authenticate(ctx, req, trace);
  } catch (error) {
    if (error instanceof HttpError) ctx.authFailures.take(source);
    throw error;
  }
  const decision = ctx.limiter.take(keyId);
  if (!decision.allowed) {
    throw new HttpError('rate_limited', `too many requests for key ${keyId}; retry in ${decision.retryAfterSeconds} s`,
      { retryAfterSeconds: decision.retryAfterSeconds }, { 'retry-after': String(decision.retryAfterSeconds) });
  }

  if (route.kind === 'collection') {
    if (method === 'POST') await upload(ctx, req, res, trace, keyId);
    else await list(ctx, req, res, keyId, url.searchParams);
  } else if (method === 'GET') {
    await readOne(ctx, req, res, keyId, route.transcriptId);
  } else {
    await deleteOne(ctx, req, res, keyId, route.transcriptId);
  }
}

function parseTarget(target: string | undefined): URL | null {
  try {
    return new URL(target ?? '/', 'http://server.invalid');
  } catch {
    return null;
  }
}

function routeOf(pathname: string): Route | null {
  if (pathname === PATHS.health) return { kind: 'health' };
  if (pathname === PATHS.openapi) return { kind: 'openapi' };
  if (pathname === PATHS.transcripts) return { kind: 'collection' };
  const prefix = `${PATHS.transcripts}/`;
  if (!pathname.startsWith(prefix)) return null;
  const segment = pathname.slice(prefix.length);
  if (segment === '' || segment.includes('/')) return null;
  try {
    return { kind: 'item', transcriptId: decodeURIComponent(segment) };
  } catch {
    return null;
  }
}

async function authenticate(ctx: HandlerContext, req: IncomingMessage, trace: RequestTrace): Promise<string> {
  const header = req.headers.authorization;
  if (!header) throw new HttpError('unauthorized', 'no key: send Authorization: Bearer atx_<keyId>_<secret>', undefined, { 'www-authenticate': 'Bearer' });
  const token = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)?.[1];
  let key: { keyId: string; secret: string } | null = null;
  try {
    if (token) key = parseKey(token, 'Authorization');
  } catch {
    key = null;
  }
  if (!key) throw new HttpError('unauthorized', 'the Authorization header does not hold a submission key (expected Bearer atx_<keyId>_<secret>)', undefined, { 'www-authenticate': 'Bearer' });
  trace.keyId = key.keyId;
  const outcome = await ctx.store.authenticate(key.keyId, key.secret);
  if (outcome === 'unknown') throw new HttpError('unauthorized', `unknown key id ${key.keyId}: this server has no such key`, undefined, { 'www-authenticate': 'Bearer' });
  if (outcome === 'wrong_secret') throw new HttpError('unauthorized', `wrong secret for key id ${key.keyId}`, undefined, { 'www-authenticate': 'Bearer' });
  if (outcome === 'revoked') throw new HttpError('forbidden', `key ${key.keyId} was revoked`);
  return key.keyId;
}

async function upload(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse, trace: RequestTrace, keyId: string): Promise<void> {
  if (!isJsonMediaType(req.headers['content-type'])) {
    throw new HttpError('unsupported_media_type', 'Content-Type must be application/json');
  }
  const encoding = bodyEncoding(req.headers['content-encoding']);
  if (!encoding) throw new HttpError('unsupported_media_type', 'Content-Encoding must be gzip or identity');
  const declared = req.headers['content-length'];
  const limit = wireLimit(ctx.limits, encoding);
  if (declared !== undefined && Number(declared) > limit) throw tooLarge('the body', limit);
  const ticket = ctx.inFlight.enter();
  if (!ticket) {
    throw new HttpError('unavailable', `the server is reading ${ctx.inFlight.maxBodies} uploads already; try again shortly`,
      { retryAfterSeconds: 1, limit: 'concurrent_bodies', max: ctx.inFlight.maxBodies }, { 'retry-after': '1' });
  }
  const withdraw = ctx.store.expectPut();
  try {
    if (/^100-continue$/i.test(req.headers.expect ?? '')) res.writeContinue();
    const document = await readDocument(req, ctx.limits, encoding, ticket, ctx.shutdown, (total) => { trace.bytesIn = total; });
    await store(ctx, req, res, keyId, document, withdraw);
  } finally {
    withdraw();
    ticket.leave();
  }
}

/** Validates the document (off the event loop: document-pool.ts) and stores its compact bytes as the scanner kept them. */
async function store(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse, keyId: string, document: ReadDocument, withdraw: () => void): Promise<void> {
  const prepared = await ctx.documents.prepare(document.json, document.events).catch((error: unknown) => {
    if (error instanceof PrepareFailedError) {
      ctx.notice(`a document could not be validated: ${String((error.cause as Error)?.message ?? error.cause)}`);
      throw new HttpError('unavailable', 'the server could not validate the document right now; try again shortly', { retryAfterSeconds: 5 }, { 'retry-after': '5' });
    }
    throw error;
  });
  if (prepared.kind === 'not_json') throw new HttpError('bad_request', 'the body is not valid JSON');
  if (prepared.kind === 'invalid') throw new HttpError('invalid_transcript', prepared.message, prepared.failing);
  const idempotencyKey = req.headers[IDEMPOTENCY_HEADER];
  if (idempotencyKey !== undefined && String(idempotencyKey).trim() !== prepared.transcriptId) {
    throw new HttpError('bad_request', `the Idempotency-Key header differs from the body's transcriptId (${prepared.transcriptId})`);
  }
  const claimed = prepared.submitterKeyId;
  if (claimed !== null && claimed !== keyId) {
    const shown = SAFE_ECHO.test(claimed) ? claimed : 'another key id';
    throw new HttpError('invalid_transcript', `submitter.keyId is ${shown}, but the request was made with key ${keyId}`,
      [{ path: 'submitter.keyId', message: `must be ${keyId} (the key this request was made with) or null` }]);
  }

  withdraw(); // put() announces its own transaction
  const outcome = await ctx.store.put(keyId, {
    transcriptId: prepared.transcriptId,
    digest: prepared.digest,
    agent: prepared.agent,
    startedAt: prepared.startedAt,
    eventCount: prepared.eventCount,
    sessionId: prepared.sessionId,
    eventsSha256: prepared.eventsSha256,
    profile: prepared.profile,
  }, prepared.bytes, prepared.blob).catch((error: unknown) => {
    if (error instanceof KeyRevokedError) throw new HttpError('forbidden', `key ${keyId} was revoked while the upload was under way; nothing was stored`);
    throw error;
  });
  if (outcome.status === 'conflict') {
    throw new HttpError('conflict', `transcriptId ${prepared.transcriptId} already names another stored session; it is never overwritten (delete it first, or upload under a new transcriptId)`);
  }
  if (outcome.status === 'stale') {
    throw new HttpError('stale_version',
      `this upload is older than version ${outcome.record.version} of the session stored ${outcome.record.storedAt} (its events are the first ${prepared.eventCount} of the ${outcome.record.eventCount} stored); nothing was changed`,
      { version: outcome.record.version, transcriptId: outcome.record.transcriptId, eventCount: outcome.record.eventCount });
  }
  const url = PATHS.transcript(prepared.transcriptId);
  sendJson(req, res, outcome.status === 'stored' ? 201 : 200, StoredSchema, {
    transcriptId: outcome.record.transcriptId,
    status: outcome.status,
    url,
    storedAt: outcome.record.storedAt,
    bytes: outcome.record.bytes,
    eventCount: outcome.record.eventCount,
    digest: outcome.record.digest,
    version: outcome.record.version,
  }, outcome.status === 'stored' ? { location: url } : {});
}

async function list(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse, keyId: string, query: URLSearchParams): Promise<void> {
  const limitText = query.get('limit');
  let limit: number = LIST_LIMIT.default;
  if (limitText !== null) {
    limit = /^\d{1,6}$/.test(limitText) ? Number(limitText) : 0;
    if (limit < 1 || limit > LIST_LIMIT.max) throw new HttpError('bad_request', `limit must be a whole number from 1 to ${LIST_LIMIT.max}`);
  }
  let page: { records: TranscriptRecord[]; nextCursor: string | null };
  try {
    page = await ctx.store.list(keyId, { limit, cursor: query.get('cursor') });
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new HttpError('bad_request', 'cursor is not one this server gave out (pass nextCursor from the previous page)');
    throw error;
  }
  sendJson(req, res, 200, ListSchema, {
    items: page.records.map((r) => ({ transcriptId: r.transcriptId, agent: r.agent, startedAt: r.startedAt, storedAt: r.storedAt, bytes: r.bytes, eventCount: r.eventCount, sessionId: r.sessionId, version: r.version })),
    nextCursor: page.nextCursor,
  });
}

async function readOne(ctx: HandlerContext, _req: IncomingMessage, res: ServerResponse, keyId: string, transcriptId: string): Promise<void> {
  const opened = await ctx.store.openBytes(keyId, transcriptId);
  if (!opened) throw notFound(transcriptId, keyId);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(opened.record.bytes),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  try {
    await pipeline(opened.stream, res);
  } catch {
    res.destroy(); // the client left, or the file could not be read after the headers went out
  }
}

async function deleteOne(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse, keyId: string, transcriptId: string): Promise<void> {
  if (!(await ctx.store.delete(keyId, transcriptId))) throw notFound(transcriptId, keyId);
  sendJson(req, res, 200, DeletedSchema, { transcriptId, deleted: true });
}

function notFound(transcriptId: string, keyId: string): HttpError {
  return new HttpError('not_found', `key ${keyId} has no transcript ${SAFE_ECHO.test(transcriptId) ? transcriptId : 'with that id'}`);
}

function isJsonMediaType(header: string | undefined): boolean {
  if (!header) return false;
  const [type, ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}
