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
export async function writeFileDurably(target: string, data: Uint8Array | string, tempPrefix: string, mode = 0o600): Promise<void> {
  const folder = dirname(target);
  const temp = join(folder, `${tempPrefix}${process.pid}-${randomBytes(6).toString('hex')}`);
  try {
    const handle = await open(temp, 'wx', mode);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  await syncFolder(folder);
}

/** fsync of a folder, where the file system allows it (some refuse; the rename is still atomic there). */
export async function syncFolder(path: string): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF' && code !== 'EACCES') throw error;
  } finally {
    await handle?.close();
  }
}
