/**
 * A saved Droid session, `~/.factory/sessions/<cwd slug>/<id>.jsonl`: a `session_start` line (id,
 * title, owner, cwd), then `message` lines holding Anthropic-shaped messages (a user message holds
 * the prompt, injected context or the results of the previous tool calls), and the bookkeeping
 * lines `compaction_state`, `todo_state` and `agent_turn_outcome`.
 */
import type { Attachment, Tool, ToolKind } from '../../src/transcript/index.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import { CallTracker } from '../shared/calls.js';
import { base64Image, contentToText, assistantBlockEvent } from '../shared/content.js';
import { RecordDispatch, skipped, unknown, type HandlerTable } from '../shared/dispatch.js';
import { newerFormatVersion } from '../shared/versions.js';
import { asRecord, nativeOf, numberField, stringField, type Json } from '../shared/json.js';
import { closeUnanswered, type NamedCall } from '../shared/unanswered.js';
import { mapUsage, type UsageFields } from '../shared/usage.js';
import { eventBase, type SessionLine, type SessionSettings, type StoredMessage } from './records.js';
import { calledTool, resultText, toolOutcome } from './tools.js';
import { withBlockProse } from '../shared/prose.js';

/** The newest `session_start.version` this converter was checked against: droid 0.225.2 writes 2. */
const NEWEST_SESSION_VERSION = 2;

/** `tokenUsage` of `<id>.settings.json`: input leaves the cache out */
const SETTINGS_USAGE: UsageFields = {
  input: ['inputTokens'], output: ['outputTokens'], cacheRead: ['cacheReadTokens'], cacheWrite: ['cacheCreationTokens'], reasoning: ['thinkingTokens'],
};

/** The settings document beside a session: its token totals and the session's mode settings. */
export const isSessionSettings = (value: Json): boolean => asRecord(value.tokenUsage) !== undefined && ('autonomyMode' in value || 'providerLock' in value || 'interactionMode' in value);

/** An image block of a user message: `{type: "image", source: {type: "base64", media_type, data}}` */
function imageOf(block: Json): Attachment | undefined {
  if (block.type !== 'image') return undefined;
  const source = asRecord(block.source);
  return base64Image(stringField(source, 'media_type'), source?.data);
}

/** One todo of a todo_state line as a plan line: `[status] content`. */
function todoLine(item: unknown): string {
  const todo = asRecord(item);
  return `[${String(todo?.status ?? 'pending')}] ${String(todo?.content ?? todo?.text ?? '')}`;
}

export class DroidSessionConverter {
  private readonly calls = new CallTracker<NamedCall>();
  private readonly lines: RecordDispatch<SessionLine>;
  private readonly roles: RecordDispatch<{ line: SessionLine; message: StoredMessage }>;

  constructor(private readonly out: ConverterOutput) {
    const lines: HandlerTable<SessionLine> = {
      session_start: (line) => this.sessionStart(line),
      message: (line, context) => {
        const message = nativeOf<StoredMessage>(line.message);
        if (!message) return unknown('message line without a message', 'message');
        const role = stringField(message, 'role') ?? '(no role)';
        return this.roles.route(role, { line, message }, context, `message/${role}`);
      },
      compaction_state: (line) => this.compaction(line),
      todo_state: (line) => this.todos(line),
      agent_turn_outcome: (line) => this.turnOutcome(line),
    };
    this.lines = new RecordDispatch(lines, { unknownReason: (type) => `unknown Droid session line type "${type}"` });
    this.roles = new RecordDispatch({
      user: ({ line, message }) => this.user(line, message),
      assistant: ({ line, message }) => this.assistant(line, message),
    }, { unknownReason: (role) => `Droid message with role "${role}"` });
  }

  push(record: NativeRecord): void {
    this.lines.dispatchByType(this.out, record, nativeOf<SessionLine>(record.value) ?? {});
  }

  flush(): void {
    closeUnanswered(this.out, this.calls, 'the session ended before this call was answered');
  }

  /** A format version newer than the newest known is read as that one and said (an unparsed event naming it). */
  private sessionStart(line: SessionLine) {
    this.sessionFacts(line);
    return newerFormatVersion('Droid', numberField(line, 'version'), NEWEST_SESSION_VERSION, 'session_start');
  }

  private sessionFacts(line: SessionLine) {
    const cwd = stringField(line, 'lastCwd') ?? stringField(line, 'cwd');
    const title = stringField(line, 'title');
    this.out.session({
      format: 'droid/session-jsonl',
      nativeSessionId: stringField(line, 'id') ?? null,
      ...(title ? { title } : {}),
      ...(cwd ? { environment: { cwd } } : {}),
    });
    const parent = stringField(line, 'callingSessionId') ?? stringField(line, 'parent');
    if (parent) {
      this.out.emit({ timestamp: null, type: 'meta', role: 'system', text: `Started from session ${parent}`, meta: { kind: 'subagent', parentSession: parent } });
    }
  }

  private user(line: SessionLine, message: StoredMessage) {
    const base = eventBase(line);
    const blocks: Json[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : Array.isArray(message.content) ? (message.content as unknown[]).map((b) => asRecord(b) ?? {}) : [];
    if (blocks.length === 0) return unknown('user message without content');
    const rest = blocks.filter((block) => block.type !== 'tool_result');
    for (const block of blocks) if (block.type === 'tool_result') this.toolResult(block, base);
    if (rest.length === 0) return undefined;
    const { text, attachments } = contentToText(rest, { attachment: imageOf });
    const hook = stringField(message, 'hookEventName');
    if (hook) {
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'hook', hook } });
    } else if (message.visibility === 'llm_only' || message.isUserVisible === false || message.hiddenFromUserViews === true) {
      // context Droid adds for the model alone (tool list, workspace state) before the prompt
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'injected' } });
    } else {
      const mode = stringField(message, 'interactionMode');
      this.out.emit({ ...base, type: 'user_message', role: 'user', text, ...(attachments.length ? { attachments } : {}), ...(mode ? { meta: { kind: 'prompt', mode } } : {}) });
    }
    return undefined;
  }

  private toolResult(block: Json, base: DraftEvent): void {
    const callId = this.calls.resultId(stringField(block, 'tool_use_id'));
    const { call, elapsedMs } = this.calls.answer(callId, base.timestamp);
    const name = call?.name ?? 'unknown';
    const kind = call?.kind ?? 'other';
    const outcome = toolOutcome(kind, resultText(block.content), block.is_error === true);
    const tool: Tool = { name, callId, kind, output: outcome.output, status: outcome.status, ...(elapsedMs !== undefined ? { durationMs: elapsedMs } : {}), ...(outcome.exitCode !== undefined ? { exitCode: outcome.exitCode } : {}) };
    this.out.emit({ ...base, type: 'tool_result', role: 'tool', tool });
  }

  private assistant(line: SessionLine, message: StoredMessage) {
    const base = eventBase(line);
    const model = stringField(message, 'modelId');
    if (model) {
      base.model = model;
      this.out.session({ model });
    }
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (!Array.isArray(blocks)) return unknown('assistant message without content');
    const records = (blocks as unknown[]).map((b) => asRecord(b) ?? {});
    // a Chat Completions provider's reasoning, kept beside the content when no thinking block carries it
    const reasoning = stringField(message, 'chatCompletionReasoningContent');
    if (reasoning && !records.some((b) => b.type === 'thinking')) this.out.emit({ ...base, type: 'reasoning', role: 'assistant', text: reasoning });
    for (const block of records) this.out.emit(this.assistantBlock(block, base));
    return undefined;
  }

  private assistantBlock(block: Json, base: DraftEvent): DraftEvent {
    const open = (tool: Tool & { kind: ToolKind }) => this.calls.openCall(tool.callId, tool.name, { name: tool.name, kind: tool.kind }, base.timestamp);
    return assistantBlockEvent(block, base, calledTool, open)
      ?? { ...base, type: 'meta', role: 'assistant', text: withBlockProse(`[${String(block.type)} block]`, block), meta: { kind: 'unmapped-block', recordType: String(block.type) } };
  }

  /** `<id>.settings.json`, read after the session in a folder: the model and the session's token totals. */
  settings(doc: SessionSettings): void {
    const model = stringField(doc, 'model');
    const usage = mapUsage(doc.tokenUsage, SETTINGS_USAGE);
    this.out.session({ ...(model ? { model } : {}), ...(usage && usage.input + usage.output > 0 ? { totalUsage: usage } : {}) });
  }

  private compaction(line: SessionLine) {
    const removed = numberField(line, 'removedCount');
    this.out.emit({
      ...eventBase(line), type: 'meta', role: 'system', text: `Conversation compacted${removed !== undefined ? ` (${removed} messages removed)` : ''}`,
      meta: { kind: 'compaction', ...(removed !== undefined ? { removedMessages: removed } : {}), ...(line.summaryKind ? { summaryKind: String(line.summaryKind) } : {}) },
    });
    // the summary that stands in for the removed history: the same kind as every other agent's
    const summary = stringField(line, 'summaryText');
    if (summary) this.out.emit({ ...eventBase(line), type: 'system', role: 'system', text: summary, meta: { kind: 'compaction-summary' } });
  }

  private todos(line: SessionLine) {
    const todos = Array.isArray(line.todos) ? (line.todos as unknown[]) : [];
    this.out.emit({ ...eventBase(line), type: 'meta', role: 'system', text: todos.map(todoLine).join('\n'), meta: { kind: 'plan' } });
  }

  /** How a turn ended: a normal end says nothing new; any other reason is shown. */
  private turnOutcome(line: SessionLine) {
    const reason = stringField(line, 'reason') ?? 'unknown';
    if (reason === 'completed') return skipped();
    this.out.emit({ timestamp: null, type: 'meta', role: 'system', text: `The turn ended: ${reason}`, meta: { kind: 'turn-outcome', reason } });
    return undefined;
  }
}
