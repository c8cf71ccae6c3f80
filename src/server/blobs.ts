/**
 * Transcript bytes as files, named by the SHA-256 of their content (blobs/ab/<sha256>.json).
 * A blob is written to a temp file in its final folder, synced, renamed into place, and the folder
 * synced, so after a crash a blob is either whole or absent; temp files and blobs that no index
 * row names are what a crash can leave, and sweep() removes them.
 *
 * The server writes blobs on threads of their own (blob-thread.ts, blob-files.ts), with synchronous
 * calls; elsewhere (key commands, tests started from sources) they are written here with promises.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { syncFolder, writeFileDurably } from '../durable-file.js';
import { TEMP_PREFIX } from './blob-files.js';
import type { BlobReply, BlobRequest } from './blob-thread.js';
import { revivedError } from './thread-errors.js';

const BLOB_NAME = /^[0-9a-f]{64}$/;
const BLOB_FILE = /^([0-9a-f]{64})\.json$/;

export const BLOB_THREAD_FILE = fileURLToPath(new URL('./blob-thread.js', import.meta.url));
/** Blob threads of a server: more than one, so that one slow sync does not hold up every upload. */
const BLOB_THREADS = 2;

export class BlobStore {
  /** folders known to exist (made or seen by this process), so a write need not ask again */
  private readonly folders = new Set<string>();
  private readonly threads: BlobThreads | null;

  /** `threadFile`: the compiled blob thread to write on; null, or a file that does not exist: written on this thread */
  constructor(readonly dir: string, threadFile: string | null = null) {
    this.threads = threadFile !== null && existsSync(threadFile) ? new BlobThreads(threadFile, BLOB_THREADS) : null;
  }

  /** whether blobs are written on threads of their own */
  get threaded(): boolean {
    return this.threads !== null;
  }

  static nameOf(bytes: Uint8Array): string {
    return createHash('sha256').update(bytes).digest('hex');
  }

  pathOf(name: string): string {
    if (!BLOB_NAME.test(name)) throw new Error(`not a blob name: ${name}`);
    return join(this.dir, name.slice(0, 2), `${name}.json`);
  }

  /** Writes the blob unless a complete copy is already there (the name is the content's hash). */
  async write(name: string, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(name);
    if (this.threads) return this.threads.write(this.dir, name, bytes);
    const existing = await stat(path).catch(() => null);
    if (existing?.isFile() && existing.size === bytes.byteLength) return;
    const folder = join(this.dir, name.slice(0, 2));
    if (this.folders.has(folder)) {
      try {
        await writeFileDurably(path, bytes, TEMP_PREFIX);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        this.folders.delete(folder); // removed behind our back: make it again
      }
    }
    const created = await mkdir(folder, { recursive: true, mode: 0o700 });
    if (created !== undefined) await syncFolder(this.dir);
    this.folders.add(folder);
    await writeFileDurably(path, bytes, TEMP_PREFIX);
  }

  /** Stops the blob threads; call when no write is under way. */
  async close(): Promise<void> {
    await this.threads?.close();
  }

  async remove(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true });
  }

  /** Removes temp files and every blob `isReferenced` does not claim. Call only when no write is under way. */
  async sweep(isReferenced: (name: string) => boolean): Promise<{ blobs: number; tempFiles: number }> {
    const removed = { blobs: 0, tempFiles: 0 };
    const folders = await readdir(this.dir, { withFileTypes: true }).catch(() => []);
    for (const folder of folders) {
      if (!folder.isDirectory() || !/^[0-9a-f]{2}$/.test(folder.name)) continue;
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


/**
 * The bytes copied to memory the blob thread shares: a message clones a plain buffer (serialized,
 * then copied into a new buffer on the other side), which cost the server's event loop several
 * times this one copy. The caller's bytes stay its own: it may send the same bytes again. Bytes
 * in shared memory already go as they are: the server never writes to a body once read.
 */
function sharedCopy(bytes: Uint8Array): Uint8Array {
  // already shared (the scanner's copy: json-scanner.ts takeBytes): nobody writes to those bytes
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}

/** deaths in a row, with no write answered between them, after which no thread is started again */
const RESPAWN_LIMIT = 8;

interface BlobThread {
  worker: Worker;
  pending: Map<number, { resolve: () => void; reject: (error: unknown) => void }>;
  dead: boolean;
}

/** A few blob threads; a write goes to the one with the fewest writes waiting. */
class BlobThreads {
  private readonly threads: BlobThread[] = [];
  private nextId = 1;
  private closed = false;
  /** threads that died without a write answered since: past RESPAWN_LIMIT the file cannot run, and writes fail */
  private deathsInARow = 0;
  private broken: Error | undefined;

  constructor(private readonly file: string, count: number) {
    for (let i = 0; i < count; i++) this.threads.push(this.spawn());
  }

  write(dir: string, name: string, bytes: Uint8Array): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the blob store is closed'));
    if (this.broken) return Promise.reject(this.broken);
    let thread = this.threads[0]!;
    for (const other of this.threads) if (other.pending.size < thread.pending.size) thread = other;
    const shared = sharedCopy(bytes);
    return new Promise<void>((resolve, reject) => {
      const id = this.nextId++;
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, dir, name, bytes: shared } satisfies BlobRequest);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private spawn(): BlobThread {
    const worker = new Worker(this.file);
    worker.unref();
    const thread: BlobThread = { worker, pending: new Map(), dead: false };
    worker.on('message', (reply: BlobReply) => {
      const pending = thread.pending.get(reply.id);
      if (!pending) return;
      thread.pending.delete(reply.id);
      this.deathsInARow = 0;
      if (reply.ok) pending.resolve();
      else pending.reject(revivedError(reply.error));
    });
    const fail = (error: Error) => {
      if (thread.dead) return;
      thread.dead = true;
      for (const pending of thread.pending.values()) pending.reject(error);
      thread.pending.clear();
      if (this.closed) return;
      this.deathsInARow += 1;
      if (this.deathsInARow > RESPAWN_LIMIT) {
        // a thread that cannot even start (its file does not load) must not be respawned forever
        this.broken ??= new Error(`the blob threads keep dying (${error.message})`);
        return;
      }
      const index = this.threads.indexOf(thread);
      if (index >= 0) this.threads[index] = this.spawn();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a blob thread exited with ${code}`)));
    return thread;
  }
}
