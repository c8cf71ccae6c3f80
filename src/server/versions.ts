/**
 * Versions of one session (../shared/spec/upload-api.md, "Versions"). A stored transcript is
 * identified by (key, agent, native session id) when the Transcript names its native session,
 * else by (key, transcriptId). What an upload does to the stored version is decided here, from
 * index rows only, except the one case that needs the stored events (see `decide`).
 */
import { readFile } from 'node:fs/promises';
import { eventsSha256 } from '../transcript/events-hash.js';

export interface VersionFacts {
  transcriptId: string;
  digest: string;
  agent: string;
  eventCount: number;
  /** source.nativeSessionId; null or absent: the transcript is its own identity */
  sessionId?: string | null;
  /** eventsSha256 of the events as sent; null or absent: unknown (older rows) */
  eventsSha256?: string | null;
  /** privacy.profile */
  profile?: string | null;
}

/** What the decision needs of a stored version. */
export interface VersionRow {
  transcriptId: string;
  digest: string;
  eventCount: number;
  eventsSha256: string | null;
  profile: string | null;
  version: number;
  seq: number;
  /** null once the bytes of a replaced version were dropped */
  blob: string | null;
}

/** Whether the upload's events are the first events of the version with this seq. */
export interface PrefixVerdict {
  seq: number;
  isPrefix: boolean;
}

export type Decision<R extends VersionRow> =
  | { kind: 'new'; version: number; replaces: R | null }
  | { kind: 'replayed'; record: R }
  | { kind: 'stale'; record: R }
  | { kind: 'conflict'; record: R }
  | { kind: 'check_prefix'; record: R };

export function identityOf(facts: Pick<VersionFacts, 'agent' | 'sessionId' | 'transcriptId'>): string {
  return facts.sessionId ? `s:${facts.agent}:${facts.sessionId}` : `t:${facts.transcriptId}`;
}

/**
 * - `current`: the session's current version; `sameId`: the current version of another session
 *   that already has this transcriptId; `earlier`: an earlier version of this session with this
 *   transcriptId and digest (a retry of a request answered before).
 * - The same content as the current version is a replay; fewer events that are exactly the first
 *   events of the current version, under the same profile, are stale (an earlier upload of the
 *   session arriving late), unless that is a version stored before, which is a replay of it.
 *   Anything else (more events, other events, another profile) is a new version.
 * - Staleness needs the hash of the current version's first N events: without a verdict for the
 *   current version the answer is `check_prefix`, and the caller asks again with one.
 */
export function decide<R extends VersionRow>(
  facts: VersionFacts,
  rows: { current: R | null; sameId: R | null; earlier: R | null },
  prefix: PrefixVerdict | undefined,
): Decision<R> {
  const { current, sameId, earlier } = rows;
  if (sameId) return { kind: 'conflict', record: sameId };
  if (!current) return { kind: 'new', version: 1, replaces: null };
  if (current.digest === facts.digest) return { kind: 'replayed', record: current };
  const mayBeOlder = facts.eventCount < current.eventCount && Boolean(facts.eventsSha256) && current.eventsSha256 !== null
    && current.blob !== null && (facts.profile ?? null) === current.profile;
  if (mayBeOlder) {
    if (prefix?.seq !== current.seq) return { kind: 'check_prefix', record: current };
    if (prefix.isPrefix) return earlier ? { kind: 'replayed', record: earlier } : { kind: 'stale', record: current };
  }
  return { kind: 'new', version: current.version + 1, replaces: current };
}

/** eventsSha256 of the first `count` events of a stored document (read from its blob file). */
export async function storedPrefixSha256(path: string, count: number): Promise<string> {
  const document = JSON.parse(await readFile(path, 'utf8')) as { events?: unknown };
  const events = Array.isArray(document.events) ? document.events : [];
  return eventsSha256(events, Math.min(count, events.length));
}
