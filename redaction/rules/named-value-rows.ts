/**
 * Family `generic`: a secret in a table or a list of records whose rows name it in one column
 * and hold it in another (`service | kind | value`, `key | value | source`): the row's name cell
 * (`db_password`, `billing.api_key`) says what its value cell is. Read in delimited tables (`|`,
 * box-drawn, tab, comma, semicolon) and tables aligned by spaces under a header whose columns are
 * a name's (`key`, `name`, `kind`, `type`, …) and a value's (`value`, `secret`, …), and in JSON or
 * Python records (`"kind": "db_password", …, "value": "…"`). A value is judged as one assigned to
 * the row's name (references, placeholders and masks stay).
 */
import type { Rule, Span } from '../types.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';

/** Columns and fields that name what a row holds. */
const NAME_COLUMN = /^(?:name|key|kind|type|setting|variable|var|param(?:eter)?|option|field|item|config_?key|(?:secret|credential|setting|variable|param|key)_?(?:name|kind|type))$/i;
/** Columns and fields that hold it. */
const VALUE_COLUMN = /^(?:value|val|secret|secret_?value|current_?value|config_?value|setting_?value|data)$/i;
const DELIMITERS = ['│', '┃', '|', '\t', ',', ';'] as const;
/** A table's rule or border line: dashes, pluses, box-drawing. */
const RULE_LINE = /^[ \t]*[-=+|:─━┄┈╌│┃┼╋├┤┌┐└┘┬┴═║╬╠╣╔╗╚╝╦╩╞╡╪┿╂ \t]{3,}\r?$/;
const MAX_ROWS_UP = 200;
const MAX_LINE = 2000;
/** A record's name field and its name: `"kind": "db_password"`, `'key': 'billing.api_key'`. */
const NAME_FIELD_BEFORE = /["']([\w ]{1,30})["'][ \t]*:[ \t]*["']$/;
const OBJECT_WINDOW = 600;
const VALUE_FIELD = /["']([\w ]{1,30})["'][ \t]*:[ \t]*(["'])((?:(?!\2)[^\\\n]|\\.){1,500})\2/g;

interface Line {
  start: number;
  end: number;
}

/** The line around `at`, or undefined when it is longer than MAX_LINE (its breaks are looked for that far only). */
function lineAround(text: string, at: number): Line | undefined {
  // native searches on bounded slices: a keyword on a long line costs no walk to the text's edge
  const from = Math.max(0, at - MAX_LINE);
  const back = text.slice(from, at).lastIndexOf('\n');
  if (back === -1 && from > 0) return undefined;
  const forward = text.slice(at, at + MAX_LINE).indexOf('\n');
  if (forward === -1 && at + MAX_LINE < text.length) return undefined;
  const start = back === -1 ? 0 : from + back + 1;
  let end = forward === -1 ? text.length : at + forward;
  if (end > start && text.charCodeAt(end - 1) === 13) end -= 1;
  return { start, end };
}

/** `[A-Za-z0-9_.-]`, read by its code. */
function isNameChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 46 || code === 45;
}

/** The name a row's cell gives when it names a secret: itself, or its last dotted segment (`cache.auth_token`). */
function secretName(word: string): string | undefined {
  if (!/^[A-Za-z_][\w.-]{1,80}$/.test(word)) return undefined;
  if (classifyName(word) !== null) return word;
  const last = word.slice(word.lastIndexOf('.') + 1);
  return last !== word && classifyName(last) !== null ? last : undefined;
}

/** A secret in a record named by its name field: the value field of the same object. */
function recordValue(text: string, nameStart: number, nameEnd: number, name: string): Span | undefined {
  const field = NAME_FIELD_BEFORE.exec(text.slice(Math.max(0, nameStart - 40), nameStart));
  if (!field || !NAME_COLUMN.test(field[1]!.trim()) || !/^["']/.test(text.slice(nameEnd, nameEnd + 1))) return undefined;
  // the object around the name: back to its `{`, on to its `}`
  const before = text.slice(Math.max(0, nameStart - OBJECT_WINDOW), nameStart);
  const after = text.slice(nameEnd, nameEnd + OBJECT_WINDOW);
  const opening = before.lastIndexOf('{');
  const closing = after.indexOf('}');
  if (opening === -1 || closing === -1 || before.slice(opening + 1).includes('}')) return undefined;
  const open = nameStart - before.length + opening;
  const close = nameEnd + closing;
  const body = text.slice(open, close);
  if (body.indexOf('{', 1) !== -1) return undefined;
  for (const field of body.matchAll(VALUE_FIELD)) {
    if (!VALUE_COLUMN.test(field[1]!.trim())) continue;
    const value = field[3]!;
    if (/\s/.test(value) || !sensitiveValue(name, value)) return undefined;
    const start = open + field.index + field[0].length - 1 - value.length;
    return { start, end: start + value.length };
  }
  return undefined;
}

/** A record's field on its own line: `kind = db_password` (sqlite3 `-line`), `kind: x`, `kind    x` (an xtab). */
const FIELD_LINE = /^[ \t]*([A-Za-z_][\w ]{0,30}?)[ \t]*(?:=|:|[ \t])[ \t]*(\S+)[ \t]*\r?$/;
const RECORD_LINES = 30;

/** A secret in a record printed a field a line, named by its name field: the value field of the same record (no blank line between). */
function recordLineValue(text: string, row: Line, nameStart: number, name: string): Span | undefined {
  const field = FIELD_LINE.exec(text.slice(row.start, row.end));
  if (!field || !NAME_COLUMN.test(field[1]!.trim()) || row.start + field[0].indexOf(field[2]!, field[1]!.length) !== nameStart) return undefined;
  const valueIn = (line: Line): Span | undefined | null => {
    const content = text.slice(line.start, line.end);
    if (content.trim() === '') return null;
    const other = FIELD_LINE.exec(content);
    if (!other) return null;
    if (!VALUE_COLUMN.test(other[1]!.trim())) return undefined;
    const start = line.start + other[0].lastIndexOf(other[2]!);
    return sensitiveValue(name, other[2]!) ? { start, end: start + other[2]!.length } : null;
  };
  // down, then up, within the record
  for (let line: Line | undefined = row, n = 0; line && n < RECORD_LINES && line.end < text.length; n++) {
    line = lineAround(text, lineBreakAfter(text, line.end) + 1);
    const found = line ? valueIn(line) : null;
    if (found !== undefined) return found ?? undefined;
  }
  for (let line: Line | undefined = row, n = 0; line && n < RECORD_LINES && line.start > 0; n++) {
    line = lineAround(text, line.start - 1);
    const found = line ? valueIn(line) : null;
    if (found !== undefined) return found ?? undefined;
  }
  return undefined;
}

/** The topmost line of the block of lines above `row` (no blank line between), or undefined when `row` is the block's first. */
function blockHeader(text: string, row: Line): Line | undefined {
  let lineStart = row.start;
  let header: Line | undefined;
  for (let lines = 0; lines < MAX_ROWS_UP && lineStart > 0; lines++) {
    const aboveStart = lineBreakBefore(text, lineStart - 2) + 1;
    if (lineStart - aboveStart > MAX_LINE) break;
    const end = text.charCodeAt(lineStart - 2) === 13 ? lineStart - 2 : lineStart - 1;
    const content = text.slice(aboveStart, end);
    // a blank line ends a block, and so does the line that joins an event's strings (transcript-redactor.ts)
    if (content.trim() === '' || content === '\u0000') break;
    if (!RULE_LINE.test(content)) header = { start: aboveStart, end };
    lineStart = aboveStart;
  }
  return header;
}

interface Cell {
  start: number;
  end: number;
}

function delimitedCells(text: string, line: Line, delimiter: string): Cell[] {
  const cells: Cell[] = [];
  // compared by code: a character read as a string is made anew when it is outside Latin-1 (a box-drawing bar)
  const delimiterCode = delimiter.charCodeAt(0);
  let start = line.start;
  for (let i = line.start; i <= line.end; i++) {
    if (i === line.end || text.charCodeAt(i) === delimiterCode) {
      cells.push({ start, end: i });
      start = i + 1;
    }
  }
  return cells;
}

/** Cells of a row aligned by spaces under a header's names: each starts at its name's left edge. */
function alignedCells(text: string, header: Line, row: Line): { names: Cell[]; cells: Cell[] } | undefined {
  const headerText = text.slice(header.start, header.end);
  const rowText = text.slice(row.start, row.end);
  const names = [...headerText.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  if (names.length < 2) return undefined;
  const startsCell = (i: number) => i < rowText.length && rowText[i] !== ' ' && (i === 0 || rowText[i - 1] === ' ' || rowText[i - 1] === '\t');
  if (!names.every((name) => startsCell(name.start) || rowText.slice(name.start, name.end).trim() === '')) return undefined;
  const cells = names.map((name, i) => ({ start: row.start + Math.min(name.start, rowText.length), end: row.start + Math.min(i + 1 < names.length ? names[i + 1]!.start : rowText.length, rowText.length) }));
  return { names: names.map((n) => ({ start: header.start + n.start, end: header.start + n.end })), cells };
}

const trimmed = (text: string, cell: Cell): Cell => {
  let { start, end } = cell;
  while (start < end && /[\s"'`]/.test(text[start]!)) start += 1;
  while (end > start && /[\s"'`]/.test(text[end - 1]!)) end -= 1;
  return { start, end };
};

/** A secret in a table's row named by its name cell: the cell under the header's value column. */
function tableValue(text: string, row: Line, nameStart: number, name: string): Span | undefined {
  // a row of cells: split by a delimiter or aligned by runs of spaces (prose is neither)
  const rowText = text.slice(row.start, row.end);
  if (!/[│┃|\t,;]| {2}\S/.test(rowText)) return undefined;
  const header = blockHeader(text, row);
  if (!header || header.end - header.start > MAX_LINE) return undefined;
  const headerText = text.slice(header.start, header.end);
  const delimiter = DELIMITERS.find((d) => rowText.includes(d) && headerText.includes(d));
  let names: Cell[];
  let cells: Cell[];
  if (delimiter) {
    names = delimitedCells(text, header, delimiter);
    cells = delimitedCells(text, row, delimiter);
    if (names.length !== cells.length) return undefined;
  } else {
    const split = alignedCells(text, header, row);
    if (!split) return undefined;
    ({ names, cells } = split);
  }
  const nameIndex = cells.findIndex((cell) => cell.start <= nameStart && nameStart < cell.end);
  const columnName = (i: number) => text.slice(names[i]!.start, names[i]!.end).trim();
  if (nameIndex === -1 || !NAME_COLUMN.test(columnName(nameIndex))) return undefined;
  const valueIndex = names.findIndex((_, i) => i !== nameIndex && VALUE_COLUMN.test(columnName(i)));
  if (valueIndex === -1) return undefined;
  const cell = trimmed(text, cells[valueIndex]!);
  const value = text.slice(cell.start, cell.end);
  return value !== '' && !/\s/.test(value) && sensitiveValue(name, value) ? cell : undefined;
}

/**
 * A value column's or field's name standing as a cell or a key somewhere in the text: without one,
 * no row here holds a named value. The names are searched for and what stands before each is
 * checked after (the start of a line or one of BEFORE_VALUE_NAME): a search that begins with that
 * check tries it at every character of the text.
 */
const VALUE_NAME = /(?:value|val|secret|secret_?value|current_?value|config_?value|setting_?value|data)(?=[\s|│┃,;"':=]|$)/gim;
const BEFORE_VALUE_NAME = /[\s|│┃,;"'{]/;

function valueNameInText(text: string): boolean {
  VALUE_NAME.lastIndex = 0;
  for (let match = VALUE_NAME.exec(text); match; match = VALUE_NAME.exec(text)) {
    if (match.index === 0 || BEFORE_VALUE_NAME.test(text[match.index - 1]!)) return true;
  }
  return false;
}

type Side = 'edge' | 'delimiter' | 'gap' | 'space' | 'none';

/** What stands beside a word on one side (`step` -1 or 1): the line's edge, a cell delimiter, a gap of spaces, one space, or something else. */
function side(text: string, from: number, step: 1 | -1): Side {
  let i = from;
  let blanks = 0;
  while (i >= 0 && i < text.length && (text[i] === ' ' || text[i] === '\t') && blanks < 200) {
    if (text[i] === '\t') return 'delimiter';
    blanks += 1;
    i += step;
  }
  if (i < 0 || i >= text.length || text[i] === '\n' || text[i] === '\r') return 'edge';
  if ('|│┃,;'.includes(text[i]!)) return 'delimiter';
  return blanks >= 2 ? 'gap' : blanks === 1 ? 'space' : 'none';
}

/** Is the word a whole cell (not a word of a sentence: one space on each side)? */
function standsAsCell(text: string, start: number, end: number): boolean {
  const left = side(text, start - 1, -1);
  const right = side(text, end, 1);
  return left !== 'none' && right !== 'none' && !(left === 'space' && right === 'space');
}

/**
 * The first character of the name around `at`: walked back by a step computed before each test, so
 * the arithmetic has type feedback even when the keyword starts its word (a loop body that is first
 * run after optimisation sends V8 back to the interpreter).
 */
function nameStart(text: string, at: number): number {
  let start = at;
  for (;;) {
    const previous = start - 1;
    if (previous < 0 || at - previous > 80 || !isNameChar(text.charCodeAt(previous))) return start;
    start = previous;
  }
}

function nameEnd(text: string, at: number): number {
  let end = at;
  for (;;) {
    const next = end + 1;
    if (end >= text.length || end - at >= 80 || !isNameChar(text.charCodeAt(end))) return end;
    end = next;
  }
}

/** The row's or the record's value named by a secret's name at [start, end), or undefined. */
function namedValue(text: string, start: number, end: number, name: string, quoted: boolean): Span | undefined {
  if (quoted) return recordValue(text, start, end, name);
  const row = lineAround(text, start);
  if (!row) return undefined;
  return recordLineValue(text, row, start, name) ?? tableValue(text, row, start, name);
}

const QUOTE = 34;
const APOSTROPHE = 39;
const FULL_STOP = 46;
const DASH = 45;

/**
 * An array, not a generator, walked by index: this detector runs on every keyword of every text,
 * and a generator's resumption or an early exit from a for-of (the iterator's `return`) first
 * reached after V8 optimised it makes V8 drop the optimised code and compile it again.
 */
function namedValueRows(text: string, starts: readonly number[] = []): Span[] {
  const spans: Span[] = [];
  let valueNamed = 0; // 0 not yet searched, 1 named, -1 not
  let done = -1;
  for (let k = 0; k < starts.length; k++) {
    const at = starts[k]!;
    if (at < done) continue;
    const start = nameStart(text, at);
    let end = nameEnd(text, at);
    done = end;
    // a sentence's full stop or a dash after a word is no part of a name
    while (end > at && (text.charCodeAt(end - 1) === FULL_STOP || text.charCodeAt(end - 1) === DASH)) end = end - 1;
    const quote = start > 0 ? text.charCodeAt(start - 1) : 0;
    const quoted = quote === QUOTE || quote === APOSTROPHE;
    // the cheap test first: a word of a sentence goes no further
    if (!quoted && !standsAsCell(text, start, end)) continue;
    const name = secretName(text.slice(start, end));
    if (!name) continue;
    if (valueNamed === 0) valueNamed = valueNameInText(text) ? 1 : -1;
    if (valueNamed < 0) break;
    const span = namedValue(text, start, end, name, quoted);
    if (span) spans.push(span);
  }
  return spans;
}

export const NAMED_VALUE_ROW_RULES: readonly Rule[] = [
  placedSecret(
    'secret-named-row',
    "a secret in a table's row or a record that names it in one column (`kind`, `key`, `name`, `type`: `db_password`, `billing.api_key`) and holds it in another (`value`, `secret`): delimited, box-drawn and space-aligned tables, JSON and Python records",
    { keywords: ['pass', 'pwd', 'secret', 'token', 'key', 'auth', 'cred'], keywordStarts: true, label: 'secret' },
    namedValueRows,
    {
      match: [
        'service  kind            value                             rotated\n-------  --------------  --------------------------------  ----------\nmailer   smtp_password   Wq6!tundra-Lm3z                   2026-10-02',
        '| service | kind        | value               | rotated    |\n| ------- | ----------- | ------------------- | ---------- |\n| relay   | db_password | Tz4-marble-Kq9w     | 2026-05-01 |',
        '[{"service":"relay","kind":"api_key","value":"rk_5Lm2Zx8Vt4Qp7Wn3Bc","rotated":"2026-05-01"}]',
        '{\n  "service": "relay",\n  "kind": "webhook_secret",\n  "value": "Gh7-saddle-Rm2p",\n  "rotated": "2026-05-01"\n}',
        '        key        |      value       | source\n-------------------+------------------+--------\n relay.password    | Pq3#lagoon-Vx8   | literal',
        "{'name': 'relay.api_key', 'type': 'SecureString', 'value': 'Nz6Qw2Lk9Rt4Vm8X'}",
        'service,kind,value\nrelay,auth_token,at_9Kq2Lm7Zx4Vt8Wn3',
        'service = relay\n   kind = smtp_password\n  value = Jm5-cinder-Qt2v\nrotated = 2026-05-01',
      ],
      noMatch: [
        '        key        |      value       | source\n-------------------+------------------+--------\n relay.password    | ${RELAY_PW}      | literal\n cache.auth_token  | op://ops/cache/credential | vault',
        '[{"kind":"db_password","value":"<set-me>"},{"kind":"api_key","value":"********"}]',
        'service  kind           value     rotated\nmailer   smtp_password  changeme  2026-10-02',
        'name            value\npassword_min    12\ntoken_ttl       3600',
        'service  kind           status\nmailer   smtp_password  rotated',
        '{"kind": "api_key", "description": "the key of the billing API"}',
        'service = relay\n   kind = smtp_password\n  value = ${SMTP_PASSWORD}\n\nservice = cache\n  value = Jm5-cinder-Qt2v',
      ],
    },
  ),
];
