/**
 * `cursor-agent -p --output-format stream-json [--stream-partial-output]`: one JSON line per
 * event, each with `type` and `session_id`: `system` (subtype `init`), `user` (the prompt),
 * `thinking` (`delta` pieces, then `completed`), `assistant` (one line per message between tool
 * calls; with partial output, one line per piece and then the whole message), `tool_call`
 * (`started`, then `completed` with its result) and the closing `result`.
 */
import type { Tool, ToolKind } from '../../src/transcript/index.js';
import type { ConverterOutput, NativeRecord } from '../types.js';
import { CallTracker } from '../shared/calls.js';
import { closeUnanswered } from '../shared/unanswered.js';
import { contentToText, textField } from '../shared/content.js';
import { DEFERRED, RecordDispatch, skipped, unknown, type HandlerTable, type RouteContext, type Settle } from '../shared/dispatch.js';
import { nativeOf, numberField, stringField } from '../shared/json.js';
import { isoTime } from '../shared/time.js';
import { mapUsage } from '../shared/usage.js';
import type { StreamLine, StreamMessage } from './records.js';
import { streamCall, streamOutcome, streamTool } from './tools.js';

interface OpenCall {
  name: string;
  kind: ToolKind;
}

/** Assistant lines not yet known to be whole messages or pieces of one. */
interface AssistantRun {
  pieces: string[];
  settles: Settle[];
  timestamp: string | null;
}

/** Token counters of the closing result line, when the CLI prints them. */
const RESULT_USAGE = {
  input: ['inputTokens', 'input_tokens'], output: ['outputTokens', 'output_tokens'],
  cacheRead: ['cacheReadTokens', 'cache_read_input_tokens'], cacheWrite: ['cacheWriteTokens', 'cache_creation_input_tokens'],
};

export class CursorStreamConverter {
  private readonly calls = new CallTracker<OpenCall>();
  private readonly lines: RecordDispatch<StreamLine>;
  private run: AssistantRun | undefined;
  private thinking: { text: string; timestamp: string | null; settles: Settle[] } | undefined;
  private timestamp: string | null = null;

  constructor(private readonly out: ConverterOutput) {
    const table: HandlerTable<StreamLine> = {
      system: (line) => this.system(line),
      user: (line) => this.user(line),
      assistant: (line, context) => this.assistant(line, context),
      thinking: (line, context) => this.thought(line, context),
      tool_call: (line) => this.toolCall(line),
      result: (line) => this.result(line),
    };
    this.lines = new RecordDispatch(table, { unknownReason: (type) => `unknown Cursor stream-json line type "${type}"` });
  }

  push(record: NativeRecord): void {
    const line = nativeOf<StreamLine>(record.value) ?? {};
    const type = stringField(line, 'type') ?? '(no type)';
    this.timestamp = isoTime(line.timestamp_ms) ?? null;
    if (type !== 'assistant') this.closeRun();
    if (type !== 'thinking') this.closeThinking('the thought ended without its completed line');
    const subtype = stringField(line, 'subtype');
    this.lines.dispatch(this.out, record, type, line, subtype && type !== 'assistant' && type !== 'user' ? `${type}/${subtype}` : type);
  }

  flush(): void {
    this.closeRun();
    this.closeThinking('the stream ended before this thought was complete');
    closeUnanswered(this.out, this.calls, 'the stream ended before this call completed');
  }

  private system(line: StreamLine) {
    if (line.subtype !== 'init') return unknown(`Cursor system line of unknown subtype "${String(line.subtype)}"`);
    const cwd = stringField(line, 'cwd');
    const model = stringField(line, 'model');
    this.out.session({
      format: 'cursor/stream-json',
      nativeSessionId: stringField(line, 'session_id'),
      ...(model ? { model } : {}),
      ...(cwd ? { environment: { cwd } } : {}),
    });
    return undefined;
  }

  private user(line: StreamLine) {
    const message = nativeOf<StreamMessage>(line.message);
    if (!message) return unknown('user line without a message');
    const { text, attachments } = contentToText(message.content);
    this.out.emit({ timestamp: this.timestamp, type: 'user_message', role: 'user', text, ...(attachments.length ? { attachments } : {}) });
    return undefined;
  }

  /**
   * With --stream-partial-output the pieces of a message come first, one line each, and then
   * the message whole: a line whose text is all the pieces so far closes them. Without it, each
   * line is a whole message, closed by the next line of another type.
   */
  private assistant(line: StreamLine, context: RouteContext) {
    const message = nativeOf<StreamMessage>(line.message);
    if (!message) return unknown('assistant line without a message');
    const { text } = contentToText(message.content, { separator: '' });
    const run = this.run;
    if (run && run.pieces.length > 0 && run.pieces.join('') === text) {
      for (const settle of run.settles) settle('skipped'); // pieces of the message this line holds whole
      this.run = undefined;
      this.emitAssistant(text, run.timestamp ?? this.timestamp);
      return undefined;
    }
    this.run ??= { pieces: [], settles: [], timestamp: this.timestamp };
    this.run.pieces.push(text);
    this.run.settles.push(context.defer());
    return DEFERRED;
  }

  /** Lines never followed by a whole copy: they were the message (or the stream stopped before its copy). */
  private closeRun(): void {
    const run = this.run;
    if (!run) return;
    this.run = undefined;
    for (const settle of run.settles) settle('mapped');
    this.emitAssistant(run.pieces.join(''), run.timestamp);
  }

  private emitAssistant(text: string, timestamp: string | null): void {
    if (text === '') return;
    this.out.emit({ timestamp, type: 'assistant_message', role: 'assistant', text });
  }

  private thought(line: StreamLine, context: RouteContext) {
    if (line.subtype === 'delta') {
      this.thinking ??= { text: '', timestamp: this.timestamp, settles: [] };
      this.thinking.text += textField(line, 'text') ?? '';
      this.thinking.settles.push(context.defer());
      return DEFERRED;
    }
    if (line.subtype === 'completed') {
      const thinking = this.thinking;
      this.thinking = undefined;
      for (const settle of thinking?.settles ?? []) settle('mapped');
      if (thinking?.text) this.out.emit({ timestamp: thinking.timestamp, type: 'reasoning', role: 'assistant', text: thinking.text });
      return skipped(); // the close of a thought: its pieces carry the text
    }
    return unknown(`Cursor thinking line of unknown subtype "${String(line.subtype)}"`);
  }

  private closeThinking(reason: string): void {
    const thinking = this.thinking;
    if (!thinking) return;
    this.thinking = undefined;
    for (const settle of thinking.settles) settle('mapped');
    if (thinking.text) this.out.emit({ timestamp: thinking.timestamp, type: 'reasoning', role: 'assistant', text: thinking.text, meta: { kind: 'incomplete', reason } });
  }

  private toolCall(line: StreamLine) {
    const callId = stringField(line, 'call_id');
    const found = streamTool(line.tool_call);
    if (!callId || !found) return unknown('tool_call line without a call id or a tool body');
    if (line.subtype === 'started') {
      const tool = streamCall(found.name, found.key, callId, found.input);
      this.calls.call(callId, { name: tool.name, kind: tool.kind }, this.timestamp);
      this.out.emit({ timestamp: this.timestamp, type: 'tool_call', role: 'assistant', tool });
      return undefined;
    }
    if (line.subtype !== 'completed') return unknown(`Cursor tool_call line of unknown subtype "${String(line.subtype)}"`);
    const kind = this.calls.peek(callId)?.kind ?? streamCall(found.name, found.key, callId, found.input).kind;
    const outcome = streamOutcome(kind, found.body.result);
    if (!outcome) return unknown(`completed ${found.key} call with a result of unknown shape`);
    const { elapsedMs } = this.calls.answer(callId, this.timestamp);
    const tool: Tool = {
      name: found.name, callId, kind, output: outcome.output, status: outcome.status,
      ...(elapsedMs !== undefined ? { durationMs: elapsedMs } : {}),
      ...(outcome.exitCode !== undefined ? { exitCode: outcome.exitCode } : {}),
    };
    this.out.emit({ timestamp: this.timestamp, type: 'tool_result', role: 'tool', tool });
    return undefined;
  }

  /** The run's close: its text repeats the messages already emitted; a failed run says why. */
  private result(line: StreamLine) {
    const duration = numberField(line, 'duration_ms');
    const usage = mapUsage(line.usage, RESULT_USAGE);
    this.out.session({
      ...(duration !== undefined ? { durationMs: duration } : {}),
      ...(usage ? { totalUsage: usage } : {}),
    });
    if (line.is_error === true || (line.subtype !== undefined && line.subtype !== 'success')) {
      const text = stringField(line, 'error') ?? textField(line, 'result') ?? `Run ended: ${String(line.subtype ?? 'error')}`;
      this.out.emit({ timestamp: this.timestamp, type: 'system', role: 'system', text, meta: { kind: 'error', recordType: `result/${String(line.subtype ?? '')}` } });
    }
    return undefined;
  }
}
