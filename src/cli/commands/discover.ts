import { homedir } from 'node:os';
import type { Command } from 'commander';
import { ADAPTERS } from '../../../adapters/index.js';
import type { Adapter } from '../../../adapters/types.js';
import { usageError } from '../../errors.js';
import { privateTempDir } from '../../lifecycle/temp.js';
import { discoverSessions, emptyDiscoverNotes, type DiscoveredSession, type DiscoverOptions } from '../../discover/index.js';
import { parseSince, projectMatcher } from '../../discover/filters.js';
import { discoverLine } from '../../discover/line.js';
import { commandHelp, describedCommand } from '../described-command.js';
import { colorsFor, Reporter, type CliIO } from '../io.js';

interface DiscoverFlags {
  agent?: string;
  since?: string;
  project?: string;
  json?: boolean;
}

const STORED = ADAPTERS.filter((adapter) => (adapter.stores ?? []).length > 0);

export function discoverCommand(io: CliIO): Command {
  return describedCommand('discover', 'list the agent sessions stored on this machine', `
List the sessions every agent atx knows keeps on this machine: agent, session id, project (cwd),
start and end time, size, native records (when the file is small enough to count them cheaply),
whether the last turn ended, and the path to give atx convert. Each agent's own location variables
are honoured (CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME, QWEN_HOME, COPILOT_HOME, XDG_DATA_HOME, ...;
see the README). Only the first and last 64 KiB of each file are read; a symbolic link leading out of
an agent's folder is not followed; a folder that does not exist is simply empty.`)
    .option('--agent <ids>', `only these agents, comma-separated (${[...STORED.map((adapter) => adapter.id), ...STORED.flatMap(forkNames)].join(', ')})`)
    .option('--since <when>', 'only sessions active since then: 7d, 24h, 30m, 2w, or a date (2026-01-31) or RFC 3339 time')
    .option('--project <path|text>', 'only sessions whose project is this folder or under it (a path), or contains this text')
    .option('--json', 'print one JSON line per session (atx convert - and atx upload - read them from stdin)')
    .addHelpText('after', `
Examples:
  atx discover --since 7d
  atx discover --agent claude-code,codex --project ~/src/app
  atx discover --since 24h --json | atx convert - -o transcripts/
  atx discover --since 7d --json | atx upload -

Each --json line starts with "atxDiscover": 1 and holds agent, adapter (what reads it: codex for TRAE CLI), sessionId, path, project, startedAt,
endedAt, size, events and finished (null when unknown). Agents with no store of their own (acp: its
captures live wherever you save them) are not listed.`)
    .addHelpText('after', commandHelp({
      exitCodes: ['0 the list was printed (also when it is empty)', '2 usage (a bad --since or --agent)', '5 internal error'],
      environment: ['agent variables', 'ATX_CLOCK'],
    }))
    .action(async (flags: DiscoverFlags) => {
      const home = io.env.HOME || homedir();
      const now = io.env.ATX_CLOCK ? Date.parse(io.env.ATX_CLOCK) : Date.now();
      const adapters = selectAgents(flags.agent);
      const options = {
        ...discoverBase(io),
        ...(flags.since !== undefined ? { since: parseSince(flags.since, now) } : {}),
        ...(flags.project !== undefined ? { project: projectMatcher(flags.project, process.cwd(), home) } : {}),
        agents: agentWanted(flags.agent),
      };
      const notes = emptyDiscoverNotes();
      const reporter = new Reporter(io, colorsFor(io), false, Boolean(flags.json));
      let count = 0;
      if (!flags.json) io.stdout.write(`${row(['AGENT', 'SESSION', 'START', 'END', 'SIZE', 'EVENTS', 'DONE', 'PROJECT', 'PATH'])}\n`);
      for await (const session of discoverSessions(adapters, options, notes)) {
        count += 1;
        io.stdout.write(`${flags.json ? discoverLine(session) : row(cells(session))}\n`);
      }
      for (const link of notes.linksOutside) reporter.warn(`${link}: symbolic link out of the agent's folder; not followed`, { input: link });
      for (const { path, reason } of notes.unreadable) reporter.warn(`${path}: could not be read (${reason})`, { input: path });
      reporter.info(`${count} session(s) found`);
    });
}

/** Where the stores are looked for (the agents' own variables, the home folder) and where copies go. */
export function discoverBase(io: CliIO): Pick<DiscoverOptions, 'context' | 'scratch'> {
  return { context: { env: io.env, home: io.env.HOME || homedir() }, scratch: { folder: privateTempDir } };
}

/** Names a store root gives the program whose files it holds, when not its adapter's agent (a fork: TRAE CLI's rollouts). */
function forkNames(adapter: Adapter): string[] {
  const anywhere = { env: {}, home: '' };
  return (adapter.stores ?? []).flatMap((store) => store.roots(anywhere).flatMap((root) => (root.agent ? [root.agent] : [])));
}

/**
 * The adapters `--agent` names (every agent with a store of its own when it is not given): an
 * adapter id, or the name of a program one of its stores reads (trae-cli, read by codex).
 */
export function selectAgents(list: string | undefined): Adapter[] {
  if (list === undefined) return STORED;
  const selected = idsOf(list).map((id) => {
    const adapter = ADAPTERS.find((candidate) => candidate.id === id) ?? STORED.find((candidate) => forkNames(candidate).includes(id));
    if (!adapter) throw usageError(`--agent: no agent "${id}" (known: ${[...ADAPTERS.map((a) => a.id), ...STORED.flatMap(forkNames)].join(', ')})`);
    if (!adapter.stores?.length) throw usageError(`--agent: ${id} keeps no sessions of its own to discover (its logs are wherever you saved them)`);
    return adapter;
  });
  return [...new Set(selected)];
}

/** Whether a session or store root `--agent` asked for: by the program that wrote it, or by the adapter that reads it (codex lists TRAE CLI's too). */
export function agentWanted(list: string | undefined): (agent: string, adapter: string) => boolean {
  if (list === undefined) return () => true;
  const ids = new Set(idsOf(list));
  return (agent, adapter) => ids.has(agent) || ids.has(adapter);
}

const idsOf = (list: string) => list.split(',').map((id) => id.trim()).filter((id) => id !== '');

const WIDTHS = [12, 36, 16, 16, 7, 6, 4, 0, 0];

function row(cells: string[]): string {
  return cells.map((cell, index) => (WIDTHS[index] ? cell.padEnd(WIDTHS[index] as number) : cell)).join('  ').trimEnd();
}

const minute = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) : '-');

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}K`;
  return `${(bytes / 1024 / 1024).toFixed(1)}M`;
}

function cells(session: DiscoveredSession): string[] {
  return [
    session.agent,
    session.sessionId ?? '-',
    minute(session.startedAt),
    minute(session.endedAt),
    size(session.size),
    session.events === null ? '-' : String(session.events),
    session.finished === null ? '?' : session.finished ? 'yes' : 'no',
    session.project ?? '-',
    session.path,
  ];
}
