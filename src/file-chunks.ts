/**
 * A file read in large chunks into a few buffers that take turns, instead of a new Buffer per
 * read: a gigabyte read this way leaves no garbage Buffers outside the JS heap for the collector
 * to find late. The price is a rule for the reader: a chunk's bytes stay valid only until
 * `BUFFERS - 1` more chunks have been read, so whatever must last longer is copied (decoded
 * strings are copies already).
 *
 * A regular file smaller than a chunk gets one buffer of its own size, read once: a batch of
 * small sessions would otherwise allocate two chunks per file and read once more to see the end.
 */
import { fstatSync, open as openCallback } from 'node:fs';
import { open } from 'node:fs/promises';
import { Socket } from 'node:net';

export const CHUNK_BYTES = 1024 * 1024;
/** the chunk being read and the one before it: enough for a reader that looks one chunk back */
export const BUFFERS = 2;
/** the smallest buffer: a file that says it is empty may still hold bytes (/proc, a file being written) */
const MIN_BUFFER_BYTES = 64 * 1024;

export async function* fileChunks(path: string, chunkBytes = CHUNK_BYTES): AsyncGenerator<Buffer> {
  const file = await open(path, 'r');
  try {
    const stat = fstatSync(file.fd);
    // what the file holds, when it says so: a short read past it is the end (a pipe's short reads are not)
    const known = stat.isFile() && stat.size > 0 ? stat.size : null;
    // one byte more than the file holds, so that reading it whole is a short read (one that shows the end)
    const bufferBytes = known === null ? chunkBytes : Math.min(chunkBytes, Math.max(MIN_BUFFER_BYTES, known + 1));
    const buffers: Buffer[] = [];
    let total = 0;
    for (let turn = 0; ; turn = (turn + 1) % BUFFERS) {
      const buffer = (buffers[turn] ??= Buffer.allocUnsafe(bufferBytes));
      const { bytesRead } = await file.read(buffer, 0, bufferBytes, null);
      if (bytesRead === 0) return;
      total += bytesRead;
      yield buffer.subarray(0, bytesRead);
      if (known !== null && bytesRead < bufferBytes && total >= known) return;
    }
  } finally {
    await file.close();
  }
}

/**
 * A named pipe read through the event loop, as `process.stdin` is: a read that waits on a silent
 * writer then holds no thread of libuv's pool, which an interrupt's exit would wait for. (The open
 * itself waits for a writer on the pool: src/lifecycle/blocked-opens.ts frees it on a signal.)
 */
export async function* fifoChunks(path: string): AsyncGenerator<Buffer> {
  const fd = await new Promise<number>((resolve, reject) => openCallback(path, 'r', (error, opened) => (error ? reject(error) : resolve(opened))));
  const pipe = new Socket({ fd, readable: true, writable: false });
  try {
    for await (const chunk of pipe) yield chunk as Buffer;
  } finally {
    pipe.destroy();
  }
}
