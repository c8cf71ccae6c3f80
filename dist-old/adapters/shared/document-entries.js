import { asRecord, stringField } from './json.js';
/**
 * Routes each entry of `entries` by its `keyField` (e.g. a message's role) and counts it under
 * `<label>/<key>`; an entry that is not an object is routed as "(not an object)".
 */
export function dispatchEntries(table, out, record, entries, keyField, label) {
    for (const entry of entries) {
        const fields = asRecord(entry);
        const key = fields === undefined ? '(not an object)' : (stringField(fields, keyField) ?? `(no ${keyField})`);
        table.dispatch(out, { ...record, value: fields ?? { value: entry } }, key, (fields ?? {}), `${label}/${key}`);
    }
}
/** Synthetic error results for the calls no message answered, saying why (for an adapter's flush). */
export function unansweredResults(calls, reason) {
    return calls.drain().unanswered.map(({ callId, call }) => ({
        timestamp: null, type: 'tool_result', role: 'tool', synthetic: true, meta: { kind: 'missing-tool-result', reason },
        tool: { name: call.name, callId, kind: call.kind, output: '', status: 'error' },
    }));
}
//# sourceMappingURL=document-entries.js.map