/**
 * The local outbox: transcripts that were accepted for upload but not yet delivered. Nothing may
 * be lost, so every file is written atomically (temp file, rename) and a kill at any moment leaves
 * either the old file or the new one; bodies, and meta files once an item has a history, are
 * written durably too (fsync before the rename, then the folder's fsync).
 *
 * One exception, for speed: a body put with `durable: false` (atx upload, which sends it at once)
 * is appended to the run's in-flight journal (outbox-journal.ts), not fsynced; it is written as
 * files, durably, when it stays (makeDurable, update, close), before the run says it is queued or
 * refused. A kill still loses nothing (the kernel keeps what was written, and the next list()
 * takes the journal's open items into the folder); a power cut while it is in flight may lose it,
 * but the run had not finished or reported it, and its input is still where it was read from.
 *
 * One item per transcript: `<id>.json.gz` is the item of record (exactly the bytes that are
 * sent), `<id>.meta.json` is bookkeeping. A missing or unreadable meta file never hides an item;
 * a body that is not a complete gzip stream is listed as broken, with the reason.
 * The meta file holds the key id only; the secret is never written here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { statSync, unlinkSync } from 'node:fs';
import { open, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { FolderSync, renameOrDrop, writeDurableTemp } from '../durable-file.js';
import { AtxError, ExitCode, invalidInputError, systemError } from '../errors.js';
import { ensurePrivateFolder, xdgDir } from '../paths.js';
import { describeEndpoint } from './endpoint.js';
import { InflightJournal, journalItems, journalOwner, processAlive } from './outbox-journal.js';

export interface OutboxMeta {
  transcriptId: string;
  /** origin and path of the endpoint it was meant for; never credentials or a query */
  endpoint: string | null;
  /** the public key id only */
  keyId: string | null;
  profile: string | null;
  /** where the transcript came from, for people reading the outbox listing */
  input: string | null;
  queuedAt: string;
  /** tries so far, over every run */
  attempts: number;
  lastAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  /** size and SHA-256 of the body file when it was written: a fast integrity check */
  bodyBytes: number | null;
  bodySha256: string | null;
  /**
   * When the server refused the item for good (409, 400/422, 403, 413), and why: a failed item is
   * not sent again until a person moves it back (atx outbox retry) or drops it. Null: pending.
   */
  failedAt: string | null;
  failedReason: string | null;
}

export type OutboxMetaPatch = Partial<Pick<OutboxMeta, 'attempts' | 'lastAttemptAt' | 'lastStatus' | 'lastError' | 'endpoint' | 'keyId' | 'profile' | 'input' | 'failedAt' | 'failedReason'>>;

export interface OutboxItem {
  transcriptId: string;
  /** the gzipped JSON document, exactly as it will be sent */
  body: Buffer;
  meta?: {
    /** reduced to origin and path before it is written */
    endpoint?: URL | string | null;
    keyId?: string | null;
    profile?: string | null;
    input?: string | null;
  };
}

export interface OutboxEntry {
  transcriptId: string;
  bodyPath: string;
  bodyBytes: number;
  meta: OutboxMeta;
  /** true when the meta file was missing or unreadable and `meta` holds defaults */
  metaMissing: boolean;
  /** why the body cannot be sent (truncated, not gzip, …); null when it is sound */
  broken: string | null;
}

export interface OutboxOptions {
  now?: () => number;
  /** `.tmp-*` files and meta files without a body older than this are swept by list() */
  staleAfterMs?: number;
  /** how the folder is fsynced (tests count the calls) */
  syncFolder?: (folder: string) => Promise<void>;
  /** whether the run that wrote an in-flight journal still runs (tests pretend it died) */
  isAlive?: (pid: number) => boolean;
}

/** Thrown by read() when the item is gone (another run delivered or removed it) or unsound. */
export class OutboxItemError extends Error {
  constructor(readonly transcriptId: string, readonly problem: 'missing' | 'broken', message: string) {
    super(message);
    this.name = 'OutboxItemError';
  }
}

const BODY_SUFFIX = '.json.gz';
const META_SUFFIX = '.meta.json';
const TEMP_PREFIX = '.tmp-';
const STALE_AFTER_MS = 10 * 60_000;
/**
 * An item put without `durable` whose body is at most this size goes to the run's in-flight
 * journal (outbox-journal.ts), and a delivered item of the folder is removed with synchronous
 * calls: from the page cache each takes microseconds, and made through libuv's pool each cost
 * about twice the CPU. Larger bodies, and whatever is synced, keep to promises and files.
 */
const WRITTEN_AT_ONCE_BYTES = 1024 * 1024;
/** transcript ids are UUIDs; anything usable as one plain file name is accepted, nothing more */
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function isValidOutboxId(transcriptId: string): boolean {
  return ID_PATTERN.test(transcriptId);
}

function checkId(transcriptId: string): void {
  if (!isValidOutboxId(transcriptId)) {
    const shown = JSON.stringify(transcriptId.slice(0, 80));
    throw invalidInputError(`transcript id ${shown} cannot be used in the outbox (expected letters, digits, - and _)`);
  }
}

/** `$ATX_OUTBOX`, else `$XDG_STATE_HOME/atx/outbox`, else `~/.local/state/atx/outbox`. */
export function defaultOutboxDir(env: NodeJS.ProcessEnv): string {
  if (env.ATX_OUTBOX) return env.ATX_OUTBOX;
  return join(xdgDir(env, 'XDG_STATE_HOME'), 'atx', 'outbox');
}

/**
 * A meta file's members, each kept when it has its type and dropped (left to the defaults) when
 * it has not; null when the file holds no object. Written by hand: the outbox is on every
 * upload's path, and zod would be loaded for this alone.
 */
function storedMeta(json: unknown): Partial<OutboxMeta> | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const record = json as Record<string, unknown>;
  const meta: Partial<OutboxMeta> = {};
  const text = (value: unknown): value is string => typeof value === 'string';
  const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
  const whole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
  const count = (value: unknown): value is number => whole(value) && value >= 0;
  for (const name of ['endpoint', 'keyId', 'profile', 'input', 'lastAttemptAt', 'lastError', 'bodySha256', 'failedAt', 'failedReason'] as const) {
    if (textOrNull(record[name])) meta[name] = record[name] as string | null;
  }
  if (text(record.queuedAt)) meta.queuedAt = record.queuedAt;
  if (count(record.attempts)) meta.attempts = record.attempts;
  if (record.lastStatus === null || whole(record.lastStatus)) meta.lastStatus = record.lastStatus as number | null;
  if (record.bodyBytes === null || count(record.bodyBytes)) meta.bodyBytes = record.bodyBytes as number | null;
  return meta;
}

export class Outbox {
  readonly dir: string;
  readonly #now: () => number;
  readonly #staleAfterMs: number;
  /** items written or removed side by side share their folder fsyncs */
  readonly #folder: FolderSync;
  /** the bodies this run put to send at once, until each is settled */
  readonly #journal: InflightJournal;
  /** items of the journal written as files (durably) and not made durable again since */
  readonly #madeDurable = new Set<string>();
  readonly #isAlive: (pid: number) => boolean;

  private constructor(dir: string, options: OutboxOptions) {
    this.dir = dir;
    this.#journal = new InflightJournal(dir);
    this.#isAlive = options.isAlive ?? processAlive;
    this.#folder = options.syncFolder ? new FolderSync(dir, options.syncFolder) : new FolderSync(dir);
    this.#now = options.now ?? Date.now;
    this.#staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
  }

  /** Creates the folder (mode 0700) if needed, and takes group and other access away if it had any. */
  static async open(dir: string, options: OutboxOptions = {}): Promise<Outbox> {
    try {
      await ensurePrivateFolder(dir);
    } catch (error) {
      throw outboxError(`cannot use the outbox folder ${dir}`, error);
    }
    return new Outbox(dir, options);
  }

  bodyPath(transcriptId: string): string {
    checkId(transcriptId);
    return join(this.dir, `${transcriptId}${BODY_SUFFIX}`);
  }

  metaPath(transcriptId: string): string {
    checkId(transcriptId);
    return join(this.dir, `${transcriptId}${META_SUFFIX}`);
  }

  /**
   * Writes the item (body first: it is the item of record). The same id with the same bytes is
   * kept as it is, with its history; different bytes replace it, history reset.
   */
  async put(item: OutboxItem, options: { durable?: boolean } = {}): Promise<OutboxEntry> {
    const durable = options.durable ?? true;
    const bodyPath = this.bodyPath(item.transcriptId);
    this.#madeDurable.delete(item.transcriptId);
    if (item.body.length < 2 || item.body[0] !== 0x1f || item.body[1] !== 0x8b) {
      throw new TypeError('Outbox.put: the body must be gzipped');
    }
    // asked without a trip to libuv's pool: nearly every body put is new
    const inFolder = statSync(bodyPath, { throwIfNoEntry: false }) !== undefined;
    if (!durable && !inFolder && item.body.length <= WRITTEN_AT_ONCE_BYTES) {
      // the body's digest is taken only should the item come to be written as files
      const meta = this.#freshMeta(item, null);
      try {
        this.#journal.add({ meta, body: item.body });
      } catch (error) {
        throw outboxError(`cannot write to the outbox ${this.dir}`, error);
      }
      return { transcriptId: item.transcriptId, bodyPath, bodyBytes: item.body.length, meta, metaMissing: false, broken: null };
    }
    const sha = sha256(item.body);
    const existing = inFolder ? await readFile(bodyPath).catch(ignoreMissing) : null;
    try {
      // an earlier put of this run is superseded: the files are the item now
      this.#journal.settle(item.transcriptId);
      if (existing && sha256(existing) === sha) {
        const { meta, missing } = await this.#readMeta(item.transcriptId);
        if (missing || meta?.bodySha256 !== sha) {
          await this.#writeMeta(this.#freshMeta(item, sha, meta?.queuedAt));
        }
      } else {
        const meta = this.#freshMeta(item, sha);
        await this.#writeItem(bodyPath, item.body, meta, durable);
        // what was just written is the entry: no need to read it back (read() checks the body again before it is sent)
        return { transcriptId: item.transcriptId, bodyPath, bodyBytes: item.body.length, meta, metaMissing: false, broken: null };
      }
    } catch (error) {
      throw outboxError(`cannot write to the outbox ${this.dir}`, error);
    }
    const entry = await this.#inspect(item.transcriptId, { verify: false });
    if (!entry) throw outboxError(`the outbox item ${item.transcriptId} vanished right after it was written`, undefined);
    return entry;
  }

  /**
   * Makes an item put with `durable: false` durable: its body's fsync, then the folder's. An item
   * that is gone (delivered or removed by another run) is not an error.
   */
  async makeDurable(transcriptId: string): Promise<void> {
    if (await this.#materialize(transcriptId) || this.#madeDurable.delete(transcriptId)) return;
    try {
      const handle = await open(this.bodyPath(transcriptId), 'r').catch(ignoreMissing);
      if (!handle) return;
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await this.#folder.sync();
    } catch (error) {
      throw outboxError(`cannot write to the outbox ${this.dir}`, error);
    }
  }

  /** Every item, oldest first; broken ones included with a reason. Sweeps stale temp files. */
  async list(): Promise<OutboxEntry[]> {
    let names = await this.#names();
    if (await this.#recoverJournals(names)) names = await this.#names();
    const ids = new Set<string>();
    const metaOnly = new Set<string>();
    for (const name of names) {
      if (name.startsWith(TEMP_PREFIX)) {
        await this.#sweepIfStale(name);
      } else if (name.endsWith(BODY_SUFFIX)) {
        const id = name.slice(0, -BODY_SUFFIX.length);
        if (isValidOutboxId(id)) ids.add(id);
      } else if (name.endsWith(META_SUFFIX)) {
        const id = name.slice(0, -META_SUFFIX.length);
        if (isValidOutboxId(id)) metaOnly.add(id);
      }
    }
    for (const id of ids) metaOnly.delete(id);
    for (const id of metaOnly) await this.#sweepIfStale(`${id}${META_SUFFIX}`);

    const entries: OutboxEntry[] = [];
    for (const id of ids) {
      const entry = await this.#inspect(id);
      if (entry) entries.push(entry);
    }
    return entries.sort((a, b) =>
      a.meta.queuedAt < b.meta.queuedAt ? -1 : a.meta.queuedAt > b.meta.queuedAt ? 1
      : a.transcriptId < b.transcriptId ? -1 : a.transcriptId > b.transcriptId ? 1 : 0);
  }

  /**
   * Writes the items of this run's in-flight journal that are still open as files (durably), and
   * removes the journal. Call it once the run is done with the outbox.
   */
  async close(): Promise<void> {
    for (const { meta } of this.#journal.unsettled()) await this.#materialize(meta.transcriptId);
    try {
      this.#journal.close();
    } catch (error) {
      throw outboxError(`cannot write to the outbox ${this.dir}`, error);
    }
  }

  async #names(): Promise<string[]> {
    try {
      return await readdir(this.dir);
    } catch (error) {
      throw outboxError(`cannot read the outbox ${this.dir}`, error);
    }
  }

  /**
   * Turns what the journals of runs that ended without closing them (killed) still hold into
   * items of the folder, and removes those journals; true when there was one.
   */
  async #recoverJournals(names: readonly string[]): Promise<boolean> {
    let found = false;
    for (const name of names) {
      const pid = journalOwner(name);
      if (pid === undefined || name === basename(this.#journal.path ?? '') || this.#isAlive(pid)) continue;
      found = true;
      const path = join(this.dir, name);
      try {
        const bytes = await readFile(path).catch(ignoreMissing);
        if (!bytes) continue; // another flush recovered it first
        for (const { meta, body } of journalItems(bytes)) {
          const transcriptId = meta.transcriptId as string;
          if (!isValidOutboxId(transcriptId) || body.length < 2 || body[0] !== 0x1f || body[1] !== 0x8b) continue;
          const bodyPath = this.bodyPath(transcriptId);
          if (statSync(bodyPath, { throwIfNoEntry: false }) !== undefined) continue;
          const stored = storedMeta(meta) ?? {};
          const recovered: OutboxMeta = { ...this.#defaultMeta(transcriptId, new Date(this.#now()).toISOString()), ...stripUndefined(stored), transcriptId, bodyBytes: body.length, bodySha256: sha256(body) };
          await this.#writeItem(bodyPath, body, recovered, true);
        }
        await unlink(path).catch(ignoreMissing);
      } catch (error) {
        throw outboxError(`cannot recover the in-flight items of an ended run from ${path}`, error);
      }
    }
    return found;
  }

  /** An item of this run's journal written as files, durably, and settled there; false when the journal does not hold it. */
  async #materialize(transcriptId: string): Promise<boolean> {
    const item = this.#journal.get(transcriptId);
    if (!item) return false;
    const meta: OutboxMeta = { ...item.meta, bodySha256: sha256(item.body) };
    try {
      await this.#writeItem(this.bodyPath(transcriptId), item.body, meta, true);
      this.#journal.settle(transcriptId);
      this.#madeDurable.add(transcriptId);
    } catch (error) {
      throw outboxError(`cannot write to the outbox ${this.dir}`, error);
    }
    return true;
  }

  /** One item by id, or null when there is none. */
  async get(transcriptId: string): Promise<OutboxEntry | null> {
    checkId(transcriptId);
    return this.#inspect(transcriptId);
  }

  /** The body to send, checked again: throws OutboxItemError when it is gone or unsound. */
  async read(entry: Pick<OutboxEntry, 'transcriptId'>): Promise<Buffer> {
    const { transcriptId } = entry;
    const inFlight = this.#journal.get(transcriptId);
    if (inFlight) return inFlight.body;
    let bytes: Buffer;
    try {
      bytes = await readFile(this.bodyPath(transcriptId));
    } catch (error) {
      if (isMissing(error)) throw new OutboxItemError(transcriptId, 'missing', `${transcriptId} is no longer in the outbox (delivered or removed by another run)`);
      throw outboxError(`cannot read ${transcriptId} from the outbox`, error);
    }
    const { meta } = await this.#readMeta(transcriptId);
    const problem = await bodyProblem(bytes, meta?.bodySha256 ?? null);
    if (problem) throw new OutboxItemError(transcriptId, 'broken', `${transcriptId} in the outbox is broken: ${problem}`);
    return bytes;
  }

  /**
   * Merges `patch` into the item's meta (a function gets the current meta). Returns the new
   * meta, or null when the item is gone: no meta is written for a body that is not there.
   */
  async update(transcriptId: string, patch: OutboxMetaPatch | ((meta: OutboxMeta) => OutboxMetaPatch)): Promise<OutboxMeta | null> {
    // an item with a history is kept: it leaves the journal for files first
    await this.#materialize(transcriptId);
    const current = await this.#inspect(transcriptId, { verify: false });
    if (!current) return null;
    const changes = typeof patch === 'function' ? patch(current.meta) : patch;
    const next: OutboxMeta = { ...current.meta, ...changes, transcriptId };
    try {
      await this.#writeMeta(next);
    } catch (error) {
      throw outboxError(`cannot update ${transcriptId} in the outbox`, error);
    }
    return next;
  }

  /** Removes the item; true if this call removed its body. A missing item is not an error. */
  async remove(transcriptId: string): Promise<boolean> {
    return this.#remove(transcriptId, true);
  }

  /**
   * remove() for an item the server has stored, without waiting for the folder's fsync: should a
   * power cut bring the item back, the next flush sends it again and the server answers with a
   * replay, so nothing is lost or stored twice.
   */
  async removeDelivered(transcriptId: string): Promise<boolean> {
    return this.#remove(transcriptId, false);
  }

  async #remove(transcriptId: string, durably: boolean): Promise<boolean> {
    const bodyPath = this.bodyPath(transcriptId);
    let settled: boolean;
    try {
      settled = this.#journal.settle(transcriptId);
    } catch (error) {
      throw outboxError(`cannot remove ${transcriptId} from the outbox`, error);
    }
    // an item of the journal has no files of its own (put supersedes the journal's by files)
    if (settled) return true;
    if (!durably) return this.#removeAtOnce(transcriptId, bodyPath);
    try {
      const removed = await unlink(bodyPath).then(() => true, (error: unknown) => { if (isMissing(error)) return false; throw error; });
      await unlink(this.metaPath(transcriptId)).catch(ignoreMissing);
      if (durably) await this.#folder.sync();
      return removed;
    } catch (error) {
      throw outboxError(`cannot remove ${transcriptId} from the outbox`, error);
    }
  }

  /** #remove without the folder's sync, with synchronous calls (see WRITTEN_AT_ONCE_BYTES). */
  #removeAtOnce(transcriptId: string, bodyPath: string): boolean {
    try {
      let removed = true;
      try {
        unlinkSync(bodyPath);
      } catch (error) {
        if (!isMissing(error)) throw error;
        removed = false;
      }
      try {
        unlinkSync(this.metaPath(transcriptId));
      } catch (error) {
        ignoreMissing(error);
      }
      return removed;
    } catch (error) {
      throw outboxError(`cannot remove ${transcriptId} from the outbox`, error);
    }
  }

  /** Removes the given items, or all; ids that are not there (or not ids at all) come back as missing. */
  async drop(which: readonly string[] | 'all'): Promise<{ removed: string[]; missing: string[] }> {
    const ids = which === 'all' ? (await this.#allIds()) : which;
    const removed: string[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      if (!isValidOutboxId(id)) { missing.push(id); continue; }
      const hadBody = await this.remove(id);
      (hadBody ? removed : missing).push(id);
    }
    return { removed, missing };
  }

  async #allIds(): Promise<string[]> {
    const names = await readdir(this.dir).catch((error: unknown) => { throw outboxError(`cannot read the outbox ${this.dir}`, error); });
    return names.filter((name) => name.endsWith(BODY_SUFFIX)).map((name) => name.slice(0, -BODY_SUFFIX.length)).filter(isValidOutboxId).sort();
  }

  /** The entry for one id as it is on disk now, or null when its body is gone. */
  async #inspect(transcriptId: string, options: { verify?: boolean } = {}): Promise<OutboxEntry | null> {
    const bodyPath = this.bodyPath(transcriptId);
    const inFlight = this.#journal.get(transcriptId);
    if (inFlight) return { transcriptId, bodyPath, bodyBytes: inFlight.body.length, meta: inFlight.meta, metaMissing: false, broken: null };
    let bodyBytes: number;
    let mtimeMs: number;
    try {
      const info = await stat(bodyPath);
      bodyBytes = info.size;
      mtimeMs = info.mtimeMs;
    } catch (error) {
      if (isMissing(error)) return null;
      throw outboxError(`cannot read ${transcriptId} in the outbox`, error);
    }
    const { meta: stored, missing } = await this.#readMeta(transcriptId);
    const meta: OutboxMeta = {
      ...this.#defaultMeta(transcriptId, new Date(mtimeMs).toISOString()),
      ...stripUndefined(stored ?? {}),
      transcriptId,
    };
    let broken: string | null = null;
    if (options.verify !== false) {
      const bytes = await readFile(bodyPath).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
      if (bytes === null) return null;
      broken = await bodyProblem(bytes, meta.bodySha256);
    }
    return { transcriptId, bodyPath, bodyBytes, meta, metaMissing: missing, broken };
  }

  async #readMeta(transcriptId: string): Promise<{ meta: Partial<OutboxMeta> | null; missing: boolean }> {
    const text = await readFile(this.metaPath(transcriptId), 'utf8').catch(() => null);
    if (text === null) return { meta: null, missing: true };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { meta: null, missing: true };
    }
    const meta = storedMeta(json);
    return meta ? { meta, missing: false } : { meta: null, missing: true };
  }

  #defaultMeta(transcriptId: string, queuedAt: string): OutboxMeta {
    return {
      transcriptId, endpoint: null, keyId: null, profile: null, input: null, queuedAt,
      attempts: 0, lastAttemptAt: null, lastStatus: null, lastError: null, bodyBytes: null, bodySha256: null,
      failedAt: null, failedReason: null,
    };
  }

  #freshMeta(item: OutboxItem, sha: string | null, queuedAt?: string): OutboxMeta {
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

  async #writeMeta(meta: OutboxMeta): Promise<void> {
    const path = this.metaPath(meta.transcriptId);
    await renameOrDrop(await writeDurableTemp(path, metaBytes(meta), TEMP_PREFIX), path);
    await this.#folder.sync();
  }

  /**
   * Body and meta written side by side, then renamed body first: a kill between the two renames
   * leaves the body with a default meta and a temp file for the sweeper, as a kill between two
   * whole writes would. Only the body (the item of record) is fsynced: a meta file that a power
   * cut empties reads as missing, which never hides the item (it is listed and sent with default
   * bookkeeping). One file fsync per item, and the folder's fsync shared with its neighbours;
   * none of either when not `durable` (see the top of this file).
   */
  async #writeItem(bodyPath: string, body: Buffer, meta: OutboxMeta, durable: boolean): Promise<void> {
    const metaPath = this.metaPath(meta.transcriptId);
    const written = await Promise.allSettled([durable ? writeDurableTemp(bodyPath, body, TEMP_PREFIX) : writeTemp(bodyPath, body), writeTemp(metaPath, metaBytes(meta))]);
    const failure = written.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) {
      await Promise.all(written.map((result) => (result.status === 'fulfilled' ? unlink(result.value).catch(() => {}) : undefined)));
      throw failure.reason;
    }
    const [bodyTemp, metaTemp] = written.map((result) => (result as PromiseFulfilledResult<string>).value);
    await renameOrDrop(bodyTemp!, bodyPath);
    await renameOrDrop(metaTemp!, metaPath);
    if (durable) await this.#folder.sync();
  }

  async #sweepIfStale(name: string): Promise<void> {
    const path = join(this.dir, name);
    try {
      const info = await stat(path);
      if (this.#now() - info.mtimeMs > this.#staleAfterMs) await unlink(path);
    } catch {
      // another run swept it first, or it cannot be removed: either way it is not an item
    }
  }
}

/**
 * Why these bytes cannot be sent, or null. A matching SHA-256 from the meta file is proof
 * enough; otherwise (no meta, or a meta left from an earlier version) the gzip stream is
 * decompressed to the end, which catches truncation (no trailer) and corruption (CRC).
 */
async function bodyProblem(bytes: Buffer, expectedSha: string | null): Promise<string | null> {
  if (bytes.length === 0) return 'the body file is empty';
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return 'the body file is not gzip';
  if (expectedSha !== null && sha256(bytes) === expectedSha) return null;
  return new Promise((resolve) => {
    const gunzip = createGunzip();
    gunzip.on('data', () => {});
    gunzip.on('error', (error: Error) => {
      const reason = /unexpected end/i.test(error.message) ? 'the body file is truncated' : `the body file is corrupt (${error.message})`;
      resolve(reason);
    });
    gunzip.on('end', () => resolve(null));
    gunzip.end(bytes);
  });
}

function tempNextTo(target: string): string {
  return join(dirname(target), `${TEMP_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`);
}

/** A temp file next to `target`, written but not fsynced (see #writeItem). */
async function writeTemp(target: string, data: Buffer): Promise<string> {
  const temp = tempNextTo(target);
  try {
    await writeFile(temp, data, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  return temp;
}

function safeEndpoint(endpoint: URL | string | null | undefined): string | null {
  if (endpoint === null || endpoint === undefined) return null;
  try {
    return describeEndpoint(endpoint instanceof URL ? endpoint : new URL(endpoint));
  } catch {
    return null;
  }
}

function metaBytes(meta: OutboxMeta): Buffer {
  return Buffer.from(`${JSON.stringify(meta, null, 2)}\n`, 'utf8');
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

function ignoreMissing(error: unknown): null {
  if (isMissing(error)) return null;
  throw error;
}

/** Makes a rename survive a power cut; platforms that cannot fsync a folder are left as they are. */

/** Conditions a person can fix (permissions, a file in the way) are usage errors; the system's (a full disk) exit 6; anything else would be a bug. */
const FIXABLE: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'not a directory',
  EEXIST: 'a file of that name is in the way',
};

function outboxError(what: string, error: unknown): AtxError {
  const system = systemError(what, error);
  if (system) return system;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const fixable = code === undefined ? undefined : FIXABLE[code];
  const reason = fixable ?? (error as Error | undefined)?.message;
  return new AtxError(fixable ? ExitCode.usage : ExitCode.internal, reason ? `${what}: ${reason}` : what, { cause: error });
}
