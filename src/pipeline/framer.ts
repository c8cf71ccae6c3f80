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

import { ELIDE_LINE_THRESHOLD, elideLargeBase64 } from './elide.js';
import { blankUnreadValues, UNREAD_LINE_THRESHOLD, type UnreadSetting } from './unread-values.js';

export type FramedLine =
  | { kind: 'line'; line: number; text: string; bytes: number }
  | { kind: 'oversized'; line: number; bytes: number };

export const DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

export class LineFramer {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private oversized = false;
  private lineNumber = 0;

  constructor(
    private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES,
    private readonly unread: UnreadSetting = { parts: undefined },
  ) {}

  /** Feeds one chunk; returns the lines it completed. */
  push(chunk: Buffer): FramedLine[] {
    const out: FramedLine[] = [];
    let start = 0;
    for (let newline = chunk.indexOf(LF, start); newline !== -1; newline = chunk.indexOf(LF, start)) {
      this.append(chunk, start, newline);
      this.finishLine(out);
      start = newline + 1;
    }
    if (start < chunk.length) this.append(chunk, start, chunk.length);
    return out;
  }

  /** Ends the input: returns the last line if it had no newline. */
  end(): FramedLine[] {
    const out: FramedLine[] = [];
    if (this.pendingBytes > 0 || this.oversized) this.finishLine(out);
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
      this.pending = [];
      this.pendingBytes += length;
      return;
    }
    if (length > 0) this.pending.push(chunk.subarray(start, end));
    this.pendingBytes += length;
  }

  private finishLine(out: FramedLine[]): void {
    this.lineNumber += 1;
    const bytes = this.pendingBytes;
    if (this.oversized) {
      out.push({ kind: 'oversized', line: this.lineNumber, bytes });
    } else if (bytes > 0) {
      let whole = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, bytes);
      // unread values go first: the base64 scan then has fewer bytes to look through
      const { parts } = this.unread;
      if (parts && bytes >= UNREAD_LINE_THRESHOLD) whole = blankUnreadValues(whole, parts);
      if (whole.length >= ELIDE_LINE_THRESHOLD) whole = elideLargeBase64(whole);
      const end = whole[whole.length - 1] === CR ? whole.length - 1 : whole.length;
      if (end > 0 && !isBlank(whole, end)) {
        out.push({ kind: 'line', line: this.lineNumber, text: whole.toString('utf8', 0, end), bytes });
      }
    }
    this.pending = [];
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
