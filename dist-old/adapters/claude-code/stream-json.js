import { asRecord, nativeOf, stringField } from '../shared/json.js';
import { addUsage, ANTHROPIC_USAGE, mapUsage } from '../shared/usage.js';
export class StreamRecords {
    out;
    envelope;
    /** `claude -p` prints one result per prompt turn; each reports the usage and time since the previous one */
    resultTotals = { usage: { input: 0, output: 0 }, durationMs: 0 };
    /** --include-partial-messages: blocks of the message being streamed, kept until its final line arrives */
    partial;
    constructor(out, envelope) {
        this.out = out;
        this.envelope = envelope;
    }
    /** The final line of a streamed message arrived: its deltas are not needed. */
    completed(messageId) {
        if (messageId && this.partial?.messageId === messageId)
            this.partial = undefined;
    }
    /** `result`: one per prompt turn, each with the usage and time since the one before. */
    result(value) {
        const usage = mapUsage(value.usage, ANTHROPIC_USAGE);
        const totals = this.resultTotals;
        if (usage)
            totals.usage = addUsage(totals.usage, usage);
        if (typeof value.duration_ms === 'number')
            totals.durationMs += value.duration_ms;
        this.out.session({
            nativeSessionId: stringField(value, 'session_id'),
            ...(totals.durationMs > 0 ? { durationMs: totals.durationMs } : {}),
            // total_cost_usd is already cumulative over the session
            ...(typeof value.total_cost_usd === 'number' ? { costUsd: value.total_cost_usd } : {}),
            ...(usage ? { totalUsage: totals.usage } : {}),
        });
        const subtype = stringField(value, 'subtype') ?? 'success';
        if (value.is_error === true || subtype.startsWith('error')) {
            const errors = Array.isArray(value.errors) ? value.errors.filter((e) => typeof e === 'string') : [];
            const text = [stringField(value, 'result'), ...errors].filter(Boolean).join('\n') || subtype;
            this.out.emit({ ...this.envelope(value), type: 'system', role: 'system', text, meta: { kind: 'error', recordType: `result/${subtype}` } });
        }
        return { outcome: 'mapped', type: `result/${subtype}` };
    }
    /** Deltas are kept only until the message's final line arrives; a stream cut short still shows what was said. */
    streamEvent(value) {
        const event = nativeOf(value.event);
        const type = stringField(event, 'type') ?? '(none)';
        const verdict = { outcome: 'skipped', type: `stream_event/${type}` };
        if (!event)
            return verdict;
        if (type === 'message_start') {
            this.emitUnfinishedPartial();
            const message = asRecord(event.message);
            const messageId = stringField(message, 'id');
            if (messageId)
                this.partial = { messageId, model: stringField(message, 'model'), blocks: new Map() };
            return verdict;
        }
        if (!this.partial || typeof event.index !== 'number')
            return verdict;
        if (type === 'content_block_start') {
            const block = asRecord(event.content_block);
            if (block?.type === 'text' || block?.type === 'thinking')
                this.partial.blocks.set(event.index, { type: block.type, text: '' });
        }
        else if (type === 'content_block_delta') {
            const delta = asRecord(event.delta);
            const block = this.partial.blocks.get(event.index);
            if (!block || !delta)
                return verdict;
            if (delta.type === 'text_delta' && typeof delta.text === 'string')
                block.text += delta.text;
            if (delta.type === 'thinking_delta' && typeof delta.thinking === 'string')
                block.text += delta.thinking;
        }
        return verdict;
    }
    emitUnfinishedPartial() {
        const partial = this.partial;
        this.partial = undefined;
        if (!partial)
            return;
        for (const block of partial.blocks.values()) {
            if (block.text.length === 0)
                continue;
            this.out.emit({
                type: block.type === 'text' ? 'assistant_message' : 'reasoning',
                role: 'assistant',
                text: block.text,
                nativeId: partial.messageId,
                ...(partial.model ? { model: partial.model } : {}),
                meta: { kind: 'incomplete', reason: 'the stream ended before this message was complete' },
            });
        }
    }
}
//# sourceMappingURL=stream-json.js.map