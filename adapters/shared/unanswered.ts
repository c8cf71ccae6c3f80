/** Tool calls still open when a native session ends: each gets a synthetic error result, so no call is left unpaired. */
import type { ToolKind } from '../../src/transcript/index.js';
import type { ConverterOutput } from '../types.js';
import type { CallTracker } from './calls.js';

export interface NamedCall {
  name: string;
  kind: ToolKind;
}

/** Closes the tracker's open calls with a synthetic result that says why they have none. */
export function closeUnanswered(out: ConverterOutput, calls: CallTracker<NamedCall>, reason: string): void {
  for (const { callId, call, reason: ownReason } of calls.drain().unanswered) {
    out.emit({
      timestamp: null, type: 'tool_result', role: 'tool', synthetic: true,
      tool: { name: call.name, callId, kind: call.kind, output: '', status: 'error' },
      meta: { kind: 'missing-tool-result', reason: ownReason ?? reason },
    });
  }
}
