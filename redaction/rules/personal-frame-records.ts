/**
 * A data frame's people printed a column or a row per line rather than as a table:
 *
 * - a row as a record, one `field   value` per line with the values aligned (R `t(df[2, ])`,
 *   a frame's row printed as a series: values right-aligned, `Name: 3, dtype: …` under them);
 * - the columns as lists, one per line (tibble's `glimpse()`: `$ full_name <chr> "…", "…"`; R
 *   `str()`: ` $ full_name: chr  "…" "…"`), a cut value ending in `…` or `...`;
 * - a tibble's table: each column's type under its name (`<chr>`), columns one space apart, names
 *   and cells cut with `…` (a cut name read by its beginning: `stree…¹`).
 *
 * Values are judged by their field's kind (personal-cells.ts) and only where the record or the
 * listing identifies someone in a value's own shape, so a `name`/`address` record of a host stays.
 */
import { lineAround, lineBreakBefore, lineWithin, nextLine, previousLine, type TextLine } from '../line-bounds.js';
import type { Rule, Span } from '../types.js';
import { type ColumnKind, columnKind, columnKindByPrefix, namesOnly, personalValues } from './personal-cells.js';

const MAX_FIELDS = 200;
const MAX_LINE = 2000;




/** The value's span without the quotes around it (a cut value may have lost its closing quote). */
function unquoted(text: string, span: Span): Span {
  let { start, end } = span;
  if (text[start] === '"' || text[start] === "'") start += 1;
  if (end > start && (text[end - 1] === '"' || text[end - 1] === "'")) end -= 1;
  return { start, end };
}

// ---------------------------------------------------------------- a row as aligned `field   value` lines

const FIELD_VALUE = /^([A-Za-z_][\w.]{0,40})([ \t]+)(\S(?:.*\S)?)[ \t]*$/;

interface RecordLine {
  field: string;
  value: Span;
}

function recordLine(text: string, line: TextLine): RecordLine | undefined {
  if (line.end - line.start > MAX_LINE) return undefined;
  const match = FIELD_VALUE.exec(text.slice(line.start, line.end));
  if (!match) return undefined;
  const start = line.start + match[1]!.length + match[2]!.length;
  return { field: match[1]!, value: { start, end: start + match[3]!.length } };
}

/** The lines of the record around `line`: fields unique, values starting (or ending) in one column. */
function alignedRecord(text: string, line: TextLine): { fields: RecordLine[]; end: number } | undefined {
  let first = line;
  for (let above = previousLine(text, first), n = 0; above && n < MAX_FIELDS && recordLine(text, above); above = previousLine(text, above), n++) first = above;
  const fields: RecordLine[] = [];
  let last = first;
  for (let current: TextLine | undefined = first; current && fields.length < MAX_FIELDS; current = nextLine(text, current)) {
    const field = recordLine(text, current);
    if (!field) break;
    fields.push(field);
    last = current;
  }
  if (fields.length < 3 || new Set(fields.map((f) => f.field.toLowerCase())).size !== fields.length) return undefined;
  const columnOf = (offset: number) => offset - lineBreakBefore(text, offset - 1) - 1;
  const starts = new Set(fields.map((f) => columnOf(f.value.start)));
  const ends = new Set(fields.map((f) => columnOf(f.value.end)));
  if (starts.size !== 1 && ends.size !== 1) return undefined;
  return { fields, end: last.end };
}

// ---------------------------------------------------------------- the columns as lists, one per line

/** `$ full_name      <chr> …` (glimpse) or ` $ full_name     : chr  …` (str). */
const COLUMN_LIST = /^[ \t]?\$ ([A-Za-z_][\w.]{0,40})[ \t]*(?:<[\w/ ]{1,20}>|:[ \t]*[\w.]{1,20}(?:,[ \t]*format:)?)[ \t]+(.*)$/;
/** One listed value: a quoted string (cut ones end the line without their quote) or a bare item up to `,` or two spaces. */
const LISTED_VALUE = /"(?:[^"\\]|\\.)*(?:"|…$|\.\.\.$|$)|[^\s,"][^,"]*?(?=,|[ \t]{2}|[ \t]*$)/g;

interface ColumnList {
  kind: ColumnKind | undefined;
  /** each value without its quotes and without the `…` of a cut one */
  values: Span[];
  /** whether the last value was cut (the line ends in `…` or `...`) */
  cut: boolean;
}

function columnList(text: string, line: TextLine): ColumnList | undefined {
  if (line.end - line.start > MAX_LINE) return undefined;
  const row = text.slice(line.start, line.end);
  const match = COLUMN_LIST.exec(row);
  if (!match) return undefined;
  const from = line.start + row.length - match[2]!.length;
  const cut = /(?:…|\.\.\.)[ \t]*$/.test(match[2]!);
  const values = [...match[2]!.matchAll(LISTED_VALUE)]
    .map((value) => {
      const span = unquoted(text, { start: from + value.index, end: from + value.index + value[0].trimEnd().length });
      const elision = /(?:…|\.\.\.)$/.exec(text.slice(span.start, span.end));
      return elision ? { start: span.start, end: span.end - elision[0].length } : span;
    })
    .filter((value) => value.end > value.start);
  return { kind: columnKind(match[1]!), values, cut };
}

function* listedColumns(text: string, line: TextLine): Iterable<Span> {
  let first = line;
  for (let above = previousLine(text, first), n = 0; above && n < MAX_FIELDS && columnList(text, above); above = previousLine(text, above), n++) first = above;
  const columns: ColumnList[] = [];
  for (let current: TextLine | undefined = first; current && columns.length < MAX_FIELDS; current = nextLine(text, current)) {
    const column = columnList(text, current);
    if (!column) break;
    columns.push(column);
  }
  const personal = columns.filter((column) => column.kind !== undefined);
  if (personal.length < 2) return;
  // the i-th values of the columns are one person's: judged as a row each
  const rows = Math.max(...personal.map((column) => column.values.length));
  const kinds = personal.map((column) => column.kind);
  for (let index = 0; index < rows; index++) {
    const cells = personal.map((column) => column.values[index]);
    const removed = personalValues(kinds, cells.map((cell) => cell && text.slice(cell.start, cell.end)), namesOnly(kinds));
    // a cut value (`"seun.r@btinter…`) has lost the shape it is judged by: it goes with its row
    const cutAt = (at: number) => personal[at]!.cut && index === personal[at]!.values.length - 1;
    for (const [at, cell] of cells.entries()) if (cell && (removed[at] || (cutAt(at) && removed.some(Boolean)))) yield cell;
  }
}

// ---------------------------------------------------------------- a tibble's print: each column's type under its name

/** The types line under a tibble's header: `<int> <chr> <date>` (its columns apart by one space only). */
const TYPES_LINE = /^[ \t]*<[\w/ ]{1,20}>(?:[ \t]+<[\w/ ]{1,20}>)*[ \t]*$/;
/** A cut name's marks: `stree…¹` (the footnote under the table gives the whole name). */
const CUT_NAME = /…[¹²³⁴⁵⁶⁷⁸⁹⁰]*$|[¹²³⁴⁵⁶⁷⁸⁹⁰]+$/;

function* typedTable(text: string, header: TextLine): Iterable<Span> {
  const types = nextLine(text, header);
  if (!types || !TYPES_LINE.test(text.slice(types.start, types.end))) return;
  const names = [...text.slice(header.start, header.end).matchAll(/\S+/g)];
  const typeTokens = [...text.slice(types.start, types.end).matchAll(/<[^>]+>/g)];
  if (names.length !== typeTokens.length || names.length < 2 || names.length > MAX_FIELDS) return;
  const kinds = names.map((name) => {
    const cut = CUT_NAME.exec(name[0]);
    const bare = cut ? name[0].slice(0, cut.index) : name[0];
    return columnKind(bare) ?? (cut ? columnKindByPrefix(bare) : undefined);
  });
  if (!kinds.some((kind) => kind !== undefined)) return;
  // a column starts where its name or its type starts, whichever is first (text left-aligned, numbers right-aligned)
  const begins = names.map((name, index) => Math.min(name.index, typeTokens[index]!.index));
  for (let row = nextLine(text, types), rows = 0; row && rows < 2000; row = nextLine(text, row), rows++) {
    const content = text.slice(row.start, row.end);
    if (!/^[ \t]*\d+[ \t]/.test(content) || content.length > MAX_LINE) break;
    const cells = begins.map((begin, index) => {
      const end = Math.min(content.length, index + 1 < begins.length ? begins[index + 1]! - 1 : content.length);
      let start = Math.min(begin, end);
      let stop = end;
      while (start < stop && /\s/.test(content[start]!)) start += 1;
      while (stop > start && /\s/.test(content[stop - 1]!)) stop -= 1;
      const elided = content.slice(start, stop).endsWith('…');
      return { span: { start: row.start + start, end: row.start + stop - (elided ? 1 : 0) }, elided };
    });
    const values = cells.map(({ span }) => text.slice(span.start, span.end));
    const removed = personalValues(kinds, values.map((value) => (value === '' || value === 'NA' ? undefined : value)), namesOnly(kinds));
    const identified = removed.some(Boolean);
    for (const [index, cell] of cells.entries()) {
      if (cell.span.end <= cell.span.start) continue;
      if (removed[index] || (identified && cell.elided && kinds[index] !== undefined)) yield cell.span;
    }
  }
}

function* frameRecords(text: string, starts: readonly number[] = []): Iterable<Span> {
  let done = -1;
  for (const at of starts) {
    if (at < done) continue;
    // the line's breaks are looked for within a line's longest length only (one long line must not be walked at every keyword)
    if (!lineWithin(text, at, MAX_LINE)) continue;
    const line = lineAround(text, at);
    done = line.end;
    if (columnList(text, line)) {
      const spans = [...listedColumns(text, line)];
      yield* spans;
      let last = line;
      for (let next = nextLine(text, last); next && columnList(text, next); next = nextLine(text, next)) last = next;
      done = last.end;
      continue;
    }
    const field = recordLine(text, line);
    const typed = [...typedTable(text, line)];
    if (typed.length > 0) {
      yield* typed;
      done = typed.at(-1)!.end;
      continue;
    }
    // the keyword must be in the line's field, not in its value
    if (!field || at - line.start >= field.field.length || columnKind(field.field) === undefined) continue;
    const record = alignedRecord(text, line);
    if (!record) continue;
    done = record.end;
    const kinds = record.fields.map((f) => columnKind(f.field));
    if (kinds.filter((kind) => kind !== undefined).length < 2) continue;
    const values = record.fields.map((f) => unquoted(text, f.value));
    const removed = personalValues(kinds, values.map((value) => text.slice(value.start, value.end)), namesOnly(kinds));
    for (const [index, value] of values.entries()) if (removed[index]) yield value;
  }
}

export const PERSONAL_FRAME_RECORD_RULE: Rule = {
  id: 'personal-frame-records',
  type: 'pii',
  label: 'personal-data',
  description: "a data frame's people printed a row or a column per line: a row as aligned `field   value` lines (R t(), a row printed as a series), the columns as lists (tibble glimpse, R str); judged by the fields' kinds, where a value identifies someone",
  keywords: ['name', 'mail', 'phone', 'mobile', 'street', 'address', 'city', 'town', 'zip', 'postcode', 'birth', 'dob'],
  keywordStarts: true,
  detector: frameRecords,
  examples: {
    match: [
      'customer_id    "1042"\nfull_name      "Oluwaseun Ravenscroft"\nemail          "seun.r@btinternet.com"\ncity           "Bristol"',
      'customer_id                 1041\nfull_name    Philippa Achterberg\nstreet_address   Lindenstraße 44\ncity                      Bremen\nName: 0, dtype: object',
      '$ customer_id    <int> 1041, 1042\n$ full_name      <chr> "Philippa Achterberg", "Oluwaseun Ravenscroft"\n$ city           <chr> "Bremen", "Bristol"',
      ' $ full_name     : chr  "Philippa Achterberg" "Teodor Vaskevich"\n $ street_address: chr  "Lindenstraße 44" "Calle Mayor 7, 2ºB"',
      '  customer_id full_name                email      stree…¹\n        <int> <chr>                    <chr>      <chr>  \n1        1041 Philippa Achterberg      philippa.… Linden…',
    ],
    noMatch: [
      'name        edge-gw.lan\naddress     10.8.0.1\nstate       up',
      'name     billing-api\nowner    platform\ncity     Oslo',
      '$ name    <chr> "edge-gw.lan", "cache-02.lan"\n$ address <chr> "10.8.0.1", "10.8.0.2"',
      'name is required\naddress is optional\nphone too',
      '  name         address  \n  <chr>        <chr>    \n1 edge-gw.lan  10.8.0.1 ',
    ],
  },
};
