import { eventExtra, isPlainObject, mergeExtra, metaEntry, toolExtra, withExtra } from './extra.js';
import { addTokens, stepMetrics } from './tokens.js';
/** How many characters of unfinished steps may wait for their results before the oldest is written anyway. */
const MAX_WAITING_CHARS = 32 * 1024 * 1024;
const PART_SEPARATOR = '\n\n';
export class LaneSteps {
    options;
    nextId = 1;
    queue = [];
    call;
    byCall = new Map();
    pendingMeta = [];
    waitingChars = 0;
    totals = { steps: 0, agentSteps: 0, userSteps: 0, systemSteps: 0, toolCalls: 0, tokens: undefined };
    constructor(options) {
        this.options = options;
    }
    async add(event) {
        if (event.usage)
            this.totals.tokens = addTokens(this.totals.tokens, event.usage);
        switch (event.type) {
            case 'reasoning':
            case 'assistant_message':
                this.addText(this.joinCall(event), event);
                break;
            case 'tool_call':
                this.addCall(event.role === 'assistant' ? this.joinCall(event) : this.userCall(event), event);
                break;
            case 'tool_result':
                this.endCall();
                this.addResult(event);
                break;
            case 'meta':
                if (event.meta?.kind === 'compaction')
                    this.compaction(event);
                else
                    this.pendingMeta.push(metaEntry(event));
                break;
            default:
                this.endCall();
                this.textStep(event.type === 'user_message' ? 'user' : 'system', event);
                break;
        }
        await this.flush(false);
    }
    /** Writes what is left; trailing meta events become a last system step. */
    async end() {
        this.endCall();
        const empty = this.nextId === 1;
        if (this.pendingMeta.length > 0 || empty) {
            // ATIF wants at least one step: a lane with nothing but meta events still gets one
            const texts = this.pendingMeta.map((m) => m.text).filter((t) => typeof t === 'string');
            const draft = this.draft('system', undefined, texts.join(PART_SEPARATOR));
            if (draft.extra.meta === undefined)
                draft.extra.empty = true;
        }
        await this.flush(true);
        return this.totals;
    }
    draft(source, event, message = '') {
        const step = { step_id: this.nextId++, source, message: '' };
        if (event?.timestamp)
            step.timestamp = event.timestamp;
        const draft = { step, message: message ? [message] : [], reasoning: [], calls: [], results: new Map(), extra: {}, awaiting: 0, open: false, hasUsage: false, chars: message.length };
        if (this.pendingMeta.length > 0) {
            draft.extra.meta = this.pendingMeta;
            this.pendingMeta = [];
        }
        this.queue.push(draft);
        this.waitingChars += message.length;
        return draft;
    }
    /** The open model call this event belongs to, or a new one. */
    joinCall(event) {
        const open = this.call;
        const sameModel = !event.model || !open?.model || event.model === open.model;
        let draft = open && sameModel && !(event.usage && open.hasUsage) ? open : undefined;
        if (!draft) {
            this.endCall();
            draft = this.draft('agent', event);
            draft.step.llm_call_count = 1;
            draft.open = true;
            this.call = draft;
        }
        if (event.model)
            draft.model ??= event.model;
        if (event.usage) {
            draft.usage = addTokens(draft.usage, event.usage);
            draft.hasUsage = true;
        }
        return draft;
    }
    endCall() {
        if (this.call)
            this.call.open = false;
        this.call = undefined;
    }
    /** A tool the user ran (a shell escape): no model call made it. */
    userCall(event) {
        this.endCall();
        const draft = this.draft('agent', event);
        draft.step.llm_call_count = 0;
        draft.extra.role = event.role;
        return draft;
    }
    addText(draft, event) {
        const [parts, into] = event.type === 'reasoning' ? [draft.reasoning, 'reasoning_content'] : [draft.message, 'message'];
        const text = event.text ?? '';
        const shift = parts.reduce((sum, part) => sum + part.length + PART_SEPARATOR.length, 0);
        parts.push(text);
        mergeExtra(draft.extra, eventExtra(event, into, shift));
        this.grow(draft, text.length);
    }
    addCall(draft, event) {
        const tool = event.tool;
        const extra = { ...toolExtra(tool), ...eventExtra(event) };
        if (event.text !== undefined)
            extra.text = event.text;
        if (tool.input !== undefined && !isPlainObject(tool.input))
            extra.input = tool.input;
        draft.calls.push(withExtra({ tool_call_id: tool.callId, function_name: tool.name, arguments: isPlainObject(tool.input) ? tool.input : {} }, extra));
        draft.awaiting += this.options.expectedResults(tool.callId);
        this.byCall.set(tool.callId, draft);
        this.totals.toolCalls += 1;
    }
    addResult(event) {
        const tool = event.tool;
        const content = tool.output ?? event.text;
        const extra = { ...toolExtra(tool), ...eventExtra(event) };
        if (tool.output != null && event.text !== undefined)
            extra.text = event.text;
        if (event.timestamp)
            extra.timestamp = event.timestamp;
        const draft = this.byCall.get(tool.callId);
        if (!draft) {
            // no call before it in this lane (or its step could wait no longer): a result on its own
            const step = this.draft('system', event);
            step.results.set(tool.callId, withExtra(content != null ? { content } : {}, { ...extra, callId: tool.callId, name: tool.name }));
            this.grow(step, content?.length ?? 0);
            return;
        }
        const earlier = draft.results.get(tool.callId);
        if (earlier) {
            // a second result for one call: joined into the one observation result ATIF allows
            earlier.content = [earlier.content, content].filter((c) => c != null).join('\n');
            earlier.extra = mergeExtra(earlier.extra ?? {}, { ...extra, results: (earlier.extra?.results ?? 1) + 1 });
        }
        else {
            draft.results.set(tool.callId, withExtra({ source_call_id: tool.callId, ...(content != null ? { content } : {}) }, extra));
        }
        draft.awaiting -= 1;
        this.grow(draft, content?.length ?? 0);
    }
    textStep(source, event) {
        const draft = this.draft(source, event, event.text ?? '');
        mergeExtra(draft.extra, eventExtra(event, 'message'));
        if (source === 'system') {
            if (event.role !== 'system')
                draft.extra.role = event.role;
            if (event.meta)
                draft.extra.meta = [...(draft.extra.meta ?? []), event.meta];
            if (event.model)
                draft.extra.model = event.model;
            if (event.usage)
                draft.extra.usage = event.usage; // ATIF keeps metrics for agent steps only
        }
    }
    compaction(event) {
        this.endCall();
        const draft = this.draft('system', event, event.text ?? '');
        draft.extra.context_management = { type: 'compaction' };
        draft.extra.meta = [...(draft.extra.meta ?? []), metaEntry(event, false)];
    }
    grow(draft, chars) {
        draft.chars += chars;
        this.waitingChars += chars;
    }
    /** Writes the steps at the head of the queue that are complete (all of them at the end). */
    async flush(all) {
        while (this.queue.length > 0) {
            const head = this.queue[0];
            const ready = !head.open && head.awaiting <= 0;
            const overdue = !head.open && this.waitingChars > MAX_WAITING_CHARS;
            if (!ready && !overdue && !all)
                return;
            this.queue.shift();
            this.waitingChars -= head.chars;
            await this.options.emit(this.finish(head));
        }
    }
    finish(draft) {
        const { step } = draft;
        step.message = draft.message.join(PART_SEPARATOR);
        if (draft.reasoning.length > 0)
            step.reasoning_content = draft.reasoning.join(PART_SEPARATOR);
        if (draft.model && draft.model !== this.options.agentModel)
            step.model_name = draft.model;
        if (draft.calls.length > 0)
            step.tool_calls = draft.calls;
        const results = this.observation(draft);
        if (results.length > 0)
            step.observation = { results };
        if (draft.usage)
            step.metrics = stepMetrics(draft.usage);
        if (Object.keys(draft.extra).length > 0)
            step.extra = draft.extra;
        this.count(step);
        return orderedStep(step);
    }
    /** One result per call, in call order (a "no result" marker where the session has none). */
    observation(draft) {
        const results = [];
        for (const call of draft.calls) {
            this.byCall.delete(call.tool_call_id);
            const result = draft.results.get(call.tool_call_id) ?? { source_call_id: call.tool_call_id, extra: { noResult: true } };
            const ref = this.options.subagentRef(call.tool_call_id, draft.step.step_id);
            results.push(ref ? { source_call_id: result.source_call_id, content: result.content, subagent_trajectory_ref: [ref], extra: result.extra } : result);
        }
        if (draft.calls.length === 0)
            results.push(...draft.results.values());
        return results;
    }
    count(step) {
        this.totals.steps += 1;
        if (step.source === 'agent')
            this.totals.agentSteps += 1;
        else if (step.source === 'user')
            this.totals.userSteps += 1;
        else
            this.totals.systemSteps += 1;
    }
}
/** The step's fields in ATIF's order (JSON leaves the undefined ones out). */
function orderedStep(step) {
    const { step_id, timestamp, source, model_name, message, reasoning_content, tool_calls, observation, metrics, llm_call_count, extra } = step;
    return { step_id, timestamp, source, model_name, message, reasoning_content, tool_calls, observation, metrics, llm_call_count, extra };
}
//# sourceMappingURL=steps.js.map