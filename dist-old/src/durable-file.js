/**
 * Writing a file so that a crash at any moment leaves either the old file or the whole new one:
 * a temp file in the same folder, written and fsynced, renamed over the target, then the folder
 * fsynced so the rename itself survives a power cut. Used by the outbox, the server's store and
 * the config file (which may hold a key: hence mode 600).
 */
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
/** `tempPrefix` names the temp file, so a folder's sweeper can recognise leftovers of a killed writer. */
export async function writeFileDurably(target, data, tempPrefix, mode = 0o600) {
    const temp = await writeDurableTemp(target, data, tempPrefix, mode);
    await renameOrDrop(temp, target);
    await syncFolder(dirname(target));
}
/**
 * The first half of writeFileDurably: `data` written and fsynced to a temp file next to `target`,
 * whose name comes back. The caller renames it over the target (renameOrDrop) and syncs the
 * folder, maybe once for many files (FolderSync).
 */
export async function writeDurableTemp(target, data, tempPrefix, mode = 0o600) {
    const temp = join(dirname(target), `${tempPrefix}${process.pid}-${randomBytes(6).toString('hex')}`);
    try {
        const handle = await open(temp, 'wx', mode);
        try {
            await handle.writeFile(data);
            await handle.sync();
        }
        finally {
            await handle.close();
        }
    }
    catch (error) {
        await unlink(temp).catch(() => { });
        throw error;
    }
    return temp;
}
/** Renames a temp file over its target; the temp file is removed when that fails. */
export async function renameOrDrop(temp, target) {
    try {
        await rename(temp, target);
    }
    catch (error) {
        await unlink(temp).catch(() => { });
        throw error;
    }
}
/**
 * Group commit of a folder's entries: a caller waits for an fsync of the folder that began after
 * it asked, and every caller that asks while one runs shares the next. Many files renamed or
 * removed side by side then cost one or two folder fsyncs, not one each.
 */
export class FolderSync {
    folder;
    syncer;
    #running;
    #next;
    /** `syncer`: how one fsync of the folder is done (tests count them) */
    constructor(folder, syncer = syncFolder) {
        this.folder = folder;
        this.syncer = syncer;
    }
    sync() {
        if (this.#next)
            return this.#next;
        if (!this.#running)
            return this.#start();
        this.#next = this.#running.catch(() => { }).then(() => {
            this.#next = undefined;
            return this.#start();
        });
        return this.#next;
    }
    #start() {
        const run = this.syncer(this.folder).finally(() => {
            if (this.#running === run)
                this.#running = undefined;
        });
        this.#running = run;
        return run;
    }
}
/** fsync of a folder, where the file system allows it (some refuse; the rename is still atomic there). */
export async function syncFolder(path) {
    let handle;
    try {
        handle = await open(path, 'r');
        await handle.sync();
    }
    catch (error) {
        const code = error.code;
        if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF' && code !== 'EACCES')
            throw error;
    }
    finally {
        await handle?.close();
    }
}
//# sourceMappingURL=durable-file.js.map