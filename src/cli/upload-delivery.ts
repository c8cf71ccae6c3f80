/**
 * The part `atx upload` and `atx outbox flush` share once a transcript is in the outbox:
 * deliver it, turn the outcome into a report line, and end the run with the summary and the
 * exit code scripts rely on.
 */
import type { Stored } from '../api/contract.js';
import type { SubmissionKey } from '../keys.js';
import { type AttemptEvent, deliver, type DeliverOptions, type DeliveryOutcome, describeProblem } from '../upload/deliver.js';
import { describeEndpoint } from '../upload/endpoint.js';
import type { OutboxEntry } from '../upload/outbox.js';
import { runPool } from '../upload/pool.js';
import { answerJson, colorsFor, Reporter, type CliIO } from './io.js';
import type { Transport } from './upload-options.js';
import type { PreparedUnit } from './upload-prepare.js';
import { exitCodeFor, itemLine, planLines, planOf, summarize, summaryLine, type ItemReport } from './upload-report.js';

export interface SendChoice {
  queue: boolean;
  keyId: string | null;
}

/**
 * One prepared unit's report (prepared by this thread or a worker thread): planned (no transport:
 * a dry run), queued (with `queue`), delivered or refused, or failed to prepare. The transcript
 * goes through the outbox before it is sent.
 */
export async function sendPrepared(unit: PreparedUnit, transport: Transport | undefined, send: SendChoice): Promise<ItemReport> {
  if ('failure' in unit) return { input: unit.input, transcriptId: null, outcome: 'failed', ...unit.failure };
  const { prepared } = unit;
  if (!transport) return { input: unit.input, transcriptId: prepared.transcriptId, outcome: 'planned', plan: planOf(prepared) };
  // sent at once, the body is made durable only if it stays (outbox.ts); --queue keeps it, durably now
  const entry = await transport.outbox.put({
    transcriptId: prepared.transcriptId,
    body: prepared.gzipped,
    meta: {
      ...(transport.endpoint ? { endpoint: describeEndpoint(transport.endpoint) } : {}),
      keyId: send.keyId,
      profile: prepared.profile,
      input: unit.input,
    },
  }, { durable: send.queue });
  if (send.queue) return { input: unit.input, transcriptId: prepared.transcriptId, outcome: 'queued', message: `in the outbox ${transport.outbox.dir}` };
  let report: ItemReport | undefined;
  try {
    report = await deliverEntry(entry, transport, unit.input, unit.sent && { body: prepared.gzipped, sent: unit.sent });
    return report;
  } finally {
    if (report?.outcome !== 'stored' && report?.outcome !== 'replayed') await transport.outbox.makeDurable(prepared.transcriptId);
  }
}

export async function deliverEntry(entry: Pick<OutboxEntry, 'transcriptId' | 'meta'>, transport: Transport, input: string, inHand?: DeliverOptions['inHand']): Promise<ItemReport> {
  const { failedAt, failedReason } = entry.meta;
  if (failedAt !== null) {
    const message = `not sent: the server refused this content for good at ${failedAt} (${failedReason ?? 'no reason kept'}); atx outbox retry ${entry.transcriptId} to send it again`;
    return { input, transcriptId: entry.transcriptId, outcome: 'refused', attempts: 0, message };
  }
  const client = transport.clientFor(transport.endpointFor(entry.meta.endpoint ?? undefined));
  const onAttempt = (event: AttemptEvent) => {
    if (event.classification !== 'retry' || event.nextDelayMs === null) return;
    const seconds = Number((event.nextDelayMs / 1000).toFixed(1));
    transport.announceRetry(`${input}: attempt ${event.attempt} of ${transport.policy.maxAttempts} failed: ${describeProblem(event.answer, client)}; trying again in ${seconds} s`);
  };
  return reportOf(await deliver(entry, { outbox: transport.outbox, client, policy: transport.policy, onAttempt, ...(inHand ? { inHand } : {}) }), input);
}

function reportOf(outcome: DeliveryOutcome, input: string): ItemReport {
  const base = { input, transcriptId: outcome.transcriptId, attempts: outcome.attempts };
  switch (outcome.outcome) {
    case 'stored':
    case 'replayed':
      return { ...base, outcome: outcome.outcome, status: outcome.status, url: outcome.stored.url, ...versionOf(outcome.stored), ...(outcome.warning ? { message: outcome.warning } : {}) };
    case 'refused': {
      const failed = outcome.failed ? `; moved to the outbox's failed list (atx outbox retry ${outcome.transcriptId}, or drop)` : '';
      return { ...base, outcome: 'refused', status: outcome.status, message: [outcome.message, ...outcome.details].join('; ') + failed };
    }
    case 'queued':
      return { ...base, outcome: 'queued', ...(outcome.lastStatus !== undefined ? { status: outcome.lastStatus } : {}), message: `${outcome.message}; kept in the outbox (atx upload --flush)` };
    case 'missing':
      return { ...base, outcome: 'replayed', message: outcome.message };
    case 'broken':
      return { ...base, outcome: 'failed', message: outcome.message };
  }
}

/** The stored version, when the server's answer carries one (servers that version what they store). */
function versionOf(stored: Stored): { version?: number } {
  return stored.version === undefined ? {} : { version: stored.version };
}

/** Sends everything pending in the outbox, oldest first; failed items wait for atx outbox retry. */
export async function flushOutbox(transport: Transport, key: SubmissionKey | null, announce: (report: ItemReport) => void): Promise<ItemReport[]> {
  const entries = (await transport.outbox.list()).filter((entry) => entry.meta.failedAt === null);
  return runPool(entries, transport.concurrency, async (entry) => {
    const input = entry.meta.input ?? entry.transcriptId;
    let report: ItemReport;
    if (entry.broken) {
      report = { input, transcriptId: entry.transcriptId, outcome: 'failed', message: `outbox item is broken (${entry.broken}); remove it with atx outbox drop ${entry.transcriptId}` };
    } else if (key && entry.meta.keyId && entry.meta.keyId !== key.keyId) {
      report = { input, transcriptId: entry.transcriptId, outcome: 'queued', message: `queued with key ${entry.meta.keyId}, but the key now in use is ${key.keyId}; left in the outbox` };
    } else {
      report = await deliverEntry(entry, transport, input);
    }
    announce(report);
    return report;
  });
}

/**
 * Prints one line per transcript on stderr as it is settled (progress for long runs); with
 * --quiet only the ones that went wrong, with --json none (the JSON says it all).
 */
export function announcer(io: CliIO, flags: { json?: boolean; quiet?: boolean; dryRun?: boolean; queue?: boolean }): (report: ItemReport) => void {
  const reporter = new Reporter(io, colorsFor(io));
  const colors = colorsFor(io);
  return (report) => {
    if (flags.json || (flags.dryRun && report.outcome === 'planned')) return;
    const asked = report.outcome === 'queued' && flags.queue;
    const routine = report.outcome === 'stored' || report.outcome === 'replayed' || report.outcome === 'planned' || asked;
    if (flags.quiet && routine) return;
    if (report.outcome === 'failed') reporter.error(itemLine(report, colors));
    else reporter.info(itemLine(report, colors));
  };
}

export interface PrintOptions {
  json: boolean;
  dryRun: boolean;
  /** queued items are what was asked for (--queue), not a failure */
  queueWanted: boolean;
  /** --quiet: no summary line (what went wrong was said item by item) */
  quiet?: boolean;
  outbox: string | undefined;
}

/** Prints the plan (dry run) or summary, and returns the exit code. */
export function printReports(io: CliIO, reports: ItemReport[], options: PrintOptions): number {
  const summary = summarize(reports);
  if (options.json) {
    // a summary, not data: masked like every message (an input typed as a key is shown as atx_<id>_****)
    answerJson(io, { ...summary, ...(options.outbox ? { outbox: options.outbox } : {}) });
    const problem = summary.items.find((item) => item.outcome === 'failed' || item.outcome === 'refused');
    if (problem) io.answer?.explain({ code: problem.outcome, message: problem.message ?? problem.outcome, input: problem.input });
  } else {
    if (options.dryRun) for (const report of reports) io.stdout.write(report.plan ? `${planLines(report)}\n` : '');
    const reporter = new Reporter(io, colorsFor(io), options.quiet);
    const waiting = summary.queued > 0 && options.outbox ? ` (outbox: ${options.outbox})` : '';
    // one input that could not be read has said so in its own line: a tally of it says nothing more
    const lone = summary.items.length === 1 && summary.failed === 1;
    if (!lone) reporter.info(summaryLine(summary) + waiting);
  }
  return exitCodeFor(summary, { queueWanted: options.queueWanted });
}
