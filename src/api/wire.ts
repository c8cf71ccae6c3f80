/**
 * The parts of the upload API (contract.ts) that need no schema: its paths, the idempotency
 * header, and the content digest. Apart so that a client that sends uploads does not load zod
 * for them (some 60 ms of CPU at every start).
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

export const PATHS = {
  transcripts: '/v1/transcripts',
  transcript: (transcriptId: string) => `/v1/transcripts/${encodeURIComponent(transcriptId)}`,
  health: '/v1/health',
  openapi: '/v1/openapi.json',
} as const;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * What "the same content" means for idempotency: the document without `session.capturedAt`
 * (which only records when atx produced it), written as canonical JSON (sorted keys, numbers in
 * one form: see canonical-json.ts), then hashed. A re-run of `atx upload` on the same input
 * (same key, same profile) makes the same document apart from that time, and the same content
 * sent with its keys in another order or its numbers spelled differently is the same content, so
 * both are replays, not conflicts. The client checks the digest in the Stored answer against its
 * own, computed with SHA-256 (contentSha256).
 */
export function contentDigest(document: unknown, hash: (text: string) => string): string {
  return hash(canonicalJson(withoutCaptureTime(document)));
}

/** contentDigest with SHA-256 in lower-case hex, the form the Stored answer carries. */
export function contentSha256(document: unknown): string {
  return contentDigest(document, (text) => createHash('sha256').update(text).digest('hex'));
}

function withoutCaptureTime(document: unknown): unknown {
  if (!isPlainRecord(document) || !isPlainRecord(document.session)) return document;
  const { capturedAt: _capturedAt, ...session } = document.session;
  return { ...document, session };
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
