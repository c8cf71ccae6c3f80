/**
 * Family `generic`: secrets in query results, found by the column they are printed under
 * (`password`, `api_key`, `client_secret`, `session_token`, …), in the forms database clients and
 * table printers use that the assignment rules' delimited tables do not read:
 * - box-drawn and `+---+` bordered tables, quoted headers (`'id','password'`);
 * - columns aligned by spaces, with dashes under the header or without (a data frame's print:
 *   right-aligned cells under right-aligned names, an index column first; `column -t`);
 *   a cell cut short (`Xk29...`, `Xk29…`) loses its visible part;
 * - expanded records (`-[ RECORD 1 ]-` then `col | value`; `*** 1. row ***` then `col: value`);
 * - HTML tables (`<TH>password</TH>` … `<TD>x</TD>`) and XML fields (`<field name="password">x</field>`);
 * - dumps: `INSERT INTO t VALUES (…)` read with the columns of the `CREATE TABLE t` above it, and
 *   `COPY t (cols) FROM stdin;` rows up to `\.`.
 * A cell is a secret by the same judgement as a value assigned to the column's name (placeholders,
 * masks, `NULL`, digests of passwords and words stay).
 */
import { lineBreakAfter, lineBreakBefore, lineEndWithin, lineStartWithin } from '../line-bounds.js';
import type { Rule, Span } from '../types.js';
import { wrappedCodeListLine } from './code-list-lines.js';
import { classifyName, DOTTED_SETTING, sensitiveValue } from './assignment.js';
import { columnKind, namesOnly, personalValues } from './personal-cells.js';
import { type ColumnKind, personalColumns, removes } from './personal-columns.js';
import { placedSecret } from './placed-secret.js';
import { opensProse } from '../prose-openers.js';

const MAX_ROWS = 2000;
const MAX_LINE = 4000;
const HEADER_NAME = /^[A-Za-z_][\w .#-]{0,40}$/;
/** Names of columns that hold a session (`session`, `sid`): judged as a session token. */
const SESSION_COLUMN = /^(?:sess|session|sessid|sessionid|session_id|session_key|sid)$/i;
const RULE_LINE = /^[ \t]*[+|├┌└╞╟╠╔╚┝]?[-=+|: \t─━┄┈╌│┃┼╋├┤┌┐└┘┬┴═║╬╠╣╔╗╚╝╦╩╞╡╪┿╂]{3,}$/;
const ELLIPSIS = /(?:\.\.\.|…)$/;
const QUOTE = 34;
const APOSTROPHE = 39;

interface Line {
  start: number;
  end: number;
}

/** The line around `pos`; a line longer than MAX_LINE is cut there (it is no table's row but an HTML one's). */
function lineAt(text: string, pos: number): Line {
  const lineStart = lineStartWithin(text, pos, MAX_LINE);
  const start = lineStart < 0 ? pos - MAX_LINE : lineStart;
  const newline = lineEndWithin(text, pos, MAX_LINE + 1);
  let end = newline === -1 || newline - pos > MAX_LINE ? Math.min(text.length, pos + MAX_LINE) : newline;
  if (end > start && text.charCodeAt(end - 1) === 13) end -= 1;
  return { start, end };
}

function nextLine(text: string, line: Line): Line | undefined {
  const newline = lineBreakAfter(text, line.end);
  return newline === -1 ? undefined : lineAt(text, newline + 1);
}

/** The name a secret judgement uses for a column, or undefined when the column holds no secret. */
function secretColumn(raw: string): string | undefined {
  const name = unescaped(raw.trim()).replace(/^["'`[]|["'`\]]$/g, '');
  // `passphrase.  Defaults to 1`: a sentence's end and the next one's start, not a column's name; nor a sentence's last word (`passphrase_label.`)
  if (!HEADER_NAME.test(name) || /\.\s|\s\s|\.$/.test(name)) return undefined;
  // `they pass a protocol`: three words or more that open a sentence, not a column's name
  if (/\s\S+\s/.test(name) && opensProse(name)) return undefined;
  if (SESSION_COLUMN.test(name)) return 'session_token';
  return classifyName(name) === null ? undefined : name;
}

/** Markdown writers escape punctuation with a backslash (`api\\_key`, `Xk\\-9`): the text a reader sees. */
const unescaped = (raw: string) => (raw.includes('\\') ? raw.replace(/\\([!-/:-@[-`{-~])/g, '$1') : raw);

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** XML and HTML results escape markup (`&lt;set-me&gt;`): the value a reader sees. */
const unentity = (raw: string) => (raw.includes('&') ? raw.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ENTITIES[name]!) : raw);

/** Columns whose values are words apart by spaces: a passphrase (`velvet Orchid lantern 42`), a wallet's seed phrase. */
const PASSPHRASE_COLUMN = /pass_?phrase|seed_?phrase|mnemonic/i;

/** A cell of a passphrase column that holds a passphrase: a few words apart by single spaces, no sentence's punctuation. */
export function passphraseCell(column: string, value: string): boolean {
  return PASSPHRASE_COLUMN.test(column) && /^[^\s,;:()]{1,30}(?: [^\s,;:()]{1,30}){2,23}$/.test(value);
}

/** A function's call as a cell: a name, its arguments, and the brackets that close it and its caller. */
const CALL = /^[A-Za-z_][\w.]*\([^()]*\)[);,]*$/;

/** A cell's value without its quotes, and with a cut secret's ellipsis removed: its span, or undefined when it is no secret. */
function secretCell(text: string, cell: Span, column: string): Span | undefined {
  let { start, end } = cell;
  while (start < end && /[\s"'`]/.test(text[start]!)) start += 1;
  while (end > start && /[\s"'`]/.test(text[end - 1]!)) end -= 1;
  let value = unescaped(unentity(text.slice(start, end)));
  const cut = ELLIPSIS.exec(value);
  if (cut) {
    value = value.slice(0, cut.index);
    end -= cut[0].length;
    // the visible part of a cut secret, judged as a generated one: a tool's short display prefix (`npm_Ab…`) stays
    return !/\s/.test(value) && sensitiveValue('token', value) ? { start, end } : undefined;
  }
  if (value === '' || (/\s/.test(value) && !passphraseCell(column, value)) || /^(?:NULL|\\N|None|NaN|nil|<null>|\(null\))$/i.test(value)) return undefined;
  // a label that introduces what follows (`password, run:`), or a call (`authkey, type(authkey)))`): prose and code
  if (/^[A-Za-z]+:$/.test(value) || CALL.test(value) || DOTTED_SETTING.test(value)) return undefined;
  // a keyword argument (`audience=aud)`) or a call's closing brackets (`request))`): code's arguments (base64's padding is no `=` of an argument)
  if (/^[A-Za-z_][\w.]*=(?!=?$)/.test(value) || value.split('(').length !== value.split(')').length) return undefined;
  return sensitiveValue(column, value) ? { start, end } : undefined;
}

/** A CSV row whose quoted cell holds line breaks (`"rotated,\nsee 42"`) goes on over the next lines, up to the quote's close. */
function quotedOver(text: string, line: Line, delimiter: string): Line {
  if (delimiter !== ',' && delimiter !== ';' && delimiter !== '\t') return line;
  let row = line;
  for (let lines = 0; lines < 20 && openQuote(text, row, delimiter); lines++) {
    const next = nextLine(text, row);
    if (!next) break;
    row = { start: row.start, end: next.end };
  }
  return openQuote(text, row, delimiter) ? line : row;
}

/** Does a quoted cell stay open at the row's end? */
function openQuote(text: string, line: Line, delimiter: string): boolean {
  let quoted = false;
  let cellStart = true;
  for (let i = line.start; i < line.end; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') i += 1;
      else if (c === '"') quoted = false;
    } else if (c === '"' && cellStart) quoted = true;
    cellStart = !quoted && c === delimiter;
  }
  return quoted;
}

/** Splits a line on `delimiter` outside quotes. */
function split(text: string, line: Line, delimiter: string): Span[] {
  const cells: Span[] = [];
  // compared by code: a character read as a string is made anew when it is outside Latin-1 (a box-drawing bar)
  const delimiterCode = delimiter.charCodeAt(0);
  const quotes = delimiter !== '│' && delimiter !== '|';
  let start = line.start;
  let quote = 0;
  for (let i = line.start; i < line.end; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if ((c === QUOTE || c === APOSTROPHE) && quotes && i === start) quote = c;
    else if (c === delimiterCode) {
      cells.push({ start, end: i });
      start = i + 1;
    }
  }
  cells.push({ start, end: line.end });
  return cells;
}

/**
 * split() for a settings row: undefined as soon as a third filled cell starts, where labelledRow
 * takes nothing (a sentence's commas and semicolons; the rest of its line is not walked).
 */
function rowCells(text: string, line: Line, delimiter: string): Span[] | undefined {
  const cells: Span[] = [];
  const delimiterCode = delimiter.charCodeAt(0);
  const quotes = delimiter !== '│' && delimiter !== '|';
  let start = line.start;
  let quote = 0;
  let filled = 0;
  let cellFilled = false;
  for (let i = line.start; i < line.end; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if ((c === QUOTE || c === APOSTROPHE) && quotes && i === start) quote = c;
    else if (c === delimiterCode) {
      cells.push({ start, end: i });
      start = i + 1;
      cellFilled = false;
      continue;
    }
    if (!cellFilled && (CHAR_FLAGS[c]! & BLANK) === 0) {
      cellFilled = true;
      filled += 1;
      if (filled > 2) return undefined;
    }
  }
  cells.push({ start, end: line.end });
  return cells;
}

function columnsOf(text: string, cells: readonly Span[]): (string | undefined)[] | undefined {
  const names = cells.map((cell) => unescaped(text.slice(cell.start, cell.end).trim()));
  if (names.some((name) => name !== '' && !HEADER_NAME.test(name.replace(/^["'`[]|["'`\]]$/g, '')))) return undefined;
  // `KEY<TAB>VALUE`: the key column holds the settings' names, the value column their values
  const keyValue = names.some((name) => /^values?$/i.test(name));
  const columns = names.map((name) => (keyValue && /^keys?$/i.test(name) ? undefined : secretColumn(name)));
  return columns.some((column) => column !== undefined) ? columns : undefined;
}

/** A header of cells split by a delimiter (`|`, `│`, `┃`, tab, `,`, `;`); rows while they keep its width. */
function delimited(text: string, header: Line, spans: Span[]): number {
  const headerText = text.slice(header.start, header.end);
  const delimiter = ['│', '┃', '|', '\t', ',', ';'].find((d) => headerText.includes(d));
  if (!delimiter) return /\S(?: {2,}|\t)\S/.test(headerText) ? aligned(text, header, spans) : singleColumn(text, header, spans);
  if (wrappedCodeListLine(headerText, delimiter)) return header.end;
  // a header has a row or a rule line under it
  const below = nextLine(text, header);
  const belowText = below ? text.slice(below.start, below.end) : '';
  if (!below || !(belowText.includes(delimiter) || RULE_LINE.test(belowText))) return labelledRow(text, split(text, header, delimiter), spans);
  const headerCells = split(text, header, delimiter);
  if (headerCells.length < 2 || headerCells.length > 60) return header.end;
  // a line under a row of its width is a row too (`webhook_secret,xxx` in a settings listing), not a header
  let above = header.start > 0 ? lineAt(text, header.start - 1) : undefined;
  // a grid draws a `+---+` line between its rows (and `+===+` under its header)
  if (above && above.start > 0 && /^[ \t]*\+-[-+]*\+[ \t]*$/.test(text.slice(above.start, above.end))) above = lineAt(text, above.start - 1);
  const aboveText = above ? text.slice(above.start, above.end) : '';
  if (above && aboveText.trim() !== '' && !RULE_LINE.test(aboveText) && split(text, above, delimiter).length === headerCells.length) return labelledRow(text, headerCells, spans);
  const columns = columnsOf(text, headerCells);
  if (!columns) return labelledRow(text, headerCells, spans);
  let line = nextLine(text, header);
  for (let rows = 0; line && rows < MAX_ROWS; rows++) {
    const row = text.slice(line.start, line.end);
    if (!RULE_LINE.test(row)) {
      if (row.trim() === '') return line.start;
      line = quotedOver(text, line, delimiter);
      const cells = split(text, line, delimiter);
      if (cells.length !== headerCells.length) return line.start;
      collect(text, columns, cells, spans);
    }
    line = nextLine(text, line);
  }
  return line ? line.start : text.length;
}

/** A cell alone on its line: a bare value, or one a CSV writer quoted. */
const LONE_CELL = /^[ \t]*(?:"(?:[^"]|"")*"|[^\s"]+)[ \t]*$/;

/**
 * One column printed alone (`csvcut -c password`, a query of one column): its name at the top of
 * a block of lines, one cell each. Not a store's reply of names and values on alternating lines
 * (kv-replies.ts): no line below is itself named like a secret.
 */
function singleColumn(text: string, header: Line, spans: Span[]): number {
  // the two rows it needs under the name are looked at first: a sentence has none (the loop below ends the same for them)
  const first = nextLine(text, header);
  const second = first && nextLine(text, first);
  if (!second || !LONE_CELL.test(text.slice(first!.start, first!.end)) || !LONE_CELL.test(text.slice(second.start, second.end))) return header.end;
  // `pass` then `else:` / `finally:`: a statement and a block's opener, code rather than a column
  if (/:[ \t]*$/.test(text.slice(first!.start, first!.end))) return header.end;
  // `[signing]` over a section's lines (INI, a package's extras): a section's name, not a column's
  if (/^[ \t]*\[[^\]]*\][ \t]*$/.test(text.slice(header.start, header.end))) return header.end;
  const column = secretColumn(text.slice(header.start, header.end));
  const above = header.start > 0 ? lineAt(text, header.start - 1) : undefined;
  if (!column || (above && LONE_CELL.test(text.slice(above.start, above.end)))) return header.end;
  const cells: Span[] = [];
  let line = nextLine(text, header);
  for (; line && cells.length < MAX_ROWS; line = nextLine(text, line)) {
    const row = text.slice(line.start, line.end);
    if (row.trim() === '') break;
    if (!LONE_CELL.test(row)) return header.end;
    cells.push(line);
  }
  if (cells.length < 2) return header.end;
  const pairs = namesAndValues(text, cells);
  if (!pairs && cells.some((cell) => secretColumn(text.slice(cell.start, cell.end)) !== undefined)) return header.end;
  if (pairs) {
    // each value under its own name
    for (let i = 0; i < cells.length; i += 2) {
      const name = i === 0 ? column : secretColumn(text.slice(cells[i - 1]!.start, cells[i - 1]!.end));
      const span = name && secretCell(text, cells[i]!, name);
      if (span) spans.push(span);
    }
    return line ? line.start : text.length;
  }
  for (const cell of cells) {
    const span = secretCell(text, cell, column);
    if (span) spans.push(span);
  }
  return line ? line.start : text.length;
}

/** A named vector's print (R's `Sys.getenv()`: a name, then its value in quotes, then the next name): quoted and bare lines take turns. */
function namesAndValues(text: string, cells: readonly Line[]): boolean {
  return cells.every((cell, i) => {
    const value = text.slice(cell.start, cell.end).trim();
    return i % 2 === 0 ? /^".*"$/.test(value) : HEADER_NAME.test(value) && !value.includes(' ');
  });
}

/** A settings table's row (`│ secret_key │ Xr7… │`, `api_token,Xr7…`): a secret's name in one cell, its value in the next and last. */
function labelledRow(text: string, cells: readonly Span[], spans: Span[]): number {
  const end = cells[cells.length - 1]!.end;
  let name: Span | undefined;
  let value: Span | undefined;
  for (let k = 0; k < cells.length; k++) {
    const cell = cells[k]!;
    if (blankCell(text, cell)) continue;
    if (value !== undefined) return end; // a third filled cell
    if (name === undefined) name = cell;
    else value = cell;
  }
  if (value === undefined) return end;
  const column = secretColumn(text.slice(name!.start, name!.end));
  // code is looked for last: most lines a keyword is on fail the cheaper tests above (a sentence's commas make a third cell)
  if (!column || insideCode(text, cells)) return end;
  const span = secretCell(text, value, column);
  if (span) spans.push(span);
  return end;
}

/**
 * A row's line inside code: a wrapped list's line, or an indented line under one that opens a
 * call, a literal or a list (`    credentials, refresh_timeout=60` under `session = Authed(`).
 */
function insideCode(text: string, cells: readonly Span[]): boolean {
  const first = cells[0]!;
  const start = lineBreakBefore(text, first.start - 1) + 1;
  const line = text.slice(start, cells[cells.length - 1]!.end);
  if (wrappedCodeListLine(line, text[first.end] ?? ',')) return true;
  // `from .tokens import BearerToken, RefreshToken`: the names a module imports
  if (/^[ \t]*(?:from[ \t]+\S+[ \t]+)?import[ \t]/.test(line)) return true;
  if (start === 0 || !/^[ \t]+\S/.test(line)) return false;
  const above = text.slice(lineBreakBefore(text, start - 2) + 1, start - 1).trimEnd();
  return /[([{,]$/.test(above);
}

/** How a reader tells which columns it wants and which cells of a row under them it removes. */
interface Judge {
  columns(header: string, names: readonly Span[]): (string | undefined)[] | undefined;
  row(text: string, cells: readonly (Span | undefined)[], columns: readonly (string | undefined)[]): Span[];
}

/** Secrets are judged each cell alone: a secret needs no neighbour to be one. */
const SECRET_JUDGE: Judge = {
  columns: (header, names) => {
    const columns = names.map((name) => secretColumn(header.slice(name.start, name.end)));
    return columns.some((column) => column !== undefined) ? columns : undefined;
  },
  row: (text, cells, columns) => columns.flatMap((column, index) => (column !== undefined && cells[index] ? [secretCell(text, cells[index], column)].filter((span) => span !== undefined) : [])),
};

/** A cell's visible value: without the spaces around it and a cut's `...`; undefined when it is empty or a frame's missing-value marker. */
function personalValue(text: string, cell: Span): { span: Span; value: string } | undefined {
  let { start, end } = cell;
  while (start < end && /\s/.test(text[start]!)) start += 1;
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  // a cut cell's visible part is what is removed (a span with its `...` would be taken for an example's elision)
  const value = text.slice(start, end).replace(ELLIPSIS, '');
  if (value.trim() === '' || /^(?:NaN|None|NULL|<NA>|NaT)$/.test(value)) return undefined;
  return { span: { start, end: start + value.length }, value };
}

/**
 * Personal columns as personal-columns.ts reads them, a row judged whole as personal-cells.ts
 * judges it: nothing is removed unless a value identifies someone (hosts under `name` and their
 * IPs under `address` stay); a lone `name` column takes only a person's name.
 */
function personalJudge(above?: readonly boolean[]): Judge & { identified: boolean[] } {
  let lone = false;
  const identified: boolean[] = [];
  return {
    identified,
    columns: (header, names) => {
      // a wide frame's later block may hold only addresses: its rows are the people of the block above
      const kinds = personalColumns(header, [...names]) ?? (above ? names.map((name) => columnKind(header.slice(name.start, name.end))) : undefined);
      if (!kinds?.some((kind) => kind !== undefined)) return undefined;
      lone = namesOnly(kinds);
      return kinds;
    },
    row: (text, cells, columns) => {
      const kinds = columns as (ColumnKind | undefined)[];
      const judged = cells.map((cell) => (cell ? personalValue(text, cell) : undefined));
      const values = judged.map((cell) => cell?.value);
      const someone = above?.[identified.length] === true;
      const removed = someone ? kinds.map((kind, index) => kind !== undefined && values[index] !== undefined && removes(values[index], kind, lone)) : personalValues(kinds, values, lone);
      identified.push(someone || removed.some(Boolean));
      return judged.flatMap((cell, index) => (cell && removed[index] ? [cell.span] : []));
    },
  };
}

function collect(text: string, columns: readonly (string | undefined)[], cells: readonly Span[], spans: Span[], judge: Judge = SECRET_JUDGE): void {
  spans.push(...judge.row(text, columns.map((_, index) => cells[index]), columns));
}

/**
 * Columns aligned by spaces: under a line of dashes (one run per column), or, with none, cells
 * that share each name's left edge (`column -t`, most printers) or its right edge (a data frame).
 */
const BARE_NAME = /^[A-Za-z_][\w.]{0,60}$/;

function aligned(text: string, header: Line, spans: Span[], judge: Judge = SECRET_JUDGE, oneColumn = false): number {
  const headerText = text.slice(header.start, header.end);
  // a wide frame's print goes on in blocks below, each header but the last ending in ` \`; `...` stands for the columns left out
  const names = [...headerText.replace(/[ \t]\\[ \t]*$/, '').matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const nameLike = (name: string) => HEADER_NAME.test(name) || name === '...';
  if (names.length < (oneColumn ? 1 : 2) || names.length > 60 || !names.every((name) => nameLike(headerText.slice(name.start, name.end)))) return header.end;
  const columns = judge.columns(headerText, names);
  if (!columns) return header.end;
  if (settingsRow(text, header, names)) return header.end;
  let line = nextLine(text, header);
  // a frame indexed by a column prints the index's name alone under the header, where the header is blank (`set_index('email')`)
  if (line && indexNameLine(headerText, text.slice(line.start, line.end))) line = nextLine(text, line);
  if (!line) return header.end;
  let cut: (row: string) => Span[] | undefined;
  const dashes = text.slice(line.start, line.end);
  if (/^[ \t]*(?:-{2,}(?:[ \t]+-{2,})+|={2,}(?:[ \t]+={2,})+)[ \t]*$/.test(dashes)) {
    const runs = [...dashes.matchAll(/-+|=+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
    if (runs.length !== names.length) return line.end;
    cut = (row) => runs.map((run, i) => ({ start: run.start, end: i === runs.length - 1 ? row.length : runs[i + 1]!.start }));
    line = nextLine(text, line);
  } else {
    const blank = (row: string, i: number) => i < 0 || i >= row.length || row[i] === ' ' || row[i] === '\t';
    // a cell starts at its name's left edge, or is empty (csvtool's readable form, one space apart, leaves a missing value blank)
    const emptyCell = (row: string, i: number) => row.slice(names[i]!.start, i === names.length - 1 ? row.length : names[i + 1]!.start).trim() === '';
    const leftAligned = (row: string) => names.every((name, i) => (!blank(row, name.start) && (i === 0 || blank(row, name.start - 1))) || (i > 0 && emptyCell(row, i)));
    const rightAligned = (row: string) => names.every((name) => !blank(row, name.end - 1) && blank(row, name.end));
    const first = text.slice(line.start, line.end);
    // one column under a frame's index: a value wider than its name also reaches past the name's left edge
    if (leftAligned(first) && !(names.length === 1 && rightAligned(first))) cut = (row) => (leftAligned(row) ? names.map((name, i) => ({ start: name.start, end: i === names.length - 1 ? row.length : names[i + 1]!.start })) : undefined);
    else if (rightAligned(first))
      cut = (row) => {
        if (!rightAligned(row)) return undefined;
        // the first column shares its line with the index, a label at the line's start under blank header
        const index = /^\S+(?=[ \t])/.exec(row);
        const first = index && headerText.slice(0, index[0].length + 1).trim() === '' ? index[0].length : 0;
        return names.map((name, i) => ({ start: i === 0 ? first : names[i - 1]!.end, end: name.end }));
      };
    else cut = (row) => cellsApart(row, names.length);
  }
  let quotedValues = false;
  for (let rows = 0; line && rows < MAX_ROWS; rows++) {
    const row = text.slice(line.start, line.end);
    if (row.trim() === '') break;
    const cells = cut(row);
    if (!cells) break;
    // R prints a named character vector wrapped: a line of bare names, a line of quoted values, again; bare names under quoted values are the next header
    const texts = cells.map((cell) => row.slice(cell.start, cell.end).trim());
    if (rows === 0) quotedValues = texts.every((cell) => /^".*"$/.test(cell));
    else if (quotedValues && texts.every((cell) => BARE_NAME.test(cell))) break;
    const at = line.start;
    collect(text, columns, cells.map((cell) => ({ start: at + Math.min(cell.start, row.length), end: at + Math.min(cell.end, row.length) })), spans, judge);
    line = nextLine(text, line);
  }
  return line ? line.start : text.length;
}

/** Whether `row` holds one word at its start, under the blank start of the header: a frame index's name. */
function indexNameLine(headerText: string, row: string): boolean {
  const word = /^(\S+)[ \t]*\r?$/.exec(row);
  return word !== null && headerText.slice(0, word[1]!.length + 1).trim() === '';
}

/**
 * Is the line a row of a settings listing aligned by spaces (`webhook_secret   xxx` under
 * `name   value`), not a header? Lines whose cells start where its names do lead up to the
 * listing's header, whose first column names the setting.
 */
function settingsRow(text: string, header: Line, names: readonly Span[]): boolean {
  const cellStart = (row: string, at: number) => at < row.length && row[at] !== ' ' && row[at] !== '\t' && (at === 0 || row[at - 1] === ' ' || row[at - 1] === '\t');
  // the rows of one listing are asked in turn: the walk up stops at a row found to be one already (no quadratic walk)
  if (knownRows.text !== text) knownRows = { text, starts: new Set() };
  let line = header;
  let found = false;
  for (let lines = 0; lines < MAX_ROWS && line.start > 0 && !found; lines++) {
    line = lineAt(text, line.start - 1);
    const row = text.slice(line.start, line.end);
    if (RULE_LINE.test(row)) continue;
    if (row.trim() === '' || !names.every((name) => cellStart(row, name.start))) return false;
    found = knownRows.starts.has(line.start) || SETTING_NAME_COLUMN.test(row.slice(0, names[1]!.start).trim());
  }
  if (found) knownRows.starts.add(header.start);
  return found;
}
/** Lines of the text scanned last that are rows of a settings listing. */
let knownRows: { text: string; starts: Set<number> } = { text: '', starts: new Set() };

/** A row of cells aligned each its own way (numbers right, text left): cells apart by two spaces or more, an index column first allowed. */
function cellsApart(row: string, width: number): Span[] | undefined {
  const cells = [...row.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  if (cells.length === width + 1) cells.shift();
  return cells.length === width ? cells : undefined;
}

/** A record's marker: psql's `-[ RECORD 1 ]---`, mysql's `*** 1. row ***`. */
const RECORD_MARKER = /^[ \t]*(?:-\[ RECORD \d+ \]-*(?:\+-*)?|\*{5,} \d+\. row \*{5,})[ \t]*$/;
const RECORD_FIELD = /^[ \t]*([A-Za-z_][\w.#-]{0,63})[ \t]*(?:\||:)[ \t]?(.*)$/;

/** The columns of a settings listing: one names the setting, the next holds its value. */
const SETTING_NAME_COLUMN = /^(?:name|key|variable_?name|setting_?name|param(?:eter)?(?:_?name)?|option(?:_?name)?|config(?:_?key|_?name)?)$/i;
const SETTING_VALUE_COLUMN = /^(?:value|setting|val|current_?value|config_?value)$/i;

/**
 * A `name | value` or `name: value` line inside an expanded record: the value of a column named
 * like a secret, or, in a settings listing (`Variable_name: api_secret` then `Value: x`), the value
 * of a setting named like one.
 */
function recordField(text: string, line: Line, spans: Span[]): void {
  const field = RECORD_FIELD.exec(text.slice(line.start, line.end));
  if (!field) return;
  let column = secretColumn(field[1]!);
  let valueLine = line;
  let valueField: RegExpExecArray | null = field;
  if (!column) {
    // the keyword is in the value: a setting's name, its value on the next line
    if (!SETTING_NAME_COLUMN.test(field[1]!)) return;
    column = secretColumn(field[2]!.trim());
    const next = nextLine(text, line);
    valueField = next ? RECORD_FIELD.exec(text.slice(next.start, next.end)) : null;
    if (!column || !next || !valueField || !SETTING_VALUE_COLUMN.test(valueField[1]!)) return;
    valueLine = next;
  }
  let above: Line | undefined = line;
  for (let lines = 0; lines < 200; lines++) {
    if (above.start === 0) return;
    above = lineAt(text, above.start - 1);
    const content = text.slice(above.start, above.end);
    if (RECORD_MARKER.test(content)) break;
    if (!RECORD_FIELD.test(content)) return;
  }
  const valueStart = valueLine.start + valueField[0].length - valueField[2]!.length;
  const span = secretCell(text, { start: valueStart, end: valueLine.end }, column);
  if (span) spans.push(span);
}

// ---------------------------------------------------------------- dumps

const CREATE_TABLE = /CREATE[ \t]+TABLE[ \t]+(?:IF[ \t]+NOT[ \t]+EXISTS[ \t]+)?((?:[`"[]?[\w$]+[`"\]]?\.)?[`"[]?[\w$]+[`"\]]?)[ \t]*\(/gi;
const CONSTRAINT = /^(?:PRIMARY|KEY|UNIQUE|CONSTRAINT|INDEX|FOREIGN|CHECK|FULLTEXT|SPATIAL)\b/i;
const INSERT_PLAIN = /INSERT[ \t]+(?:IGNORE[ \t]+)?INTO[ \t]+((?:[`"[]?[\w$]+[`"\]]?\.)?[`"[]?[\w$]+[`"\]]?)[ \t]+VALUES\s*/iy;
const bareName = (name: string) => name.replace(/[`"[\]]/g, '').split('.').at(-1)!.toLowerCase();

/** The columns of `CREATE TABLE <table> (…)` before `before`. */
function createdColumns(text: string, table: string, before: number): string[] | undefined {
  let columns: string[] | undefined;
  CREATE_TABLE.lastIndex = 0;
  for (const match of text.slice(0, before).matchAll(CREATE_TABLE)) {
    if (bareName(match[1]!) !== table) continue;
    const items = tuple(text, match.index + match[0].length - 1);
    if (!items) continue;
    columns = items.items
      .map((item) => text.slice(item.start, item.end).trim())
      .filter((item) => !CONSTRAINT.test(item))
      .map((item) => bareName(/^[`"[]?[\w$]+[`"\]]?/.exec(item)?.[0] ?? ''));
  }
  return columns;
}

/** The top-level items of the parenthesised list at `open`, with SQL quotes (`''`, `\'`). */
function tuple(text: string, open: number): { items: Span[]; close: number } | undefined {
  const items: Span[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length && i - open < 100_000; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') {
      for (i += 1; i < text.length; i++) {
        if (text[i] === '\\') i += 1;
        else if (text[i] === c) {
          if (text[i + 1] === c) i += 1;
          else break;
        }
      }
    } else if (c === '(') depth += 1;
    else if (c === ')') {
      depth -= 1;
      if (depth === 0) {
        items.push({ start, end: i });
        return { items, close: i };
      }
    } else if (c === ',' && depth === 1) {
      items.push({ start, end: i });
      start = i + 1;
    } else if (c === '\n' && depth === 1 && text[open - 1] !== '(' && i - open > 20_000) return undefined;
  }
  return undefined;
}

function dumpInsert(text: string, at: number, spans: Span[]): number {
  INSERT_PLAIN.lastIndex = at;
  const head = INSERT_PLAIN.exec(text);
  if (!head) return at + 1;
  const columns = createdColumns(text, bareName(head[1]!), at)?.map((name) => secretColumn(name));
  if (!columns?.some((column) => column !== undefined)) return INSERT_PLAIN.lastIndex;
  let cursor = INSERT_PLAIN.lastIndex;
  for (let row = 0; row < MAX_ROWS && text[cursor] === '('; row++) {
    const values = tuple(text, cursor);
    if (!values) break;
    for (const [index, column] of columns.entries()) {
      const item = values.items[index];
      if (column === undefined || !item) continue;
      const raw = text.slice(item.start, item.end).trim();
      if (!/^'.*'$/s.test(raw)) continue;
      const start = text.indexOf("'", item.start) + 1;
      const span = secretCell(text, { start, end: start + raw.length - 2 }, column);
      if (span) spans.push(span);
    }
    cursor = values.close + 1;
    const between = /[ \t]*,[ \t\r\n]*/y;
    between.lastIndex = cursor;
    if (!between.test(text)) break;
    cursor = between.lastIndex;
  }
  return cursor;
}

const COPY_HEAD = /COPY[ \t]+[\w."]+[ \t]*\(([^()\n]{1,2000})\)[ \t]+FROM[ \t]+stdin;?[ \t]*\r?\n/iy;

/** `COPY t (cols) FROM stdin;` then tab-separated rows up to `\.`. */
function copyBlock(text: string, at: number, spans: Span[]): number {
  COPY_HEAD.lastIndex = at;
  const head = COPY_HEAD.exec(text);
  if (!head) return at + 1;
  const columns = head[1]!.split(',').map((name) => secretColumn(name.trim().replace(/"/g, '')));
  if (!columns.some((column) => column !== undefined)) return COPY_HEAD.lastIndex;
  let line: Line | undefined = lineAt(text, COPY_HEAD.lastIndex);
  for (let rows = 0; line && rows < MAX_ROWS * 10; rows++) {
    const row = text.slice(line.start, line.end);
    if (row === '\\.' || row.trim() === '') break;
    const cells = split(text, line, '\t');
    if (cells.length === columns.length) collect(text, columns, cells, spans);
    line = nextLine(text, line);
  }
  return line ? line.start : text.length;
}

// ---------------------------------------------------------------- markup

const HTML_CELL = /<(t[hd])\b[^>]*>([^<]*)<\/t[hd]>/gi;

/** An HTML table from its header row at `at`: the `<td>` cells under secret `<th>` names, row by row. */
function htmlTable(text: string, at: number, spans: Span[]): number {
  const rowStart = text.slice(Math.max(0, at - MAX_LINE), at).search(/<tr\b[^<]*(?:<(?!\/tr)[^<]*)*$/i);
  if (rowStart === -1) return at + 1;
  const from = Math.max(0, at - MAX_LINE) + rowStart;
  const end = text.slice(from).search(/<\/table>|\n\s*\n/i);
  const region = { start: from, end: end === -1 ? Math.min(text.length, from + 500_000) : from + end };
  let columns: (string | undefined)[] | undefined;
  let index = 0;
  HTML_CELL.lastIndex = region.start;
  const rowBreak = /<\/tr>/gi;
  let rowEnd = -1;
  for (let match = HTML_CELL.exec(text); match && match.index < region.end; match = HTML_CELL.exec(text)) {
    if (match.index > rowEnd) {
      rowBreak.lastIndex = match.index;
      const close = rowBreak.exec(text);
      rowEnd = close ? close.index : region.end;
      index = 0;
    }
    if (match[1]!.toLowerCase() === 'th') {
      if (index === 0) columns = [];
      columns?.push(secretColumn(match[2]!));
    } else if (columns?.[index] !== undefined) {
      const start = match.index + match[0].indexOf('>') + 1;
      const span = secretCell(text, { start, end: start + match[2]!.length }, columns[index]!);
      if (span) spans.push(span);
    }
    index += 1;
  }
  return region.end;
}

/** A settings listing as JSON rows: `{"name": "api_secret", "setting": "…"}` (either order). */
const SETTING_OBJECT = /"([\w ]{1,40})"[ \t]*:[ \t]*"((?:[^"\\\n]|\\.){1,500})"[ \t]*,[ \t]*"([\w ]{1,40})"[ \t]*:[ \t]*"((?:[^"\\\n]|\\.){0,500})"/g;

/** What every name of a value column (SETTING_VALUE_COLUMN) holds: a line without it has no settings object. */
const SETTING_VALUE_WORD = /val|setting/i;

function settingObjects(text: string, line: Line, spans: Span[]): void {
  const content = text.slice(line.start, line.end);
  if (!SETTING_VALUE_WORD.test(content)) return;
  for (const match of content.matchAll(SETTING_OBJECT)) {
    const [, firstKey, firstValue, secondKey, secondValue] = match as unknown as [string, string, string, string, string];
    const nameFirst = SETTING_NAME_COLUMN.test(firstKey) && SETTING_VALUE_COLUMN.test(secondKey);
    const valueFirst = SETTING_VALUE_COLUMN.test(firstKey) && SETTING_NAME_COLUMN.test(secondKey);
    if (!nameFirst && !valueFirst) continue;
    const column = secretColumn(nameFirst ? firstValue : secondValue);
    if (!column) continue;
    const value = nameFirst ? secondValue : firstValue;
    const start = line.start + match.index + (nameFirst ? match[0].length - 1 - value.length : match[0].indexOf(`"${value}"`) + 1);
    const span = secretCell(text, { start, end: start + value.length }, column);
    if (span) spans.push(span);
  }
}

const XML_FIELD = /<field name="([^"]{1,64})"(?:[ \t][^>]{0,80})?>([^<]{1,2000})<\/field>/g;

/** A header holds names, delimiters and borders only. */
export const HEADER_LINE = /^[\s\w.#"'`[\]|│┃┆,;\\-]*$/;
export const LABELLED_ROW_DELIMITERS = /[│┃|\t,;]/g;
/** A table's cell delimiters that an expanded record's field line never holds. */
export const RECORD_DELIMITERS = /[│┃,\t]/;

function isNameChar(code: number): boolean {
  // a backslash escapes punctuation in a Markdown writer's names (`api\\_key`)
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 46 || code === 45 || code === 35 || code === 92;
}
/** What may stand around a column's name: a cell's edge, a quote, a tag's bracket. */
export const NAME_EDGE = /[\s|│┃,;'"`[\]<>:]/;

/**
 * Flags of every UTF-16 code: a name's edge (NAME_EDGE) and a blank (`\s`, what `trim` removes).
 * A table read for every character, not a regex beyond ASCII: a branch first taken on a text's
 * first non-ASCII character, after V8 optimised the detector, made it drop the optimised code.
 * Beyond ASCII only `\s` (the Unicode space separators, U+FEFF, U+2028/9) and the box-drawing
 * bars are in any class.
 */
const EDGE = 1;
const BLANK = 2;
const CHAR_FLAGS = new Uint8Array(65536);
for (const char of [...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)), ...'\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff│┃']) {
  CHAR_FLAGS[char.charCodeAt(0)] = (NAME_EDGE.test(char) ? EDGE : 0) | (/\s/.test(char) ? BLANK : 0);
}
export const nameEdge = (code: number) => (CHAR_FLAGS[code]! & EDGE) !== 0;
export const blankChar = (code: number) => (CHAR_FLAGS[code]! & BLANK) !== 0;

/** `text.slice(cell.start, cell.end).trim() === ''`, without the slice. */
function blankCell(text: string, cell: Span): boolean {
  for (let i = cell.start; i < cell.end; i++) if ((CHAR_FLAGS[text.charCodeAt(i)]! & BLANK) === 0) return false;
  return true;
}

/** Is the word at a keyword a column's name (a whole cell, named like a secret), not part of a sentence's longer word or a key's? */
function standsAsName(text: string, at: number): boolean {
  // each step's index is computed before its test: the arithmetic has type feedback even when the keyword starts its word
  let start = at;
  for (;;) {
    const previous = start - 1;
    if (previous < 0 || at - previous > 64 || !isNameChar(text.charCodeAt(previous))) break;
    start = previous;
  }
  let end = at;
  for (;;) {
    const next = end + 1;
    if (end >= text.length || end - at >= 64 || !isNameChar(text.charCodeAt(end))) break;
    end = next;
  }
  if ((start > 0 && !nameEdge(text.charCodeAt(start - 1))) || (end < text.length && !nameEdge(text.charCodeAt(end)))) return false;
  return secretNameRun(text.slice(start, end)) !== undefined;
}

/**
 * secretColumn of a run of name characters (isNameChar): it has no blank to trim and no quote or
 * bracket to remove, before or after its escapes are read, so only those are.
 */
function secretNameRun(run: string): string | undefined {
  const name = unescaped(run);
  // HEADER_NAME, for name characters: a letter or `_` first, at most 41, no backslash left
  const first = name.charCodeAt(0) | 32;
  if (name.length > 41 || !((first >= 97 && first <= 122) || name.charCodeAt(0) === 95) || name.includes('\\')) return undefined;
  if (SESSION_COLUMN.test(name)) return 'session_token';
  return classifyName(name) === null ? undefined : name;
}

/** Whether the text before a keyword ends in an HTML table cell's tag (`<th>`, `<td class=x>`): only when a `>` is right before it. */
const htmlCellBefore = (text: string, at: number) => at > 0 && text.charCodeAt(at - 1) === 62 && HTML_CELL_BEFORE.test(text.slice(Math.max(0, at - 40), at));

const HTML_CELL_BEFORE = /<t[hd]\b[^>]*>$/i;
const XML_FIELD_BEFORE = /<field name=["'][\w.#-]*$|<field name=["'][\w.#-]+["']>[\w.#-]*$/;
const CELL_DELIMITERS = ['│', '┃', '|', '\t', ',', ';'] as const;

/** The first of CELL_DELIMITERS in `content`, or undefined (a loop, not `find`: no closure over the line). */
function cellDelimiter(content: string): string | undefined {
  for (let i = 0; i < CELL_DELIMITERS.length; i++) if (content.includes(CELL_DELIMITERS[i]!)) return CELL_DELIMITERS[i];
  return undefined;
}

/** An expanded record's field line (`col | value`, `col: value`), not a table's row: no table's delimiter, one pipe at most. */
function isRecordField(content: string): boolean {
  return RECORD_FIELD.test(content) && !RECORD_DELIMITERS.test(content) && !twoPipes(content);
}

/** Two pipes or more (exported for the test that compares it and rowDelimiters with a walk). */
export function twoPipes(content: string): boolean {
  const first = content.indexOf('|');
  return first !== -1 && content.indexOf('|', first + 1) !== -1;
}

/** LABELLED_ROW_DELIMITERS, counted in this module only (the exported one is searched elsewhere). */
const ROW_DELIMITERS = new RegExp(LABELLED_ROW_DELIMITERS.source, 'g');

/** How many of LABELLED_ROW_DELIMITERS the line holds, counted to `most + 1` at most. */
export function rowDelimiters(content: string, most: number): number {
  let count = 0;
  ROW_DELIMITERS.lastIndex = 0;
  while (count <= most && ROW_DELIMITERS.test(content)) count += 1;
  return count;
}

/**
 * A line of at most MAX_LINE that holds a column's name, not a record's field: read as a JSON
 * settings row, a header or a settings row; where reading ends. What the line is made of is asked
 * by native searches, each only when the reading gets to it: a walk by charCodeAt over every
 * keyword's line (~2 ns a character here) cost more than the rest of the rule.
 */
function lineCells(text: string, line: Line, content: string, spans: Span[]): number {
  if (content.includes('":')) settingObjects(text, line, spans);
  else if (HEADER_LINE.test(content)) return delimited(text, line, spans);
  else {
    // with none of LABELLED_ROW_DELIMITERS (CELL_DELIMITERS' characters) there is no delimiter to find
    const delimiters = rowDelimiters(content, 4);
    if (delimiters <= 4 && delimiters > 0) {
      const delimiter = cellDelimiter(content);
      const cells = delimiter && rowCells(text, line, delimiter);
      if (cells) labelledRow(text, cells, spans);
    }
  }
  return line.end;
}

/** Cells of `<field name="…">` elements named like a secret, or named by a settings row's name field. */
function xmlFields(text: string, spans: Span[]): void {
  let setting: string | undefined;
  for (const match of text.matchAll(XML_FIELD)) {
    const named = setting;
    setting = SETTING_NAME_COLUMN.test(match[1]!) ? secretColumn(match[2]!) : undefined;
    const column = secretColumn(match[1]!) ?? (named && SETTING_VALUE_COLUMN.test(match[1]!) ? named : undefined);
    if (!column) continue;
    const start = match.index + match[0].indexOf('>') + 1;
    const span = secretCell(text, { start, end: start + match[2]!.length }, column);
    if (span) spans.push(span);
  }
}

/**
 * An array, not a generator, walked by index, its rare readers in functions of their own: V8
 * optimises this detector early in a batch, and a branch first reached after that made it drop the
 * optimised code and compile it again in every worker.
 */
function secretCells(text: string, starts: readonly number[] = []): Span[] {
  const spans: Span[] = [];
  let done = 0;
  let known = 0;
  let xml = false;
  for (let k = 0; k < starts.length; k++) {
    const at = starts[k]!;
    if (at < done) continue;
    // only `insert into` and `copy ` start with `in` or `co` (`cred` with `cr`): the other keywords' places are not sliced
    const first = text.charCodeAt(at) | 32;
    const second = text.charCodeAt(at + 1) | 32;
    const head = (first === 105 && second === 110) || (first === 99 && second === 111) ? text.slice(at, at + 6).toLowerCase() : '';
    if (head !== 'insert' && !head.startsWith('copy') && !standsAsName(text, at)) continue;
    if (head === 'insert') {
      done = dumpInsert(text, at, spans);
      continue;
    }
    if (head.startsWith('copy')) {
      done = copyBlock(text, at, spans);
      continue;
    }
    // the line's start is searched for back to the last one found at most (a long line is not searched back again for each keyword in it)
    const searchFrom = Math.max(known, at - MAX_LINE);
    const lineStart = searchFrom + text.slice(searchFrom, at).lastIndexOf('\n') + 1;
    known = lineStart;
    const newline = lineBreakAfter(text, at);
    let lineEnd = newline === -1 || newline - at > MAX_LINE ? Math.min(text.length, at + MAX_LINE) : newline;
    if (lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === 13) lineEnd -= 1;
    const line = { start: lineStart, end: lineEnd };
    const htmlCell = htmlCellBefore(text, at);
    if (htmlCell) done = htmlTable(text, at, spans);
    else if (line.end - line.start >= MAX_LINE) done = line.end;
    else {
      const content = text.slice(line.start, line.end);
      if (isRecordField(content)) {
        recordField(text, line, spans);
        done = line.end;
        continue;
      }
      done = lineCells(text, line, content, spans);
      // both of the pattern's forms hold `<field name=` in the window: a native search of 80 characters, not of the whole text
      if (!xml) {
        const before = text.slice(Math.max(0, at - 80), at);
        xml = before.includes('<field name=') && XML_FIELD_BEFORE.test(before);
      }
    }
  }
  if (xml) xmlFields(text, spans);
  // the text is not kept past its scan
  knownRows = { text: '', starts: new Set() };
  return spans;
}

/**
 * Personal cells in tables aligned by spaces with no rule under the header (a data frame's print,
 * `column -t`, tabulate's `plain`) or `=` runs around it (reStructuredText): the forms
 * personal-columns.ts does not read.
 */
function* personalAlignedCells(text: string, starts: readonly number[] = []): Iterable<Span> {
  const spans: Span[] = [];
  let done = 0;
  // the block read last: which of its rows identify someone, and whether its header ended in ` \` (a wide frame goes on below)
  let wrapped: { end: number; identified: boolean[]; marked: boolean } | undefined;
  for (const at of starts) {
    if (at < done) continue;
    const line = lineAt(text, at);
    done = line.end;
    const content = text.slice(line.start, line.end);
    // a frame's next block: after a blank line under a ` \` header, or straight under the last row (R prints no marker); it may hold one column
    const continued = wrapped !== undefined && (wrapped.marked ? text.slice(wrapped.end, line.start).trim() === '' : wrapped.end === line.start);
    if (line.end - line.start >= MAX_LINE || !(continued ? /\S/ : /\S(?: {2,}|\t)\S/).test(content) || !/^[\s\w.#-]*(?:\\[ \t]*)?$/.test(content)) continue;
    const judge = personalJudge(continued ? wrapped!.identified : undefined);
    done = aligned(text, line, spans, judge, continued);
    wrapped = judge.identified.length > 0 ? { end: done, identified: judge.identified, marked: /\\[ \t]*$/.test(content) } : undefined;
  }
  knownRows = { text: '', starts: new Set() };
  yield* spans;
}

export const PERSONAL_ALIGNED_RULES: readonly Rule[] = [
  {
    id: 'personal-aligned-cells',
    type: 'pii',
    label: 'personal-data',
    description: "cells under personal columns (name, first/last name, e-mail, phone, street, city, …) of tables aligned by spaces without a dashed rule: a data frame's print, column -t, tabulate plain and rst",
    keywords: ['name', 'mail', 'phone', 'mobile', 'street', 'address', 'city', 'zip', 'postcode', 'birth', 'dob'],
    keywordStarts: true,
    detector: personalAlignedCells,
    examples: {
      match: [
        '   cust_id  first_name   last_name     city\n0       31        Ilse      Brandt  Potsdam\n1       32      Tomasz  Wierzbicki  Wrocław',
        'login   full_name         mobile\nrk      Renske Kuipers    +31 6 12345678\nab      Amadou Bâ         +221 77 123 45 67',
        '  user_no  given_name    family_name\n       12  Halldóra      Sigurðardóttir\n        9  Brynjar       Ólafsson',
        '====  ==============  =======\n id   name            city\n====  ==============  =======\n 1    Sunniva Moe     Bergen\n====  ==============  =======',
        '   ref  given_name  family_name  \\\n0   71      Ottilie       Vasari   \n\n          mobile  \n0  +39 347 555 0192  ',
        '    ref  full_name  ...     town\n0    8  Leocad...  ...  Ferrara\n',
        '   ref  given_name  family_name  \\\n0   71      Ottilie       Vasari   \n\n      street    town  \n0  Via Po 9  Torino  ',
        '                              full_name            phone\nv.ottilie@libero.it      Ottilie Vasari +39 347 5550192\n                            city\nv.ottilie@libero.it       Torino',
      ],
      noMatch: [
        '   name     version  license\n0  react    18.3.1   MIT\n1  zod      3.23.8   MIT',
        'NAME        READY   STATUS\nweb-7f9c    1/1     Running',
        '   first_name  last_name\n0         NaN        NaN',
        '   name            address\n0  db-primary.lan  10.4.0.12\n1  cache-02.lan    10.4.0.31',
        '   id          name  \\\n0   1  edge-gw.lan   \n\n    address  city  \n0  10.8.0.1  Oslo  ',
      ],
    },
  },
];

export const SECRET_COLUMN_RULES = [
  placedSecret(
    'secret-column-cell',
    'cells under a column named like a secret (password, api_key, client_secret, session, …) in box-drawn, bordered, space-aligned and data-frame tables, expanded records, HTML/XML results, dump INSERTs (columns from CREATE TABLE) and COPY blocks',
    { keywords: ['pass', 'pwd', 'secret', 'token', 'key', 'auth', 'session', 'cred', 'insert into', 'copy '], keywordStarts: true, label: 'secret' },
    secretCells,
    {
      match: [
        '┌────┬────────────────┐\n│ id │    password    │\n├────┼────────────────┤\n│ 4  │ Lm7#qZ2v-Rt9   │\n└────┴────────────────┘',
        '+----+------------------------+\n| id | api_key                |\n+----+------------------------+\n|  9 | qv_3Tn8Wr5Lz1Kx7Pb2Mc4 |\n+----+------------------------+',
        '   user_id  login        client_secret\n0        7   rosa  Yk2pW9-mQ4vL8xR1...\n1        8    teo  Hb5nT3-zK7wP2cJ6...',
        'login  auth_token\n-----  ----------------------\nrosa   Gq4Lx9Rm2Tz7Vb3Kp8Wn\n',
        '-[ RECORD 1 ]-+---------------------\nid            | 3\nuser          | rosa\nsession_token | 9Fq2LmX7zR4wT8kV1pN3\n',
        '*************************** 1. row ***************************\n      id: 3\npassword: Pq8!lantern-Vr',
        'client_secret\n"Rt5,Kw8Lq2Zm"\nVx3-ember-Nq7w\nNULL',
        'id,note,api_key\n1,"moved\nto eu",qk_4Lm8Tx2Vr7Kn5Wb9\n2,none,qk_7Zp3Rw9Lm2Tx6Vb4',
        "CREATE TABLE `acct` (\n  `id` int NOT NULL,\n  `secret_key` varchar(64),\n  PRIMARY KEY (`id`)\n);\nINSERT INTO `acct` VALUES (1,'Zr8Kq3Lm7Xw2Vt9P'),(2,NULL);",
        'COPY public.acct (id, user_name, api_token) FROM stdin;\n1\trosa\tWq7Lz3Km9Rx2Tb5V\n\\.',
        '<TABLE BORDER=1><TR><TH>id</TH><TH>pwd</TH></TR><TR><TD>2</TD><TD>Sn4$orbit-Kq</TD></TR></TABLE>',
        '<row>\n\t<field name="id">2</field>\n\t<field name="access_key">Vm3Kq8Zr2Lx7Tb4N</field>\n</row>',
        '*************************** 2. row ***************************\nVariable_name: smtp_secret\n        Value: Hv4-pocket-Lz9',
        '[{"name":"webhook_secret","setting":"Gt8-lumen-Qz4x"},\n{"name":"ssl","setting":"on"}]',
        'id name   api_token            region\n1  web                         eu-1\n2  worker Nq6Tz2Lw8Km4Rv9Xb3   us-2',
        '|id     |login     |api\\_key            |\n|-------|----------|--------------------|\n|1      |rosa      |qz\\-4Lm8Tx2Vr7Kn5Wb |',
        '| id | key_file    | passphrase                   |\n|----|-------------|------------------------------|\n| 1  | release.key | amber Falcon quarry 58 reed  |',
        '          SMTP_PASSWORD \n     "Wv3-plum-Qx81" \n                USER \n               "dev" \n            API_TOKEN \n"9c4e1a7b2d8f3065e1c9a4b7d2f80e6c" \n',
        'INSERT INTO `acct` VALUES\n(1,\'Wb6Kq2Lx9Rm4Tz7P\'),\n(2,\'Jn3Vx8Qp5Lr2Kz6M\');'.replace('INSERT', "CREATE TABLE `acct` (`id` int, `api_secret` text);\nINSERT"),
      ],
      noMatch: [
        '┌──────────────────────┬─────────────────┐\n│         name         │     setting     │\n├──────────────────────┼─────────────────┤\n│ password_encryption  │ scram-sha-256   │\n└──────────────────────┴─────────────────┘',
        '+----+----------+\n| id | password |\n+----+----------+\n|  1 | ******** |\n|  2 | NULL     |\n|  3 | changeme |\n+----+----------+',
        '   id     password_hash\n0   1     $2b$12$Qm4Lx9Rz2Tv7Kb3Wp8Nn5O\n',
        '                 SMTP_PASSWORD \n                    "changeme" \n                     BUILD_REF \n"9c4e1a7b2d8f3065e1c9a4b7d2f80e6c13a5b9d7" \n',
        // a wrapped named vector: the second line of names heads its own values (QUEUE's, not API_TOKEN's)
        '        SERVICE         API_TOKEN \n      "billing"        "${TOKEN}" \n      LOG_LEVEL             QUEUE \n         "info"       "deploy-31" \n',
        "CREATE TABLE t (id int, token_count int);\nINSERT INTO t VALUES (1,'42');",
        '-[ RECORD 1 ]-----\nname    | auth_method\nsetting | md5',
        '*************************** 1. row ***************************\nVariable_name: password_encryption\n        Value: scram-sha-256',
        '[{"name":"password_encryption","setting":"scram-sha-256"},\n{"name":"admin_password","setting":"********"}]',
        'Variable_name\tValue\nmax_password_errors\t4294967295\nold_passwords\tOFF\nstrict_password_validation\tON',
        'key_name   status\n--------   ------\nprimary    active',
        '|id     |login     |api\\_key            |\n|-------|----------|--------------------|\n|1      |rosa      |\\<set\\-me\\>         |',
        'id name   api_token region\n1  web              eu-1',
        'name,value\nwebhook_secret,xxx\ns3_secret_key,REPLACE_ME\nsession_secret,TODO',
        'requirepass\nWq4-lantern-Zp8\nmasterauth\nchangeme',
        '## Possible values: Yes/No\n        Admin_Enable_Auth_Type_Key                  Yes\n        ## Possible values: Yes/No\n        Admin_Enable_Auth_Type_OEM_Proprietary      No',
        'from .grants.tokens import SessionToken, RefreshTokenV2',
        '    session = AuthorizedClient(\n        credentials, retry_limit_seconds=30\n    )',
        '        signed = verify_sig(\n            request.client_secret, request_payload)',
        'KEY\tVALUE\nnet.core.rmem_max\tAny positive integer\nnet.ipv6.conf_forwarding\tMust be 0 or 1\n',
        'host\ttoken\nweb\tnet.ipv6.conf_forwarding\n',
        'If the key is protected, enter the\npassword, then:\n\n  $ tool import',
        'Number of times to ask for the new\npassphrase.  Defaults to 2 tries; can be set to 1 to skip the check',
        // a changelog's lines indented by a tab: a sentence's last word is no column's name
        '\tcached_passphrase.\n\t* ui/dialog.c (reset): Free the removed\n\tfields.\n',
        // a sentence's words cut into "columns" by a tab
        'See below\tthen pass the\tresult\nlater on\tWq7-larch-Zv8\tdone\n',
        '[authtoken]\nrequests>=2.28.1\nitsdangerous<3,>=2.1.2',
        'CREATE TABLE logins (\n\tid\t\tserial PRIMARY KEY,\n\tusername\t\ttext NOT NULL,\n\tpass\t\t\ttext,\n\tnote\t\ttext\n);',
        '        raise TypeError("bad key {!r}".format(\n            authkey, repr(authkey)))',
        '    type Keyword =\n        | Kind.MinusEqualsToken\n        | Kind.StarEqualsToken;',
        'type SecretToken =\n        | TokenKind.OpenParenToken\n        | TokenKind.CloseParenToken\n        | TokenKind.CommaToken',
        'for path in stale:\n    try:\n        os.remove(path)\n    except FileNotFoundError:\n        pass\n    finally:\n        seen.add(path)',
        'api_token\nchangeme\n********\n\nSee the docs.',
        '| api_key        | ********   |\n+----------------+------------+\n| webhook_secret | xxx        |\n+----------------+------------+\n| s3_secret_key  | REPLACE_ME |',
        'name                value                description\napi_key             ********             masked\nwebhook_secret      xxx\ns3_secret_key       REPLACE_ME',
        '│ id     │ token   │ created    │\n├────────┼─────────┼────────────┤\n│ 4a3491 │ tok_Q7… │ 2025-06-01 │',
        '<row>\n\t<field name="name">smtp_password</field>\n\t<field name="value">&lt;set-me&gt;</field>\n</row>',
        '| id | key_file    | passphrase      |\n|----|-------------|-----------------|\n| 1  | release.key | see the vault   |\n| 2  | nightly.key | (set in CI)     |',
      ],
    },
  ),
];
