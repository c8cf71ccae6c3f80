import type { Command } from 'commander';
import { maskKeys } from '../../mask.js';
import { planSessions, type Plan, type PlannedSession } from '../../sync/plan.js';
import { defaultStatePath, SessionState } from '../../sync/state.js';
import type { SyncRecord } from '../../sync/sync.js';
import { describedCommand } from '../described-command.js';
import { colorsFor, contextFor, Reporter, type CliIO } from '../io.js';
import { completedSetup, profileOnlySetup } from '../redaction-options.js';
import { BUILTIN_RULESET_VERSION } from '../../ruleset-version.js';
import { listSessions, sessionCommandOptions, type SessionListFlags } from '../session-sources.js';
import { refuseUnredacted, transportNumbers, type SendingFlags } from '../upload-options.js';
import { exitCodeFor, summarize, type ItemReport } from '../upload-report.js';

interface SyncFlags extends SendingFlags, SessionListFlags {
  dryRun?: boolean;
}

/** Shown under Examples in --help. */
const SYNC_EXAMPLES = [
  'atx sync --dry-run',
  'atx sync --agent claude-code,codex --endpoint http://127.0.0.1:8787',
  'atx sync ~/exported-sessions --profile research --json',
];

export function syncCommand(io: CliIO, setExit: (code: number) => void): Command {
  const command = describedCommand('sync', 'upload the sessions that are new or changed since the last sync', `
Upload every session of the given folders, or of every agent atx discover finds when no folder is
given, that is new or has changed since the last sync, or was last sent with another profile or
ruleset. A small state file remembers each session's size, last write and content hash (computed
only when the size or the time changed) and what the server answered, and is written after each
session delivered: a sync killed at any moment resumes where it stopped. Sessions are sent as
atx upload sends them, through the outbox.`)
    .argument('[folders...]', 'folders (or session files) to sync; default: every session atx discover lists')
    .option('--dry-run', 'list what would be sent and why (new, grown, changed, profile changed), send nothing');
  return sessionCommandOptions(command, 'sync', {
    examples: SYNC_EXAMPLES,
    exitCodes: ['0 every session due was delivered (or nothing was due, or --dry-run)', '1 some sessions could not be read (each is named)', '2 usage', '3 invalid input', '4 refused by the server, or left in the outbox after retries', '5 internal error'],
  })
    .action(async (folders: string[], flags: SyncFlags) => {
      setExit(await runSync(io, folders, flags));
    });
}

async function runSync(io: CliIO, folders: string[], flags: SyncFlags): Promise<number> {
  // the engine (100+ rule modules) is loaded only when a session is due
  const setup = await profileOnlySetup(io, flags);
  await refuseUnredacted(setup.profile, flags.allowUnredacted);
  transportNumbers(flags);
  const reporter = new Reporter(io, colorsFor(io), flags.quiet, flags.json);
  const listed = await listSessions(io, folders, flags.agent);
  for (const warning of listed.warnings) reporter.warn(warning);
  const state = await SessionState.open<SyncRecord>(flags.state ?? defaultStatePath(io.env, 'sync'));
  const wanted = { profile: setup.profile.name, rulesetVersion: BUILTIN_RULESET_VERSION };
  const plan = await planSessions(listed.sources, state, wanted, !flags.dryRun);
  for (const gone of plan.gone) reporter.warn(`${gone}: gone before it could be looked at`);
  if (flags.dryRun) return printPlan(io, plan, flags);
  if (plan.due.length === 0) return printOutcome(io, plan, [], flags);

  const { openSender } = await import('../session-sender.js');
  const sender = await openSender(io, flags, await completedSetup(setup, contextFor(io)));
  try {
    const synced = await sender.send(plan.due, state, wanted, (session, reports) => {
      if (flags.json) for (const report of reports) io.stdout.write(`${jsonLine(session, report)}\n`);
    });
    return printOutcome(io, plan, synced.flatMap(({ reports }) => reports), flags);
  } finally {
    await sender.close();
  }
}

const jsonLine = (session: PlannedSession, report: ItemReport) => maskKeys(JSON.stringify({
  session: session.key,
  reason: session.reason,
  outcome: report.outcome,
  transcriptId: report.transcriptId,
  ...(report.status !== undefined ? { status: report.status } : {}),
  ...(report.version !== undefined ? { version: report.version } : {}),
  ...(report.message !== undefined ? { message: report.message } : {}),
}));

function printPlan(io: CliIO, plan: Plan, flags: SyncFlags): number {
  for (const session of plan.due) {
    io.stdout.write(flags.json ? `${maskKeys(JSON.stringify({ session: session.key, reason: session.reason, outcome: 'planned' }))}\n` : `${session.reason.padEnd(15)}  ${session.key}\n`);
  }
  const summary = { planned: plan.due.length, unchanged: plan.unchanged, gone: plan.gone.length };
  if (flags.json) io.stdout.write(`${JSON.stringify({ summary })}\n`);
  else new Reporter(io, colorsFor(io), flags.quiet).info(`dry run: ${summary.planned} session(s) would be sent, ${summary.unchanged} unchanged; nothing was sent`);
  return 0;
}

function printOutcome(io: CliIO, plan: Plan, reports: ItemReport[], flags: SyncFlags): number {
  const counts = summarize(reports);
  const summary = { stored: counts.stored, replayed: counts.replayed, refused: counts.refused, queued: counts.queued, failed: counts.failed, unchanged: plan.unchanged, gone: plan.gone.length };
  if (flags.json) {
    io.stdout.write(`${JSON.stringify({ summary })}\n`);
  } else {
    const failed = summary.failed ? `, ${summary.failed} failed` : '';
    new Reporter(io, colorsFor(io), flags.quiet).info(`sync: ${summary.stored} stored, ${summary.replayed} already stored, ${summary.refused} refused, ${summary.queued} queued${failed}; ${summary.unchanged} unchanged`);
  }
  return exitCodeFor(counts, { queueWanted: false });
}
