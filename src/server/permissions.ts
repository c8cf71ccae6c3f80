/**
 * The data dir holds key hashes and transcripts: only its owner may read it, also when it was made
 * by an older version (or by hand) with the umask's 0755. On start the dir and its top-level folders
 * get 0700, the files in it (the index and its journal) 0600, and the blob folders 0700; new blobs
 * are written 0600 (blobs.ts).
 */
import type { Dirent } from 'node:fs';
import { chmod, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export async function tightenPermissions(dataDir: string, notice: (line: string) => void): Promise<void> {
  const failures: string[] = [];
  const set = async (path: string, mode: number) => {
    await chmod(path, mode).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') failures.push(`${path} (${error.code ?? error.message})`);
    });
  };
  await set(dataDir, 0o700);
  for (const entry of await entries(dataDir)) {
    const path = join(dataDir, entry.name);
    if (entry.isDirectory()) {
      await set(path, 0o700);
      if (entry.name === 'blobs') {
        for (const folder of await entries(path)) if (folder.isDirectory()) await set(join(path, folder.name), 0o700);
      }
    } else if (entry.isFile()) {
      await set(path, 0o600);
    }
  }
  if (failures.length > 0) notice(`could not make the data dir private (mode 0700/0600): ${failures.slice(0, 3).join(', ')}`);
}

async function entries(dir: string): Promise<Dirent[]> {
  return readdir(dir, { withFileTypes: true }).catch(() => []);
}
