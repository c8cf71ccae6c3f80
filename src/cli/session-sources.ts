/**
 * The sessions `atx sync` and `atx watch` work on: those of the folders given, or, when none is
 * given, those `atx discover` lists for the agents chosen with --agent. Either way each session
 * comes with its companion files (subagent chats) as a folder walk groups them.
 */
import type { Command } from 'commander';
import { ADAPTERS } from '../../adapters/index.js';
import { discoverSessions, emptyDiscoverNotes } from '../discover/index.js';
import { discoveredSources } from '../input/discover-input.js';
import { resolveSources } from '../input/reader.js';
import { emptyNotes, type SessionInput } from '../pipeline/sources.js';
import { otherFilesLine } from './batch.js';
import { agentWanted, discoverBase, selectAgents } from './commands/discover.js';
import { commandHelp } from './described-command.js';
import type { CliIO } from './io.js';
import { addSendingOptions } from './upload-options.js';

/** --agent and --state, which atx sync and atx watch share. */
export interface SessionListFlags {
  agent?: string;
  state?: string;
}

/**
 * The options atx sync and atx watch share: --agent (which agents' sessions, when no folder is
 * given), --state (the command's state file) and those of every command that sends; then the help.
 */
export function sessionCommandOptions(command: Command, state: 'sync' | 'watch', help: { examples: string[]; exitCodes: string[] }): Command {
  command
    .option('--agent <ids>', 'without folders: only these agents, comma-separated (as atx discover --agent)')
    .option('--state <file>', `the state file (default $XDG_STATE_HOME/atx/${state}.json or ~/.local/state/atx/${state}.json)`);
  const environment = ['ATX_KEY', 'ATX_ENDPOINT', 'ATX_OUTBOX', 'ATX_CONFIG', 'agent variables', 'HTTPS_PROXY', 'TMPDIR'] as const;
  return addSendingOptions(command).addHelpText('after', commandHelp({ ...help, environment }));
}

export interface SessionList {
  sources: SessionInput[];
  /** what could not be looked at, one line each */
  warnings: string[];
}

export async function listSessions(io: CliIO, folders: readonly string[], agents: string | undefined): Promise<SessionList> {
  if (folders.length > 0) {
    const { sources, notes } = await resolveSources(folders, ADAPTERS, io.stdin);
    const warnings = notes.emptyFolders.map((folder) => `${folder}: no session file in it`);
    if (notes.otherFiles.length > 0) warnings.push(otherFilesLine(notes.otherFiles));
    warnings.push(...notes.dangling.map((link) => `${link}: symbolic link to nothing; skipped`));
    warnings.push(...notes.unfollowable.map(({ path, reason }) => `${path}: symbolic link ${reason}; skipped`));
    return { sources, warnings };
  }
  const notes = emptyDiscoverNotes();
  const lines: { agent: string; path: string }[] = [];
  for await (const session of discoverSessions(selectAgents(agents), { ...discoverBase(io), agents: agentWanted(agents) }, notes)) {
    lines.push({ agent: session.adapter, path: session.path });
  }
  const sources = await discoveredSources(lines, ADAPTERS, io.stdin, emptyNotes());
  return { sources, warnings: notes.unreadable.map(({ path, reason }) => `${path}: could not be read (${reason})`) };
}
