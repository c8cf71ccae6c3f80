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
import { asRecord, nativeOf, numberField, stringField, type Json } from '../shared/json.js';
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

/**
 * User-role messages Cline's runtime writes itself, by `metadata.kind`: @cline/core 0.0.86 counts
 * none of them as a user's run (its session index). Notices and reminders, not the user's words.
 */
const RUNTIME_NOTICE_KINDS = new Set([
  'auto_compaction', 'compaction_budget_emergency', 'completion_reminder', 'loop_detection_notice', 'manual_compaction', 'mistake_stop_notice', 'recovery_notice',
]);
/** `metadata.displayRole` values that show a stored message as something other than its role (Cline's panel). */
const DISPLAY_ROLES = new Set(['system', 'status', 'error']);

/** What Cline's runtime wrote in a stored message's `metadata` that changes what the message is. */
interface RuntimeNote {
  kind?: string;
  displayRole?: string;
  displayOnly: boolean;
}
function runtimeNote(message: StoredMessage): RuntimeNote {
  const metadata = asRecord(message.metadata);
  const displayRole = stringField(metadata, 'displayRole');
  return { kind: stringField(metadata, 'kind'), displayRole: displayRole && DISPLAY_ROLES.has(displayRole) ? displayRole : undefined, displayOnly: metadata?.displayOnly === true };
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
    const note = runtimeNote(message);
    const metadata = asRecord(message.metadata);
    // a compaction keeps the first user message and marks it (@cline/core: kind "compaction", displayRole "system"): the message stays the user's
    if (note.kind === 'compaction') {
      const removed = numberField(metadata, 'messagesRemoved');
      const reason = stringField(metadata, 'reason');
      this.out.emit({
        ...base, type: 'meta', role: 'system', text: `Context compacted${reason ? ` (${reason})` : ''}${removed !== undefined ? `: ${removed} messages removed` : ''}`,
        meta: { kind: 'compaction', ...(reason ? { reason } : {}), messagesRemoved: removed ?? null },
      });
    } else if (note.kind === 'compaction_summary' || (note.kind && RUNTIME_NOTICE_KINDS.has(note.kind)) || note.displayRole) {
      return this.runtimeMessage(message, base, note, 'user');
    }
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

  /**
   * A message the runtime wrote for the panel rather than a user's prompt or the model's answer: a
   * compaction summary, a hook's context, a notice, or (role assistant, displayOnly) the run's
   * terminal error. Tool results in it are still answers.
   */
  private runtimeMessage(message: StoredMessage, base: DraftEvent, note: RuntimeNote, role: 'user' | 'assistant') {
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (!Array.isArray(blocks)) return unknown(`${role} message without content`);
    const rest: Json[] = [];
    for (const item of blocks as unknown[]) {
      const block = asRecord(item);
      if (block?.type === 'tool_result') this.toolResult(block, base);
      else if (block) rest.push(block);
    }
    if (rest.length === 0) return undefined;
    const { text, attachments } = contentToText(rest, { text: blockText, attachment: attachmentOf });
    const kind = note.kind === 'compaction_summary' ? 'compaction-summary' : note.displayRole === 'error' ? 'error' : 'runtime-message';
    const tokensBefore = numberField(asRecord(message.metadata), 'tokensBefore');
    this.out.emit({
      ...base, type: 'system', role: 'system', text, ...(attachments.length ? { attachments } : {}),
      meta: {
        kind, recordType: `message/${role}`, ...(note.kind ? { nativeKind: note.kind } : {}), ...(note.displayRole ? { displayRole: note.displayRole } : {}),
        ...(note.displayOnly ? { displayOnly: true } : {}), ...(tokensBefore !== undefined ? { tokensBefore } : {}),
      },
    });
    return undefined;
  }

  private assistant(message: StoredMessage) {
    const base = this.base(message);
    const note = runtimeNote(message);
    // the run's terminal error, saved for the panel only (@cline/core recordTerminalError): not the model's words
    if (note.displayRole) return this.runtimeMessage(message, base, note, 'assistant');
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
