/**
 * Where OpenCode keeps its sessions, for `atx discover` (store.ts is the database reader itself).
 * The data folder is `$XDG_DATA_HOME/opencode` (`~/.local/share/opencode`): `opencode.db` (and
 * channel builds' `opencode-<channel>.db`) from 1.2 on, the JSON tree
 * `storage/session/<project>/ses_<id>.json` before. A session the database also holds is listed
 * from the database; subagent (child) sessions are read with their parent. The database store takes
 * a Flavor, so Kilo Code (adapters/kilo-code/store.ts) lists its own database with it.
 */
import { basename, dirname, join } from 'node:path';
import { asRecord } from '../shared/json.js';
import { definedFacts, timeOf, wholeDocument } from '../shared/glance.js';
import { xdgFolder } from '../shared/locations.js';
import { StoreSnapshot } from './store.js';
import { OPENCODE_FLAVOR } from './flavor.js';
const dataFolder = (context) => join(xdgFolder(context, 'XDG_DATA_HOME'), 'opencode');
const text = (value) => (typeof value === 'string' && value !== '' ? value : undefined);
/** The newest message of a session says whether its last turn ended (an assistant message that completed without asking for tools). */
function lastTurnEnded(data) {
    if (typeof data !== 'string')
        return undefined;
    try {
        const message = asRecord(JSON.parse(data));
        if (!message)
            return undefined;
        return message.role === 'assistant' && asRecord(message.time)?.completed !== undefined && message.finish !== 'tool-calls';
    }
    catch {
        return undefined;
    }
}
function databaseRoots(flavor, location, context) {
    const dataFolder = location.dataFolder(context);
    const roots = [{ dir: dataFolder, files: [flavor.database, flavor.database.replace(/\.db$/, '-*.db')] }];
    const named = location.namedFile?.(context);
    if (!named || (dirname(named) === dataFolder && flavor.databaseName.test(basename(named))))
        return roots;
    return [...roots, { dir: dirname(named), files: [basename(named)] }];
}
/**
 * The sessions of the databases of OpenCode or a program built on its code (the flavor): one entry
 * per top-level session, named `FILE#ses_<id>`.
 */
export function databaseStore(flavor, location) {
    return {
        description: location.description,
        roots: (context) => databaseRoots(flavor, location, context),
        async list(path, scratch) {
            const snapshot = StoreSnapshot.take(path, scratch);
            try {
                const db = snapshot.open();
                try {
                    const sessions = db.all('SELECT s.id AS id, s.directory AS directory, s.time_created AS created, s.time_updated AS updated, '
                        + '(SELECT COUNT(*) FROM message m WHERE m.session_id = s.id) AS messages, '
                        + '(SELECT m.data FROM message m WHERE m.session_id = s.id ORDER BY m.id DESC LIMIT 1) AS last '
                        + 'FROM session s WHERE s.parent_id IS NULL OR NOT EXISTS (SELECT 1 FROM session p WHERE p.id = s.parent_id) ORDER BY s.time_created, s.id');
                    return sessions.map((row) => definedFacts({
                        sessionId: String(row.id),
                        project: text(row.directory),
                        startedAt: timeOf(row.created),
                        endedAt: timeOf(row.updated),
                        finished: lastTurnEnded(row.last),
                        events: typeof row.messages === 'number' ? row.messages : undefined,
                        input: `${path}#${String(row.id)}`,
                    }));
                }
                finally {
                    db.close();
                }
            }
            finally {
                snapshot.remove();
            }
        },
    };
}
export const opencodeDatabaseStore = databaseStore(OPENCODE_FLAVOR, { description: 'OpenCode SQLite store (1.2 and later)', dataFolder });
export const opencodeTreeStore = {
    description: 'OpenCode JSON session files (before 1.2)',
    roots: (context) => [{ dir: dataFolder(context), files: ['storage/session/*/ses_*.json'] }],
    facts(file) {
        const info = wholeDocument(file);
        if (!info || text(info.parentID))
            return info ? null : {};
        const time = asRecord(info.time);
        return definedFacts({
            sessionId: text(info.id),
            project: text(info.directory),
            startedAt: timeOf(time?.created),
            endedAt: timeOf(time?.updated),
        });
    },
};
//# sourceMappingURL=discover-store.js.map