/** Reads a session file's head and tail, never its middle. */
import { open } from 'node:fs/promises';
import type { SessionGlance } from '../../adapters/types.js';
import type { FoundFile } from './walk.js';

export const GLANCE_BYTES = 64 * 1024;

export async function glanceAt(file: FoundFile): Promise<SessionGlance> {
  const handle = await open(file.path, 'r');
  try {
    const whole = file.size <= GLANCE_BYTES;
    const head = Buffer.alloc(Math.min(file.size, GLANCE_BYTES));
    const read = (await handle.read(head, 0, head.length, 0)).bytesRead;
    const headText = head.subarray(0, read).toString('utf8');
    if (whole) return { ...glanceFields(file), head: headText, tail: headText, whole: true };
    const tail = Buffer.alloc(GLANCE_BYTES);
    const tailRead = (await handle.read(tail, 0, GLANCE_BYTES, file.size - GLANCE_BYTES)).bytesRead;
    return { ...glanceFields(file), head: headText, tail: tail.subarray(0, tailRead).toString('utf8'), whole: false };
  } finally {
    await handle.close();
  }
}

const glanceFields = (file: FoundFile) => ({ path: file.path, relativePath: file.relativePath, size: file.size, mtimeMs: file.mtimeMs });
