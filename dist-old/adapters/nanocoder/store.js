/**
 * Where Nanocoder keeps its sessions, for `atx discover`: `<data dir>/sessions/<uuid>.json`, the
 * data dir being `$NANOCODER_DATA_DIR`, else `$XDG_DATA_HOME/nanocoder`, else
 * `~/.local/share/nanocoder` (`~/Library/Application Support/nanocoder` on macOS). The folder's
 * `sessions.json` index repeats each file's header and is not listed. A sessions folder moved by
 * the preferences file (`nanocoder.sessions.directory`) is not followed: roots read no files.
 * Whether the last turn ended is read from the document's end (its last message).
 */
import { join } from 'node:path';
import { documentFacts, lastMessage } from '../shared/glance.js';
import { envFolder, xdgFolder } from '../shared/locations.js';
const INDEX = /(^|\/)sessions\.json$/;
export const nanocoderStore = {
    description: 'Nanocoder session files',
    roots(context) {
        const xdgData = envFolder(context, 'XDG_DATA_HOME');
        const moved = envFolder(context, 'NANOCODER_DATA_DIR') ?? (xdgData ? join(xdgData, 'nanocoder') : undefined);
        const dataDirs = moved ? [moved] : [join(xdgFolder(context, 'XDG_DATA_HOME'), 'nanocoder'), join(context.home, 'Library', 'Application Support', 'nanocoder')];
        return dataDirs.map((dir) => ({ dir, files: ['sessions/*.json'] }));
    },
    facts(file) {
        if (INDEX.test(file.relativePath))
            return null;
        const facts = documentFacts(file, { sessionId: 'id', project: 'workingDirectory', startedAt: 'createdAt', endedAt: 'lastAccessedAt', records: 'messages' });
        const finished = finishedFromTail(file.tail);
        return facts && finished !== undefined ? { ...facts, finished } : facts;
    },
};
/** The last turn ended: the last message is the assistant's and called no tool (a tool's answer or the user's message last: not over). */
function finishedFromTail(tail) {
    const last = lastMessage(tail);
    if (!last)
        return undefined;
    return last.role === 'assistant' && !/"tool_calls"\s*:\s*\[\s*\{/.test(last.text);
}
//# sourceMappingURL=store.js.map