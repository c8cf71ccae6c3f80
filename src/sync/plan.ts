/**
 * Which sessions have to be handled again: new ones, ones whose bytes changed (grown, or
 * otherwise changed: truncated, rewritten), and ones last handled with another profile or
 * ruleset. A session whose files were only touched (same bytes) is not, and its record takes
 * the new stat look so that the next run does not hash it again.
 */
import type { SessionInput } from '../pipeline/sources.js';
import { fingerprintOf } from './fingerprint.js';
import type { Fingerprint, SessionRecord, SessionState } from './state.js';

export type ChangeReason = 'new' | 'grown' | 'changed' | 'profile changed';

/** What a session is handled with: a change of either counts as a change of the session. */
export interface HandledWith {
  profile: string;
  rulesetVersion: string;
}

export interface PlannedSession {
  /** the state's key: the session's main file, or `STORE#SESSION` */
  key: string;
  source: SessionInput;
  reason: ChangeReason;
  fingerprint: Fingerprint;
  previous: SessionRecord | undefined;
}

export interface Plan {
  due: PlannedSession[];
  unchanged: number;
  /** sessions listed but gone before they could be looked at */
  gone: string[];
}

export function changeReason(previous: SessionRecord | undefined, now: Fingerprint, wanted: HandledWith): ChangeReason | undefined {
  if (!previous) return 'new';
  if (previous.sha256 !== now.sha256) return now.size > previous.size ? 'grown' : 'changed';
  if (previous.profile !== wanted.profile || previous.rulesetVersion !== wanted.rulesetVersion) return 'profile changed';
  return undefined;
}

export const sessionKey = (source: SessionInput): string => source.main.name;

/** `remember`: write the new stat look of touched sessions (a dry run writes nothing). */
export async function planSessions<R extends SessionRecord>(sources: readonly SessionInput[], state: SessionState<R>, wanted: HandledWith, remember = true): Promise<Plan> {
  const plan: Plan = { due: [], unchanged: 0, gone: [] };
  let touched = false;
  for (const source of sources) {
    const key = sessionKey(source);
    const previous = state.get(key);
    const looked = await fingerprintOf(source, previous);
    if (!looked) {
      plan.gone.push(key);
      continue;
    }
    const reason = changeReason(previous, looked.fingerprint, wanted);
    if (reason) {
      plan.due.push({ key, source, reason, fingerprint: looked.fingerprint, previous });
    } else {
      plan.unchanged += 1;
      if (looked.hashed && previous) {
        state.update(key, { ...previous, size: looked.fingerprint.size, mtimeMs: looked.fingerprint.mtimeMs });
        touched = true;
      }
    }
  }
  if (touched && remember) await state.save();
  return plan;
}
