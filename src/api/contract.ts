/**
 * The upload API (../shared/spec/upload-api.md) as code: paths, headers, and the zod schemas of
 * every answer body. The client reads answers through these schemas, the server writes them,
 * and the OpenAPI document (src/api/openapi.ts) is generated from them, so the three cannot drift.
 */
import { z } from 'zod';

// what a client needs without zod (routes, the content digest) lives in wire.ts
export { contentDigest, contentSha256, IDEMPOTENCY_HEADER, PATHS } from './wire.js';

const isoTime = z.iso.datetime({ offset: true });
const size = z.number().int().nonnegative();

/** Machine-readable error codes; `message` is for people. */
export const ERROR_CODES = [
  'bad_request',          // 400: not JSON, missing or mismatched Idempotency-Key, bad query
  'invalid_transcript',   // 422: valid JSON but not a Transcript; details = failing paths
  'unauthorized',         // 401: no key, malformed key, unknown key id or wrong secret
  'forbidden',            // 403: the key was revoked
  'not_found',            // 404: no such transcript for this key, or no such route
  'method_not_allowed',   // 405
  'conflict',             // 409: the transcriptId already names another stored session
  'stale_version',        // 409: the upload is older than the stored version of its session
  'payload_too_large',    // 413: body or decompressed body over the limit; details.limitBytes
  'unsupported_media_type', // 415: not application/json, or an encoding other than gzip/identity
  'rate_limited',         // 429: per-key rate limit; Retry-After header
  'request_timeout',      // 408: the body did not arrive in time
  'storage_full',         // 507: the store is out of space (retryable: the client queues it)
  'internal',             // 500
  'unavailable',          // 503: the server is shutting down or overloaded; Retry-After header
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status that goes with each error code. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  invalid_transcript: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  stale_version: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  request_timeout: 408,
  storage_full: 507,
  internal: 500,
  unavailable: 503,
};

export const FailingPathSchema = z.object({
  path: z.string().describe('dotted path into the document, e.g. events.3.type ("(document)" for the root)'),
  message: z.string(),
});
export type FailingPath = z.infer<typeof FailingPathSchema>;

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string().describe(`one of: ${ERROR_CODES.join(', ')}`),
    message: z.string(),
    details: z.unknown().optional().describe('422: an array of {path, message}; 413: {limitBytes}; 429/503: {retryAfterSeconds}'),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The answer to POST /v1/transcripts: 201 stored (a new session or a new version of one), 200 replayed (same content as a stored version). */
export const StoredSchema = z.object({
  transcriptId: z.string(),
  status: z.enum(['stored', 'replayed']),
  url: z.string().describe('path of the stored transcript, relative to the server'),
  storedAt: isoTime,
  bytes: size.describe('size of the stored JSON document'),
  eventCount: size,
  digest: z.string().regex(/^[0-9a-f]{64}$/).optional()
    .describe('contentDigest of the stored document (SHA-256, lower-case hex): the client checks it against what it sent'),
  version: z.number().int().positive().optional()
    .describe('the version of the session this upload is (1 for its first upload; one more for each upload that replaced it)'),
});
export type Stored = z.infer<typeof StoredSchema>;

export const TranscriptSummarySchema = z.object({
  transcriptId: z.string(),
  agent: z.string(),
  startedAt: isoTime.nullable(),
  storedAt: isoTime,
  bytes: size,
  eventCount: size,
  sessionId: z.string().nullable().optional().describe('source.nativeSessionId: with the agent, the identity of the session'),
  version: z.number().int().positive().optional(),
});
export type TranscriptSummary = z.infer<typeof TranscriptSummarySchema>;

/** GET /v1/transcripts: newest first; pass nextCursor back as `cursor` for the next page. */
export const ListSchema = z.object({
  items: z.array(TranscriptSummarySchema),
  nextCursor: z.string().nullable(),
});
export type TranscriptList = z.infer<typeof ListSchema>;

export const DeletedSchema = z.object({
  transcriptId: z.string(),
  deleted: z.literal(true),
});

export const HealthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
});

export const LIST_LIMIT = { default: 50, max: 500 } as const;

/**
 * The limit an error answer names in details.limit: 413 for the size and cost of one document
 * (bytes on the wire, inflated bytes, nesting depth, number of values, length of a string or a
 * number, number of events), 503 for what all requests in flight share (bodies read at once, memory).
 */
export const LIMIT_NAMES = [
  'body_bytes', 'document_bytes', 'depth', 'values', 'string_bytes', 'number_chars', 'events', 'concurrent_bodies', 'memory_in_flight',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];
