import { asRecord, stringField } from '../shared/json.js';
import { detailsFromEndEvent } from './events.js';
import { timed } from './session.js';
import { filesFromChanges } from './tools.js';
/** The legacy exec --json lines that have no `type`, by what tells them apart. */
export function legacyExecLines(s) {
    return {
        '(prompt)': (line) => {
            s.eventsPrimary = true;
            s.twins.emitUserText(line.prompt, [], timed(null), 'prompt');
        },
        '(config summary)': (line) => {
            const model = line.model;
            s.eventsPrimary = true;
            s.model = model;
            s.cwd = stringField(line, 'workdir') ?? s.cwd;
            s.out.session({ model, environment: { cwd: stringField(line, 'workdir') ?? null } });
            const parts = Object.entries(line).map(([key, v]) => `${key}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
            s.out.emit({ timestamp: null, type: 'system', role: 'system', text: `Configuration: ${parts.join(', ')}`, meta: { kind: 'config', ...line } });
        },
    };
}
export function isPromptLine(line) {
    return typeof line.prompt === 'string' && Object.keys(line).length === 1;
}
export function isConfigLine(line) {
    return typeof line.model === 'string' && ('sandbox' in line || 'approval' in line || 'provider' in line || 'workdir' in line);
}
/** A tool's begin event: the call itself, since no response item will say it. */
export function legacyToolCall(s, type, payload, base) {
    const callId = stringField(payload, 'call_id') ?? `call-${s.index}`;
    let tool;
    if (type === 'exec_command_begin') {
        tool = { name: 'shell', callId, kind: 'shell', input: { command: payload.command ?? null, cwd: payload.cwd ?? null } };
    }
    else if (type === 'patch_apply_begin') {
        const files = filesFromChanges(payload.changes);
        tool = { name: 'apply_patch', callId, kind: 'edit', input: { changes: Object.keys(asRecord(payload.changes) ?? {}) }, ...(files ? { files } : {}) };
    }
    else {
        const invocation = asRecord(payload.invocation);
        const server = stringField(invocation, 'server') ?? '';
        const name = stringField(invocation, 'tool') ?? '';
        tool = { name: `mcp__${server}__${name}`, callId, kind: 'mcp', mcp: { server, tool: name }, input: invocation?.arguments ?? {} };
    }
    s.calls.call(callId, { name: tool.name, kind: tool.kind ?? 'other', ...(tool.mcp ? { mcp: tool.mcp } : {}), ...(tool.files ? { files: tool.files } : {}) }, null);
    s.out.emit({ ...base, type: 'tool_call', role: 'assistant', ...s.modelField(), tool });
}
/** A tool's end event: the result, with its details. */
export function legacyToolResult(s, type, payload, base) {
    const callId = stringField(payload, 'call_id') ?? '';
    let text;
    if (type === 'exec_command_end') {
        text = typeof payload.aggregated_output === 'string' ? payload.aggregated_output : `${stringField(payload, 'stdout') ?? ''}${stringField(payload, 'stderr') ?? ''}`;
    }
    else if (type === 'patch_apply_end') {
        text = `${stringField(payload, 'stdout') ?? ''}${stringField(payload, 'stderr') ?? ''}`;
    }
    else {
        text = mcpResultText(payload.result);
    }
    s.results.hold(callId, base, { text }, undefined, detailsFromEndEvent(type, payload));
    s.results.emitHeld();
}
function mcpResultText(result) {
    const r = asRecord(result);
    if (!r)
        return '';
    if ('Err' in r)
        return typeof r.Err === 'string' ? r.Err : JSON.stringify(r.Err);
    const ok = asRecord(r.Ok) ?? r;
    return contentText(ok.content);
}
/** MCP content items as text: text parts as they are, any other part as JSON. */
export function contentText(content) {
    if (!Array.isArray(content))
        return content == null ? '' : JSON.stringify(content);
    return content.map((c) => {
        const part = asRecord(c);
        return typeof part?.text === 'string' ? part.text : part ? JSON.stringify(part) : '';
    }).join('\n');
}
//# sourceMappingURL=exec-json-legacy.js.map