/**
 * Pieces for agents that save a session as one JSON document holding a list of messages (Cline's
 * `<id>.messages.json`, Nanocoder's `<uuid>.json`): each entry of the list is routed and counted
 * as a record of its own (the calls still open when the document ends: `closeUnanswered`).
 */
import type { ConverterOutput, NativeRecord } from '../types.js';
import type { RecordDispatch } from './dispatch.js';
import { asRecord, stringField } from './json.js';

/**
 * Routes each entry of `entries` by its `keyField` (e.g. a message's role) and counts it under
 * `<label>/<key>`; an entry that is not an object is routed as "(not an object)".
 */
export function dispatchEntries<V>(table: RecordDispatch<V>, out: ConverterOutput, record: NativeRecord, entries: readonly unknown[], keyField: string, label: string): void {
  for (const entry of entries) {
    const fields = asRecord(entry);
    const key = fields === undefined ? '(not an object)' : (stringField(fields, keyField) ?? `(no ${keyField})`);
    table.dispatch(out, { ...record, value: fields ?? { value: entry } }, key, (fields ?? {}) as V, `${label}/${key}`);
  }
}
