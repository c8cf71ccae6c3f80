/**
 * Family `generic`: values an ORM or a database logs next to the statement they are bound to,
 * when the statement says the column holds a secret: Rails `[["api_token", "x"]]`, Django
 * `; args=('x',)`, SQLAlchemy `[generated in 0.0001s] ('x',)`, Sequelize `Executing (default):
 * …; "x"`, TypeORM `-- PARAMETERS: ["x"]`, Prisma `Params: ["x"]`, Ecto `… ["x", ~N[…]]`,
 * knex `bindings: [ 'x' ]`, Hibernate `binding parameter [2] as [VARCHAR] - [x]`, PostgreSQL
 * `DETAIL:  parameters: $1 = 'x'`, and values written into the statement itself
 * (`WHERE "token" = 'x'`, `VALUES ('a@b.co','x')`). A bound value is matched to its column by
 * its placeholder (`$2`, the second `?` or `%s`, `%(name)s`, `:name`) in the column list of an
 * INSERT or after `column =`.
 */
import { shannonEntropy } from '../entropy.js';
import type { KeywordGate, Span } from '../types.js';
import { classifyName, nameWords, type NameClass } from './assignment.js';
import { placedSecret } from './placed-secret.js';
import { isShielded } from '../shields.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';

/** Where a statement begins; it ends at the end of its line. */
const STATEMENT = /\b(?:INSERT[ \t]+(?:IGNORE[ \t]+)?INTO|REPLACE[ \t]+INTO|UPDATE|SELECT|DELETE[ \t]+FROM)[ \t]/gi;
const STATEMENT_IN_LINE = new RegExp(STATEMENT.source, 'i');
/**
 * What every statement STATEMENT reads holds: its first word and the blank after it. The rules
 * that read values from a statement (boundColumnValues) run on a text that has one: a log's
 * placeholders and value lists take too many forms to be keywords (`VALUES\n  ($1,`, `= $3`, `args = (`).
 */
export const SQL_STATEMENT_KEYWORDS: readonly string[] = ['insert', 'replace', 'update', 'select', 'delete'].flatMap((word) => [`${word} `, `${word}\t`]);
const STATEMENT_AT = new RegExp(STATEMENT.source, 'iy');

/**
 * The keyword gate of those rules (`hint`: the one they test a statement by): a statement starts
 * at the keyword, and one that reads no value list below its line (all but INSERT and REPLACE)
 * names a column the hint takes on that line, as boundColumnValues requires.
 */
export function statementGate(hint: RegExp): KeywordGate {
  // The hint is a list of words, none with a line break: it is on the rest of a line from `start`
  // when the last place on that line where one of its words starts is at `start` or after. That place is
  // found once per line: statements one after another on a long line do not each read it to its end.
  const anywhere = new RegExp(hint.source, hint.flags.includes('g') ? hint.flags : `${hint.flags}g`);
  let line = { text: '', from: -1, end: -1, lastHint: -1 };
  return (text, start) => {
    STATEMENT_AT.lastIndex = start;
    const statement = STATEMENT_AT.exec(text);
    if (!statement) return false;
    if (/^(?:INSERT|REPLACE)/i.test(statement[0])) return true;
    const newline = lineBreakAfter(text, start);
    const end = newline === -1 ? text.length : newline;
    if (line.text !== text || line.end !== end || start < line.from) line = { text, from: start, end, lastHint: lastHintStart(anywhere, text.slice(start, end), start) };
    return line.lastHint >= start;
  };
}

/** Where the last place in `part` (which starts at `offset`) that `hint` matches at starts, or -1. */
function lastHintStart(hint: RegExp, part: string, offset: number): number {
  let last = -1;
  hint.lastIndex = 0;
  for (let match = hint.exec(part); match; match = hint.exec(part)) {
    last = offset + match.index;
    hint.lastIndex = match.index + 1;
  }
  return last;
}
/** A cheap test that a statement names a column that may hold a secret. */
const SECRET_COLUMN_HINT = /pass|pwd|secret|token|key|otp|cred|auth|salt|pin|dsn|cookie|session/i;
/** Last words of a column that make it a time, not a secret (`token_expires_at`, `password_changed_on`). */
const TIME_WORDS = new Set(['at', 'on', 'date', 'time', 'timestamp', 'until', 'since', 'expires', 'expiry', 'ago']);
/** How far below its statement a value list may be (Hibernate prints one line per parameter). */
const BINDS_REACH_LINES = 40;

const QUOTED_IDENTIFIER = String.raw`(?:"[^"\n]{1,64}"|\x60[^\x60\n]{1,64}\x60|\[[^\]\n]{1,64}\]|[A-Za-z_][\w$]{0,63})`;
/** `"users"."api_key"`, `u1_0.api_key`, `` `Session`.`token` ``, `[dbo].[users].[secret]`: the last part is the column. */
const COLUMN_REF = String.raw`(?:${QUOTED_IDENTIFIER}\.){0,3}(${QUOTED_IDENTIFIER})`;
const COMPARED_COLUMN = new RegExp(String.raw`${COLUMN_REF}[ \t]*(?:=|!=|<>|\bI?LIKE\b)[ \t]*\(?[ \t]*$`, 'i');
const INSERT_HEAD = new RegExp(String.raw`^(?:INSERT[ \t]+(?:IGNORE[ \t]+)?INTO|REPLACE[ \t]+INTO)[ \t]+${COLUMN_REF}[ \t]*\(([^()]{1,2000})\)\s*VALUES\s*`, 'i');
/** A placeholder or a literal in a statement: `$2`, `?`, `%s`, `%(name)s`, `:name`, `'text'`, `@p1`, `\'text\'` (in a Python repr). */
const SLOT = /\$(\d{1,3})\b|(\?)|%s|%\((\w{1,64})\)s|(?<![:\w]):([A-Za-z_]\w{0,63})|'((?:[^'\n\\]|''|\\.){0,500})'|(?<![@\w])@(\w{1,64})|\\'([^'\n\\]{0,500})\\'/g;

interface Slot {
  /** `$n` → n-1, `?`/`%s` → its rank among them, or a name */
  readonly bind?: number | string;
  /** a literal's span in the text */
  readonly literal?: Span;
  readonly column: string;
}

function unquote(identifier: string): string {
  return /^["\x60[]/.test(identifier) ? identifier.slice(1, -1) : identifier;
}

/** The class of a column, or null when it holds no secret (`token_expires_at`, `password_digest`, `email`). */
function columnClass(column: string): NameClass | null {
  const words = nameWords(column);
  if (words.length === 0 || TIME_WORDS.has(words[words.length - 1]!)) return null;
  return classifyName(column);
}

/** Top-level items of `(a, b, f(c, d))` from `open` (the bracket): their spans. */
function tupleItems(text: string, open: number, end: number): { items: Span[]; close: number } | null {
  const items: Span[] = [];
  let depth = 0;
  let itemStart = open + 1;
  for (let i = open; i < end; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const closeQuote = text.indexOf(c, i + 1);
      if (closeQuote === -1 || closeQuote >= end) return null;
      i = closeQuote;
    } else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) {
        items.push({ start: itemStart, end: i });
        return { items, close: i };
      }
    } else if (c === ',' && depth === 1) {
      items.push({ start: itemStart, end: i });
      itemStart = i + 1;
    }
  }
  return null;
}

/** The placeholders and literals of one statement `[start, end)` whose column is `wanted`. */
function wantedSlots(text: string, start: number, end: number, wanted: (column: string) => boolean): Slot[] {
  const statement = text.slice(start, end);
  const slots: Slot[] = [];
  const columnAt = new Map<number, string>();
  const insert = INSERT_HEAD.exec(statement);
  if (insert) {
    const columns = insert[2]!.split(',').map((c) => unquote(c.trim()));
    let at = start + insert[0].length;
    // one tuple per row: `VALUES ($1,$2),($3,$4)`
    while (text[at] === '(') {
      const tuple = tupleItems(text, at, end);
      if (!tuple) break;
      tuple.items.forEach((item, index) => {
        const column = columns[index];
        if (column !== undefined) columnAt.set(item.start + (text.slice(item.start, item.end).length - text.slice(item.start, item.end).trimStart().length), column);
      });
      at = tuple.close + 1;
      while (text[at] === ',' || text[at] === ' ') at++;
    }
  }
  let rank = 0;
  SLOT.lastIndex = 0;
  for (let slot = SLOT.exec(statement); slot; slot = SLOT.exec(statement)) {
    const at = start + slot.index;
    let bind: number | string | undefined;
    if (slot[1] !== undefined) bind = Number(slot[1]) - 1;
    else if (slot[2] !== undefined || slot[0] === '%s') {
      bind = rank++;
    } else bind = slot[3] ?? slot[4] ?? slot[6];
    const column = columnAt.get(at) ?? COMPARED_COLUMN.exec(statement.slice(Math.max(0, slot.index - 160), slot.index))?.[1];
    if (column === undefined || !wanted(unquote(column))) continue;
    if (slot[5] !== undefined) slots.push({ column: unquote(column), literal: { start: at + 1, end: at + 1 + slot[5].length } });
    else if (slot[7] !== undefined) slots.push({ column: unquote(column), literal: { start: at + 2, end: at + 2 + slot[7].length } });
    else slots.push({ column: unquote(column), bind });
  }
  return slots;
}

interface BoundValue {
  readonly span: Span;
  /** a name (Rails' column, a dict's key) or an index */
  readonly key: number | string;
}

/** One value of a logged list: a quoted string, `<<1, 2>>`, `~N[…]`, or a bare word up to `,` or the close. */
const LIST_VALUE = /[ \t]*(?:"((?:[^"\\\n]|\\.){0,2000})"|'((?:[^'\\\n]|\\.|''){0,2000})'|(<<[\d, ]{1,2000}>>)|(~\w\[[^\]\n]{0,80}\]|[^,\])}\n]{1,2000}?))[ \t]*(?=[,\])}\n]|$)/y;
const DICT_KEY = /[ \t]*(?:"((?:[^"\\\n]|\\.){1,64})"|'([^'\n]{1,64})'|([\w$]{1,64}))[ \t]*[:=][ \t]*(?:=>[ \t]*)?/y;

/** The values of the list that opens at `open` (`[`, `(` or `{`), in order; a dict's by key. */
function listValues(text: string, open: number): BoundValue[] {
  const values: BoundValue[] = [];
  const closer = text[open] === '{' ? '}' : text[open] === '(' ? ')' : ']';
  let at = open + 1;
  for (let index = 0; index < 200; index++) {
    let key: number | string = index;
    if (closer === '}') {
      DICT_KEY.lastIndex = at;
      const name = DICT_KEY.exec(text);
      if (!name) break;
      key = name[1] ?? name[2] ?? name[3]!;
      at = DICT_KEY.lastIndex;
    }
    LIST_VALUE.lastIndex = at;
    const value = LIST_VALUE.exec(text);
    if (!value) break;
    const inner = value[1] ?? value[2] ?? value[3] ?? value[4]!.trim();
    const start = value.index + value[0].indexOf(inner);
    values.push({ span: { start, end: start + inner.length }, key });
    at = LIST_VALUE.lastIndex;
    if (text[at] !== ',') break;
    at++;
  }
  return values;
}

/** Rails' `[["email", "a@b.co"], ["api_token", "x"], [nil, "y"]]` from its outer bracket. */
function railsPairs(text: string, open: number): BoundValue[] {
  const pairs: BoundValue[] = [];
  const PAIR = /\[(?:"([^"\n]{1,64})"|nil),[ \t]*/y;
  let at = open + 1;
  let index = 0;
  while (text[at] === '[') {
    PAIR.lastIndex = at;
    const pair = PAIR.exec(text);
    if (!pair) break;
    const [value] = listValues(text, PAIR.lastIndex - 1);
    if (!value) break;
    pairs.push({ span: value.span, key: pair[1] ?? index });
    index++;
    const close = text.indexOf(']', value.span.end);
    if (close === -1) break;
    at = close + 1;
    while (text[at] === ',' || text[at] === ' ') at++;
  }
  return pairs;
}

const EF_PARAMETER = /@(\w{1,64})='((?:[^'\n]|''){0,2000})'/g;
const JDBC_TEMPLATE_PARAMETER = /column index (\d{1,3}), parameter value \[([^\]\n]{0,2000})\]/g;
const HIBERNATE_BINDING = /binding parameter (?:\[(\d{1,3})\] as \[\w{1,30}\] - \[([^\]\n]{0,2000})\]|\((\d{1,3}):\w{1,30}\) <- \[([^\]\n]{0,2000})\])/g;
const POSTGRES_PARAMETER = /\$(\d{1,3}) = '((?:[^'\n]|''){0,2000})'/y;
/** What opens a value list below its statement: `Params: [`, `-- PARAMETERS: [`, `[generated in 0.0001s] (`, `{"bind":[`. */
const LIST_MARKER = /(?:--[ \t]*(?:PARAMETERS|params):|\b(?:params|parameters|args|bind|replacements)\b["']?[ \t]*[:=]|\bbindings\b[ \t]*[:=]?|\[(?:generated in|cached since)[^\]\n]{0,40}\])[ \t]*[[({]/gi;

/** The values bound to a statement that ends at `end` (its line's end): found below or after it. */
function boundValues(text: string, lineStart: number, statementEnd: number, lineEnd: number, statementStart: number): BoundValue[] {
  // Rails, Ecto, Prisma-on-one-line: the list ends the statement's line
  const tail = text.slice(statementStart, lineEnd);
  const rails = tail.search(/[ \t]\[\[(?:"|nil,)/);
  if (rails !== -1) return railsPairs(text, statementStart + rails + 1);
  let reach = lineEnd;
  for (let lines = 0; lines < BINDS_REACH_LINES && reach < text.length; lines++) {
    const next = lineBreakAfter(text, reach + 1);
    const lineText = text.slice(reach + 1, next === -1 ? text.length : next);
    if (STATEMENT_IN_LINE.test(lineText)) break;
    reach = next === -1 ? text.length : next;
  }
  const region = text.slice(statementEnd, reach);
  // EF Core: `[Parameters=[@p0='a' (Size = 4000), @p1='x']` on a line above the SQL
  const above = text.slice(Math.max(0, lineStart - 2000), lineStart);
  const efParameters = above.lastIndexOf('[Parameters=[');
  if (efParameters !== -1) {
    const values: BoundValue[] = [];
    const offset = Math.max(0, lineStart - 2000) + efParameters;
    const list = above.slice(efParameters, efParameters + above.slice(efParameters).search(/\],[ \t]*CommandType|\]\s*$/) + 1);
    EF_PARAMETER.lastIndex = 0;
    for (let p = EF_PARAMETER.exec(list); p; p = EF_PARAMETER.exec(list)) {
      const start = offset + p.index + p[0].length - 1 - p[2]!.length;
      values.push({ span: { start, end: start + p[2]!.length }, key: p[1]! });
    }
    if (values.length > 0) return values;
  }
  // MyBatis: `==> Parameters: a@b.co(String), x(String)`
  const mybatis = /==>[ \t]+Parameters:[ \t]*([^\n]*)/.exec(region);
  if (mybatis) {
    const values: BoundValue[] = [];
    let start = statementEnd + mybatis.index + mybatis[0].length - mybatis[1]!.length;
    // each value, then its Java type in brackets; `null` has none
    for (const item of mybatis[1]!.split(', ')) {
      const value = item.replace(/\([\w.]{1,60}\)[ \t]*$/, '');
      values.push({ span: { start, end: start + value.length }, key: values.length });
      start += item.length + 2;
    }
    return values;
  }
  // Spring's JdbcTemplate: `column index 1, parameter value [x], value class […]`
  if (region.includes('parameter value [')) {
    const values: BoundValue[] = [];
    JDBC_TEMPLATE_PARAMETER.lastIndex = 0;
    for (let p = JDBC_TEMPLATE_PARAMETER.exec(region); p; p = JDBC_TEMPLATE_PARAMETER.exec(region)) {
      const start = statementEnd + p.index + p[0].length - 1 - p[2]!.length;
      values.push({ span: { start, end: start + p[2]!.length }, key: Number(p[1]) - 1 });
    }
    return values;
  }
  if (region.includes('binding parameter')) {
    const values: BoundValue[] = [];
    HIBERNATE_BINDING.lastIndex = 0;
    for (let b = HIBERNATE_BINDING.exec(region); b; b = HIBERNATE_BINDING.exec(region)) {
      const value = b[2] ?? b[4]!;
      const start = statementEnd + b.index + b[0].length - 1 - value.length;
      values.push({ span: { start, end: start + value.length }, key: Number(b[1] ?? b[3]) - 1 });
    }
    return values;
  }
  const parameters = region.indexOf('parameters: $');
  if (parameters !== -1) {
    const values: BoundValue[] = [];
    let at = statementEnd + parameters + 'parameters: '.length;
    for (;;) {
      POSTGRES_PARAMETER.lastIndex = at;
      const p = POSTGRES_PARAMETER.exec(text);
      if (!p) break;
      const start = POSTGRES_PARAMETER.lastIndex - 1 - p[2]!.length;
      values.push({ span: { start, end: start + p[2]!.length }, key: Number(p[1]) - 1 });
      at = POSTGRES_PARAMETER.lastIndex;
      while (text[at] === ',' || text[at] === ' ') at++;
    }
    return values;
  }
  // a list on the statement's line after it (Ecto, TypeORM, Django), or on a later line after a marker
  const sameLine = /\{["']?(?:bind|replacements)["']?[ \t]*:[ \t]*[[{]|\(parameters:[ \t]*(?:array)?[[{]|\\?["'](?:bindings|params|parameters)\\?["'][ \t]*:[ \t]*[[{]|[[({]/.exec(text.slice(statementEnd, lineEnd));
  if (sameLine) {
    const values = listValues(text, statementEnd + sameLine.index + sameLine[0].length - 1);
    if (values.length > 0) return values;
  }
  LIST_MARKER.lastIndex = 0;
  const marked = LIST_MARKER.exec(region);
  if (marked) {
    const values = listValues(text, statementEnd + marked.index + marked[0].length - 1);
    if (values.length > 0) return values;
  }
  // Sequelize: `…; "x@y.co", "secret"` after the statement's `;`
  const semicolonInLine = text.slice(statementStart, lineEnd).lastIndexOf('; ');
  const semicolon = semicolonInLine === -1 ? -1 : statementStart + semicolonInLine;
  if (semicolon > statementStart) {
    const values = listValues(text, semicolon + 1);
    if (values.length > 0) return values;
  }
  // knex: `bindings: [ … ], sql: '…'` before the statement
  const bindingsInLine = text.slice(lineStart, statementStart).lastIndexOf('bindings: [');
  const bindings = bindingsInLine === -1 ? -1 : lineStart + bindingsInLine;
  if (bindings !== -1) return listValues(text, bindings + 'bindings: '.length);
  return [];
}

const BARE_NON_SECRET = /^(?:null|NULL|None|nil|true|false|TRUE|FALSE|\[FILTERED\]|-?\d+(?:\.\d+)?)$/;

function acceptable(text: string, span: Span, cls: NameClass): boolean {
  const value = text.slice(span.start, span.end);
  if (value.length === 0 || BARE_NON_SECRET.test(value)) return false;
  // a bare `key` column: only a value a generator wrote
  if (cls === 'weak-key') return value.length >= 16 && /\d/.test(value) && /[A-Za-z]/.test(value) && shannonEntropy(value) >= 3;
  return true;
}

/** The end of the line, at most three lines below, that holds an INSERT's `VALUES` (or `end` when none does). */
function valuesLineEnd(text: string, end: number): number {
  let at = end;
  for (let lines = 0; lines < 3 && at < text.length; lines++) {
    const next = lineBreakAfter(text, at + 1);
    const nextEnd = next === -1 ? text.length : next;
    if (/\bVALUES\b/i.test(text.slice(at, nextEnd))) return nextEnd;
    at = nextEnd;
  }
  return end;
}

/** A value a statement's log binds to (or writes under) a column: the column's name and the value's span. */
export interface ColumnValue {
  readonly column: string;
  readonly span: Span;
  /** where the statement starts: the values of one statement share it */
  readonly statement: number;
}

/**
 * The values that logged statements bind to, or write under, the columns `wanted` accepts: a
 * statement is read only when `hint` finds something in it (a cheap test of its columns).
 */
export function* boundColumnValues(text: string, hint: RegExp, wanted: (column: string) => boolean, keywordStarts?: readonly number[]): Iterable<ColumnValue> {
  let searchedTo = 0;
  for (const statement of statementsFrom(text, keywordStarts, () => searchedTo)) {
    const start = statement.index;
    const newline = lineBreakAfter(text, start);
    let lineEnd = newline === -1 ? text.length : newline;
    // `INSERT INTO [Users] ([Email], [Password])` with `VALUES (@p0, @p1)` on a line below (EF Core, formatted SQL)
    if (/^(?:INSERT|REPLACE)/i.test(statement[0]) && !/\bVALUES\b/i.test(text.slice(start, lineEnd))) lineEnd = valuesLineEnd(text, lineEnd);
    const lineStart = lineBreakBefore(text, start) + 1;
    searchedTo = lineEnd;
    if (!hint.test(text.slice(start, lineEnd))) continue;
    // the statement ends where a value list or a log's suffix begins on its line
    const listStart = text.slice(start, lineEnd).search(/[ \t]\[\[(?:"|nil,)|;[ \t]*(?:args|params)=|[ \t]--[ \t]*(?:PARAMETERS|params):|;[ \t]+["'\d[{]|[ \t]\{[ \t]*["']?(?:bind|replacements|\$1)\b|[ \t]\[(?=[ \t]*(?:["'\d~<]|nil\b|true\b|false\b))|\\?["'][ \t]*,[ \t]*\\?["'](?:bindings|params|parameters)\\?["'][ \t]*:|[ \t]\(parameters:[ \t]*(?:array)?[[{]/);
    const statementEnd = listStart === -1 ? lineEnd : start + listStart;
    const slots = wantedSlots(text, start, statementEnd, wanted);
    if (slots.length === 0) continue;
    const needsBinds = slots.some((slot) => slot.bind !== undefined);
    const values = needsBinds ? boundValues(text, lineStart, statementEnd, lineEnd, start) : [];
    for (const slot of slots) {
      if (slot.literal) {
        yield { column: slot.column, span: slot.literal, statement: start };
        continue;
      }
      // Doctrine numbers positional values from 1 (`{"1":"x"}`) unless it says `"0"`
      const digitBase = values.some((v) => v.key === '0') ? 0 : 1;
      const value = values.find((v) => (typeof v.key === 'string' && typeof slot.bind === 'string' ? v.key === slot.bind || v.key === `$${slot.bind}` || v.key === `@${slot.bind}` : v.key === slot.bind)
        || (typeof v.key === 'string' && typeof slot.bind === 'number' && (v.key === `$${slot.bind + 1}` || (/^\d{1,3}$/.test(v.key) && Number(v.key) - digitBase === slot.bind))));
      if (value) yield { column: slot.column, span: value.span, statement: start };
    }
    // Rails names each value by its column: a pair names what a placeholder could not (`[["key", "x"]]`)
    for (const v of values) {
      if (typeof v.key !== 'string' || v.key.startsWith('$') || !wanted(v.key)) continue;
      yield { column: v.key, span: v.span, statement: start };
    }
  }
}

/**
 * The statements of `text` in order, each found at or after `searchedTo()` (the caller moves it on
 * past the lines a statement took). Every statement starts where one of SQL_STATEMENT_KEYWORDS
 * starts (its first word and a blank): given those places (`keywordStarts`, ascending, as the
 * scanner gives them), it is tried there only instead of searched for through the text.
 */
function* statementsFrom(text: string, keywordStarts: readonly number[] | undefined, searchedTo: () => number): Iterable<RegExpExecArray> {
  if (keywordStarts) {
    for (const at of keywordStarts) {
      if (at < searchedTo()) continue;
      STATEMENT_AT.lastIndex = at;
      const statement = STATEMENT_AT.exec(text);
      if (statement) yield statement;
    }
    return;
  }
  const statementPattern = new RegExp(STATEMENT.source, STATEMENT.flags);
  statementPattern.lastIndex = 0;
  for (let statement = statementPattern.exec(text); statement; statement = statementPattern.exec(text)) {
    yield statement;
    statementPattern.lastIndex = searchedTo();
  }
}

function* sqlBoundSecrets(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const { column, span } of boundColumnValues(text, SECRET_COLUMN_HINT, (name) => columnClass(name) !== null, keywordStarts)) {
    if (acceptable(text, span, columnClass(column)!)) yield span;
  }
}

/** A Hibernate binding line: 5's `binding parameter [2] as [VARCHAR] - [x]`, 6's `binding parameter (2:VARCHAR) <- [x]`; text types only. */
const TEXT_BINDING = /binding parameter (?:\[\d{1,3}\] as \[(?:VARCHAR|NVARCHAR|CHAR|NCHAR|LONGVARCHAR|LONGNVARCHAR|CLOB|NCLOB)\] - \[|\(\d{1,3}:(?:VARCHAR|NVARCHAR|CHAR|NCHAR|LONGVARCHAR|LONGNVARCHAR|CLOB|NCLOB)\) <- \[)([^\]\n]{1,500})\]/y;
/** Lines a binder prints around its statement's bindings, skipped on the way up to the statement. */
const BINDER_LINE = /binding parameter|extracted value|^\s*$/;
/**
 * A value shaped like a credential: one word of 10 or more letters and digits (symbols allowed),
 * varied enough for a generator or a person choosing a password, and not a code of capitals and
 * digits in groups (`INV-2024-00017`), short lower-case words in a row (`eu-central-1`), an address, a time, a path, a digest or a UUID.
 */
function credentialShaped(value: string): boolean {
  return /^[^\s@]{10,200}$/.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value) && !/^[A-Z0-9]+(?:[-_./][A-Z0-9]+)*$/.test(value)
    && !/^[a-z0-9]{1,12}(?:[-_.][a-z0-9]{1,12})*$/.test(value)
    && shannonEntropy(value) >= 3.2 && !isShielded(value, 'identifiers');
}

/**
 * A Hibernate binding of a text value with no statement above it (a log cut to its binder's
 * lines, or filtered by a grep): the column is unknown, so the value is judged by its shape alone.
 * Bindings below a statement are `sql-bound-secret`'s, judged by their column.
 */
function* unplacedBindings(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? [...text.matchAll(/binding parameter/g)].map((match) => match.index)) {
    TEXT_BINDING.lastIndex = at;
    const binding = TEXT_BINDING.exec(text);
    if (!binding || !credentialShaped(binding[1]!) || statementAbove(text, at)) continue;
    const end = TEXT_BINDING.lastIndex - 1;
    yield { start: end - binding[1]!.length, end };
  }
}

/** How far above a binding its statement is looked for (a bound on the work on one long line). */
const STATEMENT_ABOVE_REACH = 20_000;

/** Whether the first line above `at` that is not a binder's holds a statement (within the reach of a value list). */
function statementAbove(text: string, at: number): boolean {
  const from = Math.max(0, at - STATEMENT_ABOVE_REACH);
  const lines = text.slice(from, at).split('\n');
  // the last piece is the binding's own line up to `at`
  for (let index = lines.length - 2, seen = 0; index >= 0 && seen < BINDS_REACH_LINES; index--, seen++) {
    const line = lines[index]!;
    if (!BINDER_LINE.test(line)) return STATEMENT_IN_LINE.test(line);
  }
  return false;
}

export const SQL_BIND_RULES = [
  placedSecret('unplaced-bound-value', "a text value a Hibernate binding line shows with no statement above it (its column unknown): kept when shaped like a credential (`binding parameter [3] as [VARCHAR] - [x]`, Hibernate 6's `(3:VARCHAR) <- [x]`); addresses, codes, times, UUIDs and words stay", { label: 'secret', keywords: ['binding parameter'], keywordStarts: true },
    unplacedBindings,
    {
      match: ['2024-05-02 09:14:07 TRACE o.h.type.descriptor.sql.BasicBinder - binding parameter [3] as [VARCHAR] - [Nq7vLz2xKp4W]', 'org.hibernate.orm.jdbc.bind : binding parameter (2:VARCHAR) <- [t0k_8fQm2LxZr9Vw]'],
      noMatch: ['binding parameter [1] as [VARCHAR] - [ops@corp.example]', 'binding parameter [2] as [VARCHAR] - [INV-2024-00017]', 'binding parameter [4] as [TIMESTAMP] - [2024-05-02 09:14:07.0]', 'binding parameter [1] as [VARCHAR] - [3f2b8c1e-9d4a-4e7b-a6c5-0d1e2f3a4b5c]', 'Hibernate: update orders set note=? where id=?\nbinding parameter [1] as [VARCHAR] - [Nq7vLz2xKp4W]', 'binding parameter [5] as [VARCHAR] - [customer_notes]'],
    }),
  placedSecret('sql-bound-secret', 'a value an ORM or a database logs as bound to a column that holds a secret (Rails `[["api_token", "x"]]`, Django `args=(…)`, SQLAlchemy, Sequelize, TypeORM `-- PARAMETERS:`, Prisma `Params:`, Ecto, knex `bindings`, Hibernate `binding parameter`, PostgreSQL `parameters: $1 = …`), or written into the statement (`WHERE "token" = \'x\'`); times, digests and `[FILTERED]` stay',
    { label: 'secret', keywords: SQL_STATEMENT_KEYWORDS, keywordStarts: true, keywordGate: statementGate(SECRET_COLUMN_HINT) },
    sqlBoundSecrets,
    {
      match: [
        'query: INSERT INTO "accounts"("email", "api_token")  VALUES  ($1,  $2) -- PARAMETERS: ["ops@corp.example","Tk8Lm2Vx7Zq3Wn9Rb4Pc"]',
        '  ApiKey Load (0.4ms)  SELECT "api_keys".* FROM "api_keys" WHERE "api_keys"."key" = ? LIMIT ?  [["key", "ak_9f2e4c6a8b0d1f3e5a7c"], ["LIMIT", 1]]',
        "(0.001) SELECT \"authtoken_token\".\"key\" FROM \"authtoken_token\" WHERE \"authtoken_token\".\"key\" = '9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b' LIMIT 21; args=('9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b',); alias=default",
        'query: INSERT INTO "user"("email", "password") VALUES ($1, $2) RETURNING "id" -- PARAMETERS: ["x@y.co","Rm4nX8qT2vLp"]',
        'Hibernate: insert into users (email, password, id) values (?, ?, ?)\nbinding parameter [1] as [VARCHAR] - [a@b.co]\nbinding parameter [2] as [VARCHAR] - [Vx82kLp0Qz]',
        "INSERT INTO users (email, password) VALUES ($1, $2)\nDETAIL:  parameters: $1 = 'x@y.co', $2 = 'Ap9xLm2Kq7Vz'",
      ],
      noMatch: ['select a token store, then update its name in the settings', 
        '  User Create (0.9ms)  INSERT INTO "users" ("email", "password_digest") VALUES ($1, $2)  [["email", "a@b.co"], ["password_digest", "[FILTERED]"]]',
        '  Session Load  SELECT * FROM "sessions" WHERE "sessions"."token_expires_at" < $1  [["token_expires_at", "2024-03-14 10:22:31"]]',
        'query: SELECT "User"."id" FROM "user" "User" WHERE "User"."token_type" = $1 -- PARAMETERS: ["refresh"]',
        'Hibernate: select u1_0.id from users u1_0 where u1_0.email=?\nbinding parameter [1] as [VARCHAR] - [bob@example.com]',
      ],
    }),
];
