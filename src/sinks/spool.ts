/**
 * The document sink's spool: one event per line, as JSON (which never holds a raw newline).
 * It is read back as bytes: lines are decoded only when an event must be looked at again, and a
 * compact document takes the spool's bytes as they are, each newline turned into its separator.
 */
import { createReadStream } from 'node:fs';
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
 * bytes are copied, never decoded.
 */
export async function copySpool(path: string, separator: Buffer, write: WriteBytes): Promise<void> {
  // a newline that ends a chunk may be the spool's last: its separator waits for more bytes
  let separatorOwed = false;
  for await (const chunk of spoolChunks(path)) {
    const pieces: Buffer[] = separatorOwed ? [separator] : [];
    let start = 0;
    for (let newline = chunk.indexOf(LF); newline !== -1; newline = chunk.indexOf(LF, start)) {
      pieces.push(chunk.subarray(start, newline));
      start = newline + 1;
      if (newline < chunk.length - 1) pieces.push(separator);
    }
    separatorOwed = chunk[chunk.length - 1] === LF;
    if (start < chunk.length) pieces.push(chunk.subarray(start));
    const pending = write(Buffer.concat(pieces));
    if (pending) await pending;
  }
}
