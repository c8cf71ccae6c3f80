/**
 * Tool calls still open when a native session ends: each gets a synthetic error result that says
 * why it has none, so no call is left unpaired. Every adapter closes its calls through here.
 */
import type { Tool, ToolKind } from '../../src/transcript/index.js';
import type { ConverterOutput, DraftEvent } from '../types.js';
import type { CallTracker } from './calls.js';

export interface NamedCall {
  name: string;
  kind: ToolKind;
  mcp?: Tool['mcp'];
}

/** Why an open call has no result: one sentence for every call, or one per call (from its state). */
export type UnansweredReason<C> = string | ((call: C) => string);

export interface UnansweredOptions {
  /** false when the log cannot tell a failed call from one it only shows the request of (no status then) */
  failed?: boolean;
  /** fields every result carries (a subagent's parentId) */
  extra?: Partial<DraftEvent>;
}

/**
 * Synthetic results for the calls the tracker still holds, oldest first; the tracker is emptied.
 * A call whose id a later call took keeps its own reason; the others get `reason`.
 */
export function unansweredResults<C extends NamedCall>(calls: CallTracker<C>, reason: UnansweredReason<C>, options: UnansweredOptions = {}): DraftEvent[] {
  return calls.drain(reason).unanswered.map(({ callId, call, reason: why }): DraftEvent => ({
    timestamp: null, type: 'tool_result', role: 'tool', synthetic: true,
    tool: { name: call.name, callId, kind: call.kind, ...(call.mcp ? { mcp: call.mcp } : {}), output: '', ...(options.failed === false ? {} : { status: 'error' as const }) },
    meta: { kind: 'missing-tool-result', reason: why },
    ...options.extra,
  }));
}

/** Emits `unansweredResults` (for an adapter's flush). */
export function closeUnanswered<C extends NamedCall>(out: ConverterOutput, calls: CallTracker<C>, reason: UnansweredReason<C>, options?: UnansweredOptions): void {
  for (const event of unansweredResults(calls, reason, options)) out.emit(event);
}
