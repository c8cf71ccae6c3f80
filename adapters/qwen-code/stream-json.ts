/**
 * `qwen -p … --output-format stream-json [--include-partial-messages]` stdout → normalized events.
 * Claude-shaped (snake_case session_id, parent_tool_use_id) but Qwen's own: a system/init with
 * qwen_code_version, one assistant record per content block, stream_event goal_state and
 * tool_progress, a result with total_tokens and no cost, and no echo of the prompt.
 */
import type { Tool, ToolKind } from '../../src/transcript/index.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import { CallTracker } from '../shared/calls.js';
import { closeUnanswered, type NamedCall } from '../shared/unanswered.js';
import { assistantBlockEvent, textField, unmappedBlockEvent } from '../shared/content.js';
import { streamUsage } from './parts.js';
import { asRecord, calledTool, exitCodeFromText, numberField, stringField } from './tools.js';
import type { Usage } from '../../src/transcript/index.js';
import { firstEventCarries } from '../shared/usage.js';
import { withBlockProse } from '../shared/prose.js';

type Json = Record<string, unknown>;

/** stream events that only animate a message whose final assistant record follows */
const ANIMATION_EVENTS = new Set(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_stop']);

type OpenCall = NamedCall;

interface PartialBlock {
  type: 'text' | 'thinking';
  text: string;
}

export class QwenStreamConverter implements Converter {
  private readonly openCalls = new CallTracker<OpenCall>();
  /** tool_use ids the run's result lists under permission_denials (known only at the end) */
  private readonly denied = new Set<string>();
  private totals: { usage?: Usage; durationMs: number } = { durationMs: 0 };
  /** calls Qwen asked an SDK client about (can_use_tool) */
  private readonly asked = new Set<string>();
  /** the stream never echoes the prompt (not with -p, not in SDK mode): each turn's gap is marked, never invented */
  private awaitingPrompt = true;
  /** --include-partial-messages: blocks being streamed, dropped when their final record arrives */
  private partial = new Map<number, PartialBlock>();
  private partialModel: string | undefined;

  /**
   * A top-level text the stream printed as the user's: held until the next record, because a
   * background task's notification (0.24: "Background agent … completed.") is printed so and then
   * followed by its `system` `task_notification`; anything else is the user's (dual output's echo).
   */
  private heldText: DraftEvent | undefined;

  constructor(private readonly out: ConverterOutput) {}

  push(record: NativeRecord): void {
    const value = record.value;
    const type = stringField(value, 'type');
    if (this.heldText) this.releaseHeldText(type === 'system' && value.subtype === 'task_notification');
    switch (type) {
      case 'system': return this.system(value);
      case 'assistant': return this.assistant(value, record);
      case 'user': return this.user(value, record);
      case 'result': return this.result(value);
      case 'stream_event': return this.streamEvent(value, record);
      case 'control_request': return this.controlRequest(value);
      case 'control_response': return this.controlResponse(value);
      case 'control_cancel_request':
        // the client withdrew a request it had sent: nothing happened in the session
        this.out.count(type, 'skipped');
        return;
      default:
        this.out.unknown(record, type ?? '(no type)', type ? `unknown Qwen Code stream record type "${type}"` : 'record has no "type" field');
    }
  }

  flush(): void {
    if (this.heldText) this.releaseHeldText(false);
    this.emitUnfinishedPartial();
    closeUnanswered(this.out, this.openCalls, 'the stream ended before this call was answered');
  }

  private system(value: Json): void {
    const subtype = stringField(value, 'subtype') ?? '(none)';
    const base = this.envelope(value);
    if (subtype === 'init') {
      this.awaitingPrompt = true;
      const model = stringField(value, 'model');
      this.out.session({
        nativeSessionId: stringField(value, 'session_id'),
        agentVersion: stringField(value, 'qwen_code_version') ?? null,
        ...(model ? { model } : {}),
        environment: { cwd: stringField(value, 'cwd') ?? null },
      });
      const tools = Array.isArray(value.tools) ? value.tools : [];
      this.out.emit({
        ...base, type: 'system', role: 'system',
        text: `Session started${model ? ` with model ${model}` : ''}, ${tools.length} tools, permission mode ${stringField(value, 'permission_mode') ?? 'unknown'}`,
        meta: { kind: 'init', tools, permissionMode: value.permission_mode ?? null },
      });
    } else {
      const data = asRecord(value.data);
      const text = stringField(data, 'notice') ?? textField(data, 'message') ?? (data ? JSON.stringify(data) : subtype);
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: subtype === 'retry' || subtype === 'model_fallback' ? subtype : `system/${subtype}` } });
    }
    this.out.count(`system/${subtype}`, 'mapped');
  }

  private assistant(value: Json, record: NativeRecord): void {
    const message = asRecord(value.message) ?? {};
    if (!Array.isArray(message.content)) {
      this.out.unknown(record, 'assistant', 'assistant record without a content list');
      return;
    }
    const content: unknown[] = message.content;
    this.partial.clear();
    const parentId = stringField(value, 'parent_tool_use_id');
    if (this.awaitingPrompt && !parentId) {
      this.awaitingPrompt = false;
      this.out.emit({
        timestamp: null, type: 'meta', role: 'system', synthetic: true,
        text: 'The user prompt of this turn is not in the stream (Qwen Code does not print it).',
        meta: { kind: 'missing-user-prompt' },
      });
    }
    const messageId = stringField(message, 'id');
    const model = stringField(message, 'model');
    const usage = streamUsage(message.usage);
    // every block is its own record, and only the last of a turn carries the tokens
    const counted = usage && (usage.input > 0 || usage.output > 0 || (usage.cacheRead ?? 0) > 0) ? usage : undefined;
    if (counted && messageId) this.out.usage(messageId, counted);
    const base: DraftEvent = { ...this.envelope(value), ...(messageId ? { nativeId: messageId } : {}), ...(model ? { model } : {}) } as DraftEvent;
    const withUsage = firstEventCarries(counted);
    for (const block of content) {
      const event = this.assistantBlock(asRecord(block) ?? {}, base);
      this.out.emit(withUsage(event));
    }
    this.out.count('assistant', 'mapped');
  }

  private assistantBlock(block: Json, base: DraftEvent): DraftEvent {
    const open = (tool: Tool & { kind: ToolKind }) => this.openCalls.openCall(tool.callId, tool.name, { name: tool.name, kind: tool.kind });
    return assistantBlockEvent(block, base, calledTool, open)
      ?? unmappedBlockEvent(block, base, `Assistant block of type ${String(block.type)}`);
  }

  /** Tool results; text blocks are a subagent's task prompt or a queued notification. */
  private user(value: Json, record: NativeRecord): void {
    const content = asRecord(value.message)?.content;
    if (!Array.isArray(content)) {
      this.out.unknown(record, 'user', 'user record without message content');
      return;
    }
    const base = this.envelope(value);
    const texts: string[] = [];
    for (const item of content) {
      const block = asRecord(item);
      if (block?.type === 'tool_result') this.toolResult(block, base);
      else if (block?.type === 'text' && typeof block.text === 'string') texts.push(block.text);
      else texts.push(block ? withBlockProse(`[${String(block.type)} block]`, block) : '[undefined block]');
    }
    if (texts.length > 0) {
      const event: DraftEvent = { ...base, type: 'user_message', role: 'user', text: texts.join('\n') };
      if (base.parentId) this.out.emit(event);
      else {
        this.awaitingPrompt = false;
        this.heldText = event;
      }
    }
    this.out.count('user', 'mapped');
  }

  private releaseHeldText(notification: boolean): void {
    const event = this.heldText!;
    this.heldText = undefined;
    this.out.emit(notification ? { ...event, type: 'system', role: 'system', meta: { kind: 'notification' } } : event);
  }

  private toolResult(block: Json, base: DraftEvent): void {
    const callId = this.openCalls.resultId(stringField(block, 'tool_use_id'));
    const { call } = this.openCalls.answer(callId);
    const output = typeof block.content === 'string' ? block.content : block.content === undefined ? '' : JSON.stringify(block.content);
    const isError = block.is_error === true;
    const refused = DENIAL.test(output) || this.denied.has(callId) || (this.asked.has(callId) && CANCELLED.test(output));
    const status = isError ? (refused ? 'denied' : TIMEOUT.test(output) ? 'timeout' : 'error') : 'ok';
    const kind = call?.kind ?? 'other';
    const tool: Tool = { name: call?.name ?? 'unknown', callId, kind, output, status };
    if (kind === 'shell') {
      const exitCode = exitCodeFromText(output) ?? (status === 'ok' ? 0 : undefined);
      if (exitCode !== undefined) tool.exitCode = exitCode;
    }
    this.out.emit({ ...base, type: 'tool_result', role: 'tool', tool });
  }

  /** SDK mode: Qwen asks its client whether a call may run (can_use_tool), or forwards hooks and MCP traffic. */
  private controlRequest(value: Json): void {
    const request = asRecord(value.request);
    const subtype = stringField(request, 'subtype') ?? '(none)';
    if (subtype !== 'can_use_tool') {
      // hook callbacks and SDK MCP messages: transport between Qwen and its client
      this.out.count(`control_request/${subtype}`, 'skipped');
      return;
    }
    const callId = stringField(request, 'tool_use_id');
    if (callId) this.asked.add(callId);
    const name = stringField(request, 'tool_name') ?? 'a tool';
    this.out.emit({
      timestamp: null, type: 'system', role: 'system', text: `Permission asked to run ${name}: ${JSON.stringify(request?.input ?? {})}`,
      meta: { kind: 'permission-request', toolName: name, callId: callId ?? null, requestId: value.request_id ?? null },
    });
    this.out.count('control_request/can_use_tool', 'mapped');
  }

  /** Qwen's answers to its client: the initialize handshake (session id), mirrored permission decisions, errors. */
  private controlResponse(value: Json): void {
    const response = asRecord(value.response);
    const subtype = stringField(response, 'subtype') ?? '(none)';
    const payload = asRecord(response?.response);
    if (stringField(payload, 'subtype') === 'initialize') {
      this.out.session({ nativeSessionId: stringField(payload, 'session_id') });
      this.out.count('control_response/initialize', 'mapped');
    } else if (typeof payload?.allowed === 'boolean') {
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: payload.allowed ? 'Permission granted' : 'Permission denied', meta: { kind: 'permission-decision', allowed: payload.allowed, requestId: response?.request_id ?? null } });
      this.out.count('control_response/permission', 'mapped');
    } else if (subtype === 'error') {
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: stringField(response, 'error') ?? 'control request failed', meta: { kind: 'error', recordType: 'control_response/error' } });
      this.out.count('control_response/error', 'mapped');
    } else {
      // answers to the client's own queries (models, context usage, settings changes)
      this.out.count(`control_response/${subtype}`, 'skipped');
    }
  }

  private result(value: Json): void {
    // usage comes from the session's metrics (restored on --continue): a running total, not this turn's
    const usage = streamUsage(value.usage);
    if (usage) this.totals.usage = usage;
    this.totals.durationMs += numberField(value, 'duration_ms') ?? 0;
    this.out.session({
      nativeSessionId: stringField(value, 'session_id'),
      ...(this.totals.durationMs > 0 ? { durationMs: this.totals.durationMs } : {}),
      ...(this.totals.usage ? { totalUsage: this.totals.usage } : {}),
    });
    for (const denial of Array.isArray(value.permission_denials) ? value.permission_denials : []) {
      const id = stringField(asRecord(denial), 'tool_use_id');
      if (id) this.denied.add(id);
    }
    const subtype = stringField(value, 'subtype') ?? 'success';
    if (value.is_error === true || subtype.startsWith('error')) {
      const text = textField(asRecord(value.error), 'message') ?? textField(value, 'result') ?? subtype;
      this.out.emit({ ...this.envelope(value), type: 'system', role: 'system', text, meta: { kind: 'error', recordType: `result/${subtype}` } });
    }
    // the next prompt (an SDK client sends several) is not echoed either
    this.awaitingPrompt = true;
    this.out.count(`result/${subtype}`, 'mapped');
  }

  private streamEvent(value: Json, record: NativeRecord): void {
    const event = asRecord(value.event);
    const type = stringField(event, 'type') ?? '(none)';
    const recordType = `stream_event/${type}`;
    if (!event) {
      this.out.unknown(record, recordType, 'stream_event without an event');
      return;
    }
    if (ANIMATION_EVENTS.has(type)) {
      this.animate(event, type);
      this.out.count(recordType, 'skipped');
    } else if (type === 'goal_state' || type === 'tool_progress') {
      // goal runtime state and shell heartbeats: transient
      this.out.count(recordType, 'skipped');
    } else {
      this.out.unknown(record, recordType, `unknown Qwen Code stream event "${type}"`);
    }
  }

  /** Keeps streamed text until its final record arrives, so a stream cut short still shows what was said. */
  private animate(event: Json, type: string): void {
    if (type === 'message_start') this.partialModel = stringField(asRecord(event.message), 'model');
    const index = numberField(event, 'index');
    if (index === undefined) return;
    if (type === 'content_block_start') {
      const block = asRecord(event.content_block);
      if (block?.type === 'text' || block?.type === 'thinking') this.partial.set(index, { type: block.type, text: '' });
    } else if (type === 'content_block_delta') {
      const delta = asRecord(event.delta);
      const block = this.partial.get(index);
      if (!block || !delta) return;
      if (delta.type === 'text_delta' && typeof delta.text === 'string') block.text += delta.text;
      if (delta.type === 'thinking_delta' && typeof delta.thinking === 'string') block.text += delta.thinking;
    }
  }

  private emitUnfinishedPartial(): void {
    for (const block of this.partial.values()) {
      if (block.text.length === 0) continue;
      this.out.emit({
        timestamp: null, type: block.type === 'text' ? 'assistant_message' : 'reasoning', role: 'assistant', text: block.text,
        ...(this.partialModel ? { model: this.partialModel } : {}),
        meta: { kind: 'incomplete', reason: 'the stream ended before this message was complete' },
      });
    }
    this.partial.clear();
  }

  private envelope(value: Json): DraftEvent {
    const base = { timestamp: null } as DraftEvent;
    const uuid = stringField(value, 'uuid');
    if (uuid) base.nativeId = uuid;
    const parentId = stringField(value, 'parent_tool_use_id');
    if (parentId) base.parentId = parentId;
    return base;
  }
}

/** how Qwen words a call that was not allowed to run */
const DENIAL = /requires permission to use .* but that permission was declined|requires (user )?(confirmation|approval)|permission denied|execution_denied/i;
const TIMEOUT = /timed out|timeout/i;
/** a call the SDK client refused comes back as "[Operation Cancelled] Reason: <the client's message>" */
const CANCELLED = /^\[Operation Cancelled\]/;
