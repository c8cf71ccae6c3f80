/**
 * What a session looks like on disk, cheaply (stat of its files) and exactly (a hash of its
 * bytes, computed only when the cheap look says something moved). A session of a container (a
 * database) is stat'ed through its container and hashed through its own records.
 */
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
/** The files a session is read from: its main file and its companions, or its container. */
export function sessionFiles(source) {
    if (source.main.records) {
        const at = source.main.name.lastIndexOf('#');
        return [at > 0 ? source.main.name.slice(0, at) : source.main.name];
    }
    const companions = source.companions === 'discover' ? [] : source.companions;
    return [source.main, ...companions].flatMap((file) => (file.path === undefined ? [] : [file.path]));
}
/**
 * The sum of the sizes and the latest write of the session's files; undefined when one is gone.
 * Synchronous on purpose: a sync with nothing to do is a thousand of these, and each costs less
 * than a thread-pool round trip.
 */
export function statLook(source) {
    let size = 0;
    let mtimeMs = 0;
    for (const path of sessionFiles(source)) {
        const info = statQuietly(path);
        if (!info?.isFile())
            return undefined;
        size += info.size;
        mtimeMs = Math.max(mtimeMs, info.mtimeMs);
    }
    return { size, mtimeMs };
}
function statQuietly(path) {
    try {
        return statSync(path, { throwIfNoEntry: false });
    }
    catch {
        return undefined; // unreadable now: looked at again by the next run
    }
}
/** SHA-256 of the session's native bytes (its files one after another), or of its records. */
export async function contentHash(source) {
    const hash = createHash('sha256');
    if (source.main.records) {
        for await (const record of source.main.records())
            hash.update(`${JSON.stringify(record)}\n`);
        return hash.digest('hex');
    }
    for (const path of sessionFiles(source)) {
        for await (const chunk of createReadStream(path))
            hash.update(chunk);
        hash.update('\0');
    }
    return hash.digest('hex');
}
/** Stat look and hash together; the hash is `known` when the stat look matches what was recorded. */
export async function fingerprintOf(source, known) {
    const look = statLook(source);
    if (!look)
        return undefined;
    if (known && known.size === look.size && known.mtimeMs === look.mtimeMs)
        return { fingerprint: { ...look, sha256: known.sha256 }, hashed: false };
    return { fingerprint: { ...look, sha256: await contentHash(source) }, hashed: true };
}
//# sourceMappingURL=fingerprint.js.map