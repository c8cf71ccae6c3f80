/**
 * `~/.cline/data/sessions/<id>/<id>.messages.json`: one JSON document per session (agent, origin,
 * sessionId, the Anthropic-shaped `messages` the model saw, and the system prompt). Each message is
 * counted on its own; a user message holds the prompt or the results of the previous tool calls.
 */
import type { Attachment, Tool, ToolKind } from '../../src/transcript/index.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import { CallTracker } from '../shared/calls.js';
import { closeUnanswered } from '../shared/unanswered.js';
import { base64Image, contentToText, assistantBlockEvent } from '../shared/content.js';
import { RecordDispatch, unknown, type HandlerTable } from '../shared/dispatch.js';
import { asRecord, nativeOf, stringField, type Json } from '../shared/json.js';
import { isoTime } from '../shared/time.js';
import type { MessagesDocument, StoredMessage } from './records.js';
import { calledTool, toolOutcome, unwrapUserInput } from './tools.js';
import { clineUsage } from './usage.js';
import { firstEventCarries } from '../shared/usage.js';
import { withBlockProse } from '../shared/prose.js';

interface OpenCall {
  name: string;
  kind: ToolKind;
}

/** Image, file and media blocks inside user content. */
function attachmentOf(block: Json): Attachment | undefined {
  if (block.type === 'image') return base64Image(stringField(block, 'mediaType'), block.data);
  return undefined;
}

function blockText(block: Json): string | undefined {
  if (block.type === 'text' && typeof block.text === 'string') return block.text;
  // a file Cline attached to the prompt (an @-mention): its path and content
  if (block.type === 'file' && typeof block.content === 'string') return `[file ${String(block.path ?? '')}]\n${block.content}`;
  return undefined;
}

export class MessagesDocumentConverter {
  private readonly calls = new CallTracker<OpenCall>();
  private readonly messages: RecordDispatch<StoredMessage>;

  constructor(private readonly out: ConverterOutput) {
    const table: HandlerTable<StoredMessage> = {
      user: (message) => this.user(message),
      assistant: (message) => this.assistant(message),
    };
    this.messages = new RecordDispatch(table, { unknownReason: (role) => `Cline message with role "${role}"` });
  }

  convert(doc: MessagesDocument, record: NativeRecord): void {
    this.out.session({
      format: 'cline/messages-json',
      nativeSessionId: stringField(doc, 'sessionId'),
      agentVersion: stringField(asRecord(doc.origin), 'version') ?? null,
    });
    const system = stringField(doc, 'system_prompt');
    if (system) this.out.emit({ timestamp: null, type: 'system', role: 'system', text: system, meta: { kind: 'system-prompt' } });
    for (const item of doc.messages as unknown[]) {
      const message = nativeOf<StoredMessage>(item);
      const value = (asRecord(item) ?? { value: item }) as Record<string, unknown>;
      const role = message ? (stringField(message, 'role') ?? '(no role)') : '(not an object)';
      this.messages.dispatch(this.out, { ...record, value }, role, message ?? {}, `message/${role}`);
    }
  }

  flush(): void {
    closeUnanswered(this.out, this.calls, 'the session ended before this call was answered');
  }

  private base(message: StoredMessage): DraftEvent {
    const id = stringField(message, 'id');
    return { timestamp: isoTime(message.ts) ?? null, ...(id ? { nativeId: id } : {}) } as DraftEvent;
  }

  private user(message: StoredMessage) {
    const base = this.base(message);
    if (typeof message.content === 'string') {
      this.prompt(base, message.content, []);
      return;
    }
    if (!Array.isArray(message.content)) return unknown('user message without content');
    const rest: Json[] = [];
    for (const item of message.content as unknown[]) {
      const block = asRecord(item);
      if (block?.type === 'tool_result') this.toolResult(block, base);
      else if (block) rest.push(block);
    }
    if (rest.length > 0) {
      const { text, attachments } = contentToText(rest, { text: blockText, attachment: attachmentOf });
      this.prompt(base, text, attachments);
    }
    return undefined;
  }

  private prompt(base: DraftEvent, raw: string, attachments: Attachment[]): void {
    const { text, mode } = unwrapUserInput(raw);
    this.out.emit({ ...base, type: 'user_message', role: 'user', text, ...(attachments.length ? { attachments } : {}), ...(mode ? { meta: { kind: 'prompt', mode } } : {}) });
  }

  private toolResult(block: Json, base: DraftEvent): void {
    const callId = this.calls.resultId(stringField(block, 'tool_use_id'));
    const { call, elapsedMs } = this.calls.answer(callId, base.timestamp);
    const name = call?.name ?? stringField(block, 'name') ?? 'unknown';
    const kind = call?.kind ?? calledTool(name, callId, {}).kind;
    const outcome = toolOutcome(kind, block.content, undefined, block.is_error === true);
    const tool: Tool = { name, callId, kind, output: outcome.output, status: outcome.status, ...(elapsedMs !== undefined ? { durationMs: elapsedMs } : {}), ...(outcome.exitCode !== undefined ? { exitCode: outcome.exitCode } : {}) };
    this.out.emit({ ...base, type: 'tool_result', role: 'tool', tool });
  }

  private assistant(message: StoredMessage) {
    const base = this.base(message);
    const model = stringField(asRecord(message.modelInfo), 'id');
    if (model) {
      base.model = model;
      this.out.session({ model });
    }
    const usage = clineUsage(message.metrics);
    const id = stringField(message, 'id');
    if (usage && id) this.out.usage(id, usage);
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (!Array.isArray(blocks)) return unknown('assistant message without content');
    const withUsage = firstEventCarries(usage);
    for (const item of blocks as unknown[]) {
      const event = this.assistantBlock(asRecord(item) ?? {}, base);
      this.out.emit(withUsage(event));
    }
    return undefined;
  }

  private assistantBlock(block: Json, base: DraftEvent): DraftEvent {
    const open = (tool: Tool & { kind: ToolKind }) => this.calls.openCall(tool.callId, tool.name, { name: tool.name, kind: tool.kind }, base.timestamp);
    return assistantBlockEvent(block, base, calledTool, open)
      // image and media blocks the model produced: described, never copied
      ?? { ...base, type: 'meta', role: 'assistant', text: withBlockProse(`[${String(block.type)} block]`, block), meta: { kind: 'assistant-media', recordType: String(block.type) } };
  }
}
