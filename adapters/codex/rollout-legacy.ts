/**
 * Format `codex/rollout-legacy`: saved sessions of Codex up to 0.2x. A bare `{id, timestamp,
 * instructions, git}` header, bare Responses items (read by response-items.ts, counted as
 * `item/<type>`) and `{record_type: "state"}` lines.
 */
import type { Handler } from '../shared/dispatch.js';
import type { Native } from '../shared/json.js';
import type { LegacyLine } from './records.js';
import { sessionMeta } from './rollout.js';
import { timed, type CodexSession } from './session.js';

/** The legacy rollout lines that have no `type`, by what tells them apart. */
export function legacyRolloutLines(s: CodexSession): Record<string, Handler<Native<LegacyLine>>> {
  return {
    // resume state: nothing for a transcript
    '(state)': (line) => ({ outcome: 'skipped', type: `record_type/${String(line.record_type)}` }),
    '(legacy session header)': (line) => sessionMeta(s, line, timed(line.timestamp as string)),
  };
}

export function isStateLine(line: Native<LegacyLine>): boolean {
  return typeof line.record_type === 'string';
}

export function isHeaderLine(line: Native<LegacyLine>): boolean {
  return typeof line.id === 'string' && typeof line.timestamp === 'string';
}
