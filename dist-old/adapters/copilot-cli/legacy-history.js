import { asRecord, isoTime, stringField } from './tools.js';
import { parsedJson } from '../shared/json.js';
export function isHistoryDocument(value) {
    return typeof value.sessionId === 'string' && Array.isArray(value.timeline) && Array.isArray(value.chatMessages) && value.type === undefined;
}
const RESULT_STATUS = { success: 'ok', failure: 'error', rejected: 'denied', denied: 'denied' };
export function convertHistoryDocument(doc, record, state) {
    const model = stringField(doc, 'selectedModel');
    state.out.session({
        nativeSessionId: stringField(doc, 'sessionId'),
        format: 'copilot-cli/history-json',
        ...(isoTime(doc.startTime) ? { startedAt: isoTime(doc.startTime) } : {}),
        ...(model ? { model } : {}),
    });
    state.out.count('history-document', 'mapped');
    for (const _ of doc.chatMessages)
        state.out.count('chatMessages[] (the model\'s copy of the timeline)', 'skipped');
    doc.timeline.forEach((item, index) => {
        const entry = asRecord(item);
        const type = stringField(entry, 'type') ?? '(none)';
        const counted = `timeline/${type}`;
        if (!entry || !timelineEntry(entry, type, state)) {
            state.out.unknown({ ...record, value: entry ?? { value: item } }, counted, `timeline entry #${index} of type "${type}" could not be read`);
            return;
        }
        state.out.count(counted, 'mapped');
    });
}
/** Emits one timeline entry; false when it lacks what its type needs. */
function timelineEntry(entry, type, state) {
    const event = { type, data: entry, timestamp: isoTime(entry.timestamp) ?? null, id: stringField(entry, 'id') };
    const text = typeof entry.text === 'string' ? entry.text : undefined;
    switch (type) {
        case 'user':
            if (text === undefined)
                return false;
            state.emit(event, { type: 'user_message', role: 'user', text, ...(event.id ? { nativeId: event.id } : {}) });
            return true;
        case 'copilot':
            if (text === undefined)
                return false;
            state.emit(event, { type: 'assistant_message', role: 'assistant', text, ...(event.id ? { nativeId: event.id } : {}) });
            return true;
        case 'info':
        case 'error':
            if (text === undefined)
                return false;
            state.notice(event, text, type);
            return true;
        case 'tool_call_requested':
        case 'tool_call_completed': {
            const callId = stringField(entry, 'callId');
            const name = stringField(entry, 'name');
            if (!callId || !name)
                return false;
            // arguments are a JSON string in some releases, an object in others
            state.call(event, callId, name, parsedJson(entry.arguments));
            if (type === 'tool_call_requested')
                return true;
            const result = asRecord(entry.result);
            const open = state.takeCall(event, callId);
            state.emit(event, {
                type: 'tool_result', role: 'tool',
                tool: { name: open.name, callId, kind: open.kind, output: stringField(result, 'log') ?? null, status: RESULT_STATUS[stringField(result, 'type') ?? ''] ?? 'error' },
            });
            return true;
        }
        default:
            return false;
    }
}
//# sourceMappingURL=legacy-history.js.map