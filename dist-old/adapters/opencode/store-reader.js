/**
 * The container reader of an OpenCode-code data folder or database file, for one flavor (OpenCode,
 * Kilo Code): the data folder (`~/.local/share/<name>`, its databases and, for OpenCode, the legacy
 * JSON tree), or one database file; `FILE#ses_<id>` picks one session.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { StoreSnapshot, databaseSessions, isDatabaseName, sessionIds } from './store.js';
import { isDir, storageDir, treeSessions } from './tree.js';
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** `path#ses_…` selects one session of a store. */
function splitSession(path) {
    const at = path.lastIndexOf('#');
    if (at > 0 && /^ses_[\w-]+$/.test(path.slice(at + 1)))
        return { base: path.slice(0, at), id: path.slice(at + 1) };
    return { base: path };
}
/** The databases of a data dir: the main one first, then channel databases (`<name>-<channel>.db`). */
function databasesIn(folder, flavor) {
    let names = [];
    try {
        names = readdirSync(folder).filter((name) => flavor.databaseName.test(name)).sort();
    }
    catch {
        return [];
    }
    return [...names.filter((n) => n === flavor.database), ...names.filter((n) => n !== flavor.database)].map((n) => join(folder, n));
}
/** Session ids of the databases of a data dir, read once per run (for the database-wins rule). */
const databaseIdsCache = new Map();
export function databaseIds(folder, flavor, scratch) {
    const key = `${flavor.agent}:${folder}`;
    const cached = databaseIdsCache.get(key);
    if (cached)
        return cached;
    const ids = new Set();
    for (const file of databasesIn(folder, flavor)) {
        const snapshot = StoreSnapshot.take(file, scratch);
        try {
            const db = snapshot.open();
            try {
                for (const id of sessionIds(db))
                    ids.add(id);
            }
            finally {
                db.close();
            }
        }
        finally {
            snapshot.remove();
        }
    }
    databaseIdsCache.set(key, ids);
    return ids;
}
export function storeReader(flavor, options) {
    const tree = (base) => (options.legacyTree ? storageDir(base) : undefined);
    return {
        description: options.description,
        fileName: flavor.databaseName,
        claims(path, head) {
            const { base } = splitSession(path);
            if (head === null)
                return isDir(base) && (databasesIn(base, flavor).length > 0 || tree(base) !== undefined);
            if (!head.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC))
                return false;
            return isDatabaseName(base, flavor) || options.ownsHead(head);
        },
        async sessions(path, scratch) {
            const { base, id } = splitSession(path);
            if (!isDir(base))
                return databaseSessions(base, id, scratch, flavor);
            const sessions = [];
            const known = databaseIds(base, flavor, scratch);
            for (const file of databasesIn(base, flavor)) {
                if (id && !known.has(id))
                    continue;
                sessions.push(...databaseSessions(file, id, scratch, flavor));
            }
            const storage = tree(base);
            if (storage)
                sessions.push(...treeSessions(storage, known, id));
            if (id && sessions.length === 0)
                throw new Error(`no session ${id} in ${base}`);
            return sessions;
        },
    };
}
//# sourceMappingURL=store-reader.js.map