import { contentToText } from '../shared/content.js';
import { asRecord, stringField, numberField } from '../shared/json.js';
/** `response_item` `agent_message` and rollout `inter_agent_communication`: one agent's message to another. */
export function interAgentMessage(s, item, base) {
    const { text } = contentToText(item.content, {
        separator: '',
        text: (part) => (typeof part.text === 'string' ? part.text : undefined),
        // the task text of a spawn is sent encrypted: its presence is noted, never its value
        other: (part) => (part.type === 'encrypted_content' ? '[encrypted text not copied]' : `[${String(part.type)}]`),
    });
    const author = stringField(item, 'author');
    const recipient = stringField(item, 'recipient');
    const nativeId = stringField(item, 'id');
    s.out.emit({
        ...base, ...(nativeId ? { nativeId } : {}), type: 'user_message', role: 'user', text,
        meta: { kind: 'inter-agent-message', author: author ?? null, recipient: recipient ?? null },
    });
}
/** `item_completed` `SubAgentActivity` and the `sub_agent_activity` event: a subagent started, was messaged, finished. */
export function subagentActivity(s, item, base) {
    const activity = stringField(item, 'kind') ?? 'activity';
    const thread = stringField(item, 'agent_thread_id');
    const path = stringField(item, 'agent_path');
    const id = stringField(item, 'id');
    // a start's id is the spawn call's id
    if (activity === 'started' && thread && id && s.calls.has(id))
        s.subagentCalls.set(thread, id);
    s.out.emit({
        ...base, type: 'system', role: 'system', text: `Subagent ${path ?? thread ?? ''} ${activity}`.replace(/\s+/g, ' '),
        meta: { kind: 'subagent-activity', activity, agentThreadId: thread ?? null, agentPath: path ?? null },
    });
}
const COLLAB_VERBS = {
    collab_agent_spawn_end: 'spawned', collab_agent_interaction_end: 'messaged', collab_waiting_end: 'waited for',
    collab_close_end: 'closed', collab_resume_end: 'resumed',
};
export const COLLAB_END_EVENTS = Object.keys(COLLAB_VERBS);
export const COLLAB_BEGIN_EVENTS = COLLAB_END_EVENTS.map((type) => type.replace(/_end$/, '_begin'));
/** `collab_*_end` events: the subagent a collaboration call reached, and its status then. */
export function collabEnd(s, type, payload, base) {
    const callId = stringField(payload, 'call_id');
    const thread = stringField(payload, 'new_thread_id') ?? stringField(payload, 'receiver_thread_id');
    const name = stringField(payload, 'new_agent_nickname') ?? stringField(payload, 'receiver_agent_nickname') ?? thread;
    if (type === 'collab_agent_spawn_end' && thread && callId)
        s.subagentCalls.set(thread, callId);
    const statuses = Array.isArray(payload.agent_statuses) ? payload.agent_statuses.map(asRecord).filter((e) => e !== undefined) : [];
    const status = statuses.length > 0
        ? statuses.map((e) => `${stringField(e, 'agent_nickname') ?? stringField(e, 'thread_id') ?? '?'}: ${agentStatus(e.status)}`).join(', ')
        : agentStatus(payload.status);
    const who = statuses.length > 0 ? `${statuses.length} subagent(s)` : `subagent ${name ?? ''}`.trim();
    s.out.emit({
        ...base, type: 'system', role: 'system', text: `${COLLAB_VERBS[type]} ${who}${status ? ` (${status})` : ''}`,
        meta: { kind: 'subagent-activity', recordType: type, callId: callId ?? null, agentThreadId: thread ?? null, status },
    });
}
/** Codex's AgentStatus: a bare name (`running`, `shutdown`) or `{completed: msg}` / `{errored: msg}`. */
function agentStatus(status) {
    if (typeof status === 'string')
        return status;
    const record = asRecord(status);
    if (!record)
        return '';
    return Object.entries(record).map(([key, value]) => (typeof value === 'string' ? `${key}: ${value}` : key)).join(', ');
}
/** A subagent's session_meta in the same input as its parent's: its events are grouped under the spawn. */
export function joinSubagent(s, threadId, parentThreadId) {
    if (!threadId)
        return;
    if (s.mainThreadId === undefined) {
        s.mainThreadId = threadId;
        return;
    }
    if (threadId === s.mainThreadId)
        s.parentId = undefined;
    else if (parentThreadId !== undefined)
        s.parentId = s.subagentCalls.get(threadId) ?? `agent-${threadId}`;
}
/** `guardian_assessment`: the automatic approval reviewer's decision on one action. */
export function guardianAssessment(s, payload, base) {
    const status = stringField(payload, 'status') ?? 'unknown';
    if (status === 'in_progress')
        return 'skipped'; // the final assessment of the same review follows
    const risk = stringField(payload, 'risk_level');
    const rationale = stringField(payload, 'rationale');
    s.out.emit({
        ...base, type: 'system', role: 'system',
        text: `Automatic approval review: ${status}${risk ? ` (risk ${risk})` : ''}${rationale ? `: ${rationale}` : ''}`,
        meta: {
            kind: 'permission-decision', reviewer: 'guardian', status, allowed: status === 'approved',
            riskLevel: risk ?? null, userAuthorization: stringField(payload, 'user_authorization') ?? null,
            targetItemId: stringField(payload, 'target_item_id') ?? null, reviewId: stringField(payload, 'id') ?? null,
            action: payload.action ?? null,
        },
    });
}
/** `thread_goal_updated`: the thread's goal and its status. */
export function goalUpdated(s, payload, base) {
    const goal = (asRecord(payload.goal) ?? payload);
    const objective = stringField(goal, 'objective');
    const status = stringField(goal, 'status') ?? (payload.goal === null ? 'cleared' : 'updated');
    s.out.emit({
        ...base, type: 'system', role: 'system', text: `Goal ${status}${objective ? `: ${objective}` : ''}`,
        meta: { kind: 'goal', status, objective: objective ?? null, tokenBudget: numberField(goal, 'token_budget') ?? null },
    });
}
/** `dynamic_tool_call_response`: the client's answer to a dynamic tool call; the output item carries the text. */
export function dynamicToolResponse(s, payload) {
    const success = typeof payload.success === 'boolean' ? payload.success : undefined;
    s.results.addDetails(stringField(payload, 'call_id'), success !== undefined ? { success } : {});
}
/** A turn item an extension owns: details of the call it belongs to, or a call and its result of its own. */
export function extensionItem(s, item, base) {
    const id = stringField(item, 'id');
    const status = stringField(item, 'status');
    if (id && s.calls.has(id)) {
        s.results.addDetails(id, status ? { itemStatus: status } : {});
        return;
    }
    const name = stringField(item, 'kind') ?? 'extension';
    const callId = id ?? `${name}-${++s.serverToolCalls}`;
    const input = Object.fromEntries(['query', 'url', 'pattern', 'action'].flatMap((key) => (item[key] !== undefined ? [[key, item[key]]] : [])));
    const kind = name.startsWith('web.') ? 'web' : 'other';
    const result = item.result ?? item.error;
    const failed = status === 'failed' || item.error != null;
    const toolStatus = failed ? 'error' : 'ok';
    s.out.emit({ ...base, type: 'tool_call', role: 'assistant', ...s.modelField(), tool: { name, callId, kind, input } });
    s.out.emit({
        ...base, type: 'tool_result', role: 'tool',
        tool: { name, callId, kind, output: typeof result === 'string' ? result : result == null ? '' : JSON.stringify(result), status: toolStatus },
    });
}
//# sourceMappingURL=collab.js.map