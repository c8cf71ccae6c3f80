/** Reads a session file's head and tail, never its middle. */
import { open } from 'node:fs/promises';
import type { SessionGlance } from '../../adapters/types.js';
import type { FoundFile } from './walk.js';

export const GLANCE_BYTES = 64 * 1024;

/**
 * Read buffers are reused: thousands of fresh 64 KiB buffers (memory outside the JS heap) make
 * the garbage collector run full collections over and over.
 */
const spare: Buffer[] = [];
const take = () => spare.pop() ?? Buffer.allocUnsafe(GLANCE_BYTES);

async function readAt(handle: Awaited<ReturnType<typeof open>>, length: number, position: number): Promise<string> {
  const buffer = take();
  try {
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.toString('utf8', 0, bytesRead);
  } finally {
    spare.push(buffer);
  }
}

export async function glanceAt(file: FoundFile): Promise<SessionGlance> {
  const handle = await open(file.path, 'r');
  try {
    const whole = file.size <= GLANCE_BYTES;
    const head = await readAt(handle, Math.min(file.size, GLANCE_BYTES), 0);
    const tail = whole ? head : await readAt(handle, GLANCE_BYTES, file.size - GLANCE_BYTES);
    return { path: file.path, relativePath: file.relativePath, size: file.size, mtimeMs: file.mtimeMs, head, tail, whole };
  } finally {
    await handle.close();
  }
}
