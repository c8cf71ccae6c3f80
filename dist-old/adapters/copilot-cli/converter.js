import { convertHistoryDocument, isHistoryDocument } from './legacy-history.js';
import { LIVE_EVENT_HANDLERS } from './live-events.js';
import { modelTraceHandler } from './model-trace.js';
import { SESSION_EVENT_HANDLERS } from './session-events.js';
import { asRecord, filesFromArguments, stringField, toolKind } from './tools.js';
/** The converter's memory, shared by the handler tables. */
export class ConverterState {
    out;
    calls = new Map();
    /**
     * Reasoning texts emitted in the current turn: assistant.message's `reasoningText` and the
     * assistant.reasoning event (stdout prints both, in either order) say the same thing once.
     */
    turnReasoning = new Set();
    constructor(out) {
        this.out = out;
    }
    emit(event, draft) {
        this.out.emit({ timestamp: event.timestamp, ...(event.parentId ? { parentId: event.parentId } : {}), ...draft });
    }
    /** A system notice (errors, mode changes, subagents, permissions ...), with what kind it is. */
    notice(event, text, kind, extra = {}) {
        this.emit(event, { type: 'system', role: 'system', text, meta: { kind, recordType: event.type, ...extra } });
    }
    hasCall(callId) {
        return this.calls.has(callId);
    }
    /** Emits a tool_call once per call id; later sightings (execution_start after the request) only add timing. */
    call(event, callId, name, input, extra = {}) {
        const startedAt = event.timestamp ? Date.parse(event.timestamp) : undefined;
        const open = this.calls.get(callId);
        if (open) {
            open.startedAt ??= startedAt;
            return;
        }
        const kind = toolKind(name, input, extra.mcpServer);
        this.calls.set(callId, { name, kind, input, startedAt });
        const files = filesFromArguments(kind, input);
        const tool = {
            name, callId, kind, input,
            ...(extra.mcpServer ? { mcp: { server: extra.mcpServer, tool: extra.mcpTool ?? name } } : {}),
            ...(files ? { files } : {}),
        };
        this.emit(event, { type: 'tool_call', role: 'assistant', tool, ...(extra.model ? { model: extra.model } : {}), ...(extra.synthetic ? { synthetic: true } : {}) });
    }
    /** Marks a call as refused by a permission decision (its result is then `denied`). */
    deny(callId) {
        const open = this.calls.get(callId);
        if (open)
            open.denied = true;
    }
    /** The call a result answers, made up (synthetic) when the native record never showed it. */
    takeCall(event, callId) {
        if (!this.calls.has(callId))
            this.call(event, callId, 'unknown', undefined, { synthetic: true });
        const open = this.calls.get(callId);
        this.calls.delete(callId);
        return open;
    }
    /** Calls that never got a result: each gets a synthetic one so the pair is complete. */
    closeOpenCalls() {
        for (const [callId, open] of this.calls) {
            this.out.emit({
                timestamp: null, type: 'tool_result', role: 'tool', synthetic: true, text: 'No result was recorded for this call.',
                tool: { name: open.name, callId, kind: open.kind, output: null, status: 'error' },
            });
        }
        this.calls.clear();
    }
}
/** The envelope's parts, or undefined when it has no data object. */
function eventOf(value, type, parentOf) {
    const data = asRecord(value.data);
    if (!data)
        return undefined;
    const parentId = parentOf(stringField(value, 'agentId'), data);
    return {
        type, data,
        timestamp: stringField(value, 'timestamp') ?? null,
        id: stringField(value, 'id'),
        ...(parentId ? { parentId } : {}),
    };
}
export class CopilotConverter {
    out;
    state;
    /** subagent instance id → the task call that started it (subagent.started names both) */
    agentCalls = new Map();
    constructor(out) {
        this.out = out;
        this.state = new ConverterState(out);
    }
    push(record) {
        const value = record.value;
        if (isHistoryDocument(value)) {
            convertHistoryDocument(value, record, this.state);
            return;
        }
        const type = stringField(value, 'type');
        if (!type) {
            this.out.unknown(record, '(no type)', 'record has no "type" field');
            return;
        }
        if (type === 'result')
            return this.settle(record, type, LIVE_EVENT_HANDLERS.result({ type, data: value, timestamp: stringField(value, 'timestamp') ?? null }, this.state));
        const handler = SESSION_EVENT_HANDLERS[type] ?? LIVE_EVENT_HANDLERS[type] ?? modelTraceHandler(type, value);
        if (!handler) {
            this.out.unknown(record, type, `unknown Copilot CLI event type "${type}"`);
            return;
        }
        const event = eventOf(value, type, (agentId, data) => this.parentOf(type, agentId, data));
        if (!event) {
            this.out.unknown(record, type, 'event has no "data" object');
            return;
        }
        this.settle(record, type, handler(event, this.state));
    }
    flush() {
        this.state.closeOpenCalls();
    }
    /**
     * A subagent's events carry its `agentId`, and those inside a turn also `parentToolCallId`:
     * all are grouped under the task call that started the subagent.
     */
    parentOf(type, agentId, data) {
        const parentToolCallId = stringField(data, 'parentToolCallId');
        if (!agentId)
            return parentToolCallId;
        const taskCall = type === 'subagent.started' ? stringField(data, 'toolCallId') : undefined;
        if (taskCall && !this.agentCalls.has(agentId))
            this.agentCalls.set(agentId, taskCall);
        return parentToolCallId ?? this.agentCalls.get(agentId) ?? `agent-${agentId}`;
    }
    settle(record, type, outcome) {
        if (typeof outcome === 'string')
            this.out.count(type, outcome);
        else
            this.out.unknown(record, type, outcome.unknown);
    }
}
//# sourceMappingURL=converter.js.map