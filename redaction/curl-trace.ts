/**
 * What `curl --trace-ascii` and `curl --trace` write: each header or body is dumped as rows that
 * start with the offset of their first byte (`0027: `). `--trace-ascii` cuts a row at 64 bytes,
 * so an `Authorization: Basic …` value, a cookie or a form body longer than the rest of the row
 * goes on in the next row; `--trace` shows 16 bytes a row in hex, then the same bytes as text
 * with `.` for CR and LF. Read back here: the cut rows joined, the hex rows turned into their
 * bytes. A secret found across a cut is replaced together with the row prefix between its parts;
 * one found in hex rows from its first hex byte to its last character in the text column.
 * git's `GIT_TRACE_CURL` cuts the bodies it sends and receives the same way, at 60 characters a
 * row (`<= Recv data: …`): those rows are joined too. A trace file curl wrote on Windows (text
 * mode) ends its lines with CR LF; `--trace-time` and `--trace-ids` (`[0-x] `) prefix only the
 * `=> Send header, …` and `== Info:` lines, never the rows (curl's src/tool_cb_dbg.c).
 */
import type { DecodedText } from './carriers.js';
import type { Span } from './types.js';
import { lineBreakAfter, lineBreakBefore } from './line-bounds.js';

/** `0027: `; a time before it is taken too, though curl writes one only before the lines that announce the rows. */
const ROW = /^(?:\d\d:\d\d:\d\d\.\d{6} )?([0-9a-f]{4,16}): /;
/** `--trace-ascii` rows hold this many bytes at most (curl's width without hex). */
const ASCII_ROW_BYTES = 64;
const HEX_ROW_BYTES = 16;
/** `09:22:53.052865 http.c:713              <= Recv data: ` (GIT_TRACE_CURL; git's width is 60) */
const GIT_DATA_ROW = /^\d\d:\d\d:\d\d\.\d{6} http\.c:\d+ +(<= Recv|=> Send) (?:SSL )?data: /;
const GIT_ROW_BYTES = 60;
/** 16 places of `xx ` (blank in a short last row), then the bytes as text (`.` for what does not print). */
const HEX_COLUMNS = HEX_ROW_BYTES * 3;
const HEX_PLACES = /^((?:[0-9a-f]{2} )*)(?: {3})*$/;

interface Row {
  readonly lineStart: number;
  /** where the dumped bytes start (after the offset prefix) */
  readonly start: number;
  readonly end: number;
  readonly offset: number;
  /** a GIT_TRACE_CURL data row (no offset): which way the data went */
  readonly git?: string;
}

/** A stretch of the decoded text and where it comes from. */
interface Segment {
  readonly decodedStart: number;
  readonly length: number;
  /** copied as written from original[start, …) */
  readonly start?: number;
  /** else one entry per decoded character: the hex byte's start and the end of its text column character */
  readonly bytes?: readonly { readonly hexStart: number; readonly textEnd: number }[];
}

export function withoutCurlTrace(text: string): DecodedText | null {
  if (!text.includes('0000: ') && !text.includes(' data: ')) return null;
  const rows = traceRows(text);
  if (rows.length < 2) return null;
  const parts: string[] = [];
  const segments: Segment[] = [];
  const changed: Span[] = [];
  let copied = 0;
  let length = 0;
  const copyTo = (end: number): void => {
    if (end <= copied) return;
    segments.push({ decodedStart: length, length: end - copied, start: copied });
    parts.push(text.slice(copied, end));
    length += end - copied;
    copied = end;
  };
  for (let index = 0; index < rows.length; ) {
    const hex = rows[index]!.git === undefined ? hexBlock(text, rows, index) : null;
    if (typeof hex === 'number') {
      // rows that pass for hex but whose text column disagrees: not a trace, none of them is read
      index = hex;
      continue;
    }
    if (hex) {
      copyTo(rows[index]!.lineStart);
      segments.push({ decodedStart: length, length: hex.decoded.length, bytes: hex.bytes });
      changed.push({ start: length, end: length + hex.decoded.length });
      parts.push(hex.decoded);
      length += hex.decoded.length;
      copied = hex.end;
      index = hex.nextRow;
      continue;
    }
    const row = rows[index]!;
    const next = rows[index + 1];
    const cut = row.git === undefined
      ? next?.git === undefined && row.end - row.start === ASCII_ROW_BYTES && next?.offset === row.offset + ASCII_ROW_BYTES
      : next?.git === row.git && row.end - row.start === GIT_ROW_BYTES;
    if (next && cut && nextLine(text, row.end) === next.lineStart) {
      // the row was cut, not ended: drop the line break and the next row's prefix
      copyTo(row.end);
      changed.push({ start: length, end: length });
      copied = next.start;
    }
    index += 1;
  }
  if (changed.length === 0) return null;
  copyTo(text.length);
  const decoded = parts.join('');
  const segmentAt = (at: number): Segment => {
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (segments[middle]!.decodedStart <= at) low = middle;
      else high = middle - 1;
    }
    return segments[low]!;
  };
  const original = (at: number, side: 'start' | 'end'): number => {
    const segment = segmentAt(at);
    const within = Math.min(at - segment.decodedStart, segment.length - 1);
    if (segment.bytes) return side === 'start' ? segment.bytes[within]!.hexStart : segment.bytes[within]!.textEnd;
    return segment.start! + within + (side === 'end' ? 1 : 0);
  };
  return {
    decoded,
    changed,
    toOriginal: (start, end) => (end > start ? { start: original(start, 'start'), end: original(end - 1, 'end') } : null),
  };
}

/**
 * The trace rows: the runs of lines that are rows, each found from its first row (a curl dump's
 * `0000: `, a git data row's ` data: `), so that a long text without a trace costs two searches.
 */
function traceRows(text: string): Row[] {
  const rows: Row[] = [];
  let scanned = 0;
  for (const marker of ['0000: ', ' data: ']) {
    scanned = 0;
    for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, Math.max(at + 1, scanned))) {
      let lineStart = lineBreakBefore(text, at) + 1;
      if (lineStart < scanned) continue;
      // the run of rows from this line on
      for (let row = rowAt(text, lineStart); row; row = rowAt(text, lineStart)) {
        rows.push(row);
        lineStart = lineEndAt(text, lineStart) + 1;
      }
      scanned = Math.max(lineStart, at + 1);
    }
  }
  if (rows.length === 0) return rows;
  // curl's and git's rows found apart, each once: in text order
  rows.sort((a, b) => a.lineStart - b.lineStart);
  return rows.filter((row, index) => index === 0 || row.lineStart !== rows[index - 1]!.lineStart);
}

/** Where the line after a row that ends at `rowEnd` starts: after LF, or CR LF (a trace written on Windows, in text mode). */
function nextLine(text: string, rowEnd: number): number {
  return text.charCodeAt(rowEnd) === 13 ? rowEnd + 2 : rowEnd + 1;
}

function lineEndAt(text: string, lineStart: number): number {
  const lineEnd = lineBreakAfter(text, lineStart);
  return lineEnd < 0 ? text.length : lineEnd;
}

/** The row on the line at `lineStart`, if the line is one. */
function rowAt(text: string, lineStart: number): Row | null {
  if (lineStart >= text.length) return null;
  const code = text.charCodeAt(lineStart);
  // a row starts with a hex digit (its offset or the time)
  if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return null;
  const lineEnd = lineEndAt(text, lineStart);
  const head = text.slice(lineStart, Math.min(lineEnd, lineStart + 80));
  const end = text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
  const match = ROW.exec(head);
  if (match) return { lineStart, start: lineStart + match[0].length, end, offset: Number.parseInt(match[1]!, 16) };
  const git = GIT_DATA_ROW.exec(head);
  return git ? { lineStart, start: lineStart + git[0].length, end, offset: 0, git: git[1]! } : null;
}

/**
 * The `--trace` rows from rows[index] on: each one 16 bytes in hex (the last one fewer) with the
 * same bytes as text after them, offsets 16 apart, lines one after the other. Null when
 * rows[index] does not start such rows; the index of the row after one whose text column
 * disagrees with its hex (the rows up to it are not a dump).
 */
function hexBlock(text: string, rows: readonly Row[], index: number): { decoded: string; bytes: { hexStart: number; textEnd: number }[]; end: number; nextRow: number } | number | null {
  const bytes: { hexStart: number; textEnd: number }[] = [];
  let decoded = '';
  let at = index;
  let end = 0;
  for (; at < rows.length; at += 1) {
    const row = rows[at]!;
    if (at > index) {
      const previous = rows[at - 1]!;
      if (row.offset !== previous.offset + HEX_ROW_BYTES || row.lineStart !== nextLine(text, end)) break;
    } else if (row.offset % HEX_ROW_BYTES !== 0) return null;
    const content = text.slice(row.start, row.end);
    const match = content.length > HEX_COLUMNS ? HEX_PLACES.exec(content.slice(0, HEX_COLUMNS)) : null;
    if (!match) break;
    const hexDigits = match[1]!;
    const count = hexDigits.length / 3;
    const shown = content.slice(HEX_COLUMNS);
    if (count === 0 || shown.length !== count || (count < HEX_ROW_BYTES && at + 1 < rows.length && rows[at + 1]!.offset === row.offset + HEX_ROW_BYTES)) break;
    const textStart = row.end - shown.length;
    for (let byte = 0; byte < count; byte += 1) {
      const value = Number.parseInt(hexDigits.slice(byte * 3, byte * 3 + 2), 16);
      const printed = shown.charCodeAt(byte);
      // the text column must agree with the hex: the byte itself, or `.` for one that does not print
      if (printed !== value && !(printed === 46 && (value < 32 || value > 126))) return at + 1;
      decoded += value === 13 || value === 10 ? '\n' : value < 32 || value > 126 ? '.' : String.fromCharCode(value);
      bytes.push({ hexStart: row.start + byte * 3, textEnd: textStart + byte + 1 });
    }
    end = row.end;
    if (count < HEX_ROW_BYTES) {
      at += 1;
      break;
    }
  }
  if (bytes.length < HEX_ROW_BYTES) return null;
  return { decoded, bytes, end, nextRow: at };
}
