/** Detection of Kilo Code's forms (OpenCode's, with what only Kilo writes), apart from the converter. */
import type { Detection } from '../types.js';
import { isExportDocument } from '../opencode/detect.js';
import { asRecord, stringField } from '../shared/json.js';
import { KILO_FLAVOR } from './flavor.js';
import { hasKiloMarks } from './marks.js';

export function detect(sample: readonly unknown[]): Detection | null {
  if (!hasKiloMarks(sample)) return null;
  for (const item of sample) {
    const record = asRecord(item);
    if (!record) continue;
    if (record.flavor === KILO_FLAVOR.agent) return { confidence: 0.99, format: 'kilo-code/sqlite' };
    if (isExportDocument(record)) return { confidence: 0.95, format: 'kilo-code/export' };
    if (typeof stringField(record, 'type') === 'string' && typeof record.sessionID === 'string') return { confidence: 0.95, format: 'kilo-code/run-json' };
  }
  return null;
}
