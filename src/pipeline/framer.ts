/**
 * LF-only line framer shared by files, stdin and child processes.
 *
 * It splits raw bytes, never decoded text: byte 0x0A never occurs inside a multi-byte UTF-8
 * sequence, so a character split across two chunks is decoded only once its line is whole.
 * A trailing CR is stripped (CRLF files), blank lines are skipped but still counted, and the
 * last line is emitted even without a newline. A line longer than `maxLineBytes` is not
 * buffered: its bytes are dropped as they arrive and it is reported as an oversized line,
 * so one runaway line cannot exhaust memory. Huge base64 values in long lines are elided
 * before decoding (see elide.ts), and so are the values the adapter never reads (unread-values.ts).
 */

import { isUtf8 } from 'node:buffer';
import { ELIDE_LINE_THRESHOLD, elideLargeBase64 } from './elide.js';
import { blankUnreadValues, UNREAD_LINE_THRESHOLD, type UnreadSetting } from './unread-values.js';

export type FramedLine =
  /** `notUtf8`: bytes that are not UTF-8 were decoded as U+FFFD (the line is then unreadable, loudly) */
  | { kind: 'line'; line: number; text: string; bytes: number; notUtf8?: true; unterminated?: true }
  | { kind: 'oversized'; line: number; bytes: number };

export const DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;
const MIN_CARRY_BYTES = 64 * 1024;
/** a gathering buffer larger than this is let go once its line is read */
const MAX_KEPT_CARRY_BYTES = 32 * 1024 * 1024;

export class LineFramer {
  /**
   * A line that spans chunks is gathered here: a chunk may be a buffer its reader fills again
   * (file-chunks.ts), so its bytes are copied before the next one is read. The buffer is kept for
   * the next such line, unless it grew very large.
   */
  private carry: Buffer = Buffer.alloc(0);
  private carried = 0;
  /** the line's length so far (it counts on when an oversized line's bytes are dropped) */
  private pendingBytes = 0;
  private oversized = false;
  private lineNumber = 0;

  constructor(
    private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES,
    private readonly unread: UnreadSetting = { parts: undefined },
  ) {}

  /** Feeds one chunk; returns the lines it completed. The chunk is not kept. */
  push(chunk: Buffer): FramedLine[] {
    const out: FramedLine[] = [];
    let start = 0;
    for (let newline = chunk.indexOf(LF, start); newline !== -1; newline = chunk.indexOf(LF, start)) {
      if (this.carried === 0 && !this.oversized && this.pendingBytes === 0 && newline - start <= this.maxLineBytes) {
        // the whole line is in this chunk: it is read where it lies
        this.pendingBytes = newline - start;
        this.finishLine(out, chunk.subarray(start, newline));
      } else {
        this.append(chunk, start, newline);
        this.finishLine(out, this.carry.subarray(0, this.carried));
      }
      start = newline + 1;
    }
    if (start < chunk.length) this.append(chunk, start, chunk.length);
    return out;
  }

  /** Ends the input: returns the last line if it had no newline. */
  end(): FramedLine[] {
    const out: FramedLine[] = [];
    if (this.pendingBytes > 0 || this.oversized) this.finishLine(out, this.carry.subarray(0, this.carried));
    // the input ended inside its last line: a file still being written, or cut (said if it does not parse)
    const last = out[out.length - 1];
    if (last?.kind === 'line') last.unterminated = true;
    return out;
  }

  private append(chunk: Buffer, start: number, end: number): void {
    const length = end - start;
    if (this.oversized) {
      this.pendingBytes += length;
      return;
    }
    if (this.pendingBytes + length > this.maxLineBytes) {
      this.oversized = true;
      this.carried = 0;
      this.pendingBytes += length;
      return;
    }
    if (length > 0) {
      const needed = this.carried + length;
      if (needed > this.carry.length) {
        const grown = Buffer.allocUnsafe(Math.max(needed, this.carry.length * 2, MIN_CARRY_BYTES));
        this.carry.copy(grown, 0, 0, this.carried);
        this.carry = grown;
      }
      chunk.copy(this.carry, this.carried, start, end);
      this.carried = needed;
    }
    this.pendingBytes += length;
  }

  private finishLine(out: FramedLine[], line: Buffer): void {
    this.lineNumber += 1;
    const bytes = this.pendingBytes;
    if (this.oversized) {
      out.push({ kind: 'oversized', line: this.lineNumber, bytes });
    } else if (bytes > 0) {
      let whole = line;
      // unread values go first: the base64 scan then has fewer bytes to look through
      const { parts } = this.unread;
      if (parts && bytes >= UNREAD_LINE_THRESHOLD) whole = blankUnreadValues(whole, parts);
      if (whole.length >= ELIDE_LINE_THRESHOLD) whole = elideLargeBase64(whole);
      const end = whole[whole.length - 1] === CR ? whole.length - 1 : whole.length;
      if (end > 0 && !isBlank(whole, end)) {
        const text = whole.toString('utf8', 0, end);
        // U+FFFD is rare in real text: only then are the bytes checked, to tell it from a decoding loss
        if (text.includes('\ufffd') && !isUtf8(whole.subarray(0, end))) out.push({ kind: 'line', line: this.lineNumber, text, bytes, notUtf8: true });
        else out.push({ kind: 'line', line: this.lineNumber, text, bytes });
      }
    }
    this.carried = 0;
    if (this.carry.length > MAX_KEPT_CARRY_BYTES) this.carry = Buffer.alloc(0);
    this.pendingBytes = 0;
    this.oversized = false;
  }
}

function isBlank(buffer: Buffer, end: number): boolean {
  for (let i = 0; i < end; i++) {
    const byte = buffer[i];
    if (byte !== 0x20 && byte !== 0x09 && byte !== CR) return false;
  }
  return true;
}

/** Frames an async byte stream into lines. */
export async function* frameLines(
  chunks: AsyncIterable<Buffer | string>,
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
  unread?: UnreadSetting,
): AsyncGenerator<FramedLine> {
  const framer = new LineFramer(maxLineBytes, unread);
  for await (const chunk of chunks) {
    yield* framer.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  yield* framer.end();
}
