/**
 * The small local state `atx sync` and `atx watch` keep per session: what the session's files
 * looked like (size, last write, content hash) when it was last handled, and with what. Read
 * once, written whole and atomically (a temp file renamed over it) after every session handled,
 * so a crash at any moment leaves the state as it was after the last session finished.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileDurably } from '../durable-file.js';
import { AtxError, ExitCode } from '../errors.js';
import { xdgDir } from '../paths.js';
/** `$XDG_STATE_HOME/atx/<name>.json`: beside the outbox. */
export function defaultStatePath(env, name) {
    return join(xdgDir(env, 'XDG_STATE_HOME'), 'atx', `${name}.json`);
}
export class SessionState {
    path;
    sessions;
    writing = Promise.resolve();
    constructor(path, sessions) {
        this.path = path;
        this.sessions = sessions;
    }
    static async open(path) {
        let text;
        try {
            text = await readFile(path, 'utf8');
        }
        catch (error) {
            if (error.code !== 'ENOENT')
                throw stateError(path, error);
        }
        if (text === undefined)
            return new SessionState(path, new Map());
        let parsed;
        try {
            parsed = JSON.parse(text);
        }
        catch (error) {
            throw stateError(path, error);
        }
        if (parsed.atxState !== 1 || typeof parsed.sessions !== 'object' || parsed.sessions === null) {
            throw stateError(path, new Error('not an atx state file'));
        }
        return new SessionState(path, new Map(Object.entries(parsed.sessions)));
    }
    get(key) {
        return this.sessions.get(key);
    }
    get size() {
        return this.sessions.size;
    }
    /** Records a session and writes the state; writes are made one after another, each with every record so far. */
    set(key, record) {
        this.sessions.set(key, record);
        return this.save();
    }
    /** Updates records without writing (the next set() or save() writes them). */
    update(key, record) {
        this.sessions.set(key, record);
    }
    save() {
        const next = this.writing.then(async () => {
            const file = { atxState: 1, sessions: Object.fromEntries(this.sessions) };
            await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
            await writeFileDurably(this.path, `${JSON.stringify(file)}\n`, '.atx-state-');
        });
        this.writing = next.catch(() => { });
        return next.catch((error) => {
            throw stateError(this.path, error);
        });
    }
}
function stateError(path, error) {
    const reason = error instanceof Error ? error.message : String(error);
    return new AtxError(ExitCode.partial, `state file ${path}: ${reason} (move it away to start afresh)`, { code: 'state' });
}
//# sourceMappingURL=state.js.map