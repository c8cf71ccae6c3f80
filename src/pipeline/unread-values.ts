/**
 * Some agents log, beside what a Transcript needs, bulky copies it never reads: Claude Code's
 * `toolUseResult` repeats a tool's whole output (stdout, a file read, the file before an edit)
 * next to the tool_result block that already holds it, often half of a session's bytes. An adapter
 * names such parts (`Adapter.unreadValues`); before a long line is decoded and parsed, their long
 * string values are emptied at the byte level, so those megabytes are neither decoded nor parsed.
 *
 * The scan follows the JSON structure exactly (strings are skipped with indexOf, so its cost
 * grows with the number of strings, not their length). Only string values are emptied, never
 * keys, so the record keeps its shape; a line the scan cannot follow to its end (cut short, not
 * JSON) is left as it is, for the parser to report. A value that is never read is not checked
 * either: a raw control character or a bad escape inside one no longer makes the line unparsable.
 */
import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COLON, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from '../json-bytes.js';

/** Under a top-level member of a record, everything but the `keep` members goes unread. */
export interface UnreadValues {
  /** the top-level member, when its value is an object */
  member: string;
  /** its members that are read (their values are never touched) */
  keep: readonly string[];
  /**
   * Only in records of these types, written with `type` as their first member (a record that
   * puts it elsewhere is parsed whole)
   */
  ofType?: readonly string[];
}

/**
 * What a reader empties: set once the input's adapter is known (the lines read to detect the
 * format are parsed whole).
 */
export interface UnreadSetting {
  parts: readonly UnreadValues[] | undefined;
}

/** Lines shorter than this are parsed as they are: too little to gain. */
export const UNREAD_LINE_THRESHOLD = 16 * 1024;
/** Shorter strings are left in place (cutting them out costs more than parsing them). */
export const UNREAD_MIN_BYTES = 256;


function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** The index just past the string whose opening quote is at `open`, or -1 if it never ends. */
function stringEnd(line: Buffer, open: number): number {
  for (let quote = line.indexOf(QUOTE, open + 1); quote !== -1; quote = line.indexOf(QUOTE, quote + 1)) {
    if (unescaped(line, quote)) return quote + 1;
  }
  return -1;
}

function isKey(line: Buffer, end: number): boolean {
  let at = end;
  while (isSpace(line[at])) at += 1;
  return line[at] === COLON;
}

/** A key's name, or undefined when it holds escapes (it is then matched by nothing). */
function keyName(line: Buffer, open: number, end: number): string | undefined {
  const name = line.toString('latin1', open + 1, end - 1);
  return name.includes('\\') ? undefined : name;
}

/** Whether the byte at `at` is preceded by an even number of backslashes (so it is not escaped). */
function unescaped(line: Buffer, at: number): boolean {
  let backslashes = 0;
  while (line[at - 1 - backslashes] === BACKSLASH) backslashes += 1;
  return (backslashes & 1) === 0;
}

/** How many times one part may be found nested (in a copy of a record) before the line is left whole. */
const MAX_CANDIDATES = 8;

/**
 * The line with the long string values of the unread parts emptied (`""`), or the line itself
 * when there are none or the scan cannot follow it.
 *
 * Only the part and what follows it are scanned, not the bulk before it: the part's key is found
 * by its bytes. `"member":` whose first quote is not escaped can only be a key (its second quote
 * is not escaped, so it ends a string), and it is a key of the record itself exactly when the rest
 * of the line closes one container more than it opens.
 */
export function blankUnreadValues(line: Buffer, parts: readonly UnreadValues[], minBytes = UNREAD_MIN_BYTES): Buffer {
  // a record is an object: any other line (a piece of a pretty-printed document, say) is left whole
  let first = 0;
  while (isSpace(line[first])) first += 1;
  if (line[first] !== OPEN_OBJECT) return line;
  let type: string | null | undefined;
  for (const part of parts) {
    if (part.ofType) {
      if (type === undefined) type = leadingType(line);
      if (type === null || !part.ofType.includes(type)) continue;
    }
    const key = Buffer.from(`"${part.member}":`, 'latin1');
    let candidate = line.indexOf(key);
    for (let tries = 0; candidate !== -1 && tries < MAX_CANDIDATES; tries += 1) {
      if (unescaped(line, candidate)) {
        const blanks: number[] = [];
        const found = scanFrom(line, candidate + key.length, part, minBytes, blanks);
        if (found === 'record') return blanks.length > 0 ? withoutBlanks(line, blanks) : line;
        if (found === 'unreadable') return line;
      }
      candidate = line.indexOf(key, candidate + key.length);
    }
  }
  return line;
}

const LEADING_TYPE = Buffer.from('"type":"');

/** The record's type when `type` is its first member and a plain string, else null. */
function leadingType(line: Buffer): string | null {
  let at = 0;
  while (isSpace(line[at])) at += 1;
  if (line[at] !== OPEN_OBJECT) return null;
  at += 1;
  while (isSpace(line[at])) at += 1;
  if (line.compare(LEADING_TYPE, 0, LEADING_TYPE.length, at, at + LEADING_TYPE.length) !== 0) return null;
  const start = at + LEADING_TYPE.length;
  const end = line.indexOf(QUOTE, start);
  // a short name without escapes: anything else is not a type this is meant for
  if (end === -1 || end - start > 64 || line.subarray(start, end).includes(BACKSLASH)) return null;
  return line.toString('latin1', start, end);
}

/**
 * Scans from the start of the part's value to the end of the line, noting the part's long strings
 * in `blanks`: 'record' when the container the key is in is the one the line ends with, 'nested'
 * when it closes before, 'unreadable' when the scan cannot follow the line (a string that never
 * ends, a container never closed).
 */
function scanFrom(line: Buffer, from: number, part: UnreadValues, minBytes: number, blanks: number[]): 'record' | 'nested' | 'unreadable' {
  let at = from;
  while (isSpace(line[at])) at += 1;
  /** the nesting below the value's start: 1 inside the part's object */
  let depth = 0;
  const inPart = line[at] === OPEN_OBJECT;
  /** whether the member of the part's object being scanned is read */
  let kept = true;
  const length = line.length;
  while (at < length) {
    const byte = line[at]!;
    if (byte === QUOTE) {
      const end = stringEnd(line, at);
      if (end === -1) return 'unreadable';
      if (inPart && depth >= 1) {
        if (isKey(line, end)) {
          if (depth === 1) {
            const name = keyName(line, at, end);
            kept = name === undefined || part.keep.includes(name);
          }
        } else if (!kept && end - at - 2 >= minBytes) {
          blanks.push(at, end);
        }
      }
      at = end;
      continue;
    }
    if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth += 1;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth -= 1;
      if (depth === -1) {
        // the record's own end: nothing but white space may follow
        let rest = at + 1;
        while (isSpace(line[rest])) rest += 1;
        return rest === length ? 'record' : 'nested';
      }
    }
    at += 1;
  }
  return 'unreadable';
}

function withoutBlanks(line: Buffer, blanks: readonly number[]): Buffer {
  const pieces: Buffer[] = [];
  let copiedUpTo = 0;
  for (let i = 0; i < blanks.length; i += 2) {
    pieces.push(line.subarray(copiedUpTo, blanks[i]! + 1));
    copiedUpTo = blanks[i + 1]! - 1;
  }
  pieces.push(line.subarray(copiedUpTo));
  return Buffer.concat(pieces);
}
