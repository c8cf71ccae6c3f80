import { asRecord, callArguments, stringField } from '../shared/json.js';
import { identifyTool } from './tools.js';
const STATUS = { completed: 'ok', error: 'error', cancelled: 'error' };
const NOTE = 'the parent chat keeps the subagent\'s recent activity only: no tool output';
export class SubagentActivity {
    /** agentId (the subagent's session id) → what the parent chat shows of it; the latest rewrite wins */
    held = new Map();
    /** A finished `toolCalls` entry: notes the subagent progress it shows, if any. */
    note(agentId, callId, display, timestamp) {
        const progress = asRecord(display);
        if (!agentId || progress?.isSubagentProgress !== true)
            return;
        const items = Array.isArray(progress.recentActivity) ? progress.recentActivity.map(asRecord).filter((i) => i !== undefined) : [];
        this.held.set(agentId, { callId, agentName: stringField(progress, 'agentName') ?? 'subagent', items, timestamp });
    }
    /** The subagent's own chat is being read: it says everything the summary would. */
    ownChatRead(agentId) {
        this.held.delete(agentId);
    }
    /** Events for the subagents whose own chat was not read. */
    *drain() {
        for (const [agentId, activity] of this.held) {
            const base = { timestamp: activity.timestamp, parentId: activity.callId };
            for (const item of activity.items)
                yield* itemEvents(item, base, agentId, activity.agentName);
        }
        this.held.clear();
    }
}
function* itemEvents(item, base, agentId, agentName) {
    const status = stringField(item, 'status') ?? 'running';
    const meta = { kind: 'subagent-activity', agentId, agentName, status, note: NOTE };
    const content = stringField(item, 'content') ?? '';
    if (item.type === 'thought') {
        yield { ...base, type: 'reasoning', role: 'assistant', text: content, meta };
        return;
    }
    if (item.type !== 'tool_call') {
        yield { ...base, type: 'meta', role: 'system', text: `Subagent activity of type ${String(item.type)}`, meta: { ...meta, kind: 'unmapped-block' } };
        return;
    }
    const callId = stringField(item, 'id') ?? `${agentId}#${content}`;
    const identity = identifyTool(content);
    const tool = { name: content, callId, ...identity };
    yield { ...base, type: 'tool_call', role: 'assistant', tool: { ...tool, input: callArguments(item.args) }, meta };
    yield {
        ...base, type: 'tool_result', role: 'tool', synthetic: true,
        tool: { ...tool, output: null, status: STATUS[status] ?? 'error' },
        meta: status === 'running' ? { ...meta, reason: 'still running when the chat was last written' } : meta,
    };
}
//# sourceMappingURL=subagent-activity.js.map