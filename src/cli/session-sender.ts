/**
 * The sending half of `atx sync` (and of `atx watch --upload`): a transport (key, endpoint,
 * outbox), and the sessions due sent through it as `atx upload` sends them, each recorded in the
 * sync state once delivered. Loaded only when something is to be sent: a sync with nothing to do
 * does not pay for the HTTP client.
 */
import { requireKey } from '../keys.js';
import { type InputUnit, unitsOf } from '../input/reader.js';
import { MemoryGovernor } from '../pipeline/memory.js';
import type { PrepareOptions } from '../pipeline/prepare-upload.js';
import type { SessionInput } from '../pipeline/sources.js';
import type { HandledWith, PlannedSession } from '../sync/plan.js';
import type { SessionState } from '../sync/state.js';
import { syncSessions, type SyncedSession, type SyncRecord } from '../sync/sync.js';
import { describeEndpoint } from '../upload/endpoint.js';
import { contextFor, type CliIO } from './io.js';
import type { RedactionSetup } from './redaction-options.js';
import { inTurn } from './upload-ahead.js';
import { announcer, sendPrepared } from './upload-delivery.js';
import { prepareOrFail } from './upload-prepare.js';
import { storedUpToBytes, transportSetup, type SendingFlags, type Transport } from './upload-options.js';
import type { ItemReport } from './upload-report.js';

export interface SessionSender {
  /** sends the sessions due, records each delivered one, and calls `settled` per session (after its lines on stderr) */
  send(due: readonly PlannedSession[], state: SessionState<SyncRecord>, wanted: HandledWith, settled?: (session: PlannedSession, reports: ItemReport[]) => void): Promise<SyncedSession[]>;
  close(): Promise<void>;
}

export async function openSender(io: CliIO, flags: SendingFlags, setup: RedactionSetup): Promise<SessionSender> {
  const transport = await transportSetup(io, flags, setup.config, requireKey(setup.key));
  const announce = announcer(io, flags);
  let endpointUrl: URL;
  try {
    endpointUrl = transport.endpointFor();
  } catch (error) {
    await transport.close();
    throw error;
  }
  const endpoint = describeEndpoint(endpointUrl);
  const sendOne = unitSender(setup, transport, io, storedUpToBytes(endpointUrl));
  return {
    send: (due, state, wanted, settled) => syncSessions(due, {
      state,
      wanted,
      concurrency: transport.concurrency,
      endpoint,
      send: sendOne,
      settled: (session, reports) => {
        for (const report of reports) announce(report);
        settled?.(session, reports);
      },
    }),
    close: () => transport.close(),
  };
}

/**
 * Sends every Transcript of one session (one, for a native session) as atx upload does: bodies for
 * a server on this machine up to `storedUpTo` bytes are gzipped without compression (upload-options.ts),
 * and one is prepared at a time while the others are sent (upload.ts says why).
 */
function unitSender(setup: RedactionSetup, transport: Transport, io: CliIO, storedUpTo: number): (source: SessionInput) => Promise<ItemReport[]> {
  const options: PrepareOptions = { context: contextFor(io), makeRedactor: setup.makeTransform, memory: new MemoryGovernor(), storedUpToBytes: storedUpTo };
  const keyId = setup.key?.keyId ?? null;
  const prepareInTurn = inTurn((unit: InputUnit) => prepareOrFail(unit, options, true));
  return async (source) => {
    const reports: ItemReport[] = [];
    for await (const unit of unitsOf(source, { idFromContent: true })) reports.push(await sendPrepared(await prepareInTurn(unit), transport, { queue: false, keyId }));
    return reports;
  };
}
