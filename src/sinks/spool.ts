/**
 * The document sink's spool: one event per line, as JSON (which never holds a raw newline).
 * It is read back as bytes: lines are decoded only when an event must be looked at again, and a
 * compact document takes the spool's bytes as they are, each newline turned into its separator.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { WriteBytes } from './byte-batch.js';

const READ_CHUNK = 1024 * 1024;
const LF = 0x0a;

async function* spoolChunks(path: string): AsyncGenerator<Buffer> {
  for await (const chunk of createReadStream(path, { highWaterMark: READ_CHUNK })) yield chunk as Buffer;
}

/** The spool's lines, each as its bytes without the newline. */
export async function* spoolLines(path: string): AsyncGenerator<Buffer> {
  let carry: Buffer[] = [];
  for await (const chunk of spoolChunks(path)) {
    let start = 0;
    for (let newline = chunk.indexOf(LF); newline !== -1; newline = chunk.indexOf(LF, start)) {
      const piece = chunk.subarray(start, newline);
      if (carry.length > 0) {
        carry.push(piece);
        yield Buffer.concat(carry);
        carry = [];
      } else {
        yield piece;
      }
      start = newline + 1;
    }
    if (start < chunk.length) carry.push(chunk.subarray(start));
  }
  if (carry.length > 0) yield Buffer.concat(carry);
}

/**
 * Writes the spool's events joined by `separator` (the spool's last newline is dropped): the
 * bytes are copied, never decoded. Two buffers serve the whole copy (read into one, joined into
 * the other), each filled again once the write that holds it is done, so a copy of any size
 * leaves no garbage Buffers behind it.
 */
export async function copySpool(path: string, separator: Buffer, write: WriteBytes): Promise<void> {
  const file = await open(path, 'r');
  try {
    const input = Buffer.allocUnsafe(READ_CHUNK);
    // the worst case: every byte a newline, each becoming a separator, plus one owed from before
    const joinedSize = READ_CHUNK * Math.max(1, separator.length) + separator.length;
    let joined = Buffer.allocUnsafe(joinedSize);
    // a newline that ends a read may be the spool's last: its separator waits for more bytes
    let separatorOwed = false;
    for (;;) {
      const { bytesRead } = await file.read(input, 0, READ_CHUNK, null);
      if (bytesRead === 0) break;
      const chunk = input.subarray(0, bytesRead);
      let used = separatorOwed ? separator.copy(joined, 0) : 0;
      let start = 0;
      for (let newline = chunk.indexOf(LF); newline !== -1; newline = chunk.indexOf(LF, start)) {
        used += chunk.copy(joined, used, start, newline);
        start = newline + 1;
        if (newline < chunk.length - 1) used += separator.copy(joined, used);
      }
      separatorOwed = chunk[chunk.length - 1] === LF;
      if (start < chunk.length) used += chunk.copy(joined, used, start);
      const pending = write(joined.subarray(0, used));
      if (pending) await pending;
      else joined = Buffer.allocUnsafe(joinedSize); // the writer may still hold it
    }
  } finally {
    await file.close();
  }
}
