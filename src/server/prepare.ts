/**
 * The CPU-heavy part of an upload once its bytes passed the budget scanner: parse (once), validate
 * against the Transcript schema and its consistency rules, and hash what is stored: the compact
 * bytes as the scanner kept them (the document as sent without its whitespace). Writing the parsed
 * document again would only respell escapes and numbers, at the cost of a second copy and a second
 * pass over it. The content digest and the events' hash are computed from those bytes too
 * (text-digests.ts), which costs a third of writing the parsed document out twice.
 * A pure function of the bytes, so it runs the same in a worker thread (document-pool.ts) or inline.
 */
import { createHash } from 'node:crypto';
import { NotJsonError } from '../api/canonical-json.js';
import type { FailingPath } from '../api/contract.js';
import { checkConsistency, type Transcript, TranscriptSchema } from '../transcript/index.js';
import { surelyValidEvent } from './fast-event-check.js';
import type { EventsLayout } from './json-scanner.js';
import { textDigests, type TextDigests } from '../api/text-digests.js';

const MAX_FAILING_PATHS = 50;

export type Prepared =
  | {
    kind: 'ok';
    transcriptId: string;
    agent: string;
    startedAt: string | null;
    eventCount: number;
    submitterKeyId: string | null;
    /** source.nativeSessionId */
    sessionId: string | null;
    /** eventsSha256 of the events as sent (checked against metrics.eventsSha256 when the document has it) */
    eventsSha256: string;
    profile: string;
    /** contentDigest() of the parsed document */
    digest: string;
    /** what is stored: the bytes prepared, as they came */
    bytes: Uint8Array;
    /** SHA-256 of `bytes` (the blob's name) */
    blob: string;
  }
  | { kind: 'invalid'; message: string; failing: FailingPath[] }
  | { kind: 'not_json' };

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** `events`: where the budget scanner saw the root's events in `json` (json-scanner.ts), when it did. */
export function prepareDocument(json: Uint8Array, events?: EventsLayout): Prepared {
  let document: unknown;
  try {
    document = parsedDocument(Buffer.from(json.buffer, json.byteOffset, json.byteLength), events);
  } catch {
    return { kind: 'not_json' }; // the scanner accepted it, so this is only a safety net
  }
  const parsed = validated(document);
  if (!parsed.success) {
    const failing: FailingPath[] = parsed.error.issues.map((issue) => ({
      path: issue.path.length === 0 ? '(document)' : issue.path.map(String).join('.'),
      message: issue.message,
    }));
    const first = failing[0]!;
    return {
      kind: 'invalid',
      message: `the body is not a valid Transcript: ${failing.length} problem(s), the first at ${first.path}: ${first.message}`,
      failing: failing.slice(0, MAX_FAILING_PATHS),
    };
  }
  const transcript = parsed.data;
  const disagreements = checkConsistency(transcript);
  if (disagreements.length > 0) {
    const first = disagreements[0]!;
    return {
      kind: 'invalid',
      message: `the Transcript's parts disagree: ${disagreements.length} problem(s), the first at ${first.path}: ${first.message}`,
      failing: disagreements.slice(0, MAX_FAILING_PATHS),
    };
  }
  let digests: TextDigests;
  try {
    digests = textDigests(json);
  } catch (error) {
    if (!(error instanceof NotJsonError)) throw error;
    // a number past the range of a double: JSON.parse read it as Infinity, which has no JSON text to digest
    const path = pathOfNonFinite(document) ?? '(document)';
    const message = 'a number too large for a 64-bit float (it reads as Infinity, which JSON cannot hold)';
    return { kind: 'invalid', message: `the body is not a valid Transcript: 1 problem(s), the first at ${path}: ${message}`, failing: [{ path, message }] };
  }
  const eventsHash = digests.eventsSha256;
  const claimed = transcript.metrics.eventsSha256;
  if (claimed !== undefined && claimed !== eventsHash) {
    const message = 'is not the SHA-256 of the events as JSON Lines (each event as JSON.stringify writes it, then a newline)';
    return { kind: 'invalid', message: `the Transcript's parts disagree: metrics.eventsSha256 ${message}`, failing: [{ path: 'metrics.eventsSha256', message }] };
  }
  return {
    kind: 'ok',
    transcriptId: transcript.transcriptId,
    agent: transcript.source.agent,
    startedAt: transcript.session.startedAt,
    eventCount: transcript.events.length,
    submitterKeyId: transcript.submitter.keyId,
    sessionId: transcript.source.nativeSessionId ?? null,
    eventsSha256: eventsHash,
    profile: transcript.privacy.profile,
    digest: digests.contentDigest,
    bytes: json,
    blob: sha256(json),
  };
}

/**
 * JSON.parse of the document, its events one by one when the scanner said where they are: the
 * same values, but no string of the whole body is made. Decoding a body of tens of KB into one
 * string cost several times its parse (a string that large goes to V8's large-object space, on
 * fresh pages each time, and had ~5 % of its bytes outside ASCII), while each event's text is small.
 */
function parsedDocument(bytes: Buffer, events: EventsLayout | undefined): unknown {
  if (!events) return JSON.parse(bytes.toString('utf8'));
  const { open, close, starts } = events;
  const document = JSON.parse(bytes.toString('utf8', 0, open + 1) + bytes.toString('utf8', close)) as { events: unknown[] };
  const list = new Array<unknown>(starts.length);
  for (let k = 0; k < starts.length; k++) list[k] = JSON.parse(bytes.toString('utf8', starts[k], k + 1 < starts.length ? starts[k + 1]! - 1 : close));
  document.events = list;
  return document;
}

/**
 * TranscriptSchema's verdict. When every event is surely valid (fast-event-check.ts), zod checks
 * the header alone and the events are taken as parsed; otherwise zod checks the whole document as
 * before, and its issues are the answer.
 */
function validated(document: unknown): { success: true; data: Transcript } | ReturnType<typeof TranscriptSchema.safeParse> {
  const events = (document as { events?: unknown } | null)?.events;
  if (Array.isArray(events) && events.every(surelyValidEvent)) {
    const header = TranscriptSchema.safeParse({ ...(document as object), events: [] });
    if (header.success) return { success: true, data: { ...header.data, events: events as Transcript['events'] } };
  }
  return TranscriptSchema.safeParse(document);
}

/** The dotted path of the first number in the parsed document that is not finite, or null. */
function pathOfNonFinite(document: unknown): string | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: document, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'number' && !Number.isFinite(value)) return path.length === 0 ? '(document)' : path.join('.');
    if (value === null || typeof value !== 'object') continue;
    const entries = Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index--) stack.push({ value: entries[index]![1], path: [...path, entries[index]![0]] });
  }
  return null;
}
