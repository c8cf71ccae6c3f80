/**
 * Format `claude-code/stream-json`: what only `claude -p --output-format stream-json` prints: the
 * `result` of each turn and, with --include-partial-messages, `stream_event` deltas. The init line
 * and the user, assistant and system lines both forms share are read by converter.ts.
 */
import type { Usage } from '../../src/transcript/index.js';
import type { HandlerResult } from '../shared/dispatch.js';
import { asRecord, nativeOf, stringField, type Native } from '../shared/json.js';
import { addUsage, ANTHROPIC_USAGE, mapUsage } from '../shared/usage.js';
import type { ConverterOutput, DraftEvent } from '../types.js';
import type { Line, StreamEvent } from './records.js';
import { textField } from '../shared/content.js';

type Record_ = Native<Line>;

interface PartialBlock {
  type: 'text' | 'thinking';
  text: string;
}

export class StreamRecords {
  /** `claude -p` prints one result per prompt turn; each reports the usage and time since the previous one */
  private readonly resultTotals = { usage: { input: 0, output: 0 } as Usage, durationMs: 0 };
  /** --include-partial-messages: blocks of the message being streamed, kept until its final line arrives */
  private partial: { messageId: string; model?: string; blocks: Map<number, PartialBlock> } | undefined;

  constructor(
    private readonly out: ConverterOutput,
    private readonly envelope: (value: Record_) => DraftEvent,
  ) {}

  /** The final line of a streamed message arrived: its deltas are not needed. */
  completed(messageId: string | undefined): void {
    if (messageId && this.partial?.messageId === messageId) this.partial = undefined;
  }

  /** `result`: one per prompt turn, each with the usage and time since the one before. */
  result(value: Record_): HandlerResult {
    const usage = mapUsage(value.usage, ANTHROPIC_USAGE);
    const totals = this.resultTotals;
    if (usage) totals.usage = addUsage(totals.usage, usage);
    if (typeof value.duration_ms === 'number') totals.durationMs += value.duration_ms;
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
      const text = [textField(value, 'result'), ...errors].filter(Boolean).join('\n') || subtype;
      this.out.emit({ ...this.envelope(value), type: 'system', role: 'system', text, meta: { kind: 'error', recordType: `result/${subtype}` } });
    }
    return { outcome: 'mapped', type: `result/${subtype}` };
  }

  /** Deltas are kept only until the message's final line arrives; a stream cut short still shows what was said. */
  streamEvent(value: Record_): HandlerResult {
    const event = nativeOf<StreamEvent>(value.event);
    const type = stringField(event, 'type') ?? '(none)';
    const verdict = { outcome: 'skipped', type: `stream_event/${type}` } as const;
    if (!event) return verdict;
    if (type === 'message_start') {
      this.emitUnfinishedPartial();
      const message = asRecord(event.message);
      const messageId = stringField(message, 'id');
      if (messageId) this.partial = { messageId, model: stringField(message, 'model'), blocks: new Map() };
      return verdict;
    }
    if (!this.partial || typeof event.index !== 'number') return verdict;
    if (type === 'content_block_start') {
      const block = asRecord(event.content_block);
      if (block?.type === 'text' || block?.type === 'thinking') this.partial.blocks.set(event.index, { type: block.type, text: '' });
    } else if (type === 'content_block_delta') {
      const delta = asRecord(event.delta);
      const block = this.partial.blocks.get(event.index);
      if (!block || !delta) return verdict;
      if (delta.type === 'text_delta' && typeof delta.text === 'string') block.text += delta.text;
      if (delta.type === 'thinking_delta' && typeof delta.thinking === 'string') block.text += delta.thinking;
    }
    return verdict;
  }

  emitUnfinishedPartial(): void {
    const partial = this.partial;
    this.partial = undefined;
    if (!partial) return;
    for (const block of partial.blocks.values()) {
      if (block.text.length === 0) continue;
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
