/**
 * What `atx watch` does when a followed file has been quiet for the idle time: find the
 * sessions it belongs to, and archive each one whose bytes (or profile) changed since it was
 * last archived; with an uploader, also send it. The state (one record per session) makes a
 * restarted watch skip what it already did. A source that is deleted keeps its archive; one that
 * shrank (truncated, or replaced by another file) is converted again from scratch.
 */
import type { SessionInput } from '../pipeline/sources.js';
import { planSessions, type HandledWith, type PlannedSession } from '../sync/plan.js';
import type { SessionRecord, SessionState } from '../sync/state.js';
import type { Archived } from './archive.js';

export interface WatchRecord extends SessionRecord {
  files: string[];
  transcriptIds: string[];
  agent?: string;
}

export type WatchEvent =
  | { kind: 'archived'; session: string; reason: string; truncated: boolean; archived: Archived }
  | { kind: 'deleted'; session: string; files: string[] }
  | { kind: 'failed'; session: string; message: string };

export interface WatchDeps {
  state: SessionState<WatchRecord>;
  wanted: HandledWith;
  /** the sessions a file belongs to (its own, or the one it is a companion of; several for a database) */
  sessionsOf(path: string): Promise<SessionInput[]>;
  archive(session: PlannedSession): Promise<Archived>;
  /** sends an archived session (atx watch --upload) */
  upload?(session: PlannedSession): Promise<void>;
  say(event: WatchEvent): void;
  now?: () => Date;
}

export function watchHandlers(deps: WatchDeps): { quiet(path: string): Promise<void>; gone(path: string): Promise<void> } {
  return {
    async quiet(path) {
      const plan = await planSessions(await deps.sessionsOf(path), deps.state, deps.wanted);
      for (const session of plan.due) await handle(session);
    },
    async gone(path) {
      const record = deps.state.get(path);
      if (record) deps.say({ kind: 'deleted', session: path, files: record.files });
    },
  };

  async function handle(session: PlannedSession): Promise<void> {
    let archived: Archived;
    try {
      archived = await deps.archive(session);
    } catch (error) {
      deps.say({ kind: 'failed', session: session.key, message: error instanceof Error ? error.message : String(error) });
      return;
    }
    await deps.state.set(session.key, {
      ...session.fingerprint,
      ...deps.wanted,
      at: (deps.now?.() ?? new Date()).toISOString(),
      files: archived.files,
      transcriptIds: archived.transcriptIds,
      ...(archived.agent ? { agent: archived.agent } : {}),
    });
    const truncated = session.previous !== undefined && session.fingerprint.size < session.previous.size;
    deps.say({ kind: 'archived', session: session.key, reason: session.reason, truncated, archived });
    await deps.upload?.(session);
  }
}
