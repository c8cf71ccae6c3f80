/**
 * Where Cursor keeps its agent transcripts, for `atx discover`:
 * `~/.cursor/projects/<workspace slug>/agent-transcripts/<id>/<id>.jsonl` (older builds:
 * `agent-transcripts/<id>.jsonl`). `$CURSOR_CONFIG_DIR` is tried as well when set (it moves the
 * CLI's config; the docs do not say it moves the projects). A subagent's
 * `<id>/subagents/<child>.jsonl` is not listed: converting its parent reads it. The lines carry
 * no ids, times or cwd: the id is the file's name, the project the `Workspace:` line Cursor puts
 * in the first prompt, the end the file's last write.
 */
import { join } from 'node:path';
import { definedFacts, jsonlFacts } from '../shared/glance.js';
import { envFolder } from '../shared/locations.js';
const TRANSCRIPTS = ['*/agent-transcripts/*/*.jsonl', '*/agent-transcripts/*.jsonl'];
/** `Workspace: <path>` in the `<user_info>` block, as it reads inside a JSON string */
const WORKSPACE = /Workspace: ((?:[^"\\]|\\[^n])+?)\\n/;
function cursorFolders(context) {
    const folders = [join(context.home, '.cursor')];
    const configured = envFolder(context, 'CURSOR_CONFIG_DIR');
    return configured && configured !== folders[0] ? [...folders, configured] : folders;
}
const unescaped = (raw) => {
    try {
        return JSON.parse(`"${raw}"`);
    }
    catch {
        return undefined;
    }
};
export const cursorStore = {
    description: 'Cursor agent transcripts',
    roots: (context) => cursorFolders(context).map((folder) => ({ dir: join(folder, 'projects'), files: TRANSCRIPTS })),
    facts(file) {
        const name = /([^/]+)\.jsonl$/.exec(file.relativePath)?.[1];
        const workspace = WORKSPACE.exec(file.head)?.[1];
        const { finished, events } = jsonlFacts(file, {
            // a turn_ended line closes each turn; any other line after the last one means a turn was under way
            finished: (record) => (record.type === 'turn_ended' ? true : record.role !== undefined ? false : undefined),
        });
        return definedFacts({ sessionId: name, project: workspace === undefined ? undefined : unescaped(workspace), finished, events });
    },
};
//# sourceMappingURL=store.js.map