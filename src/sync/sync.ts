/**
 * `atx sync`'s core, also used by `atx watch --upload`: send each session that is due (see
 * plan.ts) and record it in the state as soon as the server has it, so a run killed at any
 * moment loses at most the sessions in flight, which the next run sends again (a replay for the
 * server, since the same bytes make the same transcript).
 */
import type { ItemReport } from '../cli/upload-report.js';
import type { SessionInput } from '../pipeline/sources.js';
import { runPool } from '../upload/pool.js';
import type { HandledWith, PlannedSession } from './plan.js';
import type { SessionRecord, SessionState } from './state.js';

export interface SyncRecord extends SessionRecord {
  transcriptId: string | null;
  outcome: 'stored' | 'replayed';
  status?: number;
  /** the version the server stored, when it numbers versions */
  version?: number;
  url?: string;
  endpoint?: string;
}

export interface SyncOptions {
  state: SessionState<SyncRecord>;
  wanted: HandledWith;
  concurrency: number;
  endpoint?: string;
  /** prepares and delivers every Transcript of one session */
  send(source: SessionInput): Promise<ItemReport[]>;
  /** a session is settled: delivered and recorded, or not */
  settled?(session: PlannedSession, reports: ItemReport[]): void;
  now?: () => Date;
}

export interface SyncedSession {
  session: PlannedSession;
  reports: ItemReport[];
  recorded: boolean;
}

const delivered = (report: ItemReport) => report.outcome === 'stored' || report.outcome === 'replayed';

export async function syncSessions(due: readonly PlannedSession[], options: SyncOptions): Promise<SyncedSession[]> {
  return runPool(due, options.concurrency, async (session) => {
    const reports = await options.send(session.source);
    const last = reports.at(-1);
    const recorded = last !== undefined && reports.every(delivered);
    if (recorded) await options.state.set(session.key, recordOf(session, last, options));
    options.settled?.(session, reports);
    return { session, reports, recorded };
  });
}

function recordOf(session: PlannedSession, report: ItemReport, options: SyncOptions): SyncRecord {
  return {
    ...session.fingerprint,
    ...options.wanted,
    at: (options.now?.() ?? new Date()).toISOString(),
    transcriptId: report.transcriptId,
    outcome: report.outcome as SyncRecord['outcome'],
    ...(report.status !== undefined ? { status: report.status } : {}),
    ...(report.version !== undefined ? { version: report.version } : {}),
    ...(report.url !== undefined ? { url: report.url } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
  };
}
