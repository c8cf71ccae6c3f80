/**
 * `~/.continue/sessions/<id>.json`: one JSON document per session, {sessionId, title,
 * workspaceDirectory, history, mode?, chatModelTitle?, usage?}, rewritten whole after every change.
 * `cn` and the IDE extensions share it. Each history item is counted under its message's role; an
 * assistant item carries its tool calls and, in `toolCallStates`, each call's status and output, so
 * a call and its result come from the same item. The file holds no timestamps (only an IDE
 * item's `reasoning` has times).
 */
import type { Attachment, ToolKind } from '../../src/transcript/index.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import { CallTracker } from '../shared/calls.js';
import { closeUnanswered } from '../shared/unanswered.js';
import { contentToText, REDACTED_THINKING, urlImage, textField } from '../shared/content.js';
import { RecordDispatch, skipped, unknown } from '../shared/dispatch.js';
import { asRecord, nativeOf, numberField, stringField, type Json } from '../shared/json.js';
import { isoTime } from '../shared/time.js';
import type { ChatMessage, ContextItem, HistoryItem, Reasoning, SessionDocument, ToolCall, ToolCallState } from './records.js';
import { callOf, calledTool, isFinished, outcomeOf, outputText } from './tools.js';
import { messageUsage } from './usage.js';

/** The titles `cn` and the IDE give a session before it has one of its own. */
const DEFAULT_TITLES = new Set(['Untitled Session', 'New Session']);

interface Item {
  item: HistoryItem;
  message: ChatMessage;
  index: number;
}

interface OpenCall {
  name: string;
  kind: ToolKind;
  /** the native status the call was saved with */
  state?: string;
}

const imagePart = (block: Json): Attachment | undefined => (block.type === 'imageUrl' ? urlImage(stringField(asRecord(block.imageUrl), 'url')) : undefined);
const contentOf = (content: unknown) => contentToText(content, { attachment: imagePart });

export class SessionDocumentConverter {
  private readonly roles = new RecordDispatch<Item>(
    { user: (entry) => this.user(entry), assistant: (entry) => this.assistant(entry), thinking: (entry) => this.thinking(entry), system: (entry) => this.system(entry), tool: (entry) => this.toolMessage(entry) },
    { unknownReason: (role) => `Continue history item with role "${role}"` },
  );
  private readonly calls = new CallTracker<OpenCall>();
  private readonly answered = new Set<string>();

  constructor(private readonly out: ConverterOutput) {}

  convert(doc: SessionDocument, record: NativeRecord): void {
    const usage = asRecord(doc.usage);
    const cost = numberField(usage, 'totalCost');
    const title = stringField(doc, 'title');
    const named = title !== undefined && !DEFAULT_TITLES.has(title);
    const model = stringField(doc, 'chatModelTitle');
    this.out.session({
      format: 'continue/session-json',
      nativeSessionId: stringField(doc, 'sessionId'),
      ...(named ? { title } : {}),
      ...(model ? { model } : {}),
      environment: { cwd: stringField(doc, 'workspaceDirectory') ?? null },
      ...(cost !== undefined && cost > 0 ? { costUsd: cost } : {}),
    });
    (doc.history as unknown[]).forEach((value, index) => {
      const item = nativeOf<HistoryItem>(value);
      const message = nativeOf<ChatMessage>(item?.message);
      const role = !item ? '(not an object)' : !message ? '(no message)' : (stringField(message, 'role') ?? '(no role)');
      const native = { ...record, value: asRecord(value) ?? { value } };
      this.roles.dispatch(this.out, native, role, { item: item ?? {}, message: message ?? {}, index }, `history/${role}`);
    });
  }

  /** Calls whose state never finished (generating, generated, calling) get a result that says so. */
  flush(): void {
    closeUnanswered(this.out, this.calls, (call) => `the session was saved while this call was ${call.state ?? 'open'}`);
  }

  private base(entry: Item): DraftEvent {
    return { timestamp: null, nativeId: `history[${entry.index}]` } as DraftEvent;
  }

  private user(entry: Item) {
    const { text, attachments } = contentOf(entry.message.content);
    this.out.emit({ ...this.base(entry), type: 'user_message', role: 'user', text, ...(attachments.length ? { attachments } : {}) });
    this.contextItems(entry);
    this.appliedRules(entry);
  }

  /** Files and other context the user attached to the message (`@file` and the like): what the model read. */
  private contextItems(entry: Item): void {
    const items = Array.isArray(entry.item.contextItems) ? (entry.item.contextItems as unknown[]) : [];
    for (const value of items) {
      const item = nativeOf<ContextItem>(value);
      if (!item) continue;
      const uri = stringField(asRecord(item.uri), 'value');
      const path = uri?.replace(/^file:\/\//, '');
      this.out.emit({
        ...this.base(entry), type: 'meta', role: 'user', text: textField(item, 'content') ?? '',
        ...(path ? { attachments: [{ kind: 'file', path }] } : {}),
        meta: { kind: 'context-item', name: stringField(item, 'name') ?? '', description: stringField(item, 'description') ?? '', provider: stringField(asRecord(item.id), 'providerTitle') ?? '' },
      });
    }
  }

  /** The rules (`.continue/rules`, config rules) that were applied to the message. */
  private appliedRules(entry: Item): void {
    const rules = Array.isArray(entry.item.appliedRules) ? (entry.item.appliedRules as unknown[]) : [];
    const names = rules.map((rule) => stringField(asRecord(rule), 'name') ?? stringField(asRecord(rule), 'slug') ?? stringField(asRecord(rule), 'ruleFile')).filter((name): name is string => name !== undefined);
    if (rules.length === 0) return;
    this.out.emit({ ...this.base(entry), type: 'meta', role: 'system', text: `Rules applied: ${names.join(', ') || `${rules.length} unnamed`}`, meta: { kind: 'applied-rules', count: rules.length } });
  }

  private assistant(entry: Item) {
    const base = this.base(entry);
    const usage = messageUsage(entry.message.usage);
    const model = stringField(asRecord(entry.message.usage), 'model');
    if (model) {
      base.model = model;
      this.out.session({ model });
    }
    if (usage) this.out.usage(base.nativeId ?? String(entry.index), usage);
    this.reasoning(entry, base);
    const { text, attachments } = contentOf(entry.message.content);
    const summary = stringField(entry.item, 'conversationSummary');
    // the response's tokens go on the first event it produced
    let withUsage: DraftEvent | undefined = usage ? { ...base, usage } : undefined;
    const first = () => {
      const event = withUsage ?? base;
      withUsage = undefined;
      return event;
    };
    if (summary !== undefined) {
      // compaction: the history before it was replaced by this summary, written as an assistant message
      this.out.emit({ ...first(), type: 'system', role: 'system', text: summary, meta: { kind: 'compaction-summary', field: 'conversationSummary' } });
    } else if (text !== '' || attachments.length > 0 || !Array.isArray(entry.message.toolCalls)) {
      this.out.emit({ ...first(), type: 'assistant_message', role: 'assistant', text, ...(attachments.length ? { attachments } : {}) });
    }
    this.toolCalls(entry, first(), base);
    this.appliedRules(entry);
  }

  /** Each call of the message, answered at once from its state when the call finished. */
  private toolCalls(entry: Item, firstBase: DraftEvent, base: DraftEvent): void {
    const states = new Map<string, ToolCallState>();
    for (const value of Array.isArray(entry.item.toolCallStates) ? (entry.item.toolCallStates as unknown[]) : []) {
      const state = nativeOf<ToolCallState>(value);
      const id = stringField(state, 'toolCallId') ?? stringField(asRecord(state?.toolCall), 'id');
      if (state && id) states.set(id, state);
    }
    const calls = Array.isArray(entry.message.toolCalls) ? (entry.message.toolCalls as unknown[]).map((call) => nativeOf<ToolCall>(call) ?? {}) : [];
    // a state whose call is missing from the message still stands for a call the model made
    const ids = [...calls.map((call) => stringField(call, 'id') ?? ''), ...[...states.keys()].filter((id) => !calls.some((call) => call.id === id))];
    ids.forEach((callId, position) => {
      const state = states.get(callId);
      const { name, input } = callOf(calls[position], state);
      const tool = calledTool(name, callId, input);
      const status = stringField(state, 'status');
      this.calls.call(callId, { name, kind: tool.kind, ...(status ? { state: status } : {}) });
      this.out.emit({ ...(position === 0 ? firstBase : base), type: 'tool_call', role: 'assistant', tool });
      if (state && isFinished(status)) this.answer(callId, base, outputText(state.output), status ?? 'done');
    });
  }

  private answer(callId: string, base: DraftEvent, output: string, nativeStatus: string): void {
    const { call } = this.calls.answer(callId);
    this.answered.add(callId);
    const name = call?.name ?? 'unknown';
    const kind = call?.kind ?? calledTool(name, callId, {}).kind;
    const outcome = outcomeOf(kind, nativeStatus, output);
    this.out.emit({
      ...base, type: 'tool_result', role: 'tool',
      tool: { name, callId, kind, output, status: outcome.status, ...(outcome.exitCode !== undefined ? { exitCode: outcome.exitCode } : {}) },
    });
  }

  /** The IDE's thinking display on an item: text with its start and end times. */
  private reasoning(entry: Item, base: DraftEvent): void {
    const reasoning = nativeOf<Reasoning>(entry.item.reasoning);
    const text = textField(reasoning, 'text');
    if (!reasoning || text === undefined) return;
    this.out.emit({ ...base, timestamp: isoTime(reasoning.startAt) ?? null, type: 'reasoning', role: 'assistant', text });
  }

  /** A thinking message (Anthropic-style providers in the IDE): its text, or a mark when it was redacted. */
  private thinking(entry: Item) {
    const { text } = contentOf(entry.message.content);
    const redacted = stringField(entry.message, 'redactedThinking') !== undefined;
    if (text === '' && !redacted) return skipped('history/thinking (empty)');
    this.out.emit({ ...this.base(entry), type: 'reasoning', role: 'assistant', text, ...(text ? {} : { meta: { ...REDACTED_THINKING } }) });
    return undefined;
  }

  /** `cn` leaves its system message out of the file; the IDE and older versions may keep one. */
  private system(entry: Item) {
    const { text } = contentOf(entry.message.content);
    this.out.emit({ ...this.base(entry), type: 'system', role: 'system', text, meta: { kind: 'system-prompt' } });
  }

  /** A tool message answers a call whose state had no output; one the state already answered adds nothing. */
  private toolMessage(entry: Item) {
    const callId = stringField(entry.message, 'toolCallId');
    if (!callId) return unknown('tool message without toolCallId');
    const { text } = contentOf(entry.message.content);
    if (!this.calls.has(callId)) {
      if (this.answered.has(callId)) return skipped('history/tool (answered by its tool call state)');
      // a result whose call is not in the file (cut by compaction): the call is marked, not invented
      this.out.emit({ ...this.base(entry), type: 'tool_call', role: 'assistant', synthetic: true, tool: { name: 'unknown', callId, kind: 'other', input: {} }, meta: { kind: 'missing-tool-call' } });
      this.calls.call(callId, { name: 'unknown', kind: 'other' });
    }
    this.answer(callId, this.base(entry), text, 'done');
    return undefined;
  }
}
