/**
 * `~/.cursor/projects/<slug>/agent-transcripts/<id>/<id>.jsonl`: one line per message,
 * `{role, message: {content: [blocks]}}` with Anthropic-shaped blocks (text, thinking, tool_use,
 * tool_result), and `{type: "turn_ended", status}` after each turn. No ids on the lines, no
 * times, no model or tokens; tool_use blocks may have no id, so results without one answer the
 * oldest open call. Subagents write their own file under `<id>/subagents/`.
 */
import type { ToolKind } from '../../src/transcript/index.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import { CallTracker } from '../shared/calls.js';
import { unansweredResults } from '../shared/unanswered.js';
import { base64Image, contentToText, textField } from '../shared/content.js';
import { RecordDispatch, skipped, unknown, type HandlerTable } from '../shared/dispatch.js';
import { asRecord, nativeOf, stringField, type Json } from '../shared/json.js';
import type { TranscriptBlock, TranscriptLine } from './records.js';
import { transcriptCall } from './tools.js';
import { withBlockProse } from '../shared/prose.js';

interface OpenCall {
  name: string;
  kind: ToolKind;
}

/** Cursor wraps what the user typed in `<user_query>`; what is around it (attached context) is kept. */
/** a failed result that says the user refused the call */
const REFUSED = /\b(rejected|denied|declined)\b/i;

const USER_QUERY = /<user_query>\n?([\s\S]*?)\n?<\/user_query>/;

export class CursorTranscriptConverter {
  private readonly calls = new CallTracker<OpenCall>();
  private readonly lines: RecordDispatch<TranscriptLine>;
  private file: string | undefined;
  /** the subagent a companion file's events belong to */
  private parentId: string | undefined;

  constructor(private readonly out: ConverterOutput) {
    const table: HandlerTable<TranscriptLine> = {
      user: (line, context) => this.message(line, 'user', context.record),
      assistant: (line, context) => this.message(line, 'assistant', context.record),
      turn_ended: (line) => this.turnEnded(line),
    };
    this.lines = new RecordDispatch(table, { unknownReason: (type) => `unknown Cursor transcript line "${type}"` });
  }

  push(record: NativeRecord): void {
    if (this.file === undefined) this.file = record.file;
    else if (record.file !== this.file) this.enterFile(record.file);
    const line = nativeOf<TranscriptLine>(record.value) ?? {};
    this.lines.dispatch(this.out, record, stringField(line, 'type') ?? stringField(line, 'role') ?? '(no role)', line);
  }

  flush(): void {
    this.closeTurn('the transcript ended before this call had a result');
  }

  /** A companion file: a subagent's own transcript, its events grouped under its file name. */
  private enterFile(file: string): void {
    this.closeTurn('the transcript ended before this call had a result');
    this.file = file;
    const name = /([^/\\]+)\.jsonl$/.exec(file)?.[1] ?? file;
    this.parentId = `subagent:${name}`;
  }

  private message(line: TranscriptLine, role: 'user' | 'assistant', record: NativeRecord) {
    const blocks = asRecord(line.message)?.content;
    if (typeof blocks === 'string') {
      this.emit(role === 'user' ? this.userText(blocks) : { type: 'assistant_message', role, text: blocks });
      return undefined;
    }
    if (!Array.isArray(blocks)) return unknown(`${role} line without message content`);
    blocks.forEach((value, index) => {
      const block = nativeOf<TranscriptBlock>(value) ?? {};
      const type = stringField(block, 'type');
      if (type === 'text') this.emit(role === 'user' ? this.userText(textField(block, 'text') ?? '') : { type: 'assistant_message', role, text: textField(block, 'text') ?? '' });
      else if (type === 'thinking') this.emit({ type: 'reasoning', role: 'assistant', text: textField(block, 'thinking') ?? textField(block, 'text') ?? '' });
      else if (type === 'tool_use') this.toolUse(block, `${record.line}:${index}`);
      else if (type === 'tool_result') this.toolResult(block);
      else if (type === 'image') this.emit({ type: role === 'user' ? 'user_message' : 'assistant_message', role, text: '', attachments: [imageOf(block)] });
      else this.emit({ type: 'meta', role, text: withBlockProse(`[${type ?? 'untyped'} block]`, block as Json), meta: { kind: 'unknown-block', recordType: `${role}/${type ?? '(none)'}` } });
    });
    return undefined;
  }

  private userText(text: string): Omit<DraftEvent, 'timestamp'> {
    const query = USER_QUERY.exec(text);
    if (!query) return { type: 'user_message', role: 'user', text };
    const context = text.replace(query[0], '').trim();
    return { type: 'user_message', role: 'user', text: query[1] ?? '', ...(context ? { meta: { kind: 'user-context', context } } : {}) };
  }

  private toolUse(block: TranscriptBlock, fallbackId: string): void {
    const callId = stringField(block, 'id') ?? `call-${fallbackId}`;
    const tool = transcriptCall(stringField(block, 'name') ?? 'unknown', callId, block.input);
    this.calls.call(callId, { name: tool.name, kind: tool.kind });
    this.emit({ type: 'tool_call', role: 'assistant', tool });
  }

  private toolResult(block: TranscriptBlock): void {
    const named = stringField(block, 'tool_use_id');
    const callId = named && this.calls.has(named) ? named : this.calls.pending()[0]?.callId ?? named ?? 'unknown';
    const { call } = this.calls.answer(callId);
    const { text } = contentToText(block.content);
    this.emit({
      type: 'tool_result', role: 'tool',
      tool: { name: call?.name ?? 'unknown', callId, kind: call?.kind ?? 'other', output: text, status: block.is_error !== true ? 'ok' : REFUSED.test(text) ? 'denied' : 'error' },
    });
  }

  private turnEnded(line: TranscriptLine) {
    const status = stringField(line, 'status');
    this.closeTurn('the turn ended without a recorded result for this call');
    if (status === 'success') return skipped(); // the normal end of a turn: nothing to show
    this.emit({ type: 'system', role: 'system', text: `Turn ended: ${status ?? 'unknown status'}`, meta: { kind: 'turn-ended', status: status ?? null } });
    return undefined;
  }

  /** Calls the transcript never answered get a visible empty result, not a silent gap. */
  private closeTurn(reason: string): void {
    for (const event of unansweredResults(this.calls, reason, { failed: false })) this.emit(event);
  }

  private emit(event: Omit<DraftEvent, 'timestamp'>): void {
    this.out.emit({ ...event, timestamp: null, ...(this.parentId ? { parentId: this.parentId } : {}) } as DraftEvent);
  }
}

/** An image block `{source: {media_type, data}}`, described, never copied. */
function imageOf(block: TranscriptBlock) {
  const source = asRecord(block.source);
  return base64Image(stringField(source, 'media_type'), source?.data);
}
