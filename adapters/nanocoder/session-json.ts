/**
 * `<data dir>/sessions/<uuid>.json`: one JSON document per session, rewritten whole on every
 * autosave: the session's header (id, title, times, provider, model, working directory) and the
 * `messages` of the conversation as sent to the model (OpenAI-shaped, no time on any message).
 * Each message is counted on its own, under `message/<role>`.
 */
import type { Attachment, ToolKind } from '../../src/transcript/index.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import { CallTracker } from '../shared/calls.js';
import { base64Image, textField } from '../shared/content.js';
import { RecordDispatch, skipped, unknown, type HandlerTable } from '../shared/dispatch.js';
import { dispatchEntries } from '../shared/document-entries.js';
import { closeUnanswered } from '../shared/unanswered.js';
import { nativeOf, stringField, type Json } from '../shared/json.js';
import { isoTime } from '../shared/time.js';
import type { SessionDocument, StoredFunction, StoredImage, StoredMessage, StoredToolCall } from './records.js';
import { calledTool, toolOutcome } from './tools.js';

/**
 * User messages Nanocoder writes itself (conversation-loop.ts, auto-diagnostics.ts, app-util.ts):
 * they stay user messages, marked with what sent them.
 */
const INJECTED: ReadonlyArray<[RegExp, string]> = [
  [/^(Please continue with the task\.|Please provide a summary or response based on the tool results above\.|You produced reasoning but no final response\.)/, 'empty-response-nudge'],
  [/^Context has been compacted\. Please continue with the task\./, 'compaction-nudge'],
  [/^Automatic diagnostics after the recent edits found issues\./, 'auto-diagnostics'],
  [/^Bash command output:\n```\n\$ /, 'user-shell-command'],
];

interface OpenCall {
  name: string;
  kind: ToolKind;
}

export class SessionDocumentConverter {
  private readonly calls = new CallTracker<OpenCall>();
  private readonly messages: RecordDispatch<StoredMessage>;
  private model: string | undefined;

  constructor(private readonly out: ConverterOutput) {
    const table: HandlerTable<StoredMessage> = {
      user: (message) => this.user(message),
      assistant: (message) => this.assistant(message),
      tool: (message) => this.toolResult(message),
      system: (message) => this.system(message),
    };
    this.messages = new RecordDispatch(table, { unknownReason: (role) => `Nanocoder message with role "${role}"` });
  }

  convert(value: Json, record: NativeRecord): void {
    const doc = value as SessionDocument;
    this.model = stringField(doc, 'model');
    const cwd = stringField(doc, 'workingDirectory');
    this.out.session({
      format: 'nanocoder/session-json',
      nativeSessionId: stringField(doc, 'id'),
      title: stringField(doc, 'title'),
      ...(this.model ? { model: this.model } : {}),
      ...(isoTime(doc.createdAt) ? { startedAt: isoTime(doc.createdAt) } : {}),
      ...(cwd ? { environment: { cwd } } : {}),
    });
    dispatchEntries(this.messages, this.out, record, doc.messages as unknown[], 'role', 'message');
  }

  flush(): void {
    closeUnanswered(this.out, this.calls, 'the session was saved before this call was answered');
  }

  private user(message: StoredMessage) {
    if (typeof message.content !== 'string') return unknown('user message without text content');
    const attachments = imagesOf(message.images);
    const injected = INJECTED.find(([pattern]) => pattern.test(message.content as string))?.[1];
    this.out.emit({
      timestamp: null, type: 'user_message', role: 'user', text: message.content,
      ...(attachments.length ? { attachments } : {}),
      ...(injected ? { meta: { kind: 'injected-by-agent', reason: injected } } : {}),
    });
    return undefined;
  }

  private system(message: StoredMessage) {
    if (typeof message.content !== 'string') return unknown('system message without text content');
    this.out.emit({ timestamp: null, type: 'system', role: 'system', text: message.content, meta: { kind: 'system-prompt' } });
    return undefined;
  }

  private assistant(message: StoredMessage) {
    const base: DraftEvent = { timestamp: null, type: 'assistant_message', role: 'assistant', ...(this.model ? { model: this.model } : {}) };
    const calls = Array.isArray(message.tool_calls) ? (message.tool_calls as unknown[]) : [];
    const reasoning = stringField(message, 'reasoning');
    const text = textField(message, 'content');
    if (!reasoning && !text && calls.length === 0) return skipped('message/assistant (empty)');
    if (reasoning) this.out.emit({ ...base, type: 'reasoning', text: reasoning });
    if (text) this.out.emit({ ...base, text });
    for (const item of calls) {
      const call = nativeOf<StoredToolCall>(item) ?? {};
      const fn = nativeOf<StoredFunction>(call.function) ?? {};
      const tool = calledTool(stringField(fn, 'name') ?? 'unknown', stringField(call, 'id') ?? '', fn.arguments);
      tool.callId = this.calls.openCall(tool.callId, tool.name, { name: tool.name, kind: tool.kind });
      this.out.emit({ ...base, type: 'tool_call', tool });
    }
    return undefined;
  }

  private toolResult(message: StoredMessage) {
    const callId = this.calls.resultId(stringField(message, 'tool_call_id'), stringField(message, 'name'));
    const { call } = this.calls.answer(callId);
    const name = call?.name ?? stringField(message, 'name') ?? 'unknown';
    const kind = call?.kind ?? calledTool(name, callId, {}).kind;
    const output = typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? '');
    const outcome = toolOutcome(kind, output, false);
    this.out.emit({ timestamp: null, type: 'tool_result', role: 'tool', tool: { name, callId, kind, output, ...outcome } });
    return undefined;
  }
}

/** A user message's pasted images: described (type, size), never copied. */
function imagesOf(images: unknown): Attachment[] {
  if (!Array.isArray(images)) return [];
  return images.map((item) => {
    const image = nativeOf<StoredImage>(item) ?? {};
    const attachment = base64Image(stringField(image, 'mediaType'), image.data);
    const source = stringField(image, 'source');
    return source ? { ...attachment, path: source } : attachment;
  });
}
