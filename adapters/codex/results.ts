/**
 * Tool results and the details Codex's tool events add to them. A result (an output item) is held
 * for one record: event records about tools (exec_command_end, patch_apply_end, mcp_tool_call_end,
 * item_completed CommandExecution / FileChange / McpToolCall) add exit codes, durations, statuses
 * and diffs, before or right after it.
 */
import type { FileTouch, Tool, ToolKind } from '../../src/transcript/index.js';
import { asRecord, stringField, type Json } from '../shared/json.js';
import { durationMs } from '../shared/time.js';
import type { McpTool } from '../shared/tools.js';
import type { DraftEvent } from '../types.js';
import type { CodexSession, OpenCall } from './session.js';
import type { OrphanTool } from './orphan-tool-events.js';
import { statusOf, type ParsedOutput } from './tools.js';

/** Tool details kept for results that have not arrived yet. */
const MAX_DETAILS = 512;

/** What Codex's tool events say about a call, beyond its output item. */
export interface Details {
  exitCode?: number;
  durationMs?: number;
  itemStatus?: string;
  success?: boolean;
  files?: FileTouch[];
  mcp?: McpTool;
}

interface HeldResult {
  callId: string;
  base: DraftEvent;
  call: OpenCall | undefined;
  elapsedMs: number | undefined;
  parsed: ParsedOutput;
  details: Details | undefined;
  fallbackStatus?: string;
}

export class ToolResults {
  private held: HeldResult | undefined;
  private readonly details = new Map<string, Details>();

  constructor(private readonly session: CodexSession) {}

  /** The result of an open call: held until the next record, which may add details to it. */
  hold(callId: string, base: DraftEvent, parsed: ParsedOutput, fallbackStatus?: string, details?: Details): void {
    const { call, elapsedMs } = this.session.calls.answer(callId, base.timestamp);
    const known = this.details.get(callId);
    this.details.delete(callId);
    this.emitHeld();
    const merged = details ?? known;
    this.held = { callId, base, call, elapsedMs, parsed, details: merged, ...(fallbackStatus !== undefined ? { fallbackStatus } : {}) };
  }

  /** A held result is emitted before any record that does not add details to it. */
  settle(value: Json): void {
    if (!this.held) return;
    const payload = asRecord(value.payload) ?? asRecord(value.msg);
    if (payload && enrichmentCallId(payload) === this.held.callId) return;
    this.emitHeld();
  }

  /**
   * Details from a tool event: merged into the held result when it is that call's, kept for later
   * otherwise. An event whose call the rollout never wrote is the only record of that tool run: it
   * becomes a synthetic call (`meta.kind: missing-call`) and its result, from what `orphan` reads.
   */
  addDetails(callId: string | undefined, details: Details, orphan?: { base: DraftEvent; read: () => OrphanTool }): void {
    if (!callId) return;
    if (this.held?.callId === callId) {
      this.held.details = { ...this.held.details, ...details };
      this.emitHeld();
      return;
    }
    if (!this.session.calls.seen(callId)) {
      if (orphan) this.emitOrphan(callId, details, orphan.base, orphan.read());
      return;
    }
    if (!this.session.calls.has(callId)) return; // its result was already written (e.g. a command that outlived its call)
    this.details.set(callId, { ...this.details.get(callId), ...details });
    if (this.details.size > MAX_DETAILS) this.details.delete(this.details.keys().next().value as string);
  }

  private emitOrphan(callId: string, details: Details, base: DraftEvent, orphan: OrphanTool): void {
    this.emitHeld();
    const { call, input, output } = orphan;
    const mcp = call.mcp ?? details.mcp;
    const tool: Tool = { name: call.name, callId, kind: call.kind, ...(mcp ? { mcp } : {}), input };
    if (call.files && call.files.length > 0) tool.files = call.files;
    this.session.out.emit(orphan.byUser
      ? { ...base, type: 'tool_call', role: 'user', synthetic: true, tool, meta: { kind: 'user-shell-command', reason: 'the user ran this command (!cmd): the rollout has only its end event' } }
      : {
        ...base, type: 'tool_call', role: 'assistant', synthetic: true, tool, ...this.session.modelField(),
        meta: { kind: 'missing-call', reason: 'the rollout has this tool\'s end event but not its call' },
      });
    this.session.calls.call(callId, { ...call, ...(mcp ? { mcp } : {}) }, base.timestamp);
    this.hold(callId, base, { text: output }, undefined, details);
    if (this.held) this.held.elapsedMs = undefined; // the call is made up: no time of its own
    this.emitHeld();
  }

  emitHeld(): void {
    const held = this.held;
    this.held = undefined;
    if (!held) return;
    const { call, parsed, details, callId } = held;
    const kind: ToolKind = call?.kind ?? 'other';
    const exitCode = details?.exitCode ?? parsed.exitCode;
    const itemStatus = details?.itemStatus ?? held.fallbackStatus;
    const status = statusOf({
      text: parsed.text,
      ...(exitCode !== undefined ? { exitCode } : {}),
      ...(itemStatus !== undefined ? { itemStatus } : {}),
      ...(details?.success !== undefined ? { success: details.success } : {}),
    });
    const tool: Tool = { name: call?.name ?? 'unknown', callId, kind, output: parsed.text, status };
    const mcp = call?.mcp ?? details?.mcp;
    if (mcp) tool.mcp = mcp;
    if (exitCode !== undefined && kind === 'shell') tool.exitCode = exitCode;
    const duration = durationMs(details?.durationMs ?? parsed.durationMs ?? held.elapsedMs);
    if (duration !== undefined) tool.durationMs = duration;
    // Codex's own record of the change has absolute paths; the patch text's are relative to the turn's cwd.
    const files = details?.files ?? call?.files?.map((file) => ({ ...file, path: resolvePath(this.session.cwd, file.path) }));
    if (files && files.length > 0 && (kind === 'edit' || kind === 'write')) tool.files = files;
    this.session.out.emit({ ...held.base, type: 'tool_result', role: 'tool', tool });
  }
}

/** The call id a tool event record describes, when it is one. */
function enrichmentCallId(payload: Json): string | undefined {
  const type = stringField(payload, 'type');
  if (type === 'item_completed') {
    const item = asRecord(payload.item);
    const itemType = stringField(item, 'type');
    return itemType === 'CommandExecution' || itemType === 'FileChange' || itemType === 'McpToolCall' ? stringField(item, 'id') : undefined;
  }
  if (type === 'exec_command_end' || type === 'patch_apply_end' || type === 'mcp_tool_call_end') return stringField(payload, 'call_id');
  return undefined;
}

/** A path of a patch, made absolute against the session's working directory (pure string work). */
function resolvePath(cwd: string | undefined, path: string): string {
  if (!cwd || path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\')) return path;
  const windows = /^[A-Za-z]:\\/.test(cwd) && !cwd.includes('/');
  const sep = windows ? '\\' : '/';
  return `${cwd.endsWith(sep) ? cwd.slice(0, -1) : cwd}${sep}${path.startsWith('./') ? path.slice(2) : path}`;
}
