/**
 * ACP tool calls: `tool_call` opens one, `tool_call_update` patches it (v2 has no `tool_call`: the
 * first update creates it), `tool_call_content_chunk` (v2) appends content, and a permission
 * request may name it first. A call becomes one tool_call event and one tool_result event.
 */
import type { Tool, ToolStatus } from '../../src/transcript/index.js';
import { asRecord, stringField, type Json } from '../shared/json.js';
import type { DraftEvent } from '../types.js';
import { exitCodeOf, filesTouched, rawOutputText, toolContentText, toolKind } from './content.js';
import type { OrderedEvents } from './ordered-events.js';

const FINAL_STATUS = new Set(['completed', 'failed', 'cancelled']);

interface CallState {
  id: string;
  name?: string;
  title?: string;
  kind?: string;
  status?: string;
  rawInput?: unknown;
  rawOutput?: unknown;
  /** the latest content list: diffs and descriptions sent before the call ran included */
  content: unknown[];
  /** content sent once the call was running or finished: its result */
  resultContent?: unknown[];
  locations: unknown[];
  /** the permission answer was a rejection, or the request was cancelled */
  denied?: string;
  callEvent: DraftEvent;
  done: boolean;
}

/** A tool name: v2 carries one; v1 agents put theirs in _meta (e.g. claudeCode.toolName), else the ACP kind. */
function nameOf(update: Json): string | undefined {
  const named = stringField(update, 'name');
  if (named) return named;
  const meta = asRecord(update._meta);
  for (const value of Object.values(meta ?? {})) {
    const toolName = stringField(asRecord(value), 'toolName');
    if (toolName) return toolName;
  }
  return undefined;
}

export class ToolCalls {
  private readonly calls = new Map<string, CallState>();

  constructor(private readonly events: OrderedEvents, private readonly terminalOutput: (id: string) => string | undefined) {}

  has(id: string): boolean {
    return this.calls.has(id);
  }

  /** `tool_call`, `tool_call_update`, or the toolCall of a permission request: create or patch. */
  update(update: Json, timestamp: string | null): void {
    const id = stringField(update, 'toolCallId');
    if (!id) return;
    let call = this.calls.get(id);
    // a finished call the agent reports on again with something new (a reused id, late output): a call of its own, marked
    if (call?.done && carriesNews(update)) call = this.open(id, timestamp, { kind: 'after-result', reason: 'the agent reported on this call id again after its result' });
    call ??= this.open(id, timestamp);
    if (call.done) return; // a repeat of the final status
    const name = nameOf(update);
    if (name) call.name = name;
    if (typeof update.title === 'string' && update.title) call.title = update.title;
    if (typeof update.kind === 'string') call.kind = update.kind;
    if (typeof update.status === 'string') call.status = update.status;
    if (update.rawInput !== undefined && update.rawInput !== null && !isEmptyObject(update.rawInput)) call.rawInput = update.rawInput;
    if (update.rawOutput !== undefined && update.rawOutput !== null) call.rawOutput = update.rawOutput;
    // `content` and `locations` replace the earlier lists (the protocol's patch rule)
    if (Array.isArray(update.content)) {
      call.content = [...update.content];
      if (call.status && call.status !== 'pending') call.resultContent = [...update.content];
    }
    if (Array.isArray(update.locations)) call.locations = [...update.locations];
    this.describe(call);
    if (call.status && FINAL_STATUS.has(call.status)) this.finish(call, timestamp);
  }

  /** v2 `tool_call_content_chunk`: one more content item. */
  appendContent(id: string, content: unknown, timestamp: string | null): void {
    const known = this.calls.get(id);
    const call = !known ? this.open(id, timestamp)
      : known.done ? this.open(id, timestamp, { kind: 'after-result', reason: 'the agent sent content for this call id after its result' }) : known;
    call.content.push(content);
    (call.resultContent ??= []).push(content);
  }

  private open(id: string, timestamp: string | null, meta?: { kind: string; reason: string }): CallState {
    const call: CallState = {
      id, content: [], locations: [], done: false,
      callEvent: { timestamp, type: 'tool_call', role: 'assistant', tool: { name: 'tool', callId: id }, ...(meta ? { meta } : {}) },
    };
    this.calls.set(id, call);
    this.events.addOpen(call.callEvent);
    return call;
  }

  /** The user (or the client) refused the call: its result will be `denied`. */
  deny(id: string, why: string): void {
    const call = this.calls.get(id);
    if (call && !call.done) call.denied = why;
  }

  /** Calls still open when a turn ends: the agent will not report them any more. */
  closeOpen(timestamp: string | null, why: string): void {
    for (const call of this.calls.values()) {
      if (call.done) continue;
      if (!call.denied && !call.status) call.status = 'unfinished';
      this.finish(call, timestamp, why);
    }
  }

  /**
   * What the call returned: content sent while or after it ran, else rawOutput (an empty string
   * counts: the command printed nothing); content sent before it ran only describes it (Claude
   * Code's description, Codex's approval text) and is the output only of a call that finished
   * without saying more (an edit's diff).
   */
  private outputOf(call: CallState): string | undefined {
    const result = call.resultContent ? toolContentText(call.resultContent, this.terminalOutput) : '';
    if (result) return result;
    const raw = rawOutputText(call.rawOutput);
    if (raw !== undefined) return raw;
    if (call.resultContent) return '';
    if (call.denied || call.status !== 'completed') return undefined;
    return toolContentText(call.content, this.terminalOutput);
  }

  private describe(call: CallState): void {
    const tool: Tool = {
      name: call.name ?? call.kind ?? 'tool',
      callId: call.id,
      kind: toolKind(call.kind, call.content),
      ...(call.rawInput !== undefined ? { input: call.rawInput } : {}),
    };
    const files = filesTouched(call.kind, call.content, call.locations);
    if (files.length > 0) tool.files = files;
    call.callEvent.tool = tool;
    if (call.title) call.callEvent.text = call.title;
  }

  private finish(call: CallState, timestamp: string | null, unfinished?: string): void {
    call.done = true;
    this.describe(call);
    const output = this.outputOf(call) ?? call.denied ?? unfinished ?? toolContentText(call.content, this.terminalOutput);
    const exitCode = exitCodeOf(call.rawOutput);
    const status: ToolStatus = call.denied ? 'denied' : call.status === 'completed' ? 'ok' : 'error';
    const base = call.callEvent.tool!;
    const result: DraftEvent = {
      timestamp,
      type: 'tool_result',
      role: 'tool',
      tool: {
        name: base.name, callId: call.id, ...(base.kind ? { kind: base.kind } : {}), output, status,
        ...(exitCode !== undefined ? { exitCode } : {}),
      },
      ...(call.status && call.status !== 'completed' && call.status !== 'failed' ? { meta: { kind: 'tool-status', status: call.status } } : {}),
    };
    this.events.settle(call.callEvent);
    this.events.add(result);
  }
}

/** Whether an update about a finished call says more than its final status again. */
function carriesNews(update: Json): boolean {
  return stringField(update, 'sessionUpdate') === 'tool_call' || (Array.isArray(update.content) && update.content.length > 0)
    || (update.rawOutput !== undefined && update.rawOutput !== null) || (update.rawInput !== undefined && update.rawInput !== null && !isEmptyObject(update.rawInput));
}

function isEmptyObject(value: unknown): boolean {
  const record = asRecord(value);
  return record !== undefined && Object.keys(record).length === 0;
}
