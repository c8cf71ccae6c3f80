/**
 * What only Kilo Code CLI writes, of the records it shares with OpenCode (it runs OpenCode's code):
 *   - a `step-finish` part with `metrics` (`{generation, source}`: Kilo's own timing of the step);
 *   - a tool part whose `state.metadata.approval` says which permission rule let the call run;
 *   - the `kilo_board` tables of its database (the shared agent board).
 * Kilo's agent names (`code`, `ask`, …) are not used: OpenCode users may name their own agents so.
 * Cheap checks on the detection sample only.
 */
import { asRecord } from '../shared/json.js';
function isKiloPart(value) {
    const part = asRecord(value);
    if (!part)
        return false;
    if (part.type === 'step-finish')
        return asRecord(part.metrics) !== undefined;
    if (part.type === 'tool')
        return asRecord(asRecord(asRecord(part.state)?.metadata)?.approval) !== undefined;
    return false;
}
/** An export document (`{info, messages}`) or a store record (`{info, parts}`) of Kilo's. */
function isKiloDocument(record) {
    const messages = Array.isArray(record.messages) ? record.messages : [];
    for (const message of messages) {
        const entry = asRecord(message);
        if (entry && isKiloDocument(entry))
            return true;
    }
    return Array.isArray(record.parts) && record.parts.some(isKiloPart);
}
/** Whether a detection sample holds a record only Kilo Code writes. */
export function hasKiloMarks(sample) {
    return sample.some((item) => {
        const record = asRecord(item);
        if (!record)
            return false;
        if (record.flavor === 'kilo-code')
            return true;
        return isKiloPart(record.part) || isKiloDocument(record);
    });
}
/** The first 64 KiB of a database file: Kilo's has the `kilo_board` tables beside OpenCode's. */
export const isKiloDatabaseHead = (head) => head.includes('kilo_board');
//# sourceMappingURL=marks.js.map