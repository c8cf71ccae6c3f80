import { existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Command } from 'commander';
import { ADAPTERS } from '../../../adapters/index.js';
import type { SessionStore } from '../../../adapters/types.js';
import { glanceAt } from '../../discover/glance.js';
import { compilePattern } from '../../discover/pattern.js';
import { fileError, usageError } from '../../errors.js';
import { discoveredSources } from '../../input/discover-input.js';
import { maskKeys } from '../../mask.js';
import { emptyNotes, type SessionInput } from '../../pipeline/sources.js';
import { sessionFiles } from '../../sync/fingerprint.js';
import { planSessions, type HandledWith } from '../../sync/plan.js';
import { defaultStatePath, SessionState } from '../../sync/state.js';
import type { SyncRecord } from '../../sync/sync.js';
import { archiveSession } from '../../watch/archive.js';
import { SessionFollower, type FollowedFolder } from '../../watch/follow.js';
import { watchHandlers, type WatchEvent, type WatchRecord } from '../../watch/watch.js';
import { describedCommand } from '../described-command.js';
import { colorsFor, contextFor, Reporter, type CliIO } from '../io.js';
import { completedSetup, profileOnlySetup } from '../redaction-options.js';
import { BUILTIN_RULESET_VERSION } from '../../ruleset-version.js';
import { listSessions, sessionCommandOptions, type SessionListFlags } from '../session-sources.js';
import type { SessionSender } from '../session-sender.js';
import { refuseUnredacted, transportNumbers, type SendingFlags } from '../upload-options.js';
import type { ItemReport } from '../upload-report.js';
import { agentWanted, discoverBase, selectAgents } from './discover.js';

interface WatchFlags extends SendingFlags, SessionListFlags {
  archive: string;
  idle: string;
  syncState?: string;
  upload?: boolean;
}

/** Shown under Examples in --help. */
const WATCH_EXAMPLES = [
  'atx watch --archive ~/transcripts',
  'atx watch --agent claude-code --archive ~/transcripts --profile research --upload',
  'atx watch ./sessions --archive ./archive --idle 30s --json',
];

export function watchCommand(io: CliIO): Command {
  const command = describedCommand('watch', 'archive (and upload) sessions as the agents write them', `
Follow the folders where the agents keep their sessions (those atx discover reads, or the folders
given) and, once a session has been quiet for the idle time (or for 5 s when the agent's store says its
last turn ended), convert it with the profile into the
archive folder: one Transcript per session, replaced as the session grows, and kept when the agent
deletes the session. With --upload each archived session is also sent, as atx sync sends it. A
state file makes a restarted watch skip what it already archived. Runs until Ctrl-C or SIGTERM.`)
    .argument('[folders...]', 'folders to follow; default: the session folders of every agent atx discover knows')
    .requiredOption('--archive <dir>', 'where the Transcripts go (made if missing)')
    .option('--idle <duration>', 'how long a session must be quiet before it is archived: 500ms, 30s, 2m, 1h', '2m')
    .option('--upload', 'also send each archived session (as atx sync; needs a key and an endpoint)')
    .option('--sync-state <file>', 'with --upload: the state file atx sync keeps (default $XDG_STATE_HOME/atx/sync.json)');
  return sessionCommandOptions(command, 'watch', {
    examples: WATCH_EXAMPLES,
    exitCodes: ['0 stopped by Ctrl-C or SIGTERM', '2 usage (a bad --idle, no --archive)', '5 internal error'],
  })
    .action(async (folders: string[], flags: WatchFlags) => runWatch(io, folders, flags));
}

/** How long a session whose last turn ended must stay quiet: long enough for the agent's last writes. */
const SETTLE_MS = 5_000;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

export function parseDuration(text: string, flag: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw usageError(`${flag} takes a duration such as 500ms, 30s, 2m or 1h (got ${JSON.stringify(text.slice(0, 40))})`);
  return Math.round(Number(match[1]) * (UNIT_MS[match[2] ?? 's'] as number));
}

async function runWatch(io: CliIO, folders: string[], flags: WatchFlags): Promise<void> {
  const idleMs = parseDuration(flags.idle, '--idle');
  const context = contextFor(io);
  // the engine (100+ rule modules) is loaded when the first session is archived, not before
  // (watch may wait for hours): with --upload at start, since the sender's checks come first
  const setup = await profileOnlySetup(io, flags);
  const engine = once(() => completedSetup(setup, context));
  if (flags.upload) {
    await refuseUnredacted(setup.profile, flags.allowUnredacted);
    transportNumbers(flags);
  }
  const archiveDir = resolve(flags.archive);
  await mkdir(archiveDir, { recursive: true, mode: 0o700 }).catch((error: unknown) => { throw fileError(archiveDir, error); });
  const reporter = new Reporter(io, colorsFor(io), flags.quiet, flags.json);
  const wanted = { profile: setup.profile.name, rulesetVersion: BUILTIN_RULESET_VERSION };
  const state = await SessionState.open<WatchRecord>(flags.state ?? defaultStatePath(io.env, 'watch'));
  const sender = flags.upload ? await (await import('../session-sender.js')).openSender(io, flags, await engine()) : undefined;
  const say = sayer(io, flags, reporter);
  const { followed, sessionsOf } = whatToFollow(io, folders, flags.agent, archiveDir);

  const handlers = watchHandlers({
    state,
    wanted,
    sessionsOf,
    archive: async (session) => archiveSession(session.source, session.key, archiveDir, { context, transform: (await engine()).transformIfAny }),
    ...(sender ? { upload: await uploader(io, flags, sender, wanted, say) } : {}),
    say,
  });
  const follower = new SessionFollower({ idleMs, settleMs: SETTLE_MS, quiet: handlers.quiet, gone: handlers.gone, problem: (message) => reporter.warn(message) });
  const stopped = new Promise<string>((resolveStop) => {
    const stop = (signal: string) => resolveStop(signal);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  try {
    const present = followed.filter((folder) => existsSync(folder.dir));
    const absent = followed.filter((candidate) => !present.includes(candidate));
    for (const folder of absent) reporter.info(`${folder.dir}: not there yet; followed once it is created`);
    await follower.follow(followed, (folder) => {
      if (flags.json) io.stdout.write(`${JSON.stringify({ event: 'folder-appeared', folder: folder.dir })}\n`);
      else reporter.info(`${folder.dir}: created; now followed`);
    });
    if (flags.json) io.stdout.write(`${JSON.stringify({ event: 'watching', folders: present.map((folder) => folder.dir), waitingFor: absent.map((folder) => folder.dir), archive: archiveDir, idleMs, upload: Boolean(sender) })}\n`);
    else reporter.info(`watching ${present.length} folder(s)${absent.length > 0 ? ` (and ${absent.length} not created yet)` : ''}, archiving into ${archiveDir} after ${flags.idle} of quiet${sender ? ', and uploading' : ''} (Ctrl-C stops)`);
    const signal = await stopped;
    reporter.info(`stopping (${signal})`);
  } finally {
    await follower.stop();
    await sender?.close();
  }
}

function whatToFollow(io: CliIO, folders: readonly string[], agents: string | undefined, archiveDir: string): { followed: FollowedFolder[]; sessionsOf(path: string): Promise<SessionInput[]> } {
  if (folders.length > 0) {
    const followed = givenFolders(folders, archiveDir);
    return { followed, sessionsOf: (path) => sessionsInFolders(io, followed, path) };
  }
  const stores = storeFolders(io, agents, archiveDir);
  return { followed: stores, sessionsOf: (path) => discoveredSessionsOf(io, stores, path) };
}

/** The folders given, each followed whole (the archive folder, if inside, left out). */
function givenFolders(folders: readonly string[], archiveDir: string): FollowedFolder[] {
  const outsideArchive = (path: string) => !`${resolve(path)}${sep}`.startsWith(`${archiveDir}${sep}`);
  return folders.map((folder) => ({ dir: resolve(folder), accepts: (path) => /\.(jsonl|json|ndjson|db)$/i.test(path) && outsideArchive(path) }));
}

interface StoreFolder extends FollowedFolder {
  agent: string;
}

/** Each store root of the chosen agents, deep enough for its patterns, accepting the files they match. */
function storeFolders(io: CliIO, agents: string | undefined, archiveDir: string): StoreFolder[] {
  const { context } = discoverBase(io);
  const wanted = agentWanted(agents);
  return selectAgents(agents).flatMap((adapter) => (adapter.stores ?? []).flatMap((store) => store.roots(context).filter((root) => wanted(root.agent ?? adapter.id, adapter.id)).map((root) => {
    const patterns = root.files.map(compilePattern);
    const dir = resolve(root.dir);
    return {
      agent: adapter.id,
      dir,
      depth: Math.max(...patterns.map((names) => names.length)) - 1,
      finished: (path: string) => finishedBy(store, dir, path),
      accepts: (path: string) => {
        if (`${resolve(path)}${sep}`.startsWith(`${archiveDir}${sep}`) || !path.startsWith(`${dir}${sep}`)) return false;
        const names = path.slice(dir.length + 1).split(sep);
        return patterns.some((pattern) => pattern.length === names.length && pattern.every((name, index) => name.test(names[index] as string)));
      },
    };
  })));
}

/** What the store reads from the file's head and tail says of its last turn (a database says nothing: the idle time decides). */
function finishedBy(store: SessionStore, root: string, path: string): boolean {
  if (!store.facts) return false;
  const info = statSync(path);
  const glance = glanceAt({ path, relativePath: path.slice(root.length + 1).split(sep).join('/'), size: info.size, mtimeMs: info.mtimeMs });
  return store.facts(glance)?.finished === true;
}

async function sessionsInFolders(io: CliIO, followed: readonly FollowedFolder[], path: string): Promise<SessionInput[]> {
  const roots = followed.filter((folder) => path.startsWith(`${folder.dir}${sep}`) || path === folder.dir).map((folder) => folder.dir);
  const { sources } = await listSessions(io, roots, undefined);
  return sources.filter((source) => sessionFiles(source).includes(path));
}

async function discoveredSessionsOf(io: CliIO, followed: readonly StoreFolder[], path: string): Promise<SessionInput[]> {
  const folder = followed.find((candidate) => candidate.accepts(path));
  if (!folder || !existsSync(path)) return [];
  return discoveredSources([{ agent: folder.agent, path }], ADAPTERS, io.stdin, emptyNotes());
}

/** With --upload: each archived session is planned against atx sync's state and sent as atx sync sends it. */
async function uploader(io: CliIO, flags: WatchFlags, sender: SessionSender, wanted: HandledWith, say: (event: Uploaded) => void) {
  const syncState = await SessionState.open<SyncRecord>(flags.syncState ?? defaultStatePath(io.env, 'sync'));
  return async (session: { source: SessionInput }) => {
    const plan = await planSessions([session.source], syncState, wanted);
    await sender.send(plan.due, syncState, wanted, (planned, reports) => {
      for (const report of reports) say({ kind: 'uploaded', session: planned.key, report });
    });
  };
}

interface Uploaded {
  kind: 'uploaded';
  session: string;
  report: ItemReport;
}

/** One line per event: on stderr for people, as JSON on stdout with --json. */
function sayer(io: CliIO, flags: WatchFlags, reporter: Reporter): (event: WatchEvent | Uploaded) => void {
  return (event) => {
    if (flags.json) {
      io.stdout.write(`${maskKeys(JSON.stringify(jsonOf(event)))}\n`);
      return;
    }
    switch (event.kind) {
      case 'archived': {
        const how = event.truncated ? 'shrank (truncated or replaced): converted again from scratch' : event.reason;
        reporter.info(`archived ${event.session} → ${event.archived.files.join(', ')} (${how}; ${event.archived.eventCount} events)`);
        break;
      }
      case 'uploaded':
        break; // said by the sender, as atx sync says it
      case 'deleted':
        reporter.info(`${event.session} was deleted; its archive is kept: ${event.files.join(', ')}`);
        break;
      case 'failed':
        reporter.error(`${event.session}: not archived: ${event.message}`);
        break;
    }
  };
}

function jsonOf(event: WatchEvent | Uploaded): Record<string, unknown> {
  switch (event.kind) {
    case 'archived':
      return { event: 'archived', session: event.session, reason: event.reason, truncated: event.truncated, files: event.archived.files, transcriptIds: event.archived.transcriptIds, agent: event.archived.agent ?? null, events: event.archived.eventCount };
    case 'uploaded': {
      const { report } = event;
      return { event: 'uploaded', session: event.session, outcome: report.outcome, transcriptId: report.transcriptId, ...(report.status !== undefined ? { status: report.status } : {}), ...(report.version !== undefined ? { version: report.version } : {}), ...(report.message ? { message: report.message } : {}) };
    }
    case 'deleted':
      return { event: 'deleted', session: event.session, kept: event.files };
    case 'failed':
      return { event: 'failed', session: event.session, message: event.message };
  }
}

/** `make` run once, when first asked for; every caller gets the same promise. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
