/** Which of Nanocoder's two documents a record is: detection, and the converter's choice of reader. */
import type { Detection } from '../types.js';
import { detectInSample } from '../shared/detect.js';
import type { Json } from '../shared/json.js';

/** The saved session `<data dir>/sessions/<uuid>.json`. */
export function isSessionDocument(value: Json): boolean {
  return typeof value.id === 'string' && Array.isArray(value.messages) && typeof value.messageCount === 'number'
    && typeof value.lastAccessedAt === 'string' && typeof value.workingDirectory === 'string';
}

const REPORT_KINDS = new Set(['success', 'error', 'tool-approval-required']);

/** The report `nanocoder --plain --json run` prints. */
export function isRunReport(value: Json): boolean {
  return typeof value.kind === 'string' && typeof value.exitCode === 'number' && typeof value.finalText === 'string'
    && Array.isArray(value.toolCalls) && Array.isArray(value.filesChanged);
}

/** Each form is one whole document: its own fields prove it. */
function proof(record: Record<string, unknown>): Detection | null {
  if (isSessionDocument(record)) return { confidence: 0.95, format: 'nanocoder/session-json' };
  if (isRunReport(record) && REPORT_KINDS.has(String(record.kind))) return { confidence: 0.9, format: 'nanocoder/run-json' };
  return null;
}

export const detect = (sample: readonly unknown[]): Detection | null => detectInSample(sample, proof, () => 0, 'nanocoder/session-json');
