/**
 * Reads OpenCode's SQLite store (`opencode.db`, 1.2 and later) read-only.
 *
 * OpenCode keeps the database in WAL mode and writes to it while it runs. The database is never
 * opened where it lies: its main file and write-ahead log are copied into a private temporary
 * folder and the copy is read (node-sqlite3-wasm, SQLite 3.53 compiled to WebAssembly, no native
 * build and nothing downloaded at install). That is what makes the read safe:
 *   - a live writer cannot change pages under the reader (a checkpoint rewrites the main file and
 *     then restarts the log; reading them in place could mix two states);
 *   - the WebAssembly SQLite locks by creating a `<file>.lock` folder beside the file, and has no
 *     shared memory for the WAL index: on the copy both are harmless (`locking_mode=EXCLUSIVE`
 *     keeps the WAL index in the reader's own memory, so the `-shm` file is not needed).
 * The copy is checked: the main file's size and mtime and the log's header (its salts change when
 * the log restarts) must be the same before and after copying, else it is copied again. A log
 * appended to during the copy is fine: SQLite ignores frames after the last complete commit.
 */
import { chmodSync, copyFileSync, existsSync, mkdtempSync, openSync, readSync, closeSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parsedJson } from '../shared/json.js';
import { OPENCODE_FLAVOR } from './flavor.js';
import { childSessionIds } from './records.js';
import { sessionMessages } from './session-message-rows.js';
let sqlite;
/** Loaded on first use: the WebAssembly module costs ~50 ms to compile, and most runs never read a database. */
function loadSqlite() {
    sqlite ??= createRequire(import.meta.url)('node-sqlite3-wasm');
    return sqlite;
}
const COPY_ATTEMPTS = 6;
function fingerprint(file) {
    const stat = statSync(file);
    let walHeader = '';
    if (existsSync(`${file}-wal`)) {
        const fd = openSync(`${file}-wal`, 'r');
        try {
            const buffer = Buffer.alloc(32);
            const read = readSync(fd, buffer, 0, 32, 0);
            walHeader = buffer.subarray(0, read).toString('hex');
        }
        finally {
            closeSync(fd);
        }
    }
    return { size: stat.size, mtimeMs: stat.mtimeMs, walHeader };
}
const sameFingerprint = (a, b) => a.size === b.size && a.mtimeMs === b.mtimeMs && a.walHeader === b.walHeader;
/** A consistent private copy of a database and its log; removed when the last reader is done (or at exit). */
export class StoreSnapshot {
    dir;
    file;
    ownCleanup;
    users = 0;
    removed = false;
    cleanup = () => this.remove();
    /** Without a scratch space (library use), the copy is also removed when the process exits. */
    constructor(dir, file, ownCleanup) {
        this.dir = dir;
        this.file = file;
        this.ownCleanup = ownCleanup;
        if (ownCleanup)
            process.once('exit', this.cleanup);
    }
    static take(source, scratch) {
        let last;
        for (let attempt = 0; attempt < COPY_ATTEMPTS; attempt += 1) {
            const before = fingerprint(source);
            const dir = scratch ? scratch.folder('opencode') : mkdtempSync(join(tmpdir(), 'atx-opencode-'));
            const file = join(dir, 'opencode.db');
            try {
                copyFileSync(source, file);
                chmodSync(file, 0o600);
                if (existsSync(`${source}-wal`)) {
                    copyFileSync(`${source}-wal`, `${file}-wal`);
                    chmodSync(`${file}-wal`, 0o600);
                }
                if (sameFingerprint(before, fingerprint(source)))
                    return new StoreSnapshot(dir, file, !scratch);
                last = new Error('the database changed while it was being copied');
            }
            catch (error) {
                last = error instanceof Error ? error : new Error(String(error));
            }
            rmSync(dir, { recursive: true, force: true });
        }
        throw new Error(`could not take a consistent copy of ${source}: ${last?.message ?? 'unknown error'}`);
    }
    open() {
        const { Database } = loadSqlite();
        const db = new Database(this.file, { readOnly: true, fileMustExist: true });
        try {
            db.exec('PRAGMA locking_mode=EXCLUSIVE');
            return db;
        }
        catch (error) {
            db.close();
            throw error;
        }
    }
    acquire() {
        this.users += 1;
    }
    release() {
        this.users -= 1;
        if (this.users <= 0)
            this.remove();
    }
    remove() {
        if (this.removed)
            return;
        this.removed = true;
        if (this.ownCleanup)
            process.removeListener('exit', this.cleanup);
        rmSync(this.dir, { recursive: true, force: true });
    }
}
/** The ids of top-level sessions, oldest first (a child whose parent is gone counts as top-level). */
export function listSessions(db) {
    if (!hasTable(db, 'session'))
        throw new Error('not an OpenCode database (it has no session table)');
    const rows = db.all('SELECT s.id AS id FROM session s WHERE s.parent_id IS NULL OR NOT EXISTS (SELECT 1 FROM session p WHERE p.id = s.parent_id) ORDER BY s.time_created, s.id');
    return rows.map((row) => String(row.id));
}
export function sessionIds(db) {
    return new Set(db.all('SELECT id FROM session').map((row) => String(row.id)));
}
function hasTable(db, name) {
    return db.get("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?", [name]) !== null;
}
/**
 * The sessions of one database file, as the pipeline's ContainerSessions. `only` selects one
 * session by id (`opencode.db#ses_…`).
 */
export function databaseSessions(path, only, scratch, flavor = OPENCODE_FLAVOR) {
    const snapshot = StoreSnapshot.take(path, scratch);
    let ids;
    try {
        const db = snapshot.open();
        try {
            ids = only ? (sessionIds(db).has(only) ? [only] : []) : listSessions(db);
        }
        finally {
            db.close();
        }
    }
    catch (error) {
        snapshot.remove(); // not a store after all: its private copy goes at once
        throw error;
    }
    if (only && ids.length === 0) {
        snapshot.remove();
        throw new Error(`no session ${only} in ${path}`);
    }
    if (ids.length === 0)
        snapshot.remove();
    snapshot.acquire(); // held while the list is being handed out
    const sessions = ids.map((id) => {
        snapshot.acquire();
        return { name: `${path}#${id}`, records: () => sessionRecords(snapshot, id, flavor) };
    });
    snapshot.release();
    return sessions;
}
async function* sessionRecords(snapshot, id, flavor) {
    const db = snapshot.open();
    // records of another program than OpenCode say whose they are (detection tells the two apart by it)
    const mark = flavor === OPENCODE_FLAVOR ? {} : { flavor: flavor.agent };
    try {
        for (const record of sessionTree(db, id, new Set()))
            yield { ...record, ...mark };
    }
    finally {
        db.close();
        snapshot.release();
    }
}
function* sessionTree(db, id, seen, parent) {
    if (seen.has(id))
        return;
    const row = db.get('SELECT * FROM session WHERE id = ?', [id]);
    if (!row || (parent !== undefined && row.parent_id !== parent))
        return;
    seen.add(id);
    const project = typeof row.project_id === 'string' && hasTable(db, 'project') ? db.get('SELECT * FROM project WHERE id = ?', [row.project_id]) : null;
    yield { opencode: 'session', store: 'sqlite', info: sessionInfo(row), ...(project ? { project: projectInfo(project) } : {}) };
    const messages = db.prepare('SELECT id, session_id, data FROM message WHERE session_id = ? ORDER BY id');
    const parts = db.prepare('SELECT id, message_id, session_id, data FROM part WHERE message_id = ? ORDER BY id');
    try {
        for (const message of messages.iterate([id])) {
            const info = parseData(message, { id: message.id, sessionID: message.session_id });
            if (typeof info === 'string') {
                yield { opencode: 'unreadable', store: 'sqlite', what: 'message', reason: `message ${String(message.id)}: ${info}` };
                continue;
            }
            const list = [];
            for (const part of parts.all([message.id])) {
                const value = parseData(part, { id: part.id, messageID: part.message_id, sessionID: part.session_id });
                list.push(typeof value === 'string' ? { type: '(unreadable)', id: part.id, reason: value } : value);
            }
            yield { opencode: 'message', store: 'sqlite', info, parts: list };
            for (const child of childSessionIds(list)) {
                yield* sessionTree(db, child, seen, id);
            }
        }
    }
    finally {
        messages.finalize();
        parts.finalize();
    }
    if (hasTable(db, 'session_message'))
        yield* sessionMessages(db, id);
    const children = db.all('SELECT id FROM session WHERE parent_id = ? ORDER BY time_created, id', [id]);
    for (const child of children)
        yield* sessionTree(db, String(child.id), seen, id);
}
/** A `data` JSON column with the row's ids put back (OpenCode stores the object minus its ids). */
export function parseData(row, ids) {
    if (typeof row.data !== 'string')
        return 'no data column';
    try {
        const value = JSON.parse(row.data);
        if (value === null || typeof value !== 'object' || Array.isArray(value))
            return 'data is not a JSON object';
        return { ...value, ...ids };
    }
    catch {
        return `data is not valid JSON (${row.data.length} characters)`;
    }
}
const json = (value) => parsedJson(value ?? undefined);
/** A session row in the shape of OpenCode's Session.Info (what `opencode export` prints as `info`). */
function sessionInfo(row) {
    const info = {
        id: row.id,
        slug: row.slug ?? undefined,
        projectID: row.project_id ?? undefined,
        workspaceID: row.workspace_id ?? undefined,
        parentID: row.parent_id ?? undefined,
        directory: row.directory ?? undefined,
        path: row.path ?? undefined,
        title: row.title ?? undefined,
        version: row.version ?? undefined,
        agent: row.agent ?? undefined,
        model: json(row.model),
        summary: { additions: row.summary_additions ?? undefined, deletions: row.summary_deletions ?? undefined, files: row.summary_files ?? undefined },
        cost: row.cost ?? undefined,
        tokens: {
            input: row.tokens_input ?? undefined,
            output: row.tokens_output ?? undefined,
            reasoning: row.tokens_reasoning ?? undefined,
            cache: { read: row.tokens_cache_read ?? undefined, write: row.tokens_cache_write ?? undefined },
        },
        share: row.share_url ? { url: row.share_url } : undefined,
        revert: json(row.revert),
        time: { created: row.time_created ?? undefined, updated: row.time_updated ?? undefined, compacting: row.time_compacting ?? undefined, archived: row.time_archived ?? undefined },
    };
    return JSON.parse(JSON.stringify(info)); // drops the undefined fields
}
function projectInfo(row) {
    return JSON.parse(JSON.stringify({ id: row.id, worktree: row.worktree ?? undefined, vcs: row.vcs ?? undefined, name: row.name ?? undefined }));
}
/** The flavor's main database, or one of its channel databases (`opencode-<channel>.db`). */
export const isDatabaseName = (path, flavor = OPENCODE_FLAVOR) => flavor.databaseName.test(basename(path)) || flavor.databaseName.test(path);
//# sourceMappingURL=store.js.map