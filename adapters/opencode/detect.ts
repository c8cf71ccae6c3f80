/** Detection of OpenCode's forms, apart from the converter: the adapter table loads it eagerly. */
import type { Detection } from '../types.js';
import { hasKiloMarks } from '../kilo-code/marks.js';
import { asRecord, stringField, type Json } from '../shared/json.js';

const RUN_TYPES = new Set(['step_start', 'step_finish', 'text', 'reasoning', 'tool_use', 'error', 'done']);

/** `opencode export <id>`: one document {info: {id: "ses_…", time}, messages: [...]} (Kilo Code's too). */
export function isExportDocument(value: Json): boolean {
  const info = asRecord(value.info);
  return Array.isArray(value.messages) && !!info && typeof info.id === 'string' && info.id.startsWith('ses') && 'time' in info;
}

/** OpenCode's forms; records that carry another flavor or Kilo Code's marks are Kilo Code's (adapters/kilo-code). */
export function detect(sample: readonly unknown[]): Detection | null {
  if (hasKiloMarks(sample)) return null;
  for (const item of sample) {
    const record = asRecord(item);
    if (!record) continue;
    if (record.flavor !== undefined) return null;
    if (typeof record.opencode === 'string' && (record.store === 'sqlite' || record.store === 'storage' || record.store === 'api')) {
      return { confidence: 0.99, format: record.store === 'sqlite' ? 'opencode/sqlite' : record.store === 'storage' ? 'opencode/storage' : 'opencode/api-messages' };
    }
    if (isExportDocument(record)) return { confidence: 0.95, format: 'opencode/export' };
    const type = stringField(record, 'type');
    if (type && RUN_TYPES.has(type) && typeof record.sessionID === 'string' && typeof record.timestamp === 'number'
      && (asRecord(record.part) !== undefined || record.error !== undefined || type === 'done')) {
      // Kilo Code prints the same lines; a step_finish line without Kilo's `metrics` settles it
      return { confidence: sample.some(isOpenCodeStepFinish) ? 0.95 : 0.85, format: 'opencode/run-json' };
    }
  }
  return null;
}

function isOpenCodeStepFinish(item: unknown): boolean {
  const part = asRecord(asRecord(item)?.part);
  return part?.type === 'step-finish' && part.metrics === undefined;
}
