/**
 * Transcript bytes as files, named by the SHA-256 of their content (blobs/ab/<sha256>.json).
 * A blob is written to a temp file in its final folder, synced, renamed into place, and the folder
 * synced, so after a crash a blob is either whole or absent; temp files and blobs that no index
 * row names are what a crash can leave, and sweep() removes them.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { syncFolder, writeFileDurably } from '../durable-file.js';
const BLOB_NAME = /^[0-9a-f]{64}$/;
const BLOB_FILE = /^([0-9a-f]{64})\.json$/;
const TEMP_PREFIX = '.tmp-';
export class BlobStore {
    dir;
    /** folders known to exist (made or seen by this process), so a write need not ask again */
    folders = new Set();
    constructor(dir) {
        this.dir = dir;
    }
    static nameOf(bytes) {
        return createHash('sha256').update(bytes).digest('hex');
    }
    pathOf(name) {
        if (!BLOB_NAME.test(name))
            throw new Error(`not a blob name: ${name}`);
        return join(this.dir, name.slice(0, 2), `${name}.json`);
    }
    /** Writes the blob unless a complete copy is already there (the name is the content's hash). */
    async write(name, bytes) {
        const path = this.pathOf(name);
        const existing = await stat(path).catch(() => null);
        if (existing?.isFile() && existing.size === bytes.byteLength)
            return;
        const folder = join(this.dir, name.slice(0, 2));
        if (this.folders.has(folder)) {
            try {
                await writeFileDurably(path, bytes, TEMP_PREFIX);
                return;
            }
            catch (error) {
                if (error.code !== 'ENOENT')
                    throw error;
                this.folders.delete(folder); // removed behind our back: make it again
            }
        }
        const created = await mkdir(folder, { recursive: true, mode: 0o700 });
        if (created !== undefined)
            await syncFolder(this.dir);
        this.folders.add(folder);
        await writeFileDurably(path, bytes, TEMP_PREFIX);
    }
    async remove(name) {
        await rm(this.pathOf(name), { force: true });
    }
    /** Removes temp files and every blob `isReferenced` does not claim. Call only when no write is under way. */
    async sweep(isReferenced) {
        const removed = { blobs: 0, tempFiles: 0 };
        const folders = await readdir(this.dir, { withFileTypes: true }).catch(() => []);
        for (const folder of folders) {
            if (!folder.isDirectory() || !/^[0-9a-f]{2}$/.test(folder.name))
                continue;
            const path = join(this.dir, folder.name);
            for (const entry of await readdir(path)) {
                if (entry.startsWith(TEMP_PREFIX)) {
                    await rm(join(path, entry), { force: true });
                    removed.tempFiles++;
                    continue;
                }
                const blob = BLOB_FILE.exec(entry)?.[1];
                if (blob && !isReferenced(blob)) {
                    await rm(join(path, entry), { force: true });
                    removed.blobs++;
                }
            }
        }
        return removed;
    }
}
//# sourceMappingURL=blobs.js.map