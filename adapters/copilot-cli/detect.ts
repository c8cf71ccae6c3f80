/** Which of Copilot CLI's forms a sample is, by its event envelope and what only each form writes. */
import type { Detection } from '../types.js';
import { detectInSample } from '../shared/detect.js';
import { asRecord, stringField, type Json } from '../shared/json.js';

/** A saved session of 0.0.x: one document with chatMessages and a timeline. */
export function isHistoryDocument(value: Json): boolean {
  return typeof value.sessionId === 'string' && Array.isArray(value.timeline) && Array.isArray(value.chatMessages) && value.type === undefined;
}

/** `session.start`, `tool.execution_complete`, `abort`, ...: a dotted name (or one of the few bare ones). */
const EVENT_TYPE = /^([a-z_]+\.)+[a-z_A-Z]+$|^(abort)$/;

/** The envelope every Copilot session event has: {type, data: {...}, id, timestamp, parentId}. */
function isSessionEvent(record: Json): boolean {
  const type = stringField(record, 'type');
  return !!type && EVENT_TYPE.test(type) && !!asRecord(record.data) && typeof record.id === 'string'
    && typeof record.timestamp === 'string' && 'parentId' in record;
}

function provenFormat(record: Record<string, unknown>): Detection | null {
  if (isHistoryDocument(record)) return { confidence: 0.95, format: 'copilot-cli/history-json' };
  if (record.type === 'result' && typeof record.sessionId === 'string' && typeof record.exitCode === 'number' && asRecord(record.usage)) {
    return { confidence: 0.95, format: 'copilot-cli/json' };
  }
  if (!isSessionEvent(record)) return null;
  // events.jsonl opens with session.start; only stdout prints ephemeral events
  if (record.type === 'session.start' && typeof asRecord(record.data)!.copilotVersion === 'string') return { confidence: 0.95, format: 'copilot-cli/session-events' };
  if (record.ephemeral === true) return { confidence: 0.95, format: 'copilot-cli/json' };
  return null;
}

/** part of a saved session without its first line: the envelope itself is the evidence, stronger twice seen */
const envelopeEvidence = (record: Record<string, unknown>, soFar: number): number =>
  isSessionEvent(record) ? (soFar > 0 ? 0.95 : 0.9) : soFar;

export const detect = (sample: readonly unknown[]): Detection | null =>
  detectInSample(sample, provenFormat, envelopeEvidence, 'copilot-cli/session-events');
