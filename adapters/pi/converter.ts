/**
 * Pi records → normalized events, every record routed by type and counted by the dispatch table
 * here. This module reads session files and the messages all forms carry; the events of the two
 * stdout forms are read by stream.ts:
 *   - session files: a `session` header, then entries (`message`, `model_change`, `compaction`, ...);
 *     v2/v3 entries form a tree (id/parentId), handled by EntryTree; v1 entries have no ids;
 *   - `pi --mode json` stdout: the same header (0.73; older releases print none), then AgentSessionEvents;
 *   - `pi --mode rpc` stdout: the same events plus `response` and `extension_ui_request` records.
 * Messages are read whole: from `message` entries in files, from `message_end` in streams (the
 * `message_update` deltas repeat the partial message and are only kept until it ends).
 */
import type { Tool, ToolKind } from '../../src/transcript/index.js';
import { CallTracker } from '../shared/calls.js';
import { closeUnanswered } from '../shared/unanswered.js';
import { byType, RecordDispatch, unknown, type Verdict } from '../shared/dispatch.js';
import { newerFormatVersion } from '../shared/versions.js';
import { asRecord, numberField, stringField, type Json, type Native } from '../shared/json.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import type { Line } from './records.js';
import { contentOf, costOf, exitCodeOf, filesFromArguments, isoTime, statusOf, toolKind, usageOf } from './tools.js';
import { PiStream } from './stream.js';
import { EntryTree } from './tree.js';
import { ohMyPiEntries } from './oh-my-pi-entries.js';
import { textField, unmappedBlockEvent } from '../shared/content.js';

/** The newest session file format version (the header's `version`) this converter was checked against: pi 0.73.1 writes 3. */
const NEWEST_SESSION_VERSION = 3;

/** Stream events that carry nothing a message_end / entry does not: counted as skipped. */
const SKIPPED_EVENTS = new Set([
  'agent_start', 'agent_end', 'turn_start', 'turn_end', 'tool_execution_start', 'tool_execution_update', 'queue_update',
  'compaction_start', 'auto_compaction_start',
]);
/** a line of any Pi form, by the fields Pi writes */
export type PiLine = Native<Line>;

/** what every event made from one native message or entry shares */
export type Base = { timestamp: string | null; nativeId?: string; model?: string };

interface OpenCall {
  name: string;
  kind: ToolKind;
  args: unknown;
}

export class PiConverter implements Converter {
  private readonly tree: EntryTree;
  private readonly calls = new CallTracker<OpenCall>();
  private readonly stream: PiStream;
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
      ...this.entryBase(value), type: 'system', role: 'system', text: textField(value, 'summary') ?? '',
      meta: { kind: 'branch-summary', fromId: stringField(value, 'fromId') ?? null },
    }]),
    custom_message: (value, { type }) => this.entry(value, type, [this.customMessage(value, this.entryBase(value))]),
    session_info: (value, { type }) => {
      const name = stringField(value, 'name');
      if (name) this.out.session({ title: name });
      return this.entry(value, type, []);
    },
    // oh-my-pi (a Pi fork) opens its session files with a fixed-width title slot, outside the tree
    title: (value, { type }) => {
      const title = stringField(value, 'title');
      if (title) this.out.session({ title });
      return { outcome: title ? 'mapped' : 'skipped', type };
    },
    // extension state, never shown to the model; a bookmark on another entry
    ...byType(['custom', 'label'], () => (value, { type }) => this.entry(value, type, [], 'skipped')),
    ...ohMyPiEntries({ session: (facts) => this.out.session(facts), usage: (key, usage) => this.out.usage(key, usage), base: (value) => this.entryBase(value), entry: (value, type, drafts, outcome) => this.entry(value, type, drafts, outcome) }),


    // ---- `--mode json` / `--mode rpc` events (stream.ts)
    message_start: (value) => this.stream.messageStart(value),
    message_update: (value) => this.stream.messageUpdate(value),
    message_end: (value) => this.stream.messageEnd(value),
    tool_execution_end: (value) => this.stream.toolExecutionEnd(value),
    ...byType(['compaction_end', 'auto_compaction_end'], (type) => (value) => this.stream.compactionEnd(value, type)),
    auto_retry_start: (value) => this.stream.retryStart(value),
    auto_retry_end: (value, { type }) => this.stream.retryEnd(value, type),
    extension_error: (value, { type }) => this.stream.extensionError(value, type),
    // 0.73: what `setSessionName` and `setThinkingLevel` announce (agent-session.js); the file holds them as entries
    session_info_changed: (value) => {
      const name = stringField(value, 'name');
      if (name) this.out.session({ title: name });
      return name ? 'mapped' : 'skipped';
    },
    thinking_level_changed: (value) => {
      const level = stringField(value, 'level') ?? 'unknown';
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: `Thinking level set to ${level}`, meta: { kind: 'thinking-level', thinkingLevel: level } });
    },
    response: (value) => this.stream.response(value),
    extension_ui_request: (value) => this.stream.uiRequest(value),
  }, {
    skip: SKIPPED_EVENTS,
    unknownReason: (type) => `unknown Pi record type "${type}"`,
    // keep the order: what the window holds goes out before the unparsed event; an entry still takes its place in the tree
    fallback: (value, { type }) => this.unreadEntry(value, unknown(`unknown Pi record type "${type}"`)),
  });

  constructor(private readonly out: ConverterOutput) {
    this.tree = new EntryTree((event) => out.emit(event));
    this.stream = new PiStream(out, {
      events: (message, base) => this.messageEvents(message, base),
      compaction: (value, base) => this.compactionEvents(value, base),
      userCommand: (result, commandId) => this.userCommand(result, { timestamp: null }, commandId),
    });
  }

  push(record: NativeRecord): void {
    this.records.dispatchByType(this.out, record, record.value);
  }

  flush(): void {
    this.stream.emitUnfinished();
    this.tree.flush();
    // a tool that ran but whose toolResult message never came: its result is the execution's
    for (const [callId, end] of this.stream.drainExecuted()) {
      const result = asRecord(end.result);
      this.out.emit(this.toolResultEvent(callId, stringField(end, 'toolName'), result?.content, asRecord(result?.details), end.isError === true, { timestamp: null }));
    }
    closeUnanswered(this.out, this.calls, 'the session ends before this call was answered');
  }

  // ---- session files ----------------------------------------------------------------------

  /** The header's facts; a format version newer than the newest known is read as that one and said (an unparsed event). */
  private header(value: PiLine): Verdict | undefined {
    this.headerFacts(value);
    return newerFormatVersion('Pi', numberField(value, 'version'), NEWEST_SESSION_VERSION, 'session');
  }

  private headerFacts(value: PiLine): void {
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
        const callId = this.calls.resultId(stringField(message, 'toolCallId'), stringField(message, 'toolName'));
        this.stream.answered(callId);
        return [this.toolResultEvent(callId, stringField(message, 'toolName'), message.content, asRecord(message.details), message.isError === true, base)];
      }
      case 'bashExecution': return this.userCommand(message, base);
      case 'custom':
      case 'hookMessage': // v1/v2 name of `custom`
        return [this.customMessage(message, base)];
      case 'branchSummary':
        return [{ ...base, type: 'system', role: 'system', text: textField(message, 'summary') ?? '', meta: { kind: 'branch-summary', fromId: stringField(message, 'fromId') ?? null } }];
      case 'compactionSummary':
        return [{ ...base, type: 'system', role: 'system', text: textField(message, 'summary') ?? '', meta: { kind: 'compaction-summary', tokensBefore: numberField(message, 'tokensBefore') ?? null } }];
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
        const kind = toolKind(name);
        const callId = this.calls.openCall(typeof b.id === 'string' ? b.id : undefined, name, { name, kind, args: b.arguments });
        const tool: Tool = { name, callId, kind, input: b.arguments ?? {} };
        const files = filesFromArguments(kind, b.arguments);
        if (files) tool.files = files;
        events.push({ ...shared, type: 'tool_call', role: 'assistant', tool });
      } else {
        events.push(unmappedBlockEvent(b, shared as DraftEvent, `Assistant block of type ${String(b.type)}`));
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

  /**
   * `!cmd` typed by the user: Pi runs it and records a bashExecution message (no tool call id). The
   * RPC `bash` command's reply (`rpcId`: its command id) holds the same result without the command,
   * which only stdin had.
   */
  private userCommand(message: Json, base: Base, rpcId?: string): DraftEvent[] {
    this.userCommands += 1;
    const callId = rpcId !== undefined ? `bash-rpc-${rpcId}` : `bash-${base.nativeId ?? `${String(message.timestamp ?? '')}-${this.userCommands}`}`;
    const command = stringField(message, 'command');
    const fullOutputPath = stringField(message, 'fullOutputPath');
    const exitCode = numberField(message, 'exitCode');
    const cancelled = message.cancelled === true;
    const status = cancelled || (exitCode !== undefined && exitCode !== 0) ? 'error' : 'ok';
    const meta = {
      kind: 'user-command', excludeFromContext: message.excludeFromContext === true, truncated: message.truncated === true,
      ...(fullOutputPath ? { fullOutputPath } : {}), ...(command === undefined ? { commandNotRecorded: 'the RPC bash reply holds only the result' } : {}),
    };
    const result: Tool = { name: 'bash', callId, kind: 'shell', output: textField(message, 'output') ?? '', status };
    if (exitCode !== undefined) result.exitCode = exitCode;
    return [
      {
        ...base, type: 'tool_call', role: 'user', text: command === undefined ? 'A shell command run by the user (RPC bash)' : `!${command}`,
        tool: { name: 'bash', callId, kind: 'shell', input: command === undefined ? {} : { command } }, meta,
      },
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
      { ...base, type: 'system', role: 'system', text: textField(value, 'summary') ?? '', meta: { kind: 'compaction-summary' } },
    ];
  }

}

function parentOf(value: PiLine): string | null | undefined {
  if (value.parentId === null) return null;
  return typeof value.parentId === 'string' ? value.parentId : undefined;
}
