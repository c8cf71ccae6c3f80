/**
 * Copilot CLI records → normalized events. Every native form is one of:
 *   - session events `{type, data, id, timestamp, parentId, ephemeral?, agentId?}`: the lines of
 *     ~/.copilot/session-state/<id>/events.jsonl and of `copilot -p --output-format json` stdout
 *     (which adds the ephemeral ones: deltas, progress, UI notices);
 *   - stdout's closing `{type: "result", sessionId, exitCode, usage}`;
 *   - a 0.0.x history document `{sessionId, startTime, chatMessages, timeline}` (one JSON file).
 * Records are dispatched through tables (record type → handler, session-events.ts and
 * live-events.ts); what a handler returns is counted here, so no handler counts by hand.
 */
import type { Tool, ToolKind } from '../../src/transcript/index.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import { isHistoryDocument } from './detect.js';
import { convertHistoryDocument } from './legacy-history.js';
import { LIVE_EVENT_HANDLERS } from './live-events.js';
import { modelTraceHandler } from './model-trace.js';
import { SESSION_EVENT_HANDLERS } from './session-events.js';
import { asRecord, filesFromArguments, stringField, toolKind, type Json } from './tools.js';

/** What a handler did with a record: counted as such; `{ unknown }` becomes a visible unparsed event. */
export type Outcome = 'mapped' | 'skipped' | { unknown: string };
export type Handler = (event: CopilotEvent, state: ConverterState) => Outcome;

/** One session event, with the parts every handler reads. */
export interface CopilotEvent {
  type: string;
  data: Json;
  timestamp: string | null;
  /** the event's own id */
  id?: string;
  /** the task call a subagent's event belongs to (groups it under that call) */
  parentId?: string;
}

interface OpenCall {
  name: string;
  kind: ToolKind;
  input: unknown;
  startedAt?: number;
  denied?: boolean;
}

/** The converter's memory, shared by the handler tables. */
export class ConverterState {
  private readonly calls = new Map<string, OpenCall>();
  /**
   * Reasoning texts emitted in the current turn: assistant.message's `reasoningText` and the
   * assistant.reasoning event (stdout prints both, in either order) say the same thing once.
   */
  readonly turnReasoning = new Set<string>();

  constructor(readonly out: ConverterOutput) {}

  emit(event: CopilotEvent, draft: Omit<DraftEvent, 'timestamp'> & { timestamp?: string | null }): void {
    this.out.emit({ timestamp: event.timestamp, ...(event.parentId ? { parentId: event.parentId } : {}), ...draft });
  }

  /** A system notice (errors, mode changes, subagents, permissions ...), with what kind it is. */
  notice(event: CopilotEvent, text: string, kind: string, extra: Record<string, unknown> = {}): void {
    this.emit(event, { type: 'system', role: 'system', text, meta: { kind, recordType: event.type, ...extra } });
  }

  hasCall(callId: string): boolean {
    return this.calls.has(callId);
  }

  /** Emits a tool_call once per call id; later sightings (execution_start after the request) only add timing. */
  call(event: CopilotEvent, callId: string, name: string, input: unknown, extra: { mcpServer?: string; mcpTool?: string; model?: string; synthetic?: boolean } = {}): void {
    const startedAt = event.timestamp ? Date.parse(event.timestamp) : undefined;
    const open = this.calls.get(callId);
    if (open) {
      open.startedAt ??= startedAt;
      return;
    }
    const kind = toolKind(name, input, extra.mcpServer);
    this.calls.set(callId, { name, kind, input, startedAt });
    const files = filesFromArguments(kind, input);
    const tool: Tool = {
      name, callId, kind, input,
      ...(extra.mcpServer ? { mcp: { server: extra.mcpServer, tool: extra.mcpTool ?? name } } : {}),
      ...(files ? { files } : {}),
    };
    this.emit(event, { type: 'tool_call', role: 'assistant', tool, ...(extra.model ? { model: extra.model } : {}), ...(extra.synthetic ? { synthetic: true } : {}) });
  }

  /** Marks a call as refused by a permission decision (its result is then `denied`). */
  deny(callId: string): void {
    const open = this.calls.get(callId);
    if (open) open.denied = true;
  }

  /** The call a result answers, made up (synthetic) when the native record never showed it. */
  takeCall(event: CopilotEvent, callId: string): OpenCall {
    if (!this.calls.has(callId)) this.call(event, callId, 'unknown', undefined, { synthetic: true });
    const open = this.calls.get(callId)!;
    this.calls.delete(callId);
    return open;
  }

  /** Calls that never got a result: each gets a synthetic one so the pair is complete. */
  closeOpenCalls(): void {
    for (const [callId, open] of this.calls) {
      this.out.emit({
        timestamp: null, type: 'tool_result', role: 'tool', synthetic: true, text: 'No result was recorded for this call.',
        tool: { name: open.name, callId, kind: open.kind, output: null, status: 'error' },
      });
    }
    this.calls.clear();
  }
}

/** The envelope's parts, or undefined when it has no data object. */
function eventOf(value: Json, type: string, parentOf: (agentId: string | undefined, data: Json) => string | undefined): CopilotEvent | undefined {
  const data = asRecord(value.data);
  if (!data) return undefined;
  const parentId = parentOf(stringField(value, 'agentId'), data);
  return {
    type, data,
    timestamp: stringField(value, 'timestamp') ?? null,
    id: stringField(value, 'id'),
    ...(parentId ? { parentId } : {}),
  };
}

export class CopilotConverter implements Converter {
  private readonly state: ConverterState;
  /** subagent instance id → the task call that started it (subagent.started names both) */
  private readonly agentCalls = new Map<string, string>();

  constructor(private readonly out: ConverterOutput) {
    this.state = new ConverterState(out);
  }

  push(record: NativeRecord): void {
    const value = record.value;
    if (isHistoryDocument(value)) {
      convertHistoryDocument(value, record, this.state);
      return;
    }
    const type = stringField(value, 'type');
    if (!type) {
      this.out.unknown(record, '(no type)', 'record has no "type" field');
      return;
    }
    if (type === 'result') return this.settle(record, type, LIVE_EVENT_HANDLERS.result!({ type, data: value, timestamp: stringField(value, 'timestamp') ?? null }, this.state));
    const handler = SESSION_EVENT_HANDLERS[type] ?? LIVE_EVENT_HANDLERS[type] ?? modelTraceHandler(type, value);
    if (!handler) {
      this.out.unknown(record, type, `unknown Copilot CLI event type "${type}"`);
      return;
    }
    const event = eventOf(value, type, (agentId, data) => this.parentOf(type, agentId, data));
    if (!event) {
      this.out.unknown(record, type, 'event has no "data" object');
      return;
    }
    this.settle(record, type, handler(event, this.state));
  }

  flush(): void {
    this.state.closeOpenCalls();
  }

  /**
   * A subagent's events carry its `agentId`, and those inside a turn also `parentToolCallId`:
   * all are grouped under the task call that started the subagent.
   */
  private parentOf(type: string, agentId: string | undefined, data: Json): string | undefined {
    const parentToolCallId = stringField(data, 'parentToolCallId');
    if (!agentId) return parentToolCallId;
    const taskCall = type === 'subagent.started' ? stringField(data, 'toolCallId') : undefined;
    if (taskCall && !this.agentCalls.has(agentId)) this.agentCalls.set(agentId, taskCall);
    return parentToolCallId ?? this.agentCalls.get(agentId) ?? `agent-${agentId}`;
  }

  private settle(record: NativeRecord, type: string, outcome: Outcome): void {
    if (typeof outcome === 'string') this.out.count(type, outcome);
    else this.out.unknown(record, type, outcome.unknown);
  }
}
