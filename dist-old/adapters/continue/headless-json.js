import { RecordDispatch, unknown } from '../shared/dispatch.js';
import { nativeOf, stringField } from '../shared/json.js';
/** The note `cn` puts beside an answer it wrapped; its exact words identify the stream. */
export const WRAPPED_NOTE = 'Response was not valid JSON, so it was wrapped in a JSON object';
const NOTICE_STATUSES = new Set(['info', 'success', 'warning', 'error']);
/** Which kind of line this is: a wrapped answer, a status notice, or the model's own JSON answer. */
export function headlessLineKind(value) {
    if (value.note === WRAPPED_NOTE || ('response' in value && 'note' in value))
        return 'wrapped-answer';
    if (typeof value.status === 'string' && NOTICE_STATUSES.has(value.status) && typeof value.message === 'string')
        return 'notice';
    return 'json-answer';
}
export class HeadlessConverter {
    out;
    lines;
    started = false;
    constructor(out) {
        this.out = out;
        const table = {
            'wrapped-answer': (line) => {
                if (typeof line.response !== 'string')
                    return unknown('wrapped answer without a response text');
                this.answer(line.response, {});
                return undefined;
            },
            notice: (line) => {
                const status = stringField(line, 'status') ?? 'info';
                const message = stringField(line, 'message') ?? '';
                this.start();
                this.out.emit({ timestamp: null, type: 'system', role: 'system', text: message, meta: { kind: 'headless-notice', status } });
            },
            'json-answer': (_line, context) => {
                this.answer(JSON.stringify(context.record.value), { kind: 'json-answer' });
            },
        };
        this.lines = new RecordDispatch(table, { unknownReason: (kind) => `cn headless line of kind "${kind}"` });
    }
    push(record) {
        const value = record.value;
        this.lines.dispatch(this.out, record, headlessLineKind(value), nativeOf(value) ?? {});
    }
    start() {
        if (this.started)
            return;
        this.started = true;
        this.out.session({ format: 'continue/headless-json' });
        this.out.emit({
            timestamp: null, type: 'meta', role: 'system', synthetic: true,
            text: 'The user prompt and the tool calls of this run are not in the stream (cn -p --format json prints the final answer only).',
            meta: { kind: 'missing-user-prompt' },
        });
    }
    answer(text, meta) {
        this.start();
        this.out.emit({ timestamp: null, type: 'assistant_message', role: 'assistant', text, ...(meta.kind ? { meta: { kind: meta.kind } } : {}) });
    }
}
//# sourceMappingURL=headless-json.js.map