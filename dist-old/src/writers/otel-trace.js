/**
 * The second pass of the OpenTelemetry writer: the session's events, in order, become one trace.
 *
 * - the root span `invoke_agent <agent>` covers the session;
 * - a `chat <model>` span per model call: a run of assistant events (reasoning, text, tool calls)
 *   in one lane, from the event before it (the input the model was sent) to its last event;
 * - an `execute_tool <name>` span per tool call, from the call to its result;
 * - a subagent (events whose `parentId` is a call's `callId`) is an `invoke_agent` span under
 *   that call's `execute_tool` span, with its own chat and tool spans under it.
 *
 * Events without a time take the time of the event before them in their lane (or the first time
 * known); a span built on such a time says so with `atx.time.estimated`. Only open model calls and
 * tool calls waiting for their result are held, never the session.
 */
import { addUsage } from '../../adapters/shared/usage.js';
import { providerOf, TOOL_ERROR_TYPES, toolAttributes, usageAttributes } from './otel-attributes.js';
import { laneOf } from './otel-scan.js';
import { attributeList, SPAN_KIND, STATUS_CODE, spanIdOf, traceIdOf, unixNanos } from './otlp-json.js';
const ASSISTANT_TYPES = new Set(['assistant_message', 'reasoning', 'tool_call']);
export class TraceBuilder {
    options;
    traceId;
    rootSpanId;
    lanes = new Map();
    pending = new Map();
    /** when a session names just one model, calls that do not name theirs used it */
    soleModel;
    constructor(options) {
        this.options = options;
        const { header } = options;
        this.traceId = traceIdOf(header.transcriptId);
        this.rootSpanId = spanIdOf(header.transcriptId, 'session');
        const models = header.session.models ?? [];
        this.soleModel = models.length === 1 ? models[0] : undefined;
    }
    /** The root span, first: its times come from the header and the first pass. */
    async begin() {
        const { header, timeline } = this.options;
        const { session, metrics, source } = header;
        const startedAt = session.startedAt ? unixNanos(session.startedAt) : undefined;
        const endedAt = session.endedAt ? unixNanos(session.endedAt) : undefined;
        const known = [startedAt, endedAt, timeline.session.first, timeline.session.last].filter((t) => t !== undefined);
        const start = known.length > 0 ? { time: known.reduce(min), estimated: false } : this.fallback('');
        const end = known.length > 0 ? { time: known.reduce(max), estimated: false } : start;
        await this.span({
            spanId: this.rootSpanId,
            name: `invoke_agent ${source.agent}`,
            kind: SPAN_KIND.internal,
            start,
            end,
            attributes: {
                'gen_ai.operation.name': 'invoke_agent',
                'gen_ai.provider.name': providerOf(this.soleModel ?? session.models?.[0], source.agent),
                'gen_ai.agent.name': source.agent,
                'gen_ai.agent.version': source.agentVersion ?? undefined,
                'gen_ai.conversation.id': this.conversationId,
                'gen_ai.request.model': this.soleModel,
                ...usageAttributes(metrics.tokens),
                'atx.metrics.event_count': metrics.eventCount,
                'atx.metrics.message_count': metrics.messageCount,
                'atx.metrics.tool_call_count': metrics.toolCallCount,
                'atx.metrics.error_count': metrics.errorCount,
                'atx.metrics.turn_count': metrics.turnCount,
            },
        });
    }
    async add(event) {
        const laneId = laneOf(event);
        const lane = await this.lane(laneId);
        const before = lane.last;
        const now = this.momentOf(event, laneId, lane);
        if (ASSISTANT_TYPES.has(event.type)) {
            this.addToChat(event, lane, before ?? now, now);
            if (event.type === 'tool_call' && event.tool)
                await this.openCall(event, event.tool, lane, now);
            return;
        }
        if (event.type === 'user_message' || event.type === 'tool_result')
            await this.closeChat(lane);
        if (event.type === 'tool_result' && event.tool)
            await this.closeCall(event.tool, now);
        if (this.options.content)
            this.noteInput(event, lane);
    }
    /** Model calls still open and tool calls that never got a result. */
    async end() {
        for (const lane of this.lanes.values())
            await this.closeChat(lane);
        for (const call of [...this.pending.values()])
            await this.emitCall(call, undefined, undefined);
        this.pending.clear();
    }
    get conversationId() {
        return this.options.header.source.nativeSessionId ?? undefined;
    }
    async lane(id) {
        const known = this.lanes.get(id);
        if (known)
            return known;
        const lane = { parentSpanId: this.rootSpanId, input: [] };
        this.lanes.set(id, lane);
        const starter = id === '' ? undefined : this.options.timeline.starters.get(id);
        if (starter) {
            lane.parentSpanId = spanIdOf(this.options.header.transcriptId, 'subagent', id);
            await this.emitSubagent(id, starter.toolName, spanIdOf(this.options.header.transcriptId, 'tool', starter.eventId));
        }
        return lane;
    }
    async emitSubagent(id, toolName, parentSpanId) {
        const bounds = this.options.timeline.lanes.get(id) ?? {};
        const start = bounds.first === undefined ? this.fallback(id) : { time: bounds.first, estimated: false };
        await this.span({
            spanId: spanIdOf(this.options.header.transcriptId, 'subagent', id),
            parentSpanId,
            name: `invoke_agent ${toolName}`,
            kind: SPAN_KIND.internal,
            start,
            end: bounds.last === undefined ? start : { time: bounds.last, estimated: false },
            attributes: {
                'gen_ai.operation.name': 'invoke_agent',
                'gen_ai.provider.name': providerOf(this.soleModel, this.options.header.source.agent),
                'gen_ai.agent.name': toolName,
                'gen_ai.conversation.id': this.conversationId,
                'atx.subagent.call_id': id,
            },
        });
    }
    /** The event's own time, or the one before it in its lane when it has none. */
    momentOf(event, laneId, lane) {
        const own = event.timestamp ? unixNanos(event.timestamp) : undefined;
        const moment = own === undefined ? (lane.last ? { time: lane.last.time, estimated: true } : this.fallback(laneId)) : { time: own, estimated: false };
        lane.last = moment;
        return moment;
    }
    /** The first time known for the lane, else for the session, else when the Transcript was made. */
    fallback(laneId) {
        const { timeline, header } = this.options;
        const time = timeline.lanes.get(laneId)?.first ?? timeline.session.first ?? unixNanos(header.session.startedAt ?? header.session.capturedAt) ?? 0n;
        return { time, estimated: true };
    }
    addToChat(event, lane, before, now) {
        let chat = lane.chat;
        if (!chat) {
            chat = { spanId: spanIdOf(this.options.header.transcriptId, 'chat', event.id), firstEventId: event.id, start: before, end: now, input: lane.input, output: [] };
            lane.chat = chat;
            lane.input = [];
        }
        chat.end = now;
        chat.model ??= event.model;
        if (event.usage)
            chat.usage = addUsage(chat.usage, event.usage);
        if (!this.options.content)
            return;
        if (event.type === 'tool_call' && event.tool)
            chat.output.push({ type: 'tool_call', id: event.tool.callId, name: event.tool.name, arguments: event.tool.input ?? null });
        else if (event.text)
            chat.output.push({ type: event.type === 'reasoning' ? 'reasoning' : 'text', content: event.text });
    }
    async closeChat(lane) {
        const chat = lane.chat;
        if (!chat)
            return;
        lane.chat = undefined;
        const model = chat.model ?? this.soleModel;
        const { content } = this.options;
        const finishReason = chat.output.some((part) => part.type === 'tool_call') ? 'tool_call' : 'stop';
        await this.span({
            spanId: chat.spanId,
            parentSpanId: lane.parentSpanId,
            name: model ? `chat ${model}` : 'chat',
            kind: SPAN_KIND.client,
            start: chat.start,
            end: chat.end,
            attributes: {
                'gen_ai.operation.name': 'chat',
                'gen_ai.provider.name': providerOf(model, this.options.header.source.agent),
                'gen_ai.request.model': model,
                'gen_ai.response.model': chat.model,
                'gen_ai.conversation.id': this.conversationId,
                ...usageAttributes(chat.usage),
                'gen_ai.input.messages': content ? JSON.stringify(chat.input) : undefined,
                'gen_ai.output.messages': content ? JSON.stringify([{ role: 'assistant', parts: chat.output, finish_reason: finishReason }]) : undefined,
                'atx.event.id': chat.firstEventId,
            },
        });
    }
    async openCall(event, tool, lane, start) {
        const earlier = this.pending.get(tool.callId);
        if (earlier)
            await this.emitCall(earlier, undefined, undefined); // the same callId again: the first never got its result
        const kept = this.options.content ? tool : { ...tool, input: undefined };
        this.pending.set(tool.callId, { eventId: event.id, tool: kept, start, parentSpanId: lane.parentSpanId });
    }
    async closeCall(result, end) {
        const call = this.pending.get(result.callId);
        if (!call)
            return; // a result without its call: there is no tool span to end
        await this.emitCall(call, result, end);
    }
    async emitCall(call, result, resultTime) {
        this.pending.delete(call.tool.callId);
        const status = result?.status ?? call.tool.status;
        const failure = status && status !== 'ok' ? TOOL_ERROR_TYPES[status] : undefined;
        const tool = { ...call.tool, exitCode: result?.exitCode ?? call.tool.exitCode, durationMs: result?.durationMs ?? call.tool.durationMs };
        let start = call.start;
        let end = resultTime && resultTime.time >= start.time ? resultTime : start;
        // a call that started a subagent lasts at least as long as the subagent's events
        const { timeline } = this.options;
        const subagent = timeline.starters.get(tool.callId)?.eventId === call.eventId ? timeline.lanes.get(tool.callId) : undefined;
        if (subagent?.first !== undefined && subagent.first < start.time)
            start = { time: subagent.first, estimated: start.estimated };
        if (subagent?.last !== undefined && subagent.last > end.time)
            end = { time: subagent.last, estimated: end.estimated };
        const { content } = this.options;
        await this.span({
            spanId: spanIdOf(this.options.header.transcriptId, 'tool', call.eventId),
            parentSpanId: call.parentSpanId,
            name: `execute_tool ${tool.name}`,
            kind: SPAN_KIND.internal,
            start,
            end,
            attributes: {
                ...toolAttributes(tool, status),
                'gen_ai.tool.call.arguments': content && call.tool.input !== undefined ? JSON.stringify(call.tool.input) : undefined,
                'gen_ai.tool.call.result': content ? (result?.output ?? undefined) : undefined,
                'atx.event.id': call.eventId,
                'atx.tool.result_missing': result ? undefined : true,
            },
            ...(failure ? { status: { code: STATUS_CODE.error, message: failure.message } } : {}),
        });
    }
    /** With content: the messages the lane's next model call is sent. */
    noteInput(event, lane) {
        if (event.type === 'tool_result' && event.tool) {
            lane.input.push({ role: 'tool', parts: [{ type: 'tool_call_response', id: event.tool.callId, response: event.tool.output ?? null }] });
        }
        else if ((event.type === 'user_message' || event.type === 'system') && event.text) {
            lane.input.push({ role: event.type === 'user_message' ? 'user' : 'system', parts: [{ type: 'text', content: event.text }] });
        }
    }
    span(span) {
        const estimated = span.start.estimated || span.end.estimated;
        const end = max(span.start.time, span.end.time);
        return this.options.emit({
            traceId: this.traceId,
            spanId: span.spanId,
            ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
            name: span.name,
            kind: span.kind,
            startTimeUnixNano: span.start.time.toString(),
            endTimeUnixNano: end.toString(),
            attributes: attributeList({ ...span.attributes, 'atx.time.estimated': estimated || undefined }),
            ...(span.status ? { status: span.status } : {}),
        });
    }
}
const min = (a, b) => (b < a ? b : a);
const max = (a, b) => (b > a ? b : a);
//# sourceMappingURL=otel-trace.js.map