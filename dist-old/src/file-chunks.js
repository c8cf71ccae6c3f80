/**
 * A file read in large chunks into a few buffers that take turns, instead of a new Buffer per
 * read: a gigabyte read this way leaves no garbage Buffers outside the JS heap for the collector
 * to find late. The price is a rule for the reader: a chunk's bytes stay valid only until
 * `BUFFERS - 1` more chunks have been read, so whatever must last longer is copied (decoded
 * strings are copies already).
 */
import { open } from 'node:fs/promises';
export const CHUNK_BYTES = 1024 * 1024;
/** the chunk being read and the one before it: enough for a reader that looks one chunk back */
export const BUFFERS = 2;
export async function* fileChunks(path, chunkBytes = CHUNK_BYTES) {
    const file = await open(path, 'r');
    try {
        const buffers = Array.from({ length: BUFFERS }, () => Buffer.allocUnsafe(chunkBytes));
        for (let turn = 0;; turn = (turn + 1) % BUFFERS) {
            const buffer = buffers[turn];
            const { bytesRead } = await file.read(buffer, 0, chunkBytes, null);
            if (bytesRead === 0)
                return;
            yield buffer.subarray(0, bytesRead);
        }
    }
    finally {
        await file.close();
    }
}
//# sourceMappingURL=file-chunks.js.map