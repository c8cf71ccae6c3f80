/**
 * The sessions `atx sync` and `atx watch` work on: those of the folders given, or, when none is
 * given, those `atx discover` lists for the agents chosen with --agent. Either way each session
 * comes with its companion files (subagent chats) as a folder walk groups them.
 */
import { ADAPTERS } from '../../adapters/index.js';
import { discoverSessions, emptyDiscoverNotes } from '../discover/index.js';
import { discoveredSources } from '../input/discover-input.js';
import { resolveSources } from '../input/reader.js';
import { emptyNotes, type SessionInput } from '../pipeline/sources.js';
import { discoverBase, selectAgents } from './commands/discover.js';
import type { CliIO } from './io.js';

export interface SessionList {
  sources: SessionInput[];
  /** what could not be looked at, one line each */
  warnings: string[];
}

export async function listSessions(io: CliIO, folders: readonly string[], agents: string | undefined): Promise<SessionList> {
  if (folders.length > 0) {
    const { sources, notes } = await resolveSources(folders, ADAPTERS, io.stdin);
    return { sources, warnings: notes.emptyFolders.map((folder) => `${folder}: no session file in it`) };
  }
  const notes = emptyDiscoverNotes();
  const lines: { agent: string; path: string }[] = [];
  for await (const session of discoverSessions(selectAgents(agents), discoverBase(io), notes)) lines.push({ agent: session.agent, path: session.path });
  const sources = await discoveredSources(lines, ADAPTERS, io.stdin, emptyNotes());
  return { sources, warnings: notes.unreadable.map(({ path, reason }) => `${path}: could not be read (${reason})`) };
}
