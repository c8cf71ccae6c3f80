/**
 * Format `opencode/run-json`: the stdout of `opencode run --format json`, one line per finished part
 * of the assistant (`{type, timestamp, sessionID, part | error}`); the user's prompt is never
 * printed, so its absence is marked once. Parts are read by the converter's part table.
 */
import { byType, RecordDispatch, unknown } from '../shared/dispatch.js';
import { asRecord, stringField } from '../shared/json.js';
import { errorText, isoTime } from './tools.js';
/** run.ts `emit(...)` line types; the part lines carry one finished part. */
const PART_LINES = ['step_start', 'step_finish', 'text', 'reasoning', 'tool_use'];
const RUN_TYPES = new Set([...PART_LINES, 'error', 'done']);
export function isRunLine(type, value) {
    return RUN_TYPES.has(type) && typeof value.sessionID === 'string';
}
export class RunLines {
    out;
    flavor;
    started = false;
    table;
    constructor(out, readPart, flavor) {
        this.out = out;
        this.flavor = flavor;
        this.table = new RecordDispatch({
            error: (value) => {
                const error = asRecord(value.error);
                this.out.emit({ timestamp: isoTime(value.timestamp) ?? null, type: 'system', role: 'system', text: errorText(error), meta: { kind: 'error', recordType: `error/${stringField(error, 'name') ?? 'unknown'}` } });
            },
            done: () => 'skipped',
            ...byType(PART_LINES, (type) => (value, origin) => {
                const part = asRecord(value.part);
                if (!part)
                    return unknown(`"${type}" line without a part`);
                const time = isoTime(value.timestamp);
                const ctx = { role: 'assistant', ...(time ? { time } : {}), ...(stringField(part, 'messageID') ? { messageId: stringField(part, 'messageID') } : {}) };
                return readPart(part, ctx, origin, type);
            }),
        }, { unknownReason: (type) => `unknown ${flavor.product} record type "${type}"` });
    }
    route(type, value, origin) {
        this.start(value);
        return this.table.route(type, value, origin);
    }
    start(value) {
        if (this.started)
            return;
        this.started = true;
        this.out.session({ nativeSessionId: stringField(value, 'sessionID') });
        this.out.emit({
            timestamp: isoTime(value.timestamp) ?? null, type: 'meta', role: 'system', synthetic: true,
            text: `The user prompt of this run is not in the output (${this.flavor.command} run --format json does not print it).`,
            meta: { kind: 'missing-user-prompt' },
        });
    }
}
//# sourceMappingURL=run-json.js.map