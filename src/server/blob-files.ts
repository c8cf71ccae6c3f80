/**
 * The file work of storing one blob, done with synchronous calls: it runs on the blob threads
 * (blob-thread.ts), where a sync costs that thread's wait and nothing else. Done with promises on
 * the event loop, the same nine system calls (stat, open, write, fsync, close, rename, and the
 * folder's open, fsync and close) cost about three times the CPU in hand-offs to libuv's pool.
 *
 * Crash safety as blobs.ts describes it: the bytes go to a temp file in the blob's final folder,
 * which is synced, renamed into place, and the folder synced; a new folder is synced into its parent.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const TEMP_PREFIX = '.tmp-';

/**
 * Writes blob `name` (its bytes' SHA-256) under `dir` unless a complete copy is already there.
 * `folders`: the folders this caller made or saw, so that a write need not ask again.
 */
export function writeBlobFile(dir: string, name: string, bytes: Uint8Array, folders: Set<string>): void {
  const folder = join(dir, name.slice(0, 2));
  const path = join(folder, `${name}.json`);
  const existing = statSync(path, { throwIfNoEntry: false });
  if (existing?.isFile() && existing.size === bytes.byteLength) return;
  if (folders.has(folder)) {
    try {
      writeDurably(folder, path, bytes);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      folders.delete(folder); // removed behind our back: make it again
    }
  }
  const created = mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (created !== undefined) syncFolder(dir);
  folders.add(folder);
  writeDurably(folder, path, bytes);
}

function writeDurably(folder: string, path: string, bytes: Uint8Array): void {
  const temp = join(folder, `${TEMP_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`);
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      for (let written = 0; written < bytes.byteLength;) written += writeSync(fd, bytes, written, bytes.byteLength - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // never made, or already renamed
    }
    throw error;
  }
  syncFolder(folder);
}

/** fsync of a folder, where the file system allows it (some refuse; the rename is still atomic there). */
function syncFolder(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    fsyncSync(fd);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF' && code !== 'EACCES') throw error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
