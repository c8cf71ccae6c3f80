/** Which of Continue's forms a record is: detection, and the converter's choice of reader. */
import type { Detection } from '../types.js';
import { detectInSample } from '../shared/detect.js';
import { asRecord, type Json } from '../shared/json.js';

/** The note `cn` puts beside an answer it wrapped; its exact words identify the stream. */
export const WRAPPED_NOTE = 'Response was not valid JSON, so it was wrapped in a JSON object';

/** The saved session document (and what `cn serve`'s /state holds). */
export function isSessionDocument(value: Json): boolean {
  return typeof value.sessionId === 'string' && Array.isArray(value.history) && typeof value.workspaceDirectory === 'string' && 'title' in value;
}

/** `cn serve`'s state snapshot: {session, isProcessing, messageQueueLength, pendingPermission}. */
export function snapshotSession(value: Record<string, unknown>): Record<string, unknown> | undefined {
  const session = asRecord(value.session);
  return session && typeof value.isProcessing === 'boolean' && isSessionDocument(session) ? session : undefined;
}

/** Each form is proven by one record: the session document, the /state answer, or cn's wrapped answer. */
function proof(record: Record<string, unknown>): Detection | null {
  if (isSessionDocument(record)) return { confidence: 0.95, format: 'continue/session-json' };
  if (snapshotSession(record)) return { confidence: 0.9, format: 'continue/session-json' };
  // cn's own words: Gemini CLI's --output-format json also has a `response` (it claims that at 0.9)
  if (record.note === WRAPPED_NOTE && 'response' in record) return { confidence: 0.97, format: 'continue/headless-json' };
  return null;
}

/** Headless lines without the note (notices, an answer that was JSON) prove nothing: read them with --from continue. */
export const detect = (sample: readonly unknown[]): Detection | null => detectInSample(sample, proof, () => 0, 'continue/headless-json');
