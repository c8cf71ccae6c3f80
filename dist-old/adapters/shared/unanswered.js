/** Closes the tracker's open calls with a synthetic result that says why they have none. */
export function closeUnanswered(out, calls, reason) {
    for (const { callId, call } of calls.drain().unanswered) {
        out.emit({
            timestamp: null, type: 'tool_result', role: 'tool', synthetic: true,
            tool: { name: call.name, callId, kind: call.kind, output: '', status: 'error' },
            meta: { kind: 'missing-tool-result', reason },
        });
    }
}
//# sourceMappingURL=unanswered.js.map