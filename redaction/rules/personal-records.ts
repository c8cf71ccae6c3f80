/**
 * Personal data in records that name each value (the row-per-key forms of the tables that
 * personal-columns.ts reads): blocks of `key = value` / `key: value` lines (sqlite3 `.mode line`,
 * YAML and `describe`-style records, one blank line between records), flat objects of JSON, Python
 * or Ruby (`.mode json`, `jq -c`, a dict's repr), and HTML tables (`.mode html`, `<th>` header
 * cells over `<td>` rows). The same notion of a personal column holds: a record that identifies
 * someone has its personal values removed, whichever form prints it.
 *
 * A bare `name` or a role (`owner`, `author`) identifies someone only when its value looks like a
 * person's name: `Name: example.com` above `Address: 93.184.216.34` is a resolver's answer.
 */
import { lineBreakAfter, lineEndWithin, lineStartWithin } from '../line-bounds.js';
import type { Span } from '../types.js';
import { type ColumnKind, columnKind, IDENTIFYING, namesOnly, personalValues } from './personal-cells.js';

interface Pair {
  key: string;
  value: Span;
}

/** A value without the spaces, quotes and trailing comma around it. */
function valueSpan(text: string, start: number, end: number): Span {
  while (end > start && /[\s,;]/.test(text[end - 1]!)) end -= 1;
  while (start < end && /\s/.test(text[start]!)) start += 1;
  if (end - start >= 2 && /["']/.test(text[start]!) && text[end - 1] === text[start]) return { start: start + 1, end: end - 1 };
  return { start, end };
}

/** The spans of a record's personal values, when the record identifies someone. */
function recordValues(text: string, pairs: readonly Pair[], spans: Span[]): void {
  const kinds: (ColumnKind | undefined)[] = pairs.map((pair) => columnKind(pair.key));
  const removed = personalValues(kinds, pairs.map((pair) => text.slice(pair.value.start, pair.value.end)), namesOnly(kinds));
  for (const [index, pair] of pairs.entries()) if (removed[index]) spans.push(pair.value);
}

// ---------------------------------------------------------------- key = value lines

/** A record's line: indentation (a YAML list's `- ` counts as such, and a bordered expanded record's `| `), a key of one to three words, `=`, `:` or (an expanded record's) `|`, a value. */
const PAIR_LINE = /^([ \t]*(?:- |\| )?)(["']?)([\p{L}\p{N}_.-]{1,40}(?: [\p{L}\p{N}_.-]{1,40}){0,2})\2([ \t]*)(=(?!=)|:(?!:)|\|)[ \t]*(\S(?:(?!\\n).)*)?$/u;
/** The marker above each expanded record of a query tool (`-[ RECORD 3 ]-+----`): the one place a `key | value` line is a record's. */
const EXPANDED_RECORD_MARKER = /^[ \t]*\+?-\[ RECORD \d+ \]-*(?:\+-*)*[ \t]*$/;
const MAX_RECORD_LINES = 60;
/** a `key = value` line longer than this is no record's */
const MAX_PAIR_LINE = 400;
/** how far back the line above is looked for (an expanded record's marker is as wide as its widest row) */
const MAX_MARKER_LINE = 16_000;

interface PairLine extends Pair {
  /** where the line starts */
  start: number;
  indent: number;
  /** the separator's column */
  column: number;
  separator: string;
  /** where the key ends in the text */
  keyEnd: number;
  next: number;
}

function pairLineAt(text: string, start: number): PairLine | undefined {
  const end = lineEndWithin(text, start, MAX_PAIR_LINE + 1);
  if (end < 0 || end - start > MAX_PAIR_LINE) return undefined;
  const newline = end === text.length ? -1 : end;
  const line = PAIR_LINE.exec(text.slice(start, text[end - 1] === '\r' ? end - 1 : end));
  if (!line) return undefined;
  const column = line[1]!.length + line[2]!.length * 2 + line[3]!.length + line[4]!.length;
  const valueStart = start + line[0].length - (line[6]?.length ?? 0);
  // a bordered record's line closes with ` |`
  const bordered = line[1]!.startsWith('|');
  if (bordered && line[5] !== '|') return undefined;
  const valueEnd = bordered ? start + line[0].replace(/[ \t]*\|[ \t]*$/, '').length : start + line[0].length;
  return { start, key: line[3]!, value: valueSpan(text, valueStart, Math.max(valueStart, valueEnd)), indent: line[1]!.length, column, separator: line[5]!, keyEnd: start + line[1]!.length + line[2]!.length + line[3]!.length, next: newline < 0 ? text.length : newline + 1 };
}

/** Lines of one record share their separator and their indentation, or right-aligned keys their separator's column (`.mode line`). */
const sameRecord = (a: PairLine, b: PairLine) => a.separator === b.separator && (a.indent === b.indent || a.column === b.column);

/** The start of the line above, or -1 (none, or longer than any line a record or its marker has). */
function previousLineStart(text: string, lineStart: number): number {
  if (lineStart === 0) return -1;
  return lineStartWithin(text, lineStart - 1, MAX_MARKER_LINE);
}

/** Whether the line above a record's first line is an expanded record's marker. */
function underRecordMarker(text: string, first: PairLine): boolean {
  const above = previousLineStart(text, first.start);
  if (above < 0) return false;
  const end = lineBreakAfter(text, above);
  return EXPANDED_RECORD_MARKER.test(text.slice(above, end < 0 ? text.length : end).replace(/\r$/, ''));
}

/** The record of `key = value` lines around the key that holds `at`; where it ends, or undefined when `at` is in no such key. */
export function recordLines(text: string, at: number, spans: Span[]): number | undefined {
  const lineStart = lineStartWithin(text, at, MAX_PAIR_LINE + 1);
  if (lineStart < 0) return undefined;
  const first = pairLineAt(text, lineStart);
  if (!first || at >= first.keyEnd) return undefined;
  const pairs: PairLine[] = [first];
  for (let start = previousLineStart(text, lineStart), count = 0; start >= 0 && count < MAX_RECORD_LINES; start = previousLineStart(text, start), count++) {
    const line = pairLineAt(text, start);
    if (!line || !sameRecord(line, first)) break;
    pairs.unshift(line);
  }
  if (first.separator === '|' && !underRecordMarker(text, pairs[0]!)) return undefined;
  let next = first.next;
  for (let count = 0; next < text.length && count < MAX_RECORD_LINES; count++) {
    const line = pairLineAt(text, next);
    if (!line || !sameRecord(line, first)) break;
    pairs.push(line);
    next = line.next;
  }
  // a key seen again starts the next record (`Name:`/`Address:` pairs of a resolver, one per answer)
  let record: PairLine[] = [];
  for (const pair of pairs) {
    if (record.some((seen) => seen.key === pair.key)) {
      if (record.length >= 2) recordValues(text, record, spans);
      record = [];
    }
    record.push(pair);
  }
  if (record.length >= 2) recordValues(text, record, spans);
  return next;
}

// ---------------------------------------------------------------- flat objects

const MAX_OBJECT_CHARS = 4000;
/** A member of a JSON object, a Python dict or a Ruby hash: a quoted key, `:` or `=>`, a string, a number or a null. */
const MEMBER = /(["'])((?:(?!\1)[^\\\n]|\\.){1,60})\1(?:[ \t]*(?::|=>)|\][ \t]*=)[ \t]*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|-?\d[\d.eE+-]*|null|None|nil|(?<=\][ \t]*=[ \t]*)[^,{}\n"']{1,100}(?=,))/gu;

const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

/**
 * The last brace at or before a place of one text, kept between calls: the keyword hits of a text
 * come in order, so each is found by reading on from the previous hit instead of walking back up to
 * MAX_OBJECT_CHARS from every hit (most texts hold no brace near their keywords).
 */
const lastBrace = { text: '', at: -1, brace: -1 };

/** The place of the last `{` or `}` in `text[from, at]`, or -1. */
function braceAtOrBefore(text: string, at: number, from: number): number {
  if (lastBrace.text !== text || at < lastBrace.at || at - lastBrace.at > MAX_OBJECT_CHARS) {
    let brace = -1;
    for (let i = at; i >= from; i--) {
      const code = text.charCodeAt(i);
      if (code === OPEN_BRACE || code === CLOSE_BRACE) {
        brace = i;
        break;
      }
    }
    // a brace before `from` is unknown here: -1 stands for "none at or after from", which is all a later call reads on from
    lastBrace.text = text;
    lastBrace.at = at;
    lastBrace.brace = brace;
    return brace;
  }
  for (let i = lastBrace.at + 1; i <= at; i++) {
    const code = text.charCodeAt(i);
    if (code === OPEN_BRACE || code === CLOSE_BRACE) lastBrace.brace = i;
  }
  lastBrace.at = at;
  return lastBrace.brace >= from ? lastBrace.brace : -1;
}

/** The object `{…}` with no object inside that holds `at`, as [start, end), or undefined. */
function flatObjectAround(text: string, at: number): [number, number] | undefined {
  const open = braceAtOrBefore(text, at, Math.max(0, at - MAX_OBJECT_CHARS));
  if (open < 0 || text.charCodeAt(open) === CLOSE_BRACE) return undefined;
  for (let i = at; i < Math.min(text.length, open + MAX_OBJECT_CHARS); i++) {
    const code = text.charCodeAt(i);
    if (code === OPEN_BRACE) return undefined;
    if (code === CLOSE_BRACE) return [open, i + 1];
  }
  return undefined;
}

/** The flat object with a member whose key holds `at`; where it ends, or undefined when `at` is in no such key. */
export function objectRecord(text: string, at: number, spans: Span[]): number | undefined {
  const object = flatObjectAround(text, at);
  if (!object) return undefined;
  const pairs: Pair[] = [];
  let atKey = false;
  const body = text.slice(object[0], object[1]);
  for (const member of body.matchAll(MEMBER)) {
    const keyAt = object[0] + member.index + 1;
    if (at >= keyAt && at < keyAt + member[2]!.length) atKey = true;
    const valueAt = object[0] + member.index + member[0].length - member[3]!.length;
    pairs.push({ key: member[2]!, value: valueSpan(text, valueAt, valueAt + member[3]!.length) });
  }
  if (!atKey) return undefined;
  if (pairs.length >= 2) recordValues(text, pairs, spans);
  return object[1];
}

// ---------------------------------------------------------------- HTML tables

const ROW = /\s*<tr\b[^>]*>([\s\S]{0,4000}?)<\/tr>/iy;
const DATA_CELL = /<td\b[^>]*>([^<]{0,300})<\/td>/gi;

/** Whether `at` is inside a `<th>` cell: its row's start, or undefined. */
function headerRowAt(text: string, at: number): number | undefined {
  // `<th` needs a `<` among the 200 characters before (lower-casing makes no `<`): most hits have none
  let angle = at - 1;
  while (angle >= Math.max(0, at - 200) && text.charCodeAt(angle) !== 60) angle--;
  if (angle < Math.max(0, at - 200)) return undefined;
  const before = text.slice(Math.max(0, at - 200), at).toLowerCase();
  const open = before.lastIndexOf('<th');
  if (open < 0 || before.indexOf('</th', open) >= 0) return undefined;
  const row = text.slice(Math.max(0, at - 2000), at).toLowerCase().lastIndexOf('<tr');
  return row < 0 ? undefined : Math.max(0, at - 2000) + row;
}

/** The HTML table whose header cell holds `at`; where it ends, or undefined when `at` is in no header cell. */
export function htmlTable(text: string, at: number, spans: Span[]): number | undefined {
  const rowStart = headerRowAt(text, at);
  if (rowStart === undefined) return undefined;
  ROW.lastIndex = rowStart;
  const header = ROW.exec(text);
  if (!header) return undefined;
  const names = [...header[1]!.matchAll(/<th\b[^>]*>([^<]{0,80})<\/th>/gi)].map((cell) => cell[1]!.trim());
  const kinds = names.map(columnKind);
  if (!kinds.some((kind) => kind !== undefined && IDENTIFYING.has(kind))) return ROW.lastIndex;
  const namesOnlyTable = namesOnly(kinds);
  let end = ROW.lastIndex;
  for (let rows = 0; rows < 2000; rows++) {
    ROW.lastIndex = end;
    const row = ROW.exec(text);
    if (!row) break;
    const bodyStart = ROW.lastIndex - row[0].length + row[0].indexOf('>') + 1;
    const cells = [...row[1]!.matchAll(DATA_CELL)];
    if (cells.length !== names.length) break;
    const values = cells.map((cell) => {
      const at = bodyStart + cell.index + cell[0].indexOf('>') + 1;
      return valueSpan(text, at, at + cell[1]!.length);
    });
    const removed = personalValues(kinds, values.map((value) => text.slice(value.start, value.end)), namesOnlyTable);
    for (const [index, value] of values.entries()) if (removed[index]) spans.push(value);
    end = ROW.lastIndex;
  }
  return end;
}
