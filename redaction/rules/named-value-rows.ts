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

function lineAround(text: string, at: number): Line {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const newline = text.indexOf('\n', at);
  let end = newline === -1 ? text.length : newline;
  if (end > start && text.charCodeAt(end - 1) === 13) end -= 1;
  return { start, end };
}

const isNameChar = (c: string) => /[\w.-]/.test(c);

/** The name a row's cell gives when it names a secret: itself, or its last dotted segment (`cache.auth_token`). */
function secretName(word: string): string | undefined {
  if (!/^[A-Za-z_][\w.-]{1,80}$/.test(word)) return undefined;
  if (classifyName(word) !== null) return word;
  const last = word.slice(word.lastIndexOf('.') + 1);
  return last !== word && classifyName(last) !== null ? last : undefined;
}

/** A secret in a record named by its name field: the value field of the same object. */
function recordValue(text: string, nameStart: number, nameEnd: number, name: string): Span | undefined {
  const before = NAME_FIELD_BEFORE.exec(text.slice(Math.max(0, nameStart - 40), nameStart));
  if (!before || !NAME_COLUMN.test(before[1]!.trim()) || !/^["']/.test(text.slice(nameEnd, nameEnd + 1))) return undefined;
  // the object around the name: back to its `{`, on to its `}`
  const open = text.lastIndexOf('{', nameStart);
  const close = text.indexOf('}', nameEnd);
  if (open === -1 || close === -1 || nameStart - open > OBJECT_WINDOW || close - nameEnd > OBJECT_WINDOW || text.slice(open + 1, nameStart).includes('}')) return undefined;
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
  for (let line = row, n = 0; n < RECORD_LINES && line.end < text.length; n++) {
    line = lineAround(text, text.indexOf('\n', line.end) + 1);
    const found = valueIn(line);
    if (found !== undefined) return found ?? undefined;
  }
  for (let line = row, n = 0; n < RECORD_LINES && line.start > 0; n++) {
    line = lineAround(text, line.start - 1);
    const found = valueIn(line);
    if (found !== undefined) return found ?? undefined;
  }
  return undefined;
}

/** The topmost line of the block of lines above `row` (no blank line between), or undefined when `row` is the block's first. */
function blockHeader(text: string, row: Line): Line | undefined {
  let line = row;
  let header: Line | undefined;
  for (let lines = 0; lines < MAX_ROWS_UP && line.start > 0; lines++) {
    const above = lineAround(text, line.start - 1);
    const content = text.slice(above.start, above.end);
    if (content.trim() === '') break;
    line = above;
    if (!RULE_LINE.test(content)) header = above;
  }
  return header;
}

interface Cell {
  start: number;
  end: number;
}

function delimitedCells(text: string, line: Line, delimiter: string): Cell[] {
  const cells: Cell[] = [];
  let start = line.start;
  for (let i = line.start; i <= line.end; i++) {
    if (i === line.end || text[i] === delimiter) {
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

function* namedValueRows(text: string, starts: readonly number[] = []): Iterable<Span> {
  let done = -1;
  for (const at of starts) {
    if (at < done) continue;
    let start = at;
    while (start > 0 && at - start < 80 && isNameChar(text[start - 1]!)) start -= 1;
    let end = at;
    while (end < text.length && end - at < 80 && isNameChar(text[end]!)) end += 1;
    done = end;
    const name = secretName(text.slice(start, end));
    if (!name) continue;
    const quote = text[start - 1];
    if (quote === '"' || quote === "'") {
      const span = recordValue(text, start, end, name);
      if (span) yield span;
      continue;
    }
    const row = lineAround(text, start);
    if (row.end - row.start > MAX_LINE) continue;
    // the name is a whole cell: the line's edge, a delimiter or a space on each side
    const edge = (c: string | undefined) => c === undefined || c === '\n' || c === '\r' || /[\s|│┃,;]/.test(c);
    if (!edge(text[start - 1]) || !edge(text[end])) continue;
    const span = recordLineValue(text, row, start, name) ?? tableValue(text, row, start, name);
    if (span) yield span;
  }
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
