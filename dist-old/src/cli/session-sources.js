import { ADAPTERS } from '../../adapters/index.js';
import { discoverSessions, emptyDiscoverNotes } from '../discover/index.js';
import { discoveredSources } from '../input/discover-input.js';
import { resolveSources } from '../input/reader.js';
import { emptyNotes } from '../pipeline/sources.js';
import { otherFilesLine } from './batch.js';
import { discoverBase, selectAgents } from './commands/discover.js';
import { commandHelp } from './described-command.js';
import { addSendingOptions } from './upload-options.js';
/**
 * The options atx sync and atx watch share: --agent (which agents' sessions, when no folder is
 * given), --state (the command's state file) and those of every command that sends; then the help.
 */
export function sessionCommandOptions(command, state, help) {
    command
        .option('--agent <ids>', 'without folders: only these agents, comma-separated (as atx discover --agent)')
        .option('--state <file>', `the state file (default $XDG_STATE_HOME/atx/${state}.json or ~/.local/state/atx/${state}.json)`);
    const environment = ['ATX_KEY', 'ATX_ENDPOINT', 'ATX_OUTBOX', 'ATX_CONFIG', 'agent variables', 'HTTPS_PROXY', 'TMPDIR'];
    return addSendingOptions(command).addHelpText('after', commandHelp({ ...help, environment }));
}
export async function listSessions(io, folders, agents) {
    if (folders.length > 0) {
        const { sources, notes } = await resolveSources(folders, ADAPTERS, io.stdin);
        const warnings = notes.emptyFolders.map((folder) => `${folder}: no session file in it`);
        if (notes.otherFiles.length > 0)
            warnings.push(otherFilesLine(notes.otherFiles));
        return { sources, warnings };
    }
    const notes = emptyDiscoverNotes();
    const lines = [];
    for await (const session of discoverSessions(selectAgents(agents), discoverBase(io), notes))
        lines.push({ agent: session.agent, path: session.path });
    const sources = await discoveredSources(lines, ADAPTERS, io.stdin, emptyNotes());
    return { sources, warnings: notes.unreadable.map(({ path, reason }) => `${path}: could not be read (${reason})`) };
}
//# sourceMappingURL=session-sources.js.map