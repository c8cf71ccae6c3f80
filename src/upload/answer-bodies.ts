/**
 * The server's answer bodies as the client reads them, checked by hand instead of through the
 * contract's zod schemas (api/contract.ts), so that sending does not load zod. Each reader gives
 * what the schema's safeParse would give for a value JSON.parse made; the Stored reader answers
 * only for the answers it is sure of (null: ask the schema), and a test holds each to its schema.
 */
import type { ErrorBody, FailingPath, Stored } from '../api/contract.js';

type Record_ = Record<string, unknown>;

const isRecord = (value: unknown): value is Record_ => value !== null && typeof value === 'object' && !Array.isArray(value);
const isSize = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const DIGEST = /^[0-9a-f]{64}$/;
/** the form Date#toISOString writes (every server seen writes storedAt so); any other form is left to the schema */
const ISO_UTC_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The Stored answer in `body`, as StoredSchema.safeParse(body).data (unknown members dropped), when
 * it surely is one; null when it is not, or when only the schema can tell (then ask it).
 */
export function surelyStored(body: unknown): Stored | null {
  if (!isRecord(body)) return null;
  const { transcriptId, status, url, storedAt, bytes, eventCount, digest, version } = body;
  if (typeof transcriptId !== 'string' || (status !== 'stored' && status !== 'replayed') || typeof url !== 'string') return null;
  if (!isSize(bytes) || !isSize(eventCount)) return null;
  if (typeof storedAt !== 'string' || !ISO_UTC_MILLIS.test(storedAt) || !sameInstantWritten(storedAt)) return null;
  if (digest !== undefined && (typeof digest !== 'string' || !DIGEST.test(digest))) return null;
  if (version !== undefined && !(isSize(version) && version > 0)) return null;
  return {
    transcriptId, status, url, storedAt, bytes, eventCount,
    ...(digest !== undefined ? { digest } : {}),
    ...(version !== undefined ? { version } : {}),
  };
}

/** a real calendar date and time of day (no 2026-02-30, no 24:00): Date writes it back unchanged */
function sameInstantWritten(text: string): boolean {
  const time = Date.parse(text);
  return Number.isFinite(time) && new Date(time).toISOString() === text;
}

/** ErrorBodySchema.safeParse(body): the error member, or null. */
export function errorBodyOf(body: unknown): ErrorBody['error'] | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, details } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  return { code, message, ...(details !== undefined ? { details } : {}) };
}

/** FailingPathSchema.safeParse(item): the path and message, or null. */
export function failingPathOf(item: unknown): FailingPath | null {
  if (!isRecord(item) || typeof item.path !== 'string' || typeof item.message !== 'string') return null;
  return { path: item.path, message: item.message };
}
