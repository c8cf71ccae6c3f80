import { asRecord, stringField } from '../shared/json.js';
import { exitCodeOf, filesTouched, rawOutputText, toolContentText, toolKind } from './content.js';
const FINAL_STATUS = new Set(['completed', 'failed', 'cancelled']);
/** A tool name: v2 carries one; v1 agents put theirs in _meta (e.g. claudeCode.toolName), else the ACP kind. */
function nameOf(update) {
    const named = stringField(update, 'name');
    if (named)
        return named;
    const meta = asRecord(update._meta);
    for (const value of Object.values(meta ?? {})) {
        const toolName = stringField(asRecord(value), 'toolName');
        if (toolName)
            return toolName;
    }
    return undefined;
}
export class ToolCalls {
    events;
    terminalOutput;
    calls = new Map();
    constructor(events, terminalOutput) {
        this.events = events;
        this.terminalOutput = terminalOutput;
    }
    has(id) {
        return this.calls.has(id);
    }
    /** `tool_call`, `tool_call_update`, or the toolCall of a permission request: create or patch. */
    update(update, timestamp) {
        const id = stringField(update, 'toolCallId');
        if (!id)
            return;
        let call = this.calls.get(id);
        if (!call) {
            call = { id, content: [], locations: [], done: false, callEvent: { timestamp, type: 'tool_call', role: 'assistant', tool: { name: 'tool', callId: id } } };
            this.calls.set(id, call);
            this.events.addOpen(call.callEvent);
        }
        if (call.done)
            return;
        const name = nameOf(update);
        if (name)
            call.name = name;
        if (typeof update.title === 'string' && update.title)
            call.title = update.title;
        if (typeof update.kind === 'string')
            call.kind = update.kind;
        if (typeof update.status === 'string')
            call.status = update.status;
        if (update.rawInput !== undefined && update.rawInput !== null && !isEmptyObject(update.rawInput))
            call.rawInput = update.rawInput;
        if (update.rawOutput !== undefined && update.rawOutput !== null)
            call.rawOutput = update.rawOutput;
        // `content` and `locations` replace the earlier lists (the protocol's patch rule)
        if (Array.isArray(update.content)) {
            call.content = [...update.content];
            if (call.status && call.status !== 'pending')
                call.resultContent = [...update.content];
        }
        if (Array.isArray(update.locations))
            call.locations = [...update.locations];
        this.describe(call);
        if (call.status && FINAL_STATUS.has(call.status))
            this.finish(call, timestamp);
    }
    /** v2 `tool_call_content_chunk`: one more content item. */
    appendContent(id, content, timestamp) {
        if (!this.calls.has(id))
            this.update({ toolCallId: id }, timestamp);
        const call = this.calls.get(id);
        if (call.done)
            return;
        call.content.push(content);
        (call.resultContent ??= []).push(content);
    }
    /** The user (or the client) refused the call: its result will be `denied`. */
    deny(id, why) {
        const call = this.calls.get(id);
        if (call && !call.done)
            call.denied = why;
    }
    /** Calls still open when a turn ends: the agent will not report them any more. */
    closeOpen(timestamp, why) {
        for (const call of this.calls.values()) {
            if (call.done)
                continue;
            if (!call.denied && !call.status)
                call.status = 'unfinished';
            this.finish(call, timestamp, why);
        }
    }
    /**
     * What the call returned: content sent while or after it ran, else rawOutput (an empty string
     * counts: the command printed nothing); content sent before it ran only describes it (Claude
     * Code's description, Codex's approval text) and is the output only of a call that finished
     * without saying more (an edit's diff).
     */
    outputOf(call) {
        const result = call.resultContent ? toolContentText(call.resultContent, this.terminalOutput) : '';
        if (result)
            return result;
        const raw = rawOutputText(call.rawOutput);
        if (raw !== undefined)
            return raw;
        if (call.resultContent)
            return '';
        if (call.denied || call.status !== 'completed')
            return undefined;
        return toolContentText(call.content, this.terminalOutput);
    }
    describe(call) {
        const tool = {
            name: call.name ?? call.kind ?? 'tool',
            callId: call.id,
            kind: toolKind(call.kind, call.content),
            ...(call.rawInput !== undefined ? { input: call.rawInput } : {}),
        };
        const files = filesTouched(call.kind, call.content, call.locations);
        if (files.length > 0)
            tool.files = files;
        call.callEvent.tool = tool;
        if (call.title)
            call.callEvent.text = call.title;
    }
    finish(call, timestamp, unfinished) {
        call.done = true;
        this.describe(call);
        const output = this.outputOf(call) ?? call.denied ?? unfinished ?? toolContentText(call.content, this.terminalOutput);
        const exitCode = exitCodeOf(call.rawOutput);
        const status = call.denied ? 'denied' : call.status === 'completed' ? 'ok' : 'error';
        const base = call.callEvent.tool;
        const result = {
            timestamp,
            type: 'tool_result',
            role: 'tool',
            tool: {
                name: base.name, callId: call.id, ...(base.kind ? { kind: base.kind } : {}), output, status,
                ...(exitCode !== undefined ? { exitCode } : {}),
            },
            ...(call.status && call.status !== 'completed' && call.status !== 'failed' ? { meta: { kind: 'tool-status', status: call.status } } : {}),
        };
        this.events.settle(call.callEvent);
        this.events.add(result);
    }
}
function isEmptyObject(value) {
    const record = asRecord(value);
    return record !== undefined && Object.keys(record).length === 0;
}
//# sourceMappingURL=tool-calls.js.map