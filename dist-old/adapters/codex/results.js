import { asRecord, stringField } from '../shared/json.js';
import { durationMs } from '../shared/time.js';
import { statusOf } from './tools.js';
/** Tool details kept for results that have not arrived yet. */
const MAX_DETAILS = 512;
export class ToolResults {
    session;
    held;
    details = new Map();
    constructor(session) {
        this.session = session;
    }
    /** The result of an open call: held until the next record, which may add details to it. */
    hold(callId, base, parsed, fallbackStatus, details) {
        const { call, elapsedMs } = this.session.calls.answer(callId, base.timestamp);
        const known = this.details.get(callId);
        this.details.delete(callId);
        this.emitHeld();
        const merged = details ?? known;
        this.held = { callId, base, call, elapsedMs, parsed, details: merged, ...(fallbackStatus !== undefined ? { fallbackStatus } : {}) };
    }
    /** A held result is emitted before any record that does not add details to it. */
    settle(value) {
        if (!this.held)
            return;
        const payload = asRecord(value.payload) ?? asRecord(value.msg);
        if (payload && enrichmentCallId(payload) === this.held.callId)
            return;
        this.emitHeld();
    }
    /** Details from a tool event: merged into the held result when it is that call's, kept for later otherwise. */
    addDetails(callId, details) {
        if (!callId)
            return;
        if (this.held?.callId === callId) {
            this.held.details = { ...this.held.details, ...details };
            this.emitHeld();
            return;
        }
        if (!this.session.calls.has(callId))
            return; // its result was already written (e.g. a command that outlived its call)
        this.details.set(callId, { ...this.details.get(callId), ...details });
        if (this.details.size > MAX_DETAILS)
            this.details.delete(this.details.keys().next().value);
    }
    emitHeld() {
        const held = this.held;
        this.held = undefined;
        if (!held)
            return;
        const { call, parsed, details, callId } = held;
        const kind = call?.kind ?? 'other';
        const exitCode = details?.exitCode ?? parsed.exitCode;
        const itemStatus = details?.itemStatus ?? held.fallbackStatus;
        const status = statusOf({
            text: parsed.text,
            ...(exitCode !== undefined ? { exitCode } : {}),
            ...(itemStatus !== undefined ? { itemStatus } : {}),
            ...(details?.success !== undefined ? { success: details.success } : {}),
        });
        const tool = { name: call?.name ?? 'unknown', callId, kind, output: parsed.text, status };
        const mcp = call?.mcp ?? details?.mcp;
        if (mcp)
            tool.mcp = mcp;
        if (exitCode !== undefined && kind === 'shell')
            tool.exitCode = exitCode;
        const duration = durationMs(details?.durationMs ?? parsed.durationMs ?? held.elapsedMs);
        if (duration !== undefined)
            tool.durationMs = duration;
        // Codex's own record of the change has absolute paths; the patch text's are relative to the turn's cwd.
        const files = details?.files ?? call?.files?.map((file) => ({ ...file, path: resolvePath(this.session.cwd, file.path) }));
        if (files && files.length > 0 && (kind === 'edit' || kind === 'write'))
            tool.files = files;
        this.session.out.emit({ ...held.base, type: 'tool_result', role: 'tool', tool });
    }
}
/** The call id a tool event record describes, when it is one. */
function enrichmentCallId(payload) {
    const type = stringField(payload, 'type');
    if (type === 'item_completed') {
        const item = asRecord(payload.item);
        const itemType = stringField(item, 'type');
        return itemType === 'CommandExecution' || itemType === 'FileChange' || itemType === 'McpToolCall' ? stringField(item, 'id') : undefined;
    }
    if (type === 'exec_command_end' || type === 'patch_apply_end' || type === 'mcp_tool_call_end')
        return stringField(payload, 'call_id');
    return undefined;
}
/** A path of a patch, made absolute against the session's working directory (pure string work). */
function resolvePath(cwd, path) {
    if (!cwd || path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\'))
        return path;
    const windows = /^[A-Za-z]:\\/.test(cwd) && !cwd.includes('/');
    const sep = windows ? '\\' : '/';
    return `${cwd.endsWith(sep) ? cwd.slice(0, -1) : cwd}${sep}${path.startsWith('./') ? path.slice(2) : path}`;
}
//# sourceMappingURL=results.js.map