/**
 * Personal data in tables, found by the header rather than by the cell: CSV / TSV output, psql
 * and mysql result tables, Markdown tables and SQL `INSERT … VALUES` rows whose columns are named
 * for a person's name, e-mail, phone, address, postcode or birth date. Every cell under such a
 * column is removed, row after row, as long as the rows keep the header's shape.
 *
 * A table is personal when it names at least one column that identifies someone (a name, an
 * e-mail, a phone). A lone `name` column (`name,version`, `name | status`) is not enough: its
 * cells are removed only where they look like a person's name.
 */
import type { Rule, Span } from '../types.js';
import { isPersonName } from './person-name-shape.js';

export type ColumnKind = 'name' | 'single-name' | 'email' | 'phone' | 'address' | 'birth';

const COLUMN_KINDS: ReadonlyMap<string, ColumnKind> = new Map([
  ...['name', 'fullname', 'customername', 'contactname', 'clientname', 'employeename', 'patientname', 'membername', 'customer', 'contact'].map((n) => [n, 'name'] as const),
  ...['firstname', 'lastname', 'givenname', 'familyname', 'surname', 'middlename', 'forename'].map((n) => [n, 'single-name'] as const),
  ...['email', 'emailaddress', 'mail'].map((n) => [n, 'email'] as const),
  ...['phone', 'phonenumber', 'mobile', 'tel', 'telephone', 'cell', 'cellphone'].map((n) => [n, 'phone'] as const),
  ...['address', 'address1', 'address2', 'addressline1', 'addressline2', 'street', 'streetaddress', 'city', 'town', 'zip', 'zipcode', 'postcode', 'postalcode'].map((n) => [n, 'address'] as const),
  ...['dob', 'birthdate', 'dateofbirth', 'birthday'].map((n) => [n, 'birth'] as const),
]);
const IDENTIFYING = new Set<ColumnKind>(['name', 'single-name', 'email', 'phone']);

const MAX_HEADER_CHARS = 600;
const MAX_ROWS = 2000;
const MAX_TABLE_CHARS = 200_000;
/** A header cell: a short column name. */
const HEADER_CELL = /^[\p{L}\p{N} _.#/()-]{1,40}$/u;
const EMPTY_CELL = /^(?:|null|NULL|N|-|n\/a|N\/A)$/; // `\N` (mysql NULL) loses its backslash to the trim
/** psql and mysql rules between the header and the rows, Markdown's `|---|`, box-drawn borders (sqlite3 `.mode box`). */
const RULE_LINE = /^[ \t]*[+|]?[-=+|: \t─━│┃┼╋├┤┌┐└┘┬┴═║╬╠╣╔╗╚╝╦╩╞╡╪]{3,}$/;
/** The dashes under a header of columns aligned by spaces (sqlite3 `.mode column`): one run per column. */
const DASH_RUNS = /^[ \t]*-{2,}(?:[ \t]+-{2,})+[ \t]*$/;

interface Line {
  start: number;
  end: number;
  /** where the next line starts, past a real or a JSON-escaped break */
  next: number;
}

/** The line from `start`: it ends at `\n`, `\r\n` or an escaped `\n` (a table inside JSON-encoded tool output). */
function lineFrom(text: string, start: number): Line {
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) return { start, end: i > start && text.charCodeAt(i - 1) === 13 ? i - 1 : i, next: i + 1 };
    if (code === 92 && text.charCodeAt(i + 1) === 110) return { start, end: i, next: i + 2 };
  }
  return { start, end: text.length, next: text.length };
}

function lineStartBefore(text: string, pos: number): number {
  for (let i = pos - 1; i >= Math.max(0, pos - MAX_HEADER_CHARS); i--) {
    if (text.charCodeAt(i) === 10 || (text.charCodeAt(i) === 110 && text.charCodeAt(i - 1) === 92)) return i + 1;
  }
  return pos <= MAX_HEADER_CHARS ? 0 : -1;
}

/** The cells of a row as spans, split on `delimiter` outside double quotes (escaped `\"` counts as one). */
function cellsOf(text: string, line: Line, delimiter: string): Span[] {
  const cells: Span[] = [];
  let start = line.start;
  let quoted = false;
  for (let i = line.start; i < line.end; i++) {
    const char = text[i];
    if (char === '"' && delimiter !== '|') quoted = !quoted;
    else if (!quoted && char === delimiter[0] && text.startsWith(delimiter, i)) {
      cells.push({ start, end: i });
      start = i + delimiter.length;
      i = start - 1;
    }
  }
  cells.push({ start, end: line.end });
  return cells;
}

/** A cell without the spaces, quotes and escapes around it. */
function trimmed(text: string, cell: Span): Span {
  let { start, end } = cell;
  while (start < end && /[\s"'`\\]/.test(text[start]!)) start += 1;
  while (end > start && /[\s"'`\\]/.test(text[end - 1]!)) end -= 1;
  return { start, end };
}

const columnName = (text: string, cell: Span) => text.slice(cell.start, cell.end).toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each column's kind (undefined when it is not personal), or undefined when the line is no personal header. */
export function personalColumns(text: string, header: Span[]): (ColumnKind | undefined)[] | undefined {
  const kinds: (ColumnKind | undefined)[] = [];
  for (const raw of header) {
    const cell = trimmed(text, raw);
    const name = text.slice(cell.start, cell.end);
    if (name !== '' && !HEADER_CELL.test(name)) return undefined;
    kinds.push(COLUMN_KINDS.get(columnName(text, cell)));
  }
  return kinds.some((kind) => kind !== undefined && IDENTIFYING.has(kind)) ? kinds : undefined;
}

/** Whether a cell's value is removed: anything but an empty marker, and a person's name shape when the table says little else. */
export function removes(value: string, kind: ColumnKind, loneNameColumn: boolean): boolean {
  if (EMPTY_CELL.test(value)) return false;
  if (loneNameColumn) return isPersonName(value, { single: kind === 'single-name' });
  return /\p{L}|\d/u.test(value);
}

function personalCells(text: string, kinds: readonly (ColumnKind | undefined)[], rowCells: readonly Span[], loneNameColumn: boolean, spans: Span[]): void {
  for (const [index, kind] of kinds.entries()) {
    if (kind === undefined) continue;
    const cell = trimmed(text, rowCells[index]!);
    if (removes(text.slice(cell.start, cell.end), kind, loneNameColumn)) spans.push(cell);
  }
}

/** The rows under a header line, while they keep its number of cells; the spans of personal cells, and where the table ends. */
function delimitedTable(text: string, header: Line, spans: Span[]): number {
  const headerText = text.slice(header.start, header.end);
  const delimiter = ['|', '│', '\t', '\\t', ',', ';'].find((d) => headerText.includes(d));
  if (delimiter === undefined) return alignedTable(text, header, spans);
  const headerCells = cellsOf(text, header, delimiter);
  if (headerCells.length < 2 || headerCells.length > 40) return header.next;
  const kinds = personalColumns(text, headerCells);
  if (!kinds) return header.next;
  return personalRows(text, header, header.next, kinds, spans, (line, row) => {
    if (RULE_LINE.test(row)) return [];
    const cells = cellsOf(text, line, delimiter);
    return row.trim() === '' || cells.length !== headerCells.length ? undefined : cells;
  });
}

/**
 * Columns aligned by spaces with a line of dashes under the header (sqlite3 `.mode column`): each
 * run of dashes gives a column's place, and each row is cut at those places.
 */
function alignedTable(text: string, header: Line, spans: Span[]): number {
  const rule = lineFrom(text, header.next);
  const ruleText = text.slice(rule.start, rule.end);
  if (!DASH_RUNS.test(ruleText)) return header.next;
  const columns = [...ruleText.matchAll(/-+/g)].map((run) => ({ start: run.index, end: run.index + run[0].length }));
  if (columns.length > 40) return header.next;
  const lastColumn = columns.at(-1)!.start;
  const cut = (line: Line): Span[] =>
    columns.map((column, index) => ({
      start: Math.min(line.end, line.start + column.start),
      end: index === columns.length - 1 ? line.end : Math.min(line.end, line.start + columns[index + 1]!.start),
    }));
  const kinds = personalColumns(text, cut(header));
  if (!kinds) return rule.next;
  // a row that ends before the last column starts is no longer the table's
  return personalRows(text, header, rule.next, kinds, spans, (line, row) => (row.trim() === '' || row.length <= lastColumn ? undefined : cut(line)));
}

/**
 * The personal cells of the rows from `from` on: `cellsOfRow` gives a row's cells (none for a
 * rule line between rows), or undefined where the table ends. Returns where it ended.
 */
function personalRows(text: string, header: Line, from: number, kinds: readonly (ColumnKind | undefined)[], spans: Span[], cellsOfRow: (line: Line, row: string) => Span[] | undefined): number {
  const loneNameColumn = kinds.filter((kind) => kind !== undefined).length === 1 && kinds.some((kind) => kind === 'name' || kind === 'single-name');
  let line = lineFrom(text, from);
  for (let rows = 0; rows < MAX_ROWS && line.start < text.length && line.start - header.end < MAX_TABLE_CHARS; rows++) {
    const cells = cellsOfRow(line, text.slice(line.start, line.end));
    if (!cells) break;
    if (cells.length > 0) personalCells(text, kinds, cells, loneNameColumn, spans);
    if (line.next >= text.length) return text.length;
    line = lineFrom(text, line.next);
  }
  return line.start;
}

// ---------------------------------------------------------------- INSERT INTO … VALUES

const INSERT_COLUMNS = /^insert\s+into\s+[\w."`[\]]+\s*\(([^()]{1,600})\)\s*values\s*/iy;
/** One SQL value: a quoted string (with `''` inside) or a bare token. */
const SQL_VALUE = /\s*(?:'((?:[^']|'')*)'|"((?:[^"\\]|\\.)*)"|([^,()'"]*?))\s*(?=[,)])/y;

function insertRows(text: string, at: number, spans: Span[]): number {
  INSERT_COLUMNS.lastIndex = at;
  const head = INSERT_COLUMNS.exec(text);
  if (!head) return at + 1;
  const columns = head[1]!.split(',').map((name) => name.toLowerCase().replace(/[^a-z0-9]/g, ''));
  const kinds = columns.map((name) => COLUMN_KINDS.get(name));
  if (!kinds.some((kind) => kind !== undefined && IDENTIFYING.has(kind))) return INSERT_COLUMNS.lastIndex;
  const loneNameColumn = kinds.filter((kind) => kind !== undefined).length === 1;
  let cursor = INSERT_COLUMNS.lastIndex;
  for (let row = 0; row < MAX_ROWS && text[cursor] === '('; row++) {
    cursor += 1;
    for (let column = 0; ; column++) {
      SQL_VALUE.lastIndex = cursor;
      const value = SQL_VALUE.exec(text);
      if (!value) return cursor;
      const kind = kinds[column];
      const group = value[1] !== undefined ? 1 : value[2] !== undefined ? 2 : 3;
      const start = value.index + value[0].indexOf(value[group]!, value[0].search(/\S|$/));
      if (kind !== undefined && group !== 3 && removes(value[group]!, kind, loneNameColumn)) spans.push({ start, end: start + value[group]!.length });
      cursor = SQL_VALUE.lastIndex + 1;
      if (text[cursor - 1] === ')') break;
    }
    const between = /\s*,\s*/y;
    between.lastIndex = cursor;
    if (!between.test(text)) break;
    cursor = between.lastIndex;
  }
  return cursor;
}

function* personalTableCells(text: string, starts: readonly number[] = []): Iterable<Span> {
  const spans: Span[] = [];
  let done = 0;
  for (const at of starts) {
    if (at < done) continue;
    if (/^insert/i.test(text.slice(at, at + 6))) {
      done = insertRows(text, at, spans);
      continue;
    }
    const lineStart = lineStartBefore(text, at);
    if (lineStart < 0) continue;
    // a table inside a JSON string starts after the string's opening quote: `{"stdout":"name\temail\n…`
    const opening = text.slice(lineStart, at).search(/":\s?"[^"]*$/);
    const header = lineFrom(text, opening < 0 ? lineStart : text.indexOf('"', lineStart + opening + 1) + 1);
    if (header.end - header.start > MAX_HEADER_CHARS) {
      done = header.next;
      continue;
    }
    done = delimitedTable(text, header, spans);
  }
  yield* spans;
}

export const PERSONAL_COLUMN_RULES: readonly Rule[] = [
  {
    id: 'personal-columns',
    type: 'pii',
    label: 'personal-data',
    description: 'cells under personal columns (name, first/last name, e-mail, phone, address, street, city, postcode, birth date) of CSV/TSV output, psql/mysql/Markdown tables, sqlite3 column and box tables and SQL INSERT rows',
    keywords: ['name', 'mail', 'phone', 'mobile', 'tel', 'address', 'street', 'city', 'zip', 'postcode', 'postal', 'dob', 'birth', 'insert into'],
    keywordStarts: true,
    detector: personalTableCells,
    examples: {
      match: [
        'customer_id,first_name,last_name,city\n101,Ingrid,Solberg,Tromsø\n102,Mehmet,Yıldız,Izmir',
        ' id |    full_name     |  phone\n----+------------------+-----------\n  7 | Esperanza Quiroga | 0612345678\n(1 row)',
        '+----+---------------+\n| id | name          |\n+----+---------------+\n|  3 | Pavel Novák   |\n+----+---------------+',
        "INSERT INTO patients (id, surname, dob) VALUES (1, 'Haddad', '1984-07-19'), (2, 'Okonkwo', '1990-01-02');",
        'name\temail\nWanjiru Kamau\twanjiru.k@mailbox.co.ke',
        'id  name           city   \n--  -------------  -------\n1   Tove Lindgren  Uppsala\n2   Jonas Berg     Malmö  ',
        '┌────┬───────────────┬─────────┐\n│ id │     name      │  city   │\n├────┼───────────────┼─────────┤\n│ 1  │ Tove Lindgren │ Uppsala │\n└────┴───────────────┴─────────┘',
      ],
      noMatch: [
        'name,version,license\nreact,18.3.1,MIT\nzod,3.23.8,MIT',
        ' name  | status\n-------+--------\n Run Tests | ok',
        'city,temperature_c\nOslo,4\nLima,19',
        "INSERT INTO releases (id, tag) VALUES (1, 'v1.0.0');",
        'id,email\n1,NULL\n2,\\N',
        'name          version  license\n------------  -------  -------\nreact         18.3.1   MIT\nzod           3.23.8   MIT',
        '┌──────────┬────────┐\n│   name   │ status │\n├──────────┼────────┤\n│ build    │ ok     │\n└──────────┴────────┘',
      ],
    },
  },
];
