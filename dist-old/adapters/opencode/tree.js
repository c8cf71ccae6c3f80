/**
 * Reads OpenCode's JSON file tree (releases before 1.2), read-only:
 *   storage/session/<projectID>/<sessionID>.json     Session.Info
 *   storage/message/<sessionID>/<messageID>.json     Message.info
 *   storage/part/<messageID>/<partID>.json           Part
 *   storage/project/<projectID>.json                 the project (worktree, vcs)
 * Older builds (documented, not seen in a recording) used storage/session/info/<sessionID>.json and
 * storage/part/<sessionID>/<messageID>/<partID>.json; both are read too. Each file is written whole
 * by OpenCode; one that cannot be parsed (e.g. caught mid-write) becomes an unreadable record.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { childSessionIds } from './records.js';
/** `storage/session/<projectID>/ses_….json`: a session file inside a tree. */
export const SESSION_FILE = /(^|\/)storage\/session\/[^/]+\/ses_[^/]+\.json$/;
/** The `storage` folder of a data dir, or the folder itself when it is one. */
export function storageDir(folder) {
    for (const candidate of [join(folder, 'storage'), folder]) {
        if (isDir(join(candidate, 'session')) && (isDir(join(candidate, 'message')) || isDir(join(candidate, 'part'))))
            return candidate;
    }
    return undefined;
}
export function isDir(path) {
    try {
        return statSync(path).isDirectory();
    }
    catch {
        return false;
    }
}
function list(dir) {
    try {
        return readdirSync(dir).sort();
    }
    catch {
        return [];
    }
}
function readJson(path) {
    try {
        const value = JSON.parse(readFileSync(path, 'utf8'));
        return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : 'not a JSON object';
    }
    catch (error) {
        return error instanceof SyntaxError ? 'not valid JSON' : `unreadable (${error.code ?? 'error'})`;
    }
}
/** Every session file of a tree, oldest first. */
function sessionFiles(storage) {
    const files = [];
    const root = join(storage, 'session');
    for (const project of list(root)) {
        for (const name of list(join(root, project))) {
            if (!name.endsWith('.json'))
                continue;
            const path = join(root, project, name);
            const info = readJson(path);
            if (typeof info === 'string')
                continue;
            const id = typeof info.id === 'string' ? info.id : name.slice(0, -'.json'.length);
            const time = info.time;
            files.push({
                id, path, info,
                ...(typeof info.parentID === 'string' ? { parentID: info.parentID } : {}),
                created: typeof time?.created === 'number' ? time.created : 0,
            });
        }
    }
    return files.sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
}
/**
 * The top-level sessions of a tree (children are read inside their parent), minus `exclude`
 * (sessions the database of the same data dir also holds: the database wins).
 */
export function treeSessions(storage, exclude = new Set(), only) {
    const all = sessionFiles(storage);
    const byId = new Map(all.map((file) => [file.id, file]));
    const top = only
        ? all.filter((file) => file.id === only)
        : all.filter((file) => !file.parentID || !byId.has(file.parentID));
    return top
        .filter((file) => !exclude.has(file.id))
        .map((file) => ({ name: file.path, records: () => sessionRecords(storage, file, all) }));
}
async function* sessionRecords(storage, file, all) {
    yield* sessionTree(storage, file, all, new Set());
}
function* sessionTree(storage, file, all, seen) {
    if (seen.has(file.id))
        return;
    seen.add(file.id);
    const projectID = typeof file.info.projectID === 'string' ? file.info.projectID : undefined;
    const project = projectID ? readJson(join(storage, 'project', `${projectID}.json`)) : undefined;
    yield { opencode: 'session', store: 'storage', info: file.info, ...(project && typeof project !== 'string' ? { project } : {}) };
    const messageDir = join(storage, 'message', file.id);
    for (const name of list(messageDir).filter((n) => n.endsWith('.json'))) {
        const info = readJson(join(messageDir, name));
        if (typeof info === 'string') {
            yield { opencode: 'unreadable', store: 'storage', what: 'message', reason: `message/${file.id}/${name}: ${info}` };
            continue;
        }
        const messageId = typeof info.id === 'string' ? info.id : name.slice(0, -'.json'.length);
        const partDir = [join(storage, 'part', messageId), join(storage, 'part', file.id, messageId)].find(isDir);
        const parts = [];
        for (const partName of partDir ? list(partDir).filter((n) => n.endsWith('.json')) : []) {
            const part = readJson(join(partDir, partName));
            parts.push(typeof part === 'string' ? { type: '(unreadable)', id: partName.slice(0, -'.json'.length), reason: part } : part);
        }
        yield { opencode: 'message', store: 'storage', info, parts };
        for (const childId of childSessionIds(parts)) {
            const child = all.find((f) => f.id === childId && f.parentID === file.id);
            if (child)
                yield* sessionTree(storage, child, all, seen);
        }
    }
    for (const child of all.filter((f) => f.parentID === file.id))
        yield* sessionTree(storage, child, all, seen);
}
/** For a session file found in a folder walk: its tree, and whether a parent in the same tree will read it. */
export function sessionFileContext(path) {
    if (!SESSION_FILE.test(path))
        return undefined;
    const storage = dirname(dirname(dirname(path)));
    if (!existsSync(join(storage, 'message')) && !existsSync(join(storage, 'part')))
        return undefined;
    return { storage, id: basename(path, '.json') };
}
/** Whether the session in this file is a child whose parent's file is in the same tree. */
export function hasParentInTree(storage, path) {
    const info = readJson(path);
    if (typeof info === 'string' || typeof info.parentID !== 'string')
        return false;
    return sessionFiles(storage).some((file) => file.id === info.parentID);
}
//# sourceMappingURL=tree.js.map