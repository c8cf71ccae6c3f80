/**
 * The document sink's spool: one event per line, as JSON (which never holds a raw newline).
 * A session's events stay in memory while they are few (most sessions), and move to a private
 * temp file once they pass MEMORY_SPOOL_BYTES, so memory never grows with a session's size.
 * It is read back as bytes: lines are decoded only when an event must be looked at again, and a
 * compact document takes the spool's bytes as they are, each newline turned into its separator.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileChunks } from '../file-chunks.js';
import { privateTempDir } from '../lifecycle/temp.js';
import type { WriteBytes } from './byte-batch.js';
import { atomicFileOutput, type Output } from './output.js';

export const MEMORY_SPOOL_BYTES = 8 * 1024 * 1024;
const READ_CHUNK = 1024 * 1024;
const LF = 0x0a;

export class Spool {
  /** the bytes while they are in memory; undefined once they went to the file */
  private held: Buffer[] | undefined = [];
  private heldBytes = 0;
  private file: { dir: string; path: string; output: Output; committed: boolean } | undefined;

  constructor(private readonly memoryBytes = MEMORY_SPOOL_BYTES) {}

  /** whether the spool went to a temp file */
  get onDisk(): boolean {
    return this.file !== undefined;
  }

  /** Takes a copy of the bytes (or writes them out): the caller may fill its buffer again once this resolves. */
  write(bytes: Buffer): Promise<void> {
    if (this.held && this.heldBytes + bytes.length <= this.memoryBytes) {
      this.held.push(Buffer.from(bytes));
      this.heldBytes += bytes.length;
      return Promise.resolve();
    }
    return this.writeOut(bytes);
  }

  /** No more bytes: a spool on disk is flushed and closed. */
  async close(): Promise<void> {
    if (!this.file || this.file.committed) return;
    await this.file.output.commit();
    this.file.committed = true;
  }

  /** The spool's lines, each as its bytes without the newline; each line is the caller's to keep. */
  lines(): AsyncGenerator<Buffer> {
    return linesOf(this.chunks(false));
  }

  /**
   * The same lines, each valid only until the next is asked for (a reader that decodes or copies
   * each at once): read into buffers that take turns, a pass over a large spool leaves no garbage
   * Buffers behind it.
   */
  linesInPlace(): AsyncGenerator<Buffer> {
    return linesOf(this.chunks(true));
  }

  /**
   * The first `count` lines as linesInPlace gives them, then the rest of the spool's bytes as
   * they are (newlines included), in chunks valid the same way.
   */
  linesThenRest(count: number): AsyncGenerator<SpoolPiece> {
    return linesThenRest(this.chunks(true), count);
  }

  /** Writes the spool's events joined by `separator` (see copySpool). */
  copyTo(separator: Buffer, write: WriteBytes): Promise<void> {
    return copySpool(this.chunks(true), separator, write);
  }

  /** Removes the temp file, if there is one; the spool is empty after. */
  async discard(): Promise<void> {
    this.held = undefined;
    const file = this.file;
    if (!file) return;
    if (!file.committed) await file.output.abort();
    await rm(file.dir, { recursive: true, force: true });
  }

  /** `reused`: the chunks may share buffers (each valid until the next one is read) */
  private async *chunks(reused: boolean): AsyncGenerator<Buffer> {
    if (this.held) {
      yield* this.held;
      return;
    }
    if (!this.file) return;
    if (reused) yield* fileChunks(this.file.path);
    else for await (const chunk of createReadStream(this.file.path, { highWaterMark: READ_CHUNK })) yield chunk as Buffer;
  }

  private async writeOut(bytes: Buffer): Promise<void> {
    if (!this.file) {
      const dir = privateTempDir('spool');
      const path = join(dir, 'events');
      this.file = { dir, path, output: atomicFileOutput(path), committed: false };
    }
    // queued in order before any wait, so a write that does not wait for this one cannot overtake it
    const { output } = this.file;
    const pending = (this.held ?? []).map((chunk) => output.write(chunk));
    this.held = undefined;
    pending.push(output.write(bytes));
    await Promise.all(pending);
  }
}

export type SpoolPiece = { line: Buffer } | { rest: Buffer };

async function* linesThenRest(chunks: AsyncIterable<Buffer>, count: number): AsyncGenerator<SpoolPiece> {
  let carry: Buffer[] = [];
  let lines = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let newline = chunk.indexOf(LF); lines < count && newline !== -1; newline = chunk.indexOf(LF, start)) {
      const piece = chunk.subarray(start, newline);
      lines += 1;
      start = newline + 1;
      if (carry.length > 0) {
        carry.push(piece);
        yield { line: Buffer.concat(carry) };
        carry = [];
      } else {
        yield { line: piece };
      }
    }
    if (start === chunk.length) continue;
    if (lines < count) carry.push(Buffer.from(chunk.subarray(start)));
    else yield { rest: chunk.subarray(start) };
  }
  if (carry.length > 0) yield { line: Buffer.concat(carry) };
}

/** The lines of a stream of chunks (chunks may share buffers: a line that spans chunks is copied). */
async function* linesOf(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let carry: Buffer[] = [];
  for await (const chunk of chunks) {
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
    if (start < chunk.length) carry.push(Buffer.from(chunk.subarray(start)));
  }
  if (carry.length > 0) yield Buffer.concat(carry);
}

/**
 * Writes the events joined by `separator` (the spool's last newline is dropped): the bytes are
 * copied, never decoded. They are joined into one buffer, filled again once the write that holds
 * it is done, so a copy of any size leaves no garbage Buffers behind it.
 */
export async function copySpool(chunks: AsyncIterable<Buffer>, separator: Buffer, write: WriteBytes): Promise<void> {
  let joined: Buffer | undefined;
  // a newline that ends a chunk may be the spool's last: its separator waits for more bytes
  let separatorOwed = false;
  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    // the worst case: every byte a newline, each becoming a separator, plus one owed from before
    const needed = chunk.length * Math.max(1, separator.length) + separator.length;
    if (!joined || joined.length < needed) joined = Buffer.allocUnsafe(Math.max(needed, READ_CHUNK * Math.max(1, separator.length) + separator.length));
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
    else joined = undefined; // the writer may still hold it
  }
}
