/**
 * Personal data in tables, found by the header rather than by the cell: CSV / TSV output (and
 * sqlite3's ASCII-separated `.mode ascii`), psql and mysql result tables, Markdown tables, sqlite3
 * `.mode column`/`.mode box`, and SQL `INSERT … VALUES` rows whose columns (their own list, or their
 * table's `CREATE TABLE` in a dump) are named for a person's name, e-mail, phone, id, address,
 * postcode or birth date (the kinds of personal-fields.ts). Every cell under such a column is
 * removed, row after row, as long as the rows keep the header's shape. The forms that name each
 * value (records, objects, HTML tables) are read by personal-records.ts under the same rule.
 *
 * A table is personal when it names at least one column that identifies someone (a name, an
 * e-mail, a phone, an id). A lone `name` column (`name,version`, `name | status`) is not enough: its
 * cells are removed only where they look like a person's name.
 */
import type { Rule, Span } from '../types.js';
import { type ColumnKind, columnKind, IDENTIFYING, namesOnly, personalValues } from './personal-cells.js';

// what the other table readers (secret-columns.ts, kv-replies.ts) judge personal cells with
export { type ColumnKind, removes } from './personal-cells.js';
import { htmlTable, objectRecord, recordLines } from './personal-records.js';
import { lineBreakAfter } from '../line-bounds.js';

const MAX_HEADER_CHARS = 600;
const MAX_ROWS = 2000;
const MAX_TABLE_CHARS = 200_000;
/** A header cell: a short column name. */
const HEADER_CELL = /^[\p{L}\p{N} _.#/()-]{1,40}$/u;
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

/** The line from `start`: it ends at `\n`, `\r\n`, an ASCII record separator or an escaped `\n` (a table inside JSON-encoded tool output). */
function lineFrom(text: string, start: number): Line {
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) return { start, end: i > start && text.charCodeAt(i - 1) === 13 ? i - 1 : i, next: i + 1 };
    if (code === 30) return { start, end: i, next: i + 1 }; // ASCII's record separator (sqlite3 `.mode ascii`)
    if (code === 92 && text.charCodeAt(i + 1) === 110) return { start, end: i, next: i + 2 };
  }
  return { start, end: text.length, next: text.length };
}

function lineStartBefore(text: string, pos: number): number {
  for (let i = pos - 1; i >= Math.max(0, pos - MAX_HEADER_CHARS); i--) {
    if (text.charCodeAt(i) === 10 || text.charCodeAt(i) === 30 || (text.charCodeAt(i) === 110 && text.charCodeAt(i - 1) === 92)) return i + 1;
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


/** Each column's kind (undefined when it is not personal), or undefined when the line is no personal header. */
export function personalColumns(text: string, header: Span[]): (ColumnKind | undefined)[] | undefined {
  const kinds: (ColumnKind | undefined)[] = [];
  for (const raw of header) {
    const cell = trimmed(text, raw);
    const name = text.slice(cell.start, cell.end);
    if (name !== '' && !HEADER_CELL.test(name)) return undefined;
    kinds.push(columnKind(name));
  }
  return kinds.some((kind) => kind !== undefined && IDENTIFYING.has(kind)) ? kinds : undefined;
}

function personalCells(text: string, kinds: readonly (ColumnKind | undefined)[], rowCells: readonly Span[], namesOnlyTable: boolean, spans: Span[]): void {
  const cells = rowCells.map((cell) => trimmed(text, cell));
  const removed = personalValues(kinds, cells.map((cell) => text.slice(cell.start, cell.end)), namesOnlyTable);
  for (const [index, cell] of cells.entries()) if (removed[index]) spans.push(cell);
}

/** The rows under a header line, while they keep its number of cells; the spans of personal cells, and where the table ends. */
function delimitedTable(text: string, header: Line, spans: Span[]): number {
  const headerText = text.slice(header.start, header.end);
  const delimiter = ['|', '│', '\t', '\\t', ',', ';', '\x1f'].find((d) => headerText.includes(d));
  if (delimiter === undefined) return alignedTable(text, header, spans);
  const headerCells = cellsOf(text, header, delimiter);
  if (headerCells.length < 2 || headerCells.length > 40) return header.next;
  const kinds = personalColumns(text, headerCells);
  if (!kinds) return header.next;
  // a table's bottom border straight above another table's top border: two rules in a row end the table
  let ruleAbove = false;
  return personalRows(text, header, header.next, kinds, spans, (line, row) => {
    const rule = RULE_LINE.test(row);
    if (rule && ruleAbove) return undefined;
    ruleAbove = rule;
    if (rule) return [];
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
  const namesOnlyTable = namesOnly(kinds);
  let line = lineFrom(text, from);
  for (let rows = 0; rows < MAX_ROWS && line.start < text.length && line.start - header.end < MAX_TABLE_CHARS; rows++) {
    const cells = cellsOfRow(line, text.slice(line.start, line.end));
    if (!cells) break;
    if (cells.length > 0) personalCells(text, kinds, cells, namesOnlyTable, spans);
    if (line.next >= text.length) return text.length;
    line = lineFrom(text, line.next);
  }
  return line.start;
}

// ---------------------------------------------------------------- INSERT INTO … VALUES

const INSERT_COLUMNS = /insert\s+into\s+[\w."`[\]]+\s*\(([^()]{1,600})\)\s*values\s*/iy;
/** One SQL value: a quoted string (with `''` inside) or a bare token. */
const SQL_NUMBER = /^\+?\d[\d.]{3,}$/;
const SQL_VALUE = /\s*(?:'((?:[^']|'')*)'|"((?:[^"\\]|\\.)*)"|([^,()'"]*?))\s*(?=[,)])/y;

/** `INSERT INTO people VALUES(…)` with no column list: the columns are the table's, as its `CREATE TABLE` (a dump's) names them. */
const INSERT_BARE = /insert\s+into\s+([\w."`[\]]+)\s*values\s*/iy;
const CREATE_TABLE = /create\s+table\s+(?:if\s+not\s+exists\s+)?([\w."`[\]]+)\s*\(/gi;
/** A column definition's first word, unless the definition is a table constraint. */
const COLUMN_DEFINITION = /^\s*["`[]?([\p{L}\p{N}_]+)["`\]]?/u;
const TABLE_CONSTRAINT = /^\s*(?:primary|unique|foreign|check|constraint|key|index)\b/i;

/** The column names the last `CREATE TABLE` of `table` before `at` gives, or undefined. */
function createdColumns(text: string, name: string, at: number): string[] | undefined {
  let columns: string[] | undefined;
  const before = text.slice(Math.max(0, at - MAX_TABLE_CHARS), at);
  for (const create of before.matchAll(CREATE_TABLE)) {
    if (create[1]!.replace(/["`[\]]/g, '').toLowerCase() !== name) continue;
    const body = before.slice(create.index + create[0].length, create.index + create[0].length + 4000);
    const definitions: string[] = [];
    let depth = 0;
    let start = 0;
    for (let i = 0; i < body.length && depth >= 0; i++) {
      if (body[i] === '(') depth += 1;
      else if (body[i] === ')') depth -= 1;
      if ((body[i] === ',' && depth === 0) || depth < 0) {
        definitions.push(body.slice(start, i));
        start = i + 1;
      }
    }
    columns = definitions.filter((definition) => !TABLE_CONSTRAINT.test(definition)).map((definition) => COLUMN_DEFINITION.exec(definition)?.[1] ?? '');
  }
  return columns;
}

/** Tables' columns by name, as their `CREATE TABLE` gave them, for the INSERTs of one text. */
type CreatedTables = Map<string, string[] | undefined>;

/** The columns an INSERT at `at` names (its own list, or its table's), and where its rows start. */
function insertColumns(text: string, at: number, created: CreatedTables): { columns: string[]; rows: number } | undefined {
  INSERT_COLUMNS.lastIndex = at;
  const head = INSERT_COLUMNS.exec(text);
  if (head) return { columns: head[1]!.split(','), rows: INSERT_COLUMNS.lastIndex };
  INSERT_BARE.lastIndex = at;
  const bare = INSERT_BARE.exec(text);
  if (!bare) return undefined;
  const rows = INSERT_BARE.lastIndex;
  const table = bare[1]!.replace(/["`[\]]/g, '').toLowerCase();
  if (!created.has(table)) created.set(table, createdColumns(text, table, at));
  const columns = created.get(table);
  return columns && { columns, rows };
}

/**
 * Pushes the values of one row that identify a person (judged as a row), and the same values
 * again where a log lists them after the statement (`; args=('…', '…')`) on the line from `cursor`.
 */
function pushPersonalValues(text: string, kinds: readonly (ColumnKind | undefined)[], values: readonly (Span | undefined)[], cursor: number, spans: Span[]): void {
  const removed = personalValues(kinds, values.map((value) => value && text.slice(value.start, value.end).replace(/''/g, "'")), namesOnly(kinds));
  const gone = new Set<string>();
  for (const [index, value] of values.entries()) {
    if (!removed[index] || !value) continue;
    spans.push(value);
    gone.add(text.slice(value.start, value.end));
  }
  const lineEnd = lineBreakAfter(text, cursor);
  const rest = text.slice(cursor, lineEnd === -1 ? Math.min(text.length, cursor + 4000) : Math.min(lineEnd, cursor + 4000));
  for (const quoted of rest.matchAll(/'((?:[^'\\\n]|\\.){1,500})'/g)) {
    if (gone.has(quoted[1]!)) spans.push({ start: cursor + quoted.index + 1, end: cursor + quoted.index + 1 + quoted[1]!.length });
  }
}

/** `INSERT INTO t (a, b) SELECT 'x', 'y'`: one row of literals for the columns (Django's bulk_create on SQLite logs it). */
const INSERT_SELECT = /insert\s+into\s+[\w."`[\]]+\s*\(([^()]{1,600})\)\s*select\s+/iy;
const SELECT_ITEM = /\s*(?:'((?:[^'\n]|''){0,2000})'|([^,;'\s]{1,200}))\s*/y;

function insertSelect(text: string, at: number, spans: Span[]): number | undefined {
  INSERT_SELECT.lastIndex = at;
  const head = INSERT_SELECT.exec(text);
  if (!head) return undefined;
  const kinds = head[1]!.split(',').map(columnKind);
  const values: (Span | undefined)[] = [];
  let cursor = INSERT_SELECT.lastIndex;
  while (values.length < kinds.length) {
    SELECT_ITEM.lastIndex = cursor;
    const item = SELECT_ITEM.exec(text);
    if (!item) break;
    const start = item.index + item[0].indexOf(item[1] ?? item[2]!, item[1] === undefined ? 0 : item[0].indexOf("'") + 1);
    values.push(item[1] === undefined ? undefined : { start, end: start + item[1].length });
    cursor = SELECT_ITEM.lastIndex;
    if (text[cursor] !== ',') break;
    cursor += 1;
  }
  pushPersonalValues(text, kinds, values, cursor, spans);
  return cursor;
}

function insertRows(text: string, at: number, spans: Span[], created: CreatedTables): number {
  const selected = insertSelect(text, at, spans);
  if (selected !== undefined) return selected;
  const head = insertColumns(text, at, created);
  if (!head) return at + 1;
  const kinds = head.columns.map(columnKind);
  if (!kinds.some((kind) => kind !== undefined && IDENTIFYING.has(kind))) return head.rows;
  const namesOnlyTable = namesOnly(kinds);
  let cursor = head.rows;
  for (let row = 0; row < MAX_ROWS && text[cursor] === '('; row++) {
    cursor += 1;
    const values: (Span | undefined)[] = [];
    for (;;) {
      SQL_VALUE.lastIndex = cursor;
      const value = SQL_VALUE.exec(text);
      if (!value) return cursor;
      const group = value[1] !== undefined ? 1 : value[2] !== undefined ? 2 : 3;
      const start = value.index + value[0].indexOf(value[group]!, value[0].search(/\S|$/));
      // a bare token is a value only when it is a number (a phone or a postcode stored as one), not NULL, a placeholder or a call
      values.push(group !== 3 || SQL_NUMBER.test(value[group]!) ? { start, end: start + value[group]!.length } : undefined);
      cursor = SQL_VALUE.lastIndex + 1;
      if (text[cursor - 1] === ')') break;
    }
    const removed = personalValues(kinds, values.map((value) => value && text.slice(value.start, value.end).replace(/''/g, "'")), namesOnlyTable);
    for (const [index, value] of values.entries()) if (removed[index]) spans.push(value!);
    const between = /\s*,\s*/y;
    between.lastIndex = cursor;
    if (!between.test(text)) break;
    cursor = between.lastIndex;
  }
  return cursor;
}

/** `UPDATE t SET`, and MariaDB's and MySQL's `INSERT INTO t SET` (one row as a SET list). */
const UPDATE_HEAD = /(?:update|insert\s+(?:ignore\s+)?into|replace\s+into)\s+[\w."`[\]]{1,128}\s+set\s+/iy;
/** One `column = value` of an UPDATE's SET list: a quoted string, a number, or another expression (not judged). */
const SET_ITEM = /\s*(?:[\w"`[\]]{1,64}\.)?["`[]?(\w{1,64})["`\]]?\s*=\s*(?:'((?:[^']|''){0,2000})'|(\+?\d[\d.]*)(?![\w.])|(?:[^,;'\s]|[ \t](?!where\b)){1,200})\s*/iy;

/**
 * The SET list of an `UPDATE t SET col = '…', col2 = '…' WHERE …` (a statement log's line, a
 * trace): its values judged as one row of the columns it names.
 */
function updateSets(text: string, at: number, spans: Span[]): number {
  UPDATE_HEAD.lastIndex = at;
  if (!UPDATE_HEAD.test(text)) return at + 1;
  const kinds: (ColumnKind | undefined)[] = [];
  const values: (Span | undefined)[] = [];
  let cursor = UPDATE_HEAD.lastIndex;
  for (let items = 0; items < 100; items++) {
    SET_ITEM.lastIndex = cursor;
    const item = SET_ITEM.exec(text);
    if (!item) break;
    kinds.push(columnKind(item[1]!));
    const literal = item[2] ?? item[3];
    const start = literal === undefined ? -1 : item.index + item[0].lastIndexOf(literal, item[0].length - (item[2] !== undefined ? 1 : 0));
    values.push(literal === undefined ? undefined : { start, end: start + literal.length });
    cursor = SET_ITEM.lastIndex;
    if (text[cursor] !== ',') break;
    cursor += 1;
  }
  pushPersonalValues(text, kinds, values, cursor, spans);
  return cursor;
}

const INSERT_AT = /insert/iy;
const UPDATE_AT = /update\s/iy;

function* personalTableCells(text: string, starts: readonly number[] = []): Iterable<Span> {
  const spans: Span[] = [];
  const created: CreatedTables = new Map();
  let done = 0;
  for (const at of starts) {
    if (at < done) continue;
    INSERT_AT.lastIndex = at;
    if (INSERT_AT.test(text)) {
      done = insertRows(text, at, spans, created);
      if (done === at + 1) done = updateSets(text, at, spans);
      continue;
    }
    UPDATE_AT.lastIndex = at;
    if (UPDATE_AT.test(text)) {
      done = updateSets(text, at, spans);
      continue;
    }
    const record = htmlTable(text, at, spans) ?? objectRecord(text, at, spans) ?? recordLines(text, at, spans);
    if (record !== undefined) {
      done = record;
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
    description: 'values under personal columns or keys (name, first/last name, e-mail, phone, ids, address, street, city, postcode, birth date) in every tabular form: CSV/TSV/ASCII-separated output, psql/mysql/Markdown tables, sqlite3 column and box tables, HTML tables, SQL INSERT rows (with a column list or after their CREATE TABLE), UPDATE … SET lists, key = value records (sqlite3 .mode line, YAML, expanded `-[ RECORD n ]` records) and flat JSON/dict objects',
    keywords: ['name', 'mail', 'phone', 'mobile', 'tel', 'address', 'street', 'city', 'town', 'zip', 'postcode', 'postal', 'dob', 'birth', 'insert into', 'update'],
    keywordStarts: true,
    detector: personalTableCells,
    examples: {
      match: [
        'customer_id,first_name,last_name,city\n101,Ingrid,Solberg,Tromsø\n102,Mehmet,Yıldız,Izmir',
        '{ ["city"] = "Porto", ["street"] = "Rua das Flores 88", ["email"] = "gunnhild.fo@sapo.pt" }',
        '{ ["email"] = gunnhild.fo@sapo.pt,["street"] = Rua das Flores 88,["born"] = 1983-06-14,["city"] = Porto,} ',
        ' id |    full_name     |  phone\n----+------------------+-----------\n  7 | Esperanza Quiroga | 0612345678\n(1 row)',
        '+----+---------------+\n| id | name          |\n+----+---------------+\n|  3 | Pavel Novák   |\n+----+---------------+',
        "INSERT INTO patients (id, surname, dob) VALUES (1, 'Haddad', '1984-07-19'), (2, 'Okonkwo', '1990-01-02');",
        'name\temail\nWanjiru Kamau\twanjiru.k@mailbox.co.ke',
        'id  name           city   \n--  -------------  -------\n1   Tove Lindgren  Uppsala\n2   Jonas Berg     Malmö  ',
        '┌────┬───────────────┬─────────┐\n│ id │     name      │  city   │\n├────┼───────────────┼─────────┤\n│ 1  │ Tove Lindgren │ Uppsala │\n└────┴───────────────┴─────────┘',
        '    id = 4\n  name = Oskar Lindfors\n  city = Vaasa\n   zip = 65100',
        '[{"id":3,"email":"m.karlsson@bahnhof.se","town":"Gävle","zip":"80310"}]',
        '<TR><TH>name</TH>\n<TH>phone</TH>\n</TR>\n<TR><TD>Ilse Vandamme</TD>\n<TD>0471 23 45 67</TD>\n</TR>',
        "CREATE TABLE guests (id INTEGER PRIMARY KEY, surname TEXT, city TEXT);\nINSERT INTO guests VALUES(1,'Kowalczyk','Lublin');",
        "sqlite> .mode insert\nINSERT INTO \"table\"(id,email,city) VALUES(2,'n.perera@slt.lk','Kandy');",
        'id\x1fname\x1fcity\x1e1\x1fRenata Sousa\x1fBraga\x1e',
        '- name: Halima Yusuf\n  phone: "+234 803 555 0147"\n  city: Kano',
        '-[ RECORD 1 ]+------------\nid         | 8\nfirst_name | Radomir\nlast_name  | Havlíček\ncity       | Olomouc',
        "LOG:  statement: UPDATE members SET family_name = 'Ekwueme', street = 'Via Roma 12' WHERE id = 4",
        "\t\t     8 Query\tINSERT INTO customers SET full_name = 'Zofia Brzeczek', street = 'ul. Długa 14', city = 'Gdańsk'",
        `(0.000) INSERT INTO "crm_customer" ("full_name", "city") SELECT 'Emrys Castellanos', 'Vancouver'; args=('Emrys Castellanos', 'Vancouver')`,
        '+-[ RECORD 1 ]-+-----------+\n| given_name   | Radomir   |\n| family_name  | Havlíček  |\n+--------------+-----------+',
        'class Customer(BaseModel):\n    full_name: str = "Radomir Havlíček"\n    email: str',
      ],
      noMatch: [
        '{ ["name"] = "lua-cjson", ["city"] = "build-farm", ["version"] = "2.1.0-1" }',
        '{ ["name"] = lua-cjson,["city"] = build-farm,["version"] = 2.1.0-1,} ',
        'name,version,license\nreact,18.3.1,MIT\nzod,3.23.8,MIT',
        ' name  | status\n-------+--------\n Run Tests | ok',
        'city,temperature_c\nOslo,4\nLima,19',
        "INSERT INTO releases (id, tag) VALUES (1, 'v1.0.0');",
        'id,email\n1,NULL\n2,\\N',
        'name          version  license\n------------  -------  -------\nreact         18.3.1   MIT\nzod           3.23.8   MIT',
        'Name:\tapi.internal.example\nAddress: 10.1.2.3\nName:\tcdn.internal.example\nAddress: 10.1.2.4',
        'mail:x:8:8:mail:/var/mail:/usr/sbin/nologin\nnews:x:9:9:news:/var/spool/news:/usr/sbin/nologin',
        '{"name": "billing-api", "owner": "platform", "city": "Oslo"}',
        '[{"name":"Test User","email":"test@example.com","city":"Springfield"}]',
        '<tr><th>name</th><th>version</th></tr>\n<tr><td>react</td><td>18.3.1</td></tr>',
        '┌──────────┬────────┐\n│   name   │ status │\n├──────────┼────────┤\n│ build    │ ok     │\n└──────────┴────────┘',
        '-[ RECORD 1 ]-----------\nname    | edge-gw.lan\naddress | 10.8.0.1',
        "UPDATE hosts SET name = 'db-2.lan', address = '10.0.0.7' WHERE id = 2",
        '+-[ RECORD 1 ]-+-------------+\n| name         | edge-gw.lan |\n| address      | 10.8.0.1    |\n+--------------+-------------+',
        "UPDATE jobs SET name = 'nightly-build', state = 'queued' WHERE id = 9",
        "INSERT INTO hosts SET name = 'db-2.lan', address = '10.0.0.7'",
        'class Customer(BaseModel):\n    full_name: str\n    email: EmailStr\n    city: Optional[str] = None',
        'pub struct Customer {\n    pub full_name: String,\n    pub phone: Option<String>,\n}',
        'type customer = {\n  full_name : string;\n  email : string option;\n}',
      ],
    },
  },
];
