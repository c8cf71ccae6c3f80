/** Reads a session file's head and tail, never its middle. */
import { closeSync, openSync, readSync } from 'node:fs';
export const GLANCE_BYTES = 64 * 1024;
/**
 * Read buffers are reused: thousands of fresh 64 KiB buffers (memory outside the JS heap) make
 * the garbage collector run full collections over and over.
 */
const spare = [];
const take = () => spare.pop() ?? Buffer.allocUnsafe(GLANCE_BYTES);
function readAt(fd, length, position) {
    const buffer = take();
    try {
        const bytesRead = readSync(fd, buffer, 0, length, position);
        return buffer.toString('utf8', 0, bytesRead);
    }
    finally {
        spare.push(buffer);
    }
}
/**
 * Synchronous on purpose: two small reads of a file in the page cache cost less than the four
 * thread-pool round trips (open, read, read, close) of the promise API, which left a 10,000-file
 * listing waiting on the pool most of its time.
 */
export function glanceAt(file) {
    const fd = openSync(file.path, 'r');
    try {
        const whole = file.size <= GLANCE_BYTES;
        const head = readAt(fd, Math.min(file.size, GLANCE_BYTES), 0);
        const tail = whole ? head : readAt(fd, GLANCE_BYTES, file.size - GLANCE_BYTES);
        return { path: file.path, relativePath: file.relativePath, size: file.size, mtimeMs: file.mtimeMs, head, tail, whole };
    }
    finally {
        closeSync(fd);
    }
}
//# sourceMappingURL=glance.js.map