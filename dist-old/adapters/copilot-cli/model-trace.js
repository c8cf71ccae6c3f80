import { asRecord, stringField } from './tools.js';
const PREFIX = 'model.';
const failure = (event, state) => {
    const error = asRecord(event.data.error);
    const detail = stringField(error, 'message') ?? stringField(event.data, 'error') ?? stringField(event.data, 'message');
    state.notice(event, `Model call failed${detail ? `: ${detail}` : ''}`, 'error');
    return 'mapped';
};
/** The handler for a model-trace record, or undefined when the record is not one. */
export function modelTraceHandler(type, value) {
    const kind = stringField(asRecord(value.data), 'kind');
    if (!type.startsWith(PREFIX) || kind !== type.slice(PREFIX.length))
        return undefined;
    return /failure|failed|error/.test(kind) ? failure : () => 'skipped';
}
//# sourceMappingURL=model-trace.js.map