/**
 * Pi records → normalized events. One class reads all three native forms:
 *   - session files: a `session` header, then entries (`message`, `model_change`, `compaction`, ...);
 *     v2/v3 entries form a tree (id/parentId), handled by EntryTree; v1 entries have no ids;
 *   - `pi --mode json` stdout: the same header (0.73; older releases print none), then AgentSessionEvents;
 *   - `pi --mode rpc` stdout: the same events plus `response` and `extension_ui_request` records.
 * Messages are read whole: from `message` entries in files, from `message_end` in streams (the
 * `message_update` deltas repeat the partial message and are only kept until it ends).
 */
import type { Tool, ToolKind } from '../../src/transcript/index.js';
import { CallTracker } from '../shared/calls.js';
import { byType, mapped, RecordDispatch, skipped, unknown, type Verdict } from '../shared/dispatch.js';
import { asRecord, numberField, stringField, type Json, type Native } from '../shared/json.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import type { Line } from './records.js';
import { contentOf, costOf, exitCodeOf, filesFromArguments, isoTime, statusOf, toolKind, usageOf } from './tools.js';
import { EntryTree } from './tree.js';

/** Stream events that carry nothing a message_end / entry does not: counted as skipped. */
const SKIPPED_EVENTS = new Set([
  'agent_start', 'agent_end', 'turn_start', 'turn_end', 'tool_execution_start', 'tool_execution_update', 'queue_update',
  'compaction_start', 'auto_compaction_start',
]);
/** extension UI requests that only decorate Pi's own screen */
const SKIPPED_UI = new Set(['setStatus', 'setWidget', 'setTitle', 'set_editor_text', 'setEditorText', 'setFooter', 'setHeader', 'setWorkingIndicator']);
const DIALOGS = new Set(['select', 'confirm', 'input', 'editor']);

/** a line of any Pi form, by the fields Pi writes */
type PiLine = Native<Line>;

/** what every event made from one native message or entry shares */
type Base = { timestamp: string | null; nativeId?: string; model?: string };

interface OpenCall {
  name: string;
  kind: ToolKind;
  args: unknown;
}

export class PiConverter implements Converter {
  private readonly tree: EntryTree;
  private readonly calls = new CallTracker<OpenCall>();
  /** `tool_execution_end` results waiting for their `toolResult` message (which normally follows at once) */
  private readonly executed = new Map<string, Json>();
  /** the assistant message being streamed (message_start / message_update), until its message_end */
  private partial: Json | undefined;
  private cost = 0;
  private userCommands = 0;

  private readonly records = new RecordDispatch<PiLine>({
    '(no type)': () => unknown('record has no "type" field'),
    // ---- session files (the header also opens `--mode json` output)
    session: (value) => this.header(value),
    message: (value) => this.messageEntry(value),
    model_change: (value, { type }) => {
      const provider = stringField(value, 'provider');
      const modelId = stringField(value, 'modelId');
      if (modelId) this.out.session({ model: modelId });
      return this.entry(value, type, [{
        ...this.entryBase(value), type: 'system', role: 'system',
        text: `Model set to ${[provider, modelId].filter(Boolean).join('/') || 'unknown'}`,
        meta: { kind: 'model-change', provider: provider ?? null, modelId: modelId ?? null },
      }]);
    },
    thinking_level_change: (value, { type }) => {
      const level = stringField(value, 'thinkingLevel') ?? 'unknown';
      return this.entry(value, type, [{ ...this.entryBase(value), type: 'system', role: 'system', text: `Thinking level set to ${level}`, meta: { kind: 'thinking-level', thinkingLevel: level } }]);
    },
    compaction: (value, { type }) => this.entry(value, type, this.compactionEvents(value, this.entryBase(value))),
    branch_summary: (value, { type }) => this.entry(value, type, [{
      ...this.entryBase(value), type: 'system', role: 'system', text: stringField(value, 'summary') ?? '',
      meta: { kind: 'branch-summary', fromId: stringField(value, 'fromId') ?? null },
    }]),
    custom_message: (value, { type }) => this.entry(value, type, [this.customMessage(value, this.entryBase(value))]),
    session_info: (value, { type }) => {
      const name = stringField(value, 'name');
      if (name) this.out.session({ title: name });
      return this.entry(value, type, []);
    },
    // extension state, never shown to the model; a bookmark on another entry
    ...byType(['custom', 'label'], () => (value, { type }) => this.entry(value, type, [], 'skipped')),

    // ---- `--mode json` / `--mode rpc` events
    message_start: (value) => {
      this.emitUnfinished();
      const message = asRecord(value.message);
      if (message?.role === 'assistant') this.partial = message;
      return 'skipped';
    },
    message_update: (value) => {
      const message = asRecord(value.message) ?? asRecord(asRecord(value.assistantMessageEvent)?.partial);
      if (message) this.partial = message;
      const delta = stringField(asRecord(value.assistantMessageEvent), 'type') ?? '(none)';
      return skipped(`message_update/${delta}`);
    },
    message_end: (value) => this.messageEnd(value),
    tool_execution_end: (value) => {
      const callId = stringField(value, 'toolCallId');
      if (callId) this.executed.set(callId, value);
    },
    ...byType(['compaction_end', 'auto_compaction_end'], (type) => (value) => this.compactionEnd(value, type)),
    auto_retry_start: (value) => {
      const attempt = numberField(value, 'attempt');
      const max = numberField(value, 'maxAttempts');
      const delay = numberField(value, 'delayMs');
      this.out.emit({
        timestamp: null, type: 'system', role: 'system',
        text: `Retrying${attempt !== undefined ? ` (attempt ${attempt}${max !== undefined ? ` of ${max}` : ''}${delay !== undefined ? `, in ${delay} ms` : ''})` : ''} after: ${stringField(value, 'errorMessage') ?? 'a transient error'}`,
        meta: { kind: 'retry', attempt: attempt ?? null, maxAttempts: max ?? null, delayMs: delay ?? null },
      });
    },
    auto_retry_end: (value, { type }) => {
      const success = value.success === true;
      const attempt = numberField(value, 'attempt');
      this.out.emit(success
        ? { timestamp: null, type: 'system', role: 'system', text: `Retry succeeded${attempt !== undefined ? ` (attempt ${attempt})` : ''}`, meta: { kind: 'retry-succeeded', attempt: attempt ?? null } }
        : { timestamp: null, type: 'system', role: 'system', text: `Retries gave up: ${stringField(value, 'finalError') ?? 'unknown error'}`, meta: { kind: 'error', recordType: type, attempt: attempt ?? null } });
    },
    extension_error: (value, { type }) => {
      const where = [stringField(value, 'extensionPath'), stringField(value, 'event')].filter(Boolean).join(', ');
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: `Extension error${where ? ` (${where})` : ''}: ${stringField(value, 'error') ?? 'unknown'}`, meta: { kind: 'error', recordType: type } });
    },
    response: (value) => this.response(value),
    extension_ui_request: (value) => this.uiRequest(value),
  }, {
    skip: SKIPPED_EVENTS,
    unknownReason: (type) => `unknown Pi record type "${type}"`,
    // keep the order: what the window holds goes out before the unparsed event; an entry still takes its place in the tree
    fallback: (value, { type }) => this.unreadEntry(value, unknown(`unknown Pi record type "${type}"`)),
  });

  constructor(private readonly out: ConverterOutput) {
    this.tree = new EntryTree((event) => out.emit(event));
  }

  push(record: NativeRecord): void {
    this.records.dispatch(this.out, record, stringField(record.value, 'type') ?? '(no type)', record.value);
  }

  flush(): void {
    this.emitUnfinished();
    this.tree.flush();
    for (const [callId, end] of this.executed) {
      const result = asRecord(end.result);
      this.out.emit(this.toolResultEvent(callId, stringField(end, 'toolName'), result?.content, asRecord(result?.details), end.isError === true, { timestamp: null }));
    }
    this.executed.clear();
  }

  // ---- session files ----------------------------------------------------------------------

  private header(value: PiLine): void {
    const provider = stringField(value, 'provider');
    const modelId = stringField(value, 'modelId');
    this.out.session({
      nativeSessionId: stringField(value, 'id'),
      environment: { cwd: stringField(value, 'cwd') ?? null },
      ...(modelId ? { model: modelId } : {}),
    });
    // v1: branchedFrom; v2+: parentSession (after /fork or /clone)
    const parent = stringField(value, 'parentSession') ?? stringField(value, 'branchedFrom');
    const drafts: DraftEvent[] = parent
      ? [{ timestamp: stringField(value, 'timestamp') ?? null, type: 'system', role: 'system', text: `Forked from session ${parent}`, meta: { kind: 'forked-from', parentSession: parent } }]
      : [];
    if (provider || modelId) {
      drafts.push({ timestamp: stringField(value, 'timestamp') ?? null, type: 'system', role: 'system', text: `Model set to ${[provider, modelId].filter(Boolean).join('/')}`, meta: { kind: 'model-change', provider: provider ?? null, modelId: modelId ?? null } });
    }
    this.tree.add(undefined, undefined, null, drafts);
  }

  private messageEntry(value: PiLine): Verdict {
    const message = asRecord(value.message);
    const events = message ? this.messageEvents(message, this.entryBase(value)) : 'message entry without a message object';
    if (typeof events === 'string') return this.unreadEntry(value, unknown(events, `message/${stringField(message, 'role') ?? '(none)'}`));
    return this.entry(value, `message/${String(message!.role)}`, events);
  }

  /** Every tree entry goes through the tree, even with no events: it still moves the leaf. */
  private entry(value: PiLine, type: string, drafts: DraftEvent[], outcome: 'mapped' | 'skipped' = 'mapped'): Verdict {
    this.tree.add(stringField(value, 'id'), parentOf(value), stringField(value, 'timestamp') ?? null, drafts);
    return { outcome, type };
  }

  /** A record that cannot be read: the window goes out before its unparsed event, and an entry still takes its tree position. */
  private unreadEntry(value: PiLine, verdict: Verdict): Verdict {
    this.tree.flush();
    const id = stringField(value, 'id');
    return { ...verdict, after: () => this.tree.add(id, parentOf(value), stringField(value, 'timestamp') ?? null, []) };
  }

  private entryBase(value: PiLine): Base {
    // the entry's own time (when Pi wrote it; an assistant message's `timestamp` is when its request started)
    const base: Base = { timestamp: stringField(value, 'timestamp') ?? isoTime(asRecord(value.message)?.timestamp) ?? null };
    const id = stringField(value, 'id');
    if (id) base.nativeId = id;
    return base;
  }

  // ---- messages (both forms) ----------------------------------------------------------------

  /** The events of one AgentMessage, or the reason it cannot be read. */
  private messageEvents(message: Json, base: Base): DraftEvent[] | string {
    switch (message.role) {
      case 'user': {
        const { text, attachments } = contentOf(message.content);
        return [{ ...base, type: 'user_message', role: 'user', text, ...(attachments.length > 0 ? { attachments } : {}) }];
      }
      case 'assistant': return this.assistant(message, base);
      case 'toolResult': {
        const callId = stringField(message, 'toolCallId') ?? '';
        this.executed.delete(callId);
        return [this.toolResultEvent(callId, stringField(message, 'toolName'), message.content, asRecord(message.details), message.isError === true, base)];
      }
      case 'bashExecution': return this.userCommand(message, base);
      case 'custom':
      case 'hookMessage': // v1/v2 name of `custom`
        return [this.customMessage(message, base)];
      case 'branchSummary':
        return [{ ...base, type: 'system', role: 'system', text: stringField(message, 'summary') ?? '', meta: { kind: 'branch-summary', fromId: stringField(message, 'fromId') ?? null } }];
      case 'compactionSummary':
        return [{ ...base, type: 'system', role: 'system', text: stringField(message, 'summary') ?? '', meta: { kind: 'compaction-summary', tokensBefore: numberField(message, 'tokensBefore') ?? null } }];
      default:
        return `unknown Pi message role "${String(message.role)}"`;
    }
  }

  private assistant(message: Json, base: Base): DraftEvent[] {
    const model = stringField(message, 'model');
    const usage = usageOf(message.usage);
    const key = stringField(message, 'responseId') ?? `${base.nativeId ?? ''}@${String(message.timestamp ?? '')}`;
    if (usage) this.out.usage(key, usage);
    const cost = costOf(message.usage);
    if (cost !== undefined && cost > 0) {
      this.cost += cost;
      this.out.session({ costUsd: Math.round(this.cost * 1e9) / 1e9 });
    }
    const shared: Base = { ...base, ...(model ? { model } : {}) };
    const events: DraftEvent[] = [];
    for (const block of Array.isArray(message.content) ? message.content : []) {
      const b = asRecord(block);
      if (!b) continue;
      if (b.type === 'text') {
        events.push({ ...shared, type: 'assistant_message', role: 'assistant', text: String(b.text ?? '') });
      } else if (b.type === 'thinking') {
        events.push(b.redacted === true
          ? { ...shared, type: 'reasoning', role: 'assistant', text: '', meta: { kind: 'redacted-thinking', reason: 'the provider returned encrypted thinking' } }
          : { ...shared, type: 'reasoning', role: 'assistant', text: String(b.thinking ?? '') });
      } else if (b.type === 'toolCall') {
        const name = String(b.name ?? 'unknown');
        const callId = String(b.id ?? '');
        const kind = toolKind(name);
        this.calls.call(callId, { name, kind, args: b.arguments });
        const tool: Tool = { name, callId, kind, input: b.arguments ?? {} };
        const files = filesFromArguments(kind, b.arguments);
        if (files) tool.files = files;
        events.push({ ...shared, type: 'tool_call', role: 'assistant', tool });
      } else {
        events.push({ ...shared, type: 'meta', role: 'system', text: `Assistant block of type ${String(b.type)}`, meta: { kind: 'unmapped-block', recordType: String(b.type) } });
      }
    }
    const stop = stringField(message, 'stopReason');
    const error = stringField(message, 'errorMessage');
    if (stop === 'error') {
      events.push({ ...shared, type: 'system', role: 'system', text: error ?? 'The model request failed', meta: { kind: 'error', recordType: 'assistant/error' } });
    } else if (stop === 'aborted') {
      events.push({ ...shared, type: 'meta', role: 'system', text: error ?? 'The request was aborted', meta: { kind: 'interrupted' } });
    } else if (stop === 'length') {
      events.push({ ...shared, type: 'meta', role: 'system', text: 'The response stopped at the output token limit', meta: { kind: 'truncated', reason: 'stopReason length' } });
    }
    if (usage && events.length > 0) events[0] = { ...events[0]!, usage };
    return events;
  }

  private toolResultEvent(callId: string, toolName: string | undefined, content: unknown, details: Json | undefined, isError: boolean, base: Base): DraftEvent {
    const { call } = this.calls.answer(callId);
    const { text, attachments } = contentOf(content);
    const name = call?.name ?? toolName ?? 'unknown';
    const kind = call?.kind ?? toolKind(name);
    const status = statusOf(isError, text);
    const tool: Tool = { name, callId, kind, output: text, status };
    const exitCode = exitCodeOf(kind, status, text);
    if (exitCode !== undefined) tool.exitCode = exitCode;
    const touched = filesFromArguments(kind, call?.args);
    if (touched && (kind === 'edit' || kind === 'write')) {
      const diff = stringField(details, 'diff');
      tool.files = touched.map((file) => (diff ? { ...file, diff } : file));
    }
    return { ...base, type: 'tool_result', role: 'tool', tool, ...(attachments.length > 0 ? { attachments } : {}) };
  }

  /** `!cmd` typed by the user: Pi runs it and records a bashExecution message (no tool call id). */
  private userCommand(message: Json, base: Base): DraftEvent[] {
    this.userCommands += 1;
    const callId = `bash-${base.nativeId ?? `${String(message.timestamp ?? '')}-${this.userCommands}`}`;
    const command = stringField(message, 'command') ?? '';
    const exitCode = numberField(message, 'exitCode');
    const cancelled = message.cancelled === true;
    const status = cancelled || (exitCode !== undefined && exitCode !== 0) ? 'error' : 'ok';
    const meta = { kind: 'user-command', excludeFromContext: message.excludeFromContext === true, truncated: message.truncated === true };
    const result: Tool = { name: 'bash', callId, kind: 'shell', output: stringField(message, 'output') ?? '', status };
    if (exitCode !== undefined) result.exitCode = exitCode;
    return [
      { ...base, type: 'tool_call', role: 'user', text: `!${command}`, tool: { name: 'bash', callId, kind: 'shell', input: { command } }, meta },
      { ...base, type: 'tool_result', role: 'tool', tool: result, ...(cancelled ? { meta: { kind: 'interrupted', reason: 'the user cancelled the command' } } : {}) },
    ];
  }

  private customMessage(value: Json, base: Base): DraftEvent {
    const { text, attachments } = contentOf(value.content);
    return {
      ...base, type: 'system', role: 'system', text,
      meta: { kind: 'custom-message', recordType: stringField(value, 'customType') ?? 'custom', display: value.display !== false },
      ...(attachments.length > 0 ? { attachments } : {}),
    };
  }

  private compactionEvents(value: Json, base: Base): DraftEvent[] {
    const tokensBefore = numberField(value, 'tokensBefore');
    const firstKept = stringField(value, 'firstKeptEntryId') ?? numberField(value, 'firstKeptEntryIndex');
    return [
      {
        ...base, type: 'meta', role: 'system',
        text: `Context compacted${tokensBefore !== undefined ? ` (${tokensBefore} tokens before)` : ''}`,
        meta: { kind: 'compaction', tokensBefore: tokensBefore ?? null, firstKept: firstKept ?? null, ...(value.fromHook === true ? { fromExtension: true } : {}) },
      },
      { ...base, type: 'system', role: 'system', text: stringField(value, 'summary') ?? '', meta: { kind: 'compaction-summary' } },
    ];
  }

  // ---- streams --------------------------------------------------------------------------------

  private messageEnd(value: Json): Verdict {
    const message = asRecord(value.message);
    if (!message) return unknown('message_end without a message object');
    if (message.role === 'assistant') this.partial = undefined;
    const events = this.messageEvents(message, { timestamp: isoTime(message.timestamp) ?? null });
    if (typeof events === 'string') return unknown(events, `message_end/${stringField(message, 'role') ?? '(none)'}`);
    for (const event of events) this.out.emit(event);
    return mapped(`message_end/${String(message.role)}`);
  }

  private compactionEnd(value: PiLine, type: string): void {
    const result = asRecord(value.result);
    const reason = stringField(value, 'reason');
    if (result) {
      for (const event of this.compactionEvents(result, { timestamp: null })) {
        this.out.emit(event.type === 'meta' ? { ...event, meta: { ...event.meta!, ...(reason ? { trigger: reason } : {}) } } : event);
      }
    } else if (stringField(value, 'errorMessage')) {
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: `Compaction failed: ${stringField(value, 'errorMessage')}`, meta: { kind: 'error', recordType: type } });
    } else {
      this.out.emit({ timestamp: null, type: 'meta', role: 'system', text: 'Compaction was aborted', meta: { kind: 'compaction-aborted', ...(reason ? { trigger: reason } : {}) } });
    }
  }

  /** RPC replies to commands: session facts from get_state / get_session_stats, failures as errors. */
  private response(value: PiLine): Verdict {
    const command = stringField(value, 'command') ?? '(none)';
    const type = `response/${command}`;
    const data = asRecord(value.data);
    if (value.success === false) {
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: `Command ${command} failed: ${stringField(value, 'error') ?? 'unknown error'}`, meta: { kind: 'error', recordType: type } });
      return mapped(type);
    }
    if (command === 'get_session_stats' || command === 'get_state') {
      this.out.session({ nativeSessionId: stringField(data, 'sessionId'), ...(stringField(data, 'sessionName') ? { title: stringField(data, 'sessionName') } : {}) });
      return mapped(type);
    }
    return skipped(type);
  }

  private uiRequest(value: PiLine): Verdict {
    const method = stringField(value, 'method') ?? '(none)';
    const type = `extension_ui_request/${method}`;
    if (DIALOGS.has(method)) {
      const options = Array.isArray(value.options) ? ` [${value.options.map(String).join(' / ')}]` : '';
      const text = [stringField(value, 'title'), stringField(value, 'message')].filter(Boolean).join('\n') + options;
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text, meta: { kind: 'extension-dialog', method } });
    } else if (method === 'notify') {
      const level = stringField(value, 'notifyType') ?? 'info';
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: stringField(value, 'message') ?? '', meta: { kind: level === 'error' ? 'error' : 'notification', level } });
    } else if (SKIPPED_UI.has(method)) {
      return skipped(type);
    } else {
      // a request of a kind not known here: whatever it says to the user is kept with it
      const said = [stringField(value, 'title'), stringField(value, 'message')].filter(Boolean);
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: [`Extension UI request ${method}`, ...said].join('\n'), meta: { kind: 'extension-ui', method } });
    }
    return mapped(type);
  }

  /** An assistant message whose message_end never came (the stream was cut): what it had said so far. */
  private emitUnfinished(): void {
    const partial = this.partial;
    this.partial = undefined;
    if (!partial) return;
    const model = stringField(partial, 'model');
    for (const block of Array.isArray(partial.content) ? partial.content : []) {
      const b = asRecord(block);
      const text = b?.type === 'text' ? b.text : b?.type === 'thinking' ? b.thinking : undefined;
      if (typeof text !== 'string' || text.length === 0) continue;
      this.out.emit({
        timestamp: isoTime(partial.timestamp) ?? null,
        type: b!.type === 'text' ? 'assistant_message' : 'reasoning',
        role: 'assistant',
        text,
        ...(model ? { model } : {}),
        meta: { kind: 'incomplete', reason: 'the stream ended before this message was complete' },
      });
    }
  }
}

function parentOf(value: PiLine): string | null | undefined {
  if (value.parentId === null) return null;
  return typeof value.parentId === 'string' ? value.parentId : undefined;
}
