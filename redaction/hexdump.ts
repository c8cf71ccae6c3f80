/**
 * Hex dumps of a file (`xxd`, `hexdump -C`, `od -A x -t x1z`, `od -t x1`, `od -x`, `od -c`): the
 * bytes of a `.env` or credentials file, written as hex (and, in most dumps, again as text in a
 * column on the right). The rows are read back into the file's text; a secret found there is
 * replaced from its first hex byte to its last character in the text column, so that no row that
 * holds a byte of it keeps that byte in either column.
 */
import type { DecodedText } from './carriers.js';
import { lineBreakAfter } from './line-bounds.js';

/** One byte of a dump: its value and the stretch of the row that shows it (text column included). */
interface DumpedByte {
  readonly value: number;
  readonly start: number;
  readonly end: number;
}

/** A dump's rows hold at most this many bytes (`xxd -c 256` is the tool's own ceiling). */
const MAX_ROW_BYTES = 256;
/** Fewer bytes than this hold no secret worth a scan. */
const MIN_DUMP_BYTES = 8;
/** Larger dumps are of binaries, not of a settings file. */
const MAX_DUMP_BYTES = 1 << 20;

export function withoutHexDump(text: string): DecodedText | null {
  const dumped: DumpedByte[] = [];
  for (let at = text.indexOf('000'); at >= 0; at = text.indexOf('000', at + 3)) {
    const lineStart = rowStartAround(text, at);
    if (lineStart < 0) continue;
    const block = dumpBlock(text, lineStart);
    at = Math.max(at, block.end - 3);
    if (block.bytes.length < MIN_DUMP_BYTES || !mostlyText(block.bytes)) continue;
    if (dumped.length > 0) dumped.push({ value: 0x0a, start: dumped[dumped.length - 1]!.end, end: dumped[dumped.length - 1]!.end });
    dumped.push(...block.bytes);
    if (dumped.length > MAX_DUMP_BYTES) return null;
  }
  return dumped.length > 0 ? decodedDump(dumped) : null;
}

/**
 * The start of the line when the run of hex digits around `at` opens it as a dump row's offset
 * (6 to 16 digits, then `:` or a space), else -1. The cheap test that keeps a text without a dump
 * from costing more than a search for `000`.
 */
function rowStartAround(text: string, at: number): number {
  // at most one digit more than an offset has each way: a long run of hex is not read twice
  let start = at;
  while (start > 0 && at - start <= MAX_OFFSET_DIGITS && isHexDigit(text.charCodeAt(start - 1))) start -= 1;
  if (start > 0 && text[start - 1] !== '\n') return -1;
  let end = at + 3;
  while (end < text.length && end - start <= MAX_OFFSET_DIGITS && isHexDigit(text.charCodeAt(end))) end += 1;
  const digits = end - start;
  return digits >= 6 && digits <= MAX_OFFSET_DIGITS && (text[end] === ':' || text[end] === ' ') ? start : -1;
}

const MAX_OFFSET_DIGITS = 16;

function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

interface Row {
  readonly offset: string;
  readonly bytes: DumpedByte[];
}

/**
 * The rows that follow one another from `lineStart`: each one parses, and each one's offset is the
 * previous offset plus the previous row's bytes, in one radix for the whole block (xxd and
 * `hexdump` count in hex, `od` in octal unless told otherwise). A `*` (rows repeated) or the
 * closing line with the length alone ends a block.
 */
function dumpBlock(text: string, lineStart: number): { bytes: DumpedByte[]; end: number } {
  const bytes: DumpedByte[] = [];
  let radixes = [16, 8, 10];
  let previous: Row | null = null;
  let start = lineStart;
  while (start < text.length) {
    const lineEnd = endOfLine(text, start);
    const row = parseRow(text, start, lineEnd);
    if (!row) break;
    const before = previous;
    const follows = (radix: number) => {
      const offset = offsetValue(row.offset, radix);
      return before ? offset === offsetValue(before.offset, radix) + before.bytes.length : !Number.isNaN(offset);
    };
    const left = radixes.filter(follows);
    if (left.length === 0) break;
    radixes = left;
    for (const byte of row.bytes) bytes.push(byte);
    previous = row;
    start = text[lineEnd] === '\r' ? lineEnd + 2 : lineEnd + 1;
  }
  return { bytes, end: start };
}

/** The offset's value in `radix`, NaN when a digit is not one of that radix. */
function offsetValue(digits: string, radix: number): number {
  for (const digit of digits) if (!(parseInt(digit, 16) < radix)) return Number.NaN;
  return parseInt(digits, radix);
}

function endOfLine(text: string, from: number): number {
  const newline = lineBreakAfter(text, from);
  const end = newline < 0 ? text.length : newline;
  return end > from && text[end - 1] === '\r' ? end - 1 : end;
}

const OFFSET = /[0-9a-fA-F]{6,16}/y;

function parseRow(text: string, start: number, end: number): Row | null {
  OFFSET.lastIndex = start;
  if (!OFFSET.test(text)) return null;
  const offsetEnd = OFFSET.lastIndex;
  const offset = text.slice(start, offsetEnd);
  const colon = text[offsetEnd] === ':';
  const bytes = hexRow(text, colon ? offsetEnd + 1 : offsetEnd, end, colon) ?? (colon ? null : charRow(text, offsetEnd, end));
  return bytes && bytes.length > 0 && bytes.length <= MAX_ROW_BYTES ? { offset, bytes } : null;
}

interface HexGroup {
  readonly start: number;
  readonly end: number;
}

/**
 * A row of hex groups (`44 42`, `4442 5f50`, `44425f50`), with or without a text column after them
 * (`  DB_P`, `  |DB_P|`, `  >DB_P<`). When there is one, it must show the row's bytes (a printable
 * byte as itself, any other as `.`): that settles where the groups end and in which order a
 * group's bytes are written. Without one, groups of more than one byte after an offset with no
 * colon are `od -x` / `hexdump` words, whose bytes are written low byte first.
 */
function hexRow(text: string, from: number, end: number, colon: boolean): DumpedByte[] | null {
  const groups = hexGroups(text, from, end);
  if (groups.length === 0) return null;
  const lastEnd = groups[groups.length - 1]!.end;
  if (/^\s*$/.test(text.slice(lastEnd, end))) {
    const lowFirst = !colon && groups[0]!.end - groups[0]!.start > 2;
    return groupBytes(text, groups, lowFirst, null);
  }
  // the text column may itself start with what reads as hex: try fewer groups
  let byteCount = groups.reduce((sum, group) => sum + (group.end - group.start) / 2, 0);
  for (let count = groups.length; count > 0; count--) {
    const taken = groups.slice(0, count);
    const column = textColumn(text, taken[count - 1]!.end, end, byteCount);
    byteCount -= (taken[count - 1]!.end - taken[count - 1]!.start) / 2;
    if (column < 0) continue;
    for (const lowFirst of [false, true]) {
      const bytes = groupBytes(text, taken, lowFirst, column);
      if (showsBytes(text, column, bytes)) return bytes;
    }
  }
  return null;
}

/** Hex groups of one width (the last may be shorter) split by one to three spaces. */
function hexGroups(text: string, from: number, end: number): HexGroup[] {
  const groups: HexGroup[] = [];
  let digits = 0;
  let at = from;
  while (at < end && digits <= 2 * MAX_ROW_BYTES) {
    let spaces = 0;
    while (at + spaces < end && text[at + spaces] === ' ') spaces += 1;
    if (spaces === 0 || spaces > 3) break;
    let groupEnd = at + spaces;
    while (groupEnd < end && isHexDigit(text.charCodeAt(groupEnd))) groupEnd += 1;
    const width = groupEnd - at - spaces;
    if (width < 2 || width % 2 !== 0 || width > 16 || (groupEnd < end && text[groupEnd] !== ' ')) break;
    const first = groups[0];
    if (first && width > first.end - first.start) break;
    groups.push({ start: at + spaces, end: groupEnd });
    digits += width;
    at = groupEnd;
  }
  return groups;
}

function groupBytes(text: string, groups: readonly HexGroup[], lowFirst: boolean, column: number | null): DumpedByte[] {
  const bytes: DumpedByte[] = [];
  for (const group of groups) {
    const values: number[] = [];
    for (let at = group.start; at < group.end; at += 2) values.push(parseInt(text.slice(at, at + 2), 16));
    if (lowFirst) values.reverse();
    // a byte of a word maps to the whole word: its two digits are not where its order puts it
    const whole = group.end - group.start > 2;
    values.forEach((value, k) => {
      const start = whole ? group.start : group.start + 2 * k;
      bytes.push({ value, start, end: whole ? group.end : start + 2 });
    });
  }
  if (column !== null) bytes.forEach((byte, k) => { bytes[k] = { ...byte, end: column + k + 1 }; });
  return bytes;
}

/**
 * Where the text column of `count` bytes starts: after two spaces or more, bare at the end of the
 * line (xxd), between `|` (hexdump -C) or between `>` and `<` (od -t x1z). -1 when none fits.
 */
function textColumn(text: string, groupsEnd: number, end: number, count: number): number {
  const closing = text[end - 1];
  const framed = (closing === '|' && text[end - count - 2] === '|') || (closing === '<' && text[end - count - 2] === '>');
  const start = framed ? end - count - 1 : end - count;
  const gapEnd = framed ? start - 1 : start;
  if (gapEnd - groupsEnd < 2) return -1;
  for (let at = groupsEnd; at < gapEnd; at++) if (text[at] !== ' ') return -1;
  return start;
}

function showsBytes(text: string, column: number, bytes: readonly DumpedByte[]): boolean {
  for (let k = 0; k < bytes.length; k++) {
    const value = bytes[k]!.value;
    const shown = value >= 0x20 && value < 0x7f ? value : 0x2e;
    if (text.charCodeAt(column + k) !== shown) return false;
  }
  return true;
}

/** `od -c`: cells of four characters, each a character, an escape (`\n`) or three octal digits. */
function charRow(text: string, from: number, end: number): DumpedByte[] | null {
  if ((end - from) % 4 !== 0) return null;
  const bytes: DumpedByte[] = [];
  for (let at = from; at < end; at += 4) {
    const cell = text.slice(at, at + 4);
    const value = cellValue(cell);
    if (value === null) return null;
    if (value >= 0) bytes.push({ value, start: at, end: at + 4 });
  }
  return bytes;
}

const CELL_ESCAPES: Readonly<Record<string, number>> = { '0': 0, a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13 };

/** A cell's byte; -1 for `**` (a later byte of a character `od` showed whole); null: not a cell. */
function cellValue(cell: string): number | null {
  if (cell.startsWith('   ')) {
    const code = cell.charCodeAt(3);
    return code >= 0x20 && code < 0x7f ? code : null;
  }
  if (cell === '  **') return -1;
  if (cell.startsWith('  \\')) return CELL_ESCAPES[cell[3]!] ?? null;
  return /^ [0-3][0-7]{2}$/.test(cell) ? parseInt(cell.slice(1), 8) : null;
}

/** Three in four bytes printable ASCII or white space: a file of settings, not a binary. */
function mostlyText(bytes: readonly DumpedByte[]): boolean {
  let text = 0;
  for (const { value } of bytes) if ((value >= 0x20 && value < 0x7f) || value === 0x09 || value === 0x0a || value === 0x0d) text += 1;
  return text * 4 >= bytes.length * 3;
}

/** The bytes as text (UTF-8 when they are, else one character per byte) with the way back. */
function decodedDump(bytes: readonly DumpedByte[]): DecodedText {
  const buffer = Buffer.from(bytes.map((byte) => byte.value));
  const utf8 = buffer.toString('utf8');
  const asUtf8 = !buffer.some((value) => value >= 0x80) || Buffer.from(utf8, 'utf8').equals(buffer);
  const decoded = asUtf8 ? utf8 : buffer.toString('latin1');
  // the byte each character of `decoded` starts at
  const byteOf: number[] = [];
  let byte = 0;
  for (const char of decoded) {
    for (let unit = 0; unit < char.length; unit++) byteOf.push(byte);
    byte += asUtf8 ? Buffer.byteLength(char) : 1;
  }
  byteOf.push(bytes.length);
  return {
    decoded,
    // the text is read out of the dump: none of it stands as written
    changed: [{ start: 0, end: decoded.length }],
    toOriginal: (start, end) => {
      if (end <= start) return null;
      const first = bytes[byteOf[start]!]!;
      const last = bytes[Math.max(byteOf[start]!, byteOf[end]! - 1)]!;
      return { start: first.start, end: Math.max(first.end, last.end) };
    },
  };
}
