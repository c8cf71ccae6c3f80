/**
 * The local outbox: transcripts that were accepted for upload but not yet delivered. Nothing may
 * be lost, so every file is written atomically and durably (temp file, fsync, rename, fsync the
 * folder), and a kill at any moment leaves either the old file or the new one.
 *
 * One item per transcript: `<id>.json.gz` is the item of record (exactly the bytes that are
 * sent), `<id>.meta.json` is bookkeeping. A missing or unreadable meta file never hides an item;
 * a body that is not a complete gzip stream is listed as broken, with the reason.
 * The meta file holds the key id only; the secret is never written here.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { FolderSync, renameOrDrop, writeDurableTemp } from '../durable-file.js';
import { AtxError, ExitCode, invalidInputError } from '../errors.js';
import { ensurePrivateFolder, xdgDir } from '../paths.js';
import { describeEndpoint } from './endpoint.js';
/** Thrown by read() when the item is gone (another run delivered or removed it) or unsound. */
export class OutboxItemError extends Error {
    transcriptId;
    problem;
    constructor(transcriptId, problem, message) {
        super(message);
        this.transcriptId = transcriptId;
        this.problem = problem;
        this.name = 'OutboxItemError';
    }
}
const BODY_SUFFIX = '.json.gz';
const META_SUFFIX = '.meta.json';
const TEMP_PREFIX = '.tmp-';
const STALE_AFTER_MS = 10 * 60_000;
/** transcript ids are UUIDs; anything usable as one plain file name is accepted, nothing more */
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
export function isValidOutboxId(transcriptId) {
    return ID_PATTERN.test(transcriptId);
}
function checkId(transcriptId) {
    if (!isValidOutboxId(transcriptId)) {
        const shown = JSON.stringify(transcriptId.slice(0, 80));
        throw invalidInputError(`transcript id ${shown} cannot be used in the outbox (expected letters, digits, - and _)`);
    }
}
/** `$ATX_OUTBOX`, else `$XDG_STATE_HOME/atx/outbox`, else `~/.local/state/atx/outbox`. */
export function defaultOutboxDir(env) {
    if (env.ATX_OUTBOX)
        return env.ATX_OUTBOX;
    return join(xdgDir(env, 'XDG_STATE_HOME'), 'atx', 'outbox');
}
const lenient = (schema) => schema.optional().catch(undefined);
const StoredMetaSchema = z.object({
    endpoint: lenient(z.string().nullable()),
    keyId: lenient(z.string().nullable()),
    profile: lenient(z.string().nullable()),
    input: lenient(z.string().nullable()),
    queuedAt: lenient(z.string()),
    attempts: lenient(z.number().int().nonnegative()),
    lastAttemptAt: lenient(z.string().nullable()),
    lastStatus: lenient(z.number().int().nullable()),
    lastError: lenient(z.string().nullable()),
    bodyBytes: lenient(z.number().int().nonnegative().nullable()),
    bodySha256: lenient(z.string().nullable()),
    failedAt: lenient(z.string().nullable()),
    failedReason: lenient(z.string().nullable()),
});
export class Outbox {
    dir;
    #now;
    #staleAfterMs;
    /** items written or removed side by side share their folder fsyncs */
    #folder;
    constructor(dir, options) {
        this.dir = dir;
        this.#folder = new FolderSync(dir);
        this.#now = options.now ?? Date.now;
        this.#staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
    }
    /** Creates the folder (mode 0700) if needed, and takes group and other access away if it had any. */
    static async open(dir, options = {}) {
        try {
            await ensurePrivateFolder(dir);
        }
        catch (error) {
            throw outboxError(`cannot use the outbox folder ${dir}`, error);
        }
        return new Outbox(dir, options);
    }
    bodyPath(transcriptId) {
        checkId(transcriptId);
        return join(this.dir, `${transcriptId}${BODY_SUFFIX}`);
    }
    metaPath(transcriptId) {
        checkId(transcriptId);
        return join(this.dir, `${transcriptId}${META_SUFFIX}`);
    }
    /**
     * Writes the item (body first: it is the item of record). The same id with the same bytes is
     * kept as it is, with its history; different bytes replace it, history reset.
     */
    async put(item) {
        const bodyPath = this.bodyPath(item.transcriptId);
        if (item.body.length < 2 || item.body[0] !== 0x1f || item.body[1] !== 0x8b) {
            throw new TypeError('Outbox.put: the body must be gzipped');
        }
        const sha = sha256(item.body);
        const existing = await readFile(bodyPath).catch(ignoreMissing);
        try {
            if (existing && sha256(existing) === sha) {
                const { meta, missing } = await this.#readMeta(item.transcriptId);
                if (missing || meta?.bodySha256 !== sha) {
                    await this.#writeMeta(this.#freshMeta(item, sha, meta?.queuedAt));
                }
            }
            else {
                const meta = this.#freshMeta(item, sha);
                await this.#writeItem(bodyPath, item.body, meta);
                // what was just written is the entry: no need to read it back (read() checks the body again before it is sent)
                return { transcriptId: item.transcriptId, bodyPath, bodyBytes: item.body.length, meta, metaMissing: false, broken: null };
            }
        }
        catch (error) {
            throw outboxError(`cannot write to the outbox ${this.dir}`, error);
        }
        const entry = await this.#inspect(item.transcriptId, { verify: false });
        if (!entry)
            throw outboxError(`the outbox item ${item.transcriptId} vanished right after it was written`, undefined);
        return entry;
    }
    /** Every item, oldest first; broken ones included with a reason. Sweeps stale temp files. */
    async list() {
        let names;
        try {
            names = await readdir(this.dir);
        }
        catch (error) {
            throw outboxError(`cannot read the outbox ${this.dir}`, error);
        }
        const ids = new Set();
        const metaOnly = new Set();
        for (const name of names) {
            if (name.startsWith(TEMP_PREFIX)) {
                await this.#sweepIfStale(name);
            }
            else if (name.endsWith(BODY_SUFFIX)) {
                const id = name.slice(0, -BODY_SUFFIX.length);
                if (isValidOutboxId(id))
                    ids.add(id);
            }
            else if (name.endsWith(META_SUFFIX)) {
                const id = name.slice(0, -META_SUFFIX.length);
                if (isValidOutboxId(id))
                    metaOnly.add(id);
            }
        }
        for (const id of ids)
            metaOnly.delete(id);
        for (const id of metaOnly)
            await this.#sweepIfStale(`${id}${META_SUFFIX}`);
        const entries = [];
        for (const id of ids) {
            const entry = await this.#inspect(id);
            if (entry)
                entries.push(entry);
        }
        return entries.sort((a, b) => a.meta.queuedAt < b.meta.queuedAt ? -1 : a.meta.queuedAt > b.meta.queuedAt ? 1
            : a.transcriptId < b.transcriptId ? -1 : a.transcriptId > b.transcriptId ? 1 : 0);
    }
    /** One item by id, or null when there is none. */
    async get(transcriptId) {
        checkId(transcriptId);
        return this.#inspect(transcriptId);
    }
    /** The body to send, checked again: throws OutboxItemError when it is gone or unsound. */
    async read(entry) {
        const { transcriptId } = entry;
        let bytes;
        try {
            bytes = await readFile(this.bodyPath(transcriptId));
        }
        catch (error) {
            if (isMissing(error))
                throw new OutboxItemError(transcriptId, 'missing', `${transcriptId} is no longer in the outbox (delivered or removed by another run)`);
            throw outboxError(`cannot read ${transcriptId} from the outbox`, error);
        }
        const { meta } = await this.#readMeta(transcriptId);
        const problem = await bodyProblem(bytes, meta?.bodySha256 ?? null);
        if (problem)
            throw new OutboxItemError(transcriptId, 'broken', `${transcriptId} in the outbox is broken: ${problem}`);
        return bytes;
    }
    /**
     * Merges `patch` into the item's meta (a function gets the current meta). Returns the new
     * meta, or null when the item is gone: no meta is written for a body that is not there.
     */
    async update(transcriptId, patch) {
        const current = await this.#inspect(transcriptId, { verify: false });
        if (!current)
            return null;
        const changes = typeof patch === 'function' ? patch(current.meta) : patch;
        const next = { ...current.meta, ...changes, transcriptId };
        try {
            await this.#writeMeta(next);
        }
        catch (error) {
            throw outboxError(`cannot update ${transcriptId} in the outbox`, error);
        }
        return next;
    }
    /** Removes the item; true if this call removed its body. A missing item is not an error. */
    async remove(transcriptId) {
        const bodyPath = this.bodyPath(transcriptId);
        try {
            const removed = await unlink(bodyPath).then(() => true, (error) => { if (isMissing(error))
                return false; throw error; });
            await unlink(this.metaPath(transcriptId)).catch(ignoreMissing);
            await this.#folder.sync();
            return removed;
        }
        catch (error) {
            throw outboxError(`cannot remove ${transcriptId} from the outbox`, error);
        }
    }
    /** Removes the given items, or all; ids that are not there (or not ids at all) come back as missing. */
    async drop(which) {
        const ids = which === 'all' ? (await this.#allIds()) : which;
        const removed = [];
        const missing = [];
        for (const id of ids) {
            if (!isValidOutboxId(id)) {
                missing.push(id);
                continue;
            }
            const hadBody = await this.remove(id);
            (hadBody ? removed : missing).push(id);
        }
        return { removed, missing };
    }
    async #allIds() {
        const names = await readdir(this.dir).catch((error) => { throw outboxError(`cannot read the outbox ${this.dir}`, error); });
        return names.filter((name) => name.endsWith(BODY_SUFFIX)).map((name) => name.slice(0, -BODY_SUFFIX.length)).filter(isValidOutboxId).sort();
    }
    /** The entry for one id as it is on disk now, or null when its body is gone. */
    async #inspect(transcriptId, options = {}) {
        const bodyPath = this.bodyPath(transcriptId);
        let bodyBytes;
        let mtimeMs;
        try {
            const info = await stat(bodyPath);
            bodyBytes = info.size;
            mtimeMs = info.mtimeMs;
        }
        catch (error) {
            if (isMissing(error))
                return null;
            throw outboxError(`cannot read ${transcriptId} in the outbox`, error);
        }
        const { meta: stored, missing } = await this.#readMeta(transcriptId);
        const meta = {
            ...this.#defaultMeta(transcriptId, new Date(mtimeMs).toISOString()),
            ...stripUndefined(stored ?? {}),
            transcriptId,
        };
        let broken = null;
        if (options.verify !== false) {
            const bytes = await readFile(bodyPath).catch((error) => (isMissing(error) ? null : Promise.reject(error)));
            if (bytes === null)
                return null;
            broken = await bodyProblem(bytes, meta.bodySha256);
        }
        return { transcriptId, bodyPath, bodyBytes, meta, metaMissing: missing, broken };
    }
    async #readMeta(transcriptId) {
        const text = await readFile(this.metaPath(transcriptId), 'utf8').catch(() => null);
        if (text === null)
            return { meta: null, missing: true };
        let json;
        try {
            json = JSON.parse(text);
        }
        catch {
            return { meta: null, missing: true };
        }
        const parsed = StoredMetaSchema.safeParse(json);
        return parsed.success ? { meta: parsed.data, missing: false } : { meta: null, missing: true };
    }
    #defaultMeta(transcriptId, queuedAt) {
        return {
            transcriptId, endpoint: null, keyId: null, profile: null, input: null, queuedAt,
            attempts: 0, lastAttemptAt: null, lastStatus: null, lastError: null, bodyBytes: null, bodySha256: null,
            failedAt: null, failedReason: null,
        };
    }
    #freshMeta(item, sha, queuedAt) {
        return {
            ...this.#defaultMeta(item.transcriptId, queuedAt ?? new Date(this.#now()).toISOString()),
            endpoint: safeEndpoint(item.meta?.endpoint),
            keyId: item.meta?.keyId ?? null,
            profile: item.meta?.profile ?? null,
            input: item.meta?.input ?? null,
            bodyBytes: item.body.length,
            bodySha256: sha,
        };
    }
    async #writeMeta(meta) {
        const path = this.metaPath(meta.transcriptId);
        await renameOrDrop(await writeDurableTemp(path, metaBytes(meta), TEMP_PREFIX), path);
        await this.#folder.sync();
    }
    /**
     * Body and meta written (and fsynced) side by side, then renamed body first: a kill between the
     * two renames leaves the body with a default meta and a temp file for the sweeper, as a kill
     * between two whole writes would.
     */
    async #writeItem(bodyPath, body, meta) {
        const metaPath = this.metaPath(meta.transcriptId);
        const written = await Promise.allSettled([writeDurableTemp(bodyPath, body, TEMP_PREFIX), writeDurableTemp(metaPath, metaBytes(meta), TEMP_PREFIX)]);
        const failure = written.find((result) => result.status === 'rejected');
        if (failure) {
            await Promise.all(written.map((result) => (result.status === 'fulfilled' ? unlink(result.value).catch(() => { }) : undefined)));
            throw failure.reason;
        }
        const [bodyTemp, metaTemp] = written.map((result) => result.value);
        await renameOrDrop(bodyTemp, bodyPath);
        await renameOrDrop(metaTemp, metaPath);
        await this.#folder.sync();
    }
    async #sweepIfStale(name) {
        const path = join(this.dir, name);
        try {
            const info = await stat(path);
            if (this.#now() - info.mtimeMs > this.#staleAfterMs)
                await unlink(path);
        }
        catch {
            // another run swept it first, or it cannot be removed: either way it is not an item
        }
    }
}
/**
 * Why these bytes cannot be sent, or null. A matching SHA-256 from the meta file is proof
 * enough; otherwise (no meta, or a meta left from an earlier version) the gzip stream is
 * decompressed to the end, which catches truncation (no trailer) and corruption (CRC).
 */
async function bodyProblem(bytes, expectedSha) {
    if (bytes.length === 0)
        return 'the body file is empty';
    if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b)
        return 'the body file is not gzip';
    if (expectedSha !== null && sha256(bytes) === expectedSha)
        return null;
    return new Promise((resolve) => {
        const gunzip = createGunzip();
        gunzip.on('data', () => { });
        gunzip.on('error', (error) => {
            const reason = /unexpected end/i.test(error.message) ? 'the body file is truncated' : `the body file is corrupt (${error.message})`;
            resolve(reason);
        });
        gunzip.on('end', () => resolve(null));
        gunzip.end(bytes);
    });
}
function safeEndpoint(endpoint) {
    if (endpoint === null || endpoint === undefined)
        return null;
    try {
        return describeEndpoint(endpoint instanceof URL ? endpoint : new URL(endpoint));
    }
    catch {
        return null;
    }
}
function metaBytes(meta) {
    return Buffer.from(`${JSON.stringify(meta, null, 2)}\n`, 'utf8');
}
function sha256(bytes) {
    return createHash('sha256').update(bytes).digest('hex');
}
function stripUndefined(value) {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
function isMissing(error) {
    return error?.code === 'ENOENT';
}
function ignoreMissing(error) {
    if (isMissing(error))
        return null;
    throw error;
}
/** Makes a rename survive a power cut; platforms that cannot fsync a folder are left as they are. */
/** Conditions a person can fix (permissions, a full disk) are usage errors; anything else would be a bug. */
const FIXABLE = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    ENOSPC: 'no space left on device',
    EDQUOT: 'disk quota exceeded',
    ENOTDIR: 'not a directory',
    EEXIST: 'a file of that name is in the way',
    EROFS: 'read-only file system',
};
function outboxError(what, error) {
    const code = error?.code;
    const fixable = code === undefined ? undefined : FIXABLE[code];
    const reason = fixable ?? error?.message;
    return new AtxError(fixable ? ExitCode.usage : ExitCode.internal, reason ? `${what}: ${reason}` : what, { cause: error });
}
//# sourceMappingURL=outbox.js.map