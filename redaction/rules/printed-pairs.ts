/**
 * The grammar of printed pairs (printed-pairs.md): from a key word the keyword pass found, the key
 * around it, the separator after it and the value after that, in whatever form a language or a
 * daemon prints them. It says nothing about what the value is: the person and secret rules judge.
 */
import type { Span } from '../types.js';

export interface PrintedPair {
  /** the key as written, without quotes or sigils (`full_name`, `owner.name`) */
  readonly key: string;
  readonly keyStart: number;
  readonly keyEnd: number;
  /** the last identifier of a path before the key (`user` in `user[name]`, `contact->name`) */
  readonly prefix: string | undefined;
  readonly value: Span;
  /** quoted or braced: its end is certain */
  readonly closed: boolean;
  /** what stands between key and value: `=`, `:`, `=>`, `->`, `:=`, `<-`, `|`, `,`, `.`, `>`, a line break (`\n`) or blanks (` `) */
  readonly separator: string;
  /** the key is a symbol or a sigil's (`:name`, `#:name`, `'name`, `$name`) */
  readonly symbol: boolean;
  /** the character before the key's quote or sigil: `(` `[` `{` `<` for a list, a tuple, an index, an element */
  readonly opener: string;
}

/** The longest key read (a longer run of key characters is a value, a blob or a path). */
export const MAX_KEY = 60;
const MAX_QUOTED = 200;
const MAX_BARE = 120;

/** A character of a key: letters, digits, `_`, `-`, `.` (any letter or digit beyond ASCII too). */
export function isKeyChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 45 || code === 46 ||
    (code > 127 && /[\p{L}\p{N}]/u.test(String.fromCharCode(code)))
  );
}

function isLowerStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code > 127 && /\p{Ll}/u.test(String.fromCharCode(code)));
}

const CLOSING_QUOTE: Readonly<Record<string, string>> = { '"': '"', "'": "'", '`': '`', '«': '»', '“': '”', '‘': '’', '„': '“', '»': '«' };

/** The token of key characters around `at`: [start, end), its trailing and leading `.`/`-` left out. */
export function keyToken(text: string, at: number): [number, number] {
  let start = at;
  while (start > 0 && isKeyChar(text.charCodeAt(start - 1))) start--;
  let end = at;
  while (end < text.length && isKeyChar(text.charCodeAt(end))) end++;
  while (end > start && (text[end - 1] === '.' || text[end - 1] === '-')) end--;
  while (start < end && (text[start] === '.' || text[start] === '-')) start++;
  return [start, end];
}

/** The identifier before a path step ending at `at` (`user[`, `contact->`, `$p->{`, `owner.`), if any. */
function prefixBefore(text: string, at: number): string | undefined {
  let step = at;
  if (text[step - 1] === '{' && text[step - 2] === '>' && text[step - 3] === '-') step -= 3;
  else if (text[step - 1] === '>' && text[step - 2] === '-') step -= 2;
  else if (text[step - 1] === '[') step -= 1;
  else if (text[step - 1] === ':' && text[step - 2] === ':') step -= 2;
  else return undefined;
  let start = step;
  while (start > 0 && start > step - MAX_KEY && isKeyChar(text.charCodeAt(start - 1)) && text[start - 1] !== '-') start--;
  return start < step ? text.slice(start, step) : undefined;
}

function skipBlanks(text: string, at: number, limit: number): number {
  const stop = Math.min(text.length, at + limit);
  while (at < stop && (text[at] === ' ' || text[at] === '\t')) at++;
  return at;
}

/** Where a dotted pair's `. ` stands when its key's line ends at `at` and the next line starts with it, or -1. */
export function wrappedDot(text: string, at: number): number {
  const next = skipBlanks(text, at + (text[at] === '\r' ? 2 : 1), 80);
  return text[next] === '.' && text[next + 1] === ' ' ? next : -1;
}

/** After a separator, a value may start on the next line (PHP's var_dump, R's `[1]`, pretty printers). */
function skipToValue(text: string, at: number, nextLine: boolean): number {
  at = skipBlanks(text, at, 40);
  if (!nextLine) return at;
  if (text[at] === '\r') at++;
  if (text[at] === '\n') return skipBlanks(text, at + 1, 40);
  if (text[at] === '\\' && text[at + 1] === 'n') return skipBlanks(text, at + 2, 40);
  return at;
}

/** Wrappers that hold a value as it is (not `ENC(…)` and other encodings: what they hold is not the value). */
const WRAPPER = /^(?:(?:Some|String|Text|Str|Ok|Name|Box|Rc|Arc|Cow|Borrowed|Owned|Value|Optional)\(|Just |string\(\d{1,4}\) |\[1\] |chr +(?=["'])|#<string |<<|Optional\[)/;

/** Past the wrappers a printer puts around a value (`Some("…")`, `string(7) "…"`, `[1] "…"`, R `str()`'s `chr "…"`, `<<"…">>`). */
function skipWrappers(text: string, at: number): number {
  for (let round = 0; round < 3; round++) {
    const found = WRAPPER.exec(text.slice(at, at + 24));
    if (found === null) break;
    at += found[0].length;
  }
  // `#"…"`, `@"…"`, `u'…'`, `b"…"`, `r"…"`: a prefix of a string literal
  const next = text[at + 1];
  if ((text[at] === '#' || text[at] === '@' || text[at] === 'u' || text[at] === 'b' || text[at] === 'r') && (next === '"' || next === "'")) at++;
  return at;
}

/**
 * A value that closes where a value does: not one that starts or ends with a blank (the closing
 * quote of a prompt taken for an opening one: `"Enter password: " DB_PW`), nor one whose close a
 * word follows (`{cipher}AQA…`).
 */
function closedAt(text: string, start: number, end: number): Span | undefined {
  if (end > start && (/\s/.test(text[start]!) || /\s/.test(text[end - 1]!))) return undefined;
  const after = text.charCodeAt(end + 1);
  if (!Number.isNaN(after) && isKeyChar(after) && text[end + 1] !== '.' && text[end + 1] !== '-') return undefined;
  return { start, end };
}

/** A quoted or braced value starting at `at`: its body, or undefined when it does not close on its line. */
function closedValue(text: string, at: number): Span | undefined {
  let open = text[at]!;
  let start = at + 1;
  let escapedQuote = false;
  if (open === '\\' && (text[at + 1] === '"' || text[at + 1] === "'")) {
    open = text[at + 1]!;
    start = at + 2;
    escapedQuote = true;
  }
  const close = open === '{' ? '}' : CLOSING_QUOTE[open];
  if (close === undefined) return undefined;
  const stop = Math.min(text.length, start + MAX_QUOTED);
  for (let end = start; end < stop; end++) {
    const char = text[end];
    if (char === '\n') return undefined;
    if (char === '\\') {
      if (escapedQuote && text[end + 1] === close) return closedAt(text, start, end);
      if (text[end + 1] === 'n' && escapedQuote) return undefined;
      end++;
      continue;
    }
    if (char === close && !escapedQuote) return closedAt(text, start, end);
    // a Tcl word in braces holds no structure of its own (`{ "label": … }` is an object, not a value)
    if (open === '{' && (char === '{' || char === '"' || char === "'" || char === ':' || char === '=' || char === ',')) return undefined;
  }
  return undefined;
}

const BARE_STOP = new Set([',', ';', '}', ')', ']', '>', '<', '|', '\t', '\n', '\r', '"', '&']);
/** The next ` key=` or ` key:` of a space-separated record (`{Name:Ann Lee Email:…}`, `name=Ann Lee age=3`). */
const NEXT_KEY = /\s[\p{L}_][\p{L}\p{N}_.-]{0,40}[=:]/u;

/** An unquoted value: up to the enclosing form's next separator or the next key. */
function bareValue(text: string, at: number): Span | undefined {
  const stop = Math.min(text.length, at + MAX_BARE);
  let end = at;
  while (end < stop && !BARE_STOP.has(text[end]!) && !(text[end] === '\\' && text[end + 1] === 'n')) end++;
  const next = NEXT_KEY.exec(text.slice(at, end));
  if (next !== null) end = at + next.index;
  while (end > at && (text[end - 1] === ' ' || text[end - 1] === '.')) end--;
  return end > at ? { start: at, end } : undefined;
}

/**
 * The pair whose key holds position `at` (a keyword's start), or undefined when the key word stands
 * in no pair there. `token` is the key's [start, end) (see keyToken).
 */
export function pairAt(text: string, token: readonly [number, number]): PrintedPair | undefined {
  const [keyStart, keyEnd] = token;
  if (keyEnd - keyStart > MAX_KEY || keyEnd === keyStart) return undefined;
  const sigilChar = text[keyStart - 1] ?? '';
  let before = sigilChar;
  let escaped = false;
  if ((before === '"' || before === "'") && text[keyStart - 2] === '\\') escaped = true;
  const quote = before === '"' || before === "'" || before === '`' ? before : undefined;
  // a symbol or keyword (`:name`, `#:name`, `'name`), R's or Perl's `$name`
  const symbol = (before === ':' && text[keyStart - 2] !== ':') || before === "'" || before === '$';
  const prefix = prefixBefore(text, quote === undefined ? keyStart : keyStart - (escaped ? 2 : 1));
  let at = keyEnd;
  if (quote !== undefined) {
    if (escaped && text[at] === '\\') at++;
    if (text[at] === quote) at++;
    else if (before !== "'") return undefined;
  }
  // the form around the key: the character before its quote or sigil (`(:name . …)`, `{'name', …}`, `<name>`)
  const sigil = quote !== undefined ? (escaped ? 2 : 1) : symbol ? (before === ':' && text[keyStart - 2] === '#' ? 2 : 1) : 0;
  before = text[keyStart - sigil - 1] ?? '';
  const inTuple = before === '{' || before === '(' || before === '[';
  if ((before === '[' && text[at] === ']') || (before === '{' && prefix !== undefined && text[at] === '}')) at++;
  // a report's leader dots (`NAME.......: Ann Lee`)
  if (text[at] === '.' && text[at + 1] === '.') while (text[at] === '.') at++;
  const sepStart = skipBlanks(text, at, 40);
  const sep = text.slice(sepStart, sepStart + 2);
  let valueAt: number;
  let spaced = false;
  let separator = sep[0]!;
  let dot = -1;
  if (before === '<' && sep[0] === '>' && sepStart === at) {
    // <name>value</name>: the element's text, up to its closing tag
    const element = bareValue(text, at + 1);
    if (element === undefined || text[element.end] !== '<' || text[element.end + 1] !== '/') return undefined;
    return { key: text.slice(keyStart, keyEnd), keyStart, keyEnd, prefix, value: element, closed: true, separator: '>', symbol, opener: before };
  }
  if (sep === ':=' || sep === '=>' || sep === '->' || sep === '<-') {
    valueAt = skipToValue(text, sepStart + 2, sep === '=>');
    separator = sep;
  }
  else if (sep === '==' || sep === '!=' || sep === '::' || sep === '=~') return undefined;
  // ` :x` (a space before the colon, none after) is a symbol or a variable (`PASSWORD :'new_pw'`), not a separator
  else if (sep[0] === ':' && sepStart > at && text[sepStart + 1] !== ' ' && text[sepStart + 1] !== '\t') return undefined;
  else if (sep[0] === '=' || sep[0] === ':' || sep[0] === '|') valueAt = skipToValue(text, sepStart + 1, sep[0] !== '|');
  else if (sep[0] === ',' && inTuple) valueAt = skipBlanks(text, sepStart + 1, 40);
  else if (sep === '. ' && before === '(' && sepStart > at) valueAt = skipBlanks(text, sepStart + 1, 40);
  else if (sigilChar === '$' && (sep[0] === '\n' || sep === '\r\n') && sepStart === at) {
    valueAt = skipToValue(text, sepStart, true);
    separator = '\n';
  } else if (before === '(' && (sep[0] === '\n' || sep === '\r\n') && (dot = wrappedDot(text, sepStart)) !== -1) {
    // a dotted pair a printer wrapped before its dot (`("DB_PASSWORD"\n   . "…")`: SBCL's pretty printer)
    valueAt = skipBlanks(text, dot + 2, 40);
    separator = '.';
  } else if (symbol && sigilChar === ':' && (sep[0] === '\n' || sep === '\r\n') && sepStart === at) {
    // a Lisp keyword at a line's end, its value on the next line (a printer wrapping a long plist): a quoted value only
    const closed = closedValue(text, skipWrappers(text, skipToValue(text, sepStart, true)));
    return closed && { key: text.slice(keyStart, keyEnd), keyStart, keyEnd, prefix, value: closed, closed: true, separator: '\n', symbol, opener: before };
  } else if (sep[0] === '-' && sepStart === at && (text[at + 1] === "'" || text[at + 1] === '"')) {
    // a Prolog pair `name-'Ann Lee'` (pairs_keys_values, keysort): a quoted value only
    const closed = closedValue(text, at + 1);
    return closed && { key: text.slice(keyStart, keyEnd), keyStart, keyEnd, prefix, value: closed, closed: true, separator: '-', symbol, opener: before };
  } else if (sep[0] === '(' && sepStart === at && isLowerStart(text.charCodeAt(keyStart))) {
    // a functor's argument (`name('Ann Lee')`, `name(Ann Lee)`: Prolog terms, lower-case like atoms): quoted, or bare up to its `)`
    const closed = closedValue(text, at + 1);
    const bare = closed ?? bareValue(text, at + 1);
    if (bare === undefined || (closed === undefined && text[bare.end] !== ')')) return undefined;
    return { key: text.slice(keyStart, keyEnd), keyStart, keyEnd, prefix, value: bare, closed: true, separator: '(', symbol, opener: before };
  } else if (sepStart > at) {
    valueAt = sepStart;
    separator = ' ';
    // a table's row, `key<TAB>value` from the start of a line (Lua's `print(k, v)`, `cut`, `column`), reads to the line's end
    spaced = !(text[at] === '\t' && quote === undefined && !symbol && (keyStart === 0 || text[keyStart - 1] === '\n'));
    // a report's upper-case label, then a column of blanks (`CUST-NAME    MIRELA OSTERKAMP    BERGEN`: COBOL's DISPLAY): up to the next column
    if (spaced && quote === undefined && !symbol && sepStart - at >= 2 && !/\p{Ll}/u.test(text.slice(keyStart, keyEnd))) {
      const bare = bareValue(text, sepStart);
      const column = bare && text.slice(bare.start, bare.end).search(/ {2}/);
      if (bare === undefined || /\p{Ll}/u.test(text.slice(bare.start, bare.end))) return undefined;
      const value = column !== undefined && column > 0 ? { start: bare.start, end: bare.start + column } : bare;
      return { key: text.slice(keyStart, keyEnd), keyStart, keyEnd, prefix, value, closed: false, separator: ' ', symbol, opener: before };
    }
  } else return undefined;
  const valueBefore = valueAt;
  const unwrapped = skipWrappers(text, valueAt);
  const closed = closedValue(text, unwrapped);
  if (closed !== undefined) return { key: text.slice(keyStart, keyEnd), keyStart, keyEnd, prefix, value: closed, closed: true, separator, symbol, opener: before };
  // `k v` in a space-separated list: only a quoted or braced value, or one a printer wrapped (`#<string …>`)
  if (spaced && unwrapped === valueAt) return undefined;
  valueAt = unwrapped;
  const bare = bareValue(text, valueAt);
  // after a wrapper (`#<string …>`), the wrapper's close ends the value
  const wrapped = bare !== undefined && unwrapped !== valueBefore && (text[bare.end] === '>' || text[bare.end] === ')');
  return bare && { key: text.slice(keyStart, keyEnd), keyStart, keyEnd, prefix, value: bare, closed: wrapped, separator, symbol, opener: before };
}

/**
 * A positional constructor's first element (`Person("Ann Lee", …)`, `Customer{Ann Lee, …}`,
 * `Employee[Ann Lee]`): the type is the capitalised key token right before the bracket.
 */
export function firstElementAt(text: string, token: readonly [number, number]): PrintedPair | undefined {
  const [keyStart, keyEnd] = token;
  const open = text[keyEnd];
  if (open !== '(' && open !== '{' && open !== '[') return undefined;
  const at = skipWrappers(text, skipBlanks(text, keyEnd + 1, 4));
  const closed = closedValue(text, at);
  const value = closed ?? bareValue(text, at);
  return value && { key: text.slice(keyStart, keyEnd), keyStart, keyEnd, prefix: undefined, value, closed: closed !== undefined, separator: open, symbol: false, opener: '' };
}

/**
 * The quoted elements after the first of a positional constructor (`customer(42, 'Ann Lee', …)`,
 * `owner(pkg, "Ann Lee")`), up to its fourth: only quoted ones, whose ends are certain.
 */
export function* laterQuotedElements(text: string, first: PrintedPair): Iterable<PrintedPair> {
  let at = first.closed ? first.value.end + 1 : first.value.end;
  for (let element = 1; element < 4; element++) {
    if (text[at] !== ',') return;
    const start = skipBlanks(text, at + 1, 4);
    const value = closedValue(text, start);
    if (value === undefined) {
      const bare = bareValue(text, start);
      if (bare === undefined) return;
      at = bare.end;
      continue;
    }
    yield { ...first, value, closed: true };
    at = value.end + 1;
  }
}

/** Words of a key: `customer_full_name`, `ownerName`, `FULL-NAME`, `owner.name` → lower-case words. */
export function keyWords(key: string): string[] {
  return key
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
