/**
 * A secret under a secret's key in any printed pair (printed-pairs.md): the forms the assignment
 * family does not read (a value a printer wrapped: `Some("…")`, `String("…")`, `Just "…"`,
 * `#<string …>`, `<<"…">>`; `k -> v`, `«…»`, `(k {…})`, Lisp symbols before `=`/`:=`), and R's print
 * of a list (`$password` then `[1] "…"` on the next line). The key is classified and the value
 * judged as every assignment's is (`sensitiveValue`: code, references, placeholders, masks and
 * hashes are left alone).
 */
import type { Rule, Span } from '../types.js';
import { passwordShaped } from '../validators.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { isKeyChar, keyToken, MAX_KEY, pairAt, wrappedDot } from './printed-pairs.js';
import { lineBreakAfter } from '../line-bounds.js';

function* rListSecrets(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  if (keywordStarts === undefined) return;
  for (const at of keywordStarts) {
    // the line before: `$key` (or `$outer$key`, `[[1]]$key`) and nothing after it
    let lineEnd = at - 1;
    while (lineEnd > 0 && text[lineEnd] === ' ') lineEnd--;
    if (text[lineEnd] !== '\n') continue;
    if (text[lineEnd - 1] === '\r') lineEnd--;
    const token = keyToken(text, lineEnd - 1);
    if (token[1] !== lineEnd || text[token[0] - 1] !== '$') continue;
    const pair = pairAt(text, token);
    if (pair === undefined || !pair.closed) continue;
    if (sensitiveValue(pair.key, text.slice(pair.value.start, pair.value.end))) yield pair.value;
  }
}

const BARE_ARROWS = new Set(['->', '<-', ':=']);
const BARE_SECRET = /^[A-Za-z0-9!#%&*+\-.^_~@=]{8,}$/;

/** ASCII codes marked 1 in a table, read with one look. */
function asciiTable(chars: string, ranges: ReadonlyArray<[number, number]> = []): Uint8Array {
  const table = new Uint8Array(128);
  for (const char of chars) table[char.charCodeAt(0)] = 1;
  for (const [from, to] of ranges) table.fill(1, from, to + 1);
  return table;
}
/** printed-pairs' key characters (isKeyChar) in ASCII: letters, digits, `_`, `-`, `.`. */
const ASCII_KEY = asciiTable('_-.', [[48, 57], [65, 90], [97, 122]]);
/** What may follow a key's last character in a pair: its closing quote (or an escaped one's backslash), `]`, leader dots, blanks, a separator. */
const AFTER_KEY = asciiTable('"\'`\\]. \t-<=:,');
/** What may follow the blanks after a key: a separator, or a value a list's blank separates (a quote, braces, `#<`, `<<`, `@"`, an upper-case wrapper's name; `«“‘` beyond ASCII). */
const AFTER_BLANKS = asciiTable('-<=:,."\'`\\{#@', [[65, 90]]);
const QUOTE = new Set(['"', "'", '`']);
/** What a value separated from its key by blanks starts with (a quote, braces, a wrapper's `#<`, `<<`, `@"`, or an upper-case wrapper's name). */
const SPACED_VALUE_OPENERS = new Set(['"', "'", '`', '\\', '{', '«', '“', '‘', '#', '<', '@']);
/** Wrappers a printer puts around a value that the assignment family does not unwrap (it reads `Some(`, `String::from(`, `b"`, `u'`, `r"`). */
const UNREAD_WRAPPER = /(?:String|Text|Str|Ok|Name|Box|Rc|Arc|Cow|Borrowed|Owned|Value|Optional)\(|Optional\[|Just /y;

/** A value form after `=`, `:`, `=>`, `:=` that only this rule reads: `{…}`, `#<string …>`, `<<"…">>`, `#"…"`, `@"…"`, `Just "…"`, `String("…")`, R's `chr "…"`. */
function unreadValueAt(text: string, at: number): boolean {
  const char = text[at];
  const next = text[at + 1];
  if (char === '{') return true;
  if (char === '#') return next === '<' || next === '"';
  if (char === '<') return next === '<';
  if (char === '@') return next === '"';
  // R's str(): ` $ password: chr "…"` (a data frame's column: `chr  "…" "…"`)
  if (char === 'c' && next === 'h' && text[at + 2] === 'r' && text[at + 3] === ' ') return QUOTE.has(text[blanksFrom(text, at + 3)] ?? '');
  const code = text.charCodeAt(at);
  if (code < 65 || code > 90) return false;
  UNREAD_WRAPPER.lastIndex = at;
  return UNREAD_WRAPPER.test(text);
}

function blanksFrom(text: string, at: number): number {
  const stop = Math.min(text.length, at + 40);
  while (at < stop && (text[at] === ' ' || text[at] === '\t')) at++;
  return at;
}

/**
 * The keyword at `start` stands in a key whose pair has a form the assignment family does not read
 * (printed-pairs.md): `k -> v`, `k <- «v»`, `(k v)`, `(k . v)`, `:k "v"`, `{:k, "v"}`, Prolog's
 * `k-'v'`, or `k = ` / `k: ` / `k => ` before a wrapped value. Read by character codes from the
 * key's ends, with nothing made: it is tried at every keyword of every string (the rule's keyword
 * gate) and is the detector's first test at each, so the gate is exact.
 */
export function unreadPairForm(text: string, start: number): boolean {
  let keyEnd = start;
  let code = text.charCodeAt(keyEnd);
  while (code < 128 ? ASCII_KEY[code] === 1 : isKeyChar(code)) {
    if (++keyEnd - start > MAX_KEY) return false;
    code = text.charCodeAt(keyEnd);
  }
  while (keyEnd > start && (text.charCodeAt(keyEnd - 1) === 46 || text.charCodeAt(keyEnd - 1) === 45)) keyEnd--;
  // most keywords stand in words, counts and code (`tokens)`, `token_count`, `password.length`): a pair's key is followed
  // by its closing quote or bracket, leader dots, blanks or a separator, which one look tells apart
  code = text.charCodeAt(keyEnd);
  if (code === 32 || code === 9) {
    // blanks then a word: prose (`tokens are`, `password for`)
    let next = keyEnd + 1;
    while (next < keyEnd + 40 && (text.charCodeAt(next) === 32 || text.charCodeAt(next) === 9)) next++;
    code = text.charCodeAt(next);
    if (!(code < 128 ? AFTER_BLANKS[code] === 1 : code === 0xab || code === 0x201c || code === 0x2018)) return false;
  } else if (!(code < 128 && (AFTER_KEY[code] === 1 || code === 10 || code === 13))) return false;
  // the key's start, no further back than a key is long (a longer run is a blob or a path)
  let keyStart = start;
  while (keyStart > 0 && isKeyChar(text.charCodeAt(keyStart - 1))) if (start - --keyStart > MAX_KEY) return false;
  while (keyStart < keyEnd && (text[keyStart] === '.' || text[keyStart] === '-')) keyStart++;
  if (keyStart === keyEnd) return false;
  const before = text[keyStart - 1] ?? '';
  let at = keyEnd;
  let sigil = 0;
  let symbol = false;
  if (QUOTE.has(before)) {
    const escaped = text[keyStart - 2] === '\\';
    sigil = escaped ? 2 : 1;
    if (escaped && text[at] === '\\') at++;
    if (text[at] === before) at++;
    // `'password` without its closing quote: a Lisp symbol
    else if (before === "'") symbol = true;
    else return false;
  } else if (before === ':' && text[keyStart - 2] !== ':') {
    symbol = true;
    sigil = text[keyStart - 2] === '#' ? 2 : 1;
  }
  const opener = text[keyStart - sigil - 1] ?? '';
  if (opener === '[' && text[at] === ']') at++;
  if (text[at] === '.' && text[at + 1] === '.') while (text[at] === '.') at++;
  const sep = blanksFrom(text, at);
  const first = text[sep];
  const second = text[sep + 1];
  // a Lisp keyword ending its line, a quoted value on the next (a printer wrapping a long plist)
  if (first === '\n' || first === '\r') {
    // `("DB_PASSWORD"\n . "…")`: a dotted pair wrapped before its dot
    if (opener === '(' && sigil !== 0 && !symbol && wrappedDot(text, sep) !== -1) return true;
    return symbol && before === ':' && QUOTE.has(text[blanksFrom(text, sep + (second === '\n' ? 2 : 1))] ?? '');
  }
  if (first === '-' && second === '>') return true;
  // the assignment family reads R's `password <- "…"`
  if (first === '<' && second === '-') {
    const opens = text[blanksFrom(text, sep + 2)];
    return opens !== '"' && opens !== "'" && opens !== '\\';
  }
  // Prolog's pair `password-'…'`
  if (first === '-') return sep === at && (second === "'" || second === '"');
  if ((first === '=' || first === ':') && (second === '>' || second === '=')) return unreadValueAt(text, blanksFrom(text, sep + 2));
  if (first === '=') return second !== '~' && unreadValueAt(text, blanksFrom(text, sep + 1));
  if (first === ':') return second !== ':' && (sep === at || second === ' ' || second === '\t') && unreadValueAt(text, blanksFrom(text, sep + 1));
  // a tuple `{:password, "…"}`, `{password, #<string …>}`: the assignment family reads `{password, "…"}` and `"password", "…"`;
  // `f(token, "…")` is a call's arguments
  if (first === ',') {
    if (opener !== '{' && opener !== '(' && opener !== '[') return false;
    if (symbol) return true;
    const value = blanksFrom(text, sep + 1);
    const opens = text[value];
    return (opener !== '(' || sigil !== 0) && ((opens !== '"' && opens !== "'" && opens !== '\\' && opens !== undefined) || unreadValueAt(text, value));
  }
  // a Lisp dotted pair `(password . "…")`
  if (first === '.') return second === ' ' && sep > at && opener === '(';
  // `(password "…")`, `:password "…"`: blanks separate a key from its value only in a list or after a symbol
  if (sep === at || (!symbol && opener !== '(')) return false;
  const opens = text.charCodeAt(sep);
  return SPACED_VALUE_OPENERS.has(first ?? '') || (opens >= 65 && opens <= 90);
}

/** `{apiKey}`, `{this.token}`: an expression in braces (JSX, a format string, a template), not a value. */
const BRACED_EXPRESSION = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;
/** `#"^[A-Za-z0-9]{12,}$"`: Clojure's regular expression literal, a rule for a value. */
const PATTERN_SHAPED = /[\\^$]|\[[^\]]*\]|\.[*+?]|\{\d/;

function* printedSecrets(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  if (keywordStarts === undefined) return;
  let tokenEnd = -1;
  for (const at of keywordStarts) {
    if (at < tokenEnd) continue;
    const token = keyToken(text, at);
    tokenEnd = Math.max(token[1], at + 1);
    if (!unreadPairForm(text, at)) continue;
    // the name decides first (remembered by the assignment family): most `token`s are counts and words
    if (classifyName(text.slice(token[0], token[1])) === null) continue;
    const pair = pairAt(text, token);
    if (pair === undefined) continue;
    const value = text.slice(pair.value.start, pair.value.end);
    // an unquoted value's end is a guess (code, a path, a marker run on past it): only a generated
    // password's shape, after the arrows the assignment family does not read
    if (!pair.closed && !(BARE_ARROWS.has(pair.separator) && BARE_SECRET.test(value) && passwordShaped(value))) continue;
    // `password "x"` in a log line is prose (vsftpd's `anon password "lftp@"`): blanks separate a secret only after a symbol or in a list (`:password "x"`, `(password "x")`);
    // a word in quotes (`the 'token' 'x'`) is no symbol
    const quotedWord = text[pair.keyStart - 1] === "'" && text[pair.keyEnd] === "'";
    if (pair.separator === ' ' && (!pair.symbol || quotedWord) && pair.opener !== '(') continue;
    const opened = text[pair.value.start - 1];
    if (opened === '{' && BRACED_EXPRESSION.test(value) && pair.separator !== ' ') continue;
    if (opened === '"' && text[pair.value.start - 2] === '#' && PATTERN_SHAPED.test(value)) continue;
    // one lower-case word is a setting's choice (`update_password: "always"`) far more often than a password
    if (value.length >= 4 && !/^[a-z_]+$/.test(value) && sensitiveValue(pair.key, value)) yield pair.value;
    if (opened === '"' && /chr +$/.test(text.slice(pair.value.start - 12, pair.value.start - 1))) yield* laterVectorValues(pair.key, text, pair.value.end + 1);
  }
}

/** The values after the first of an R character vector in `str()` (a data frame's column: `chr  "…" "…" "…"`), each judged alone. */
function* laterVectorValues(key: string, text: string, at: number): Iterable<Span> {
  for (let count = 0; count < 50 && text[at] === ' '; count++) {
    const start = blanksFrom(text, at);
    if (text[start] !== '"') return;
    const end = text.indexOf('"', start + 1);
    const newline = lineBreakAfter(text, start);
    if (end === -1 || (newline !== -1 && newline < end)) return;
    const value = text.slice(start + 1, end);
    if (value.length >= 4 && !/^[a-z_]+$/.test(value) && sensitiveValue(key, value)) yield { start: start + 1, end };
    at = end + 1;
  }
}

export const PRINTED_PAIR_SECRET_RULES: readonly Rule[] = [
  {
    id: 'printed-pair-secret',
    type: 'secret',
    label: 'secret',
    description: "a secret under a secret's name in R's print of a list (`$password` then `[1] \"…\"` on the next line), judged as an assignment's value",
    keywords: ['[1] "'],
    keywordStarts: true,
    detector: rListSecrets,
    examples: {
      match: ['$user\n[1] "ann"\n\n$password\n[1] "sunflower42"\n', '$db$api_token\n[1] "9f8a7c6b5d4e3f2a1b0c"'],
      noMatch: ['$password\n[1] "changeme"', '$password\n[1] NA', '$password_hash\n[1] "9f8a7c6b5d4e3f2a1b0c"', '$name\n[1] "sunflower42"', '[1] "sunflower42"'],
    },
  },
];

/**
 * Every printed form the assignment family does not read (unreadPairForm). Session 15 left it
 * unregistered: run at every keyword it cost 3.8 % of `standard`'s rule time on the fixtures. Its
 * keyword gate is the same test the detector starts with, so it runs on a string only where such a
 * form stands, and never reads a pair the assignment family judges already.
 */
export const PRINTED_PAIR_SECRET_VALUE_RULE: Rule = {
  id: 'printed-pair-secret-value',
  type: 'secret',
  label: 'secret',
  description:
    "a secret under a secret's name in a printed pair form the assignment family does not read (printed-pairs.md): a value a printer wrapped (`String(\"…\")`, `Just \"…\"`, `#<string …>`, `<<\"…\">>`, `{…}`, R's `str()` `chr \"…\"`), `k -> v`, `(k \"v\")`, `(k . \"v\")`, `:k \"v\"` (also wrapped: the value on the next line), Prolog's `k-'v'`; judged as an assignment's value",
  keywords: ['pass', 'pwd', 'secret', 'token', 'credential', 'apikey', 'api_key', 'api-key', 'access_key', 'accesskey', 'private_key', 'privatekey'],
  keywordStarts: true,
  keywordGate: unreadPairForm,
  detector: printedSecrets,
  examples: {
    match: [
      'Config { db_password: String("Tr0ub4dor-x9Qk") }',
      '#{api_token => <<"9f8a7c6b5d4e3f2a1b0cQ">>}',
      '(password #<string Tr0ub4dor-x9Qk>)',
      "password -> 'Tr0ub4dor-x9Qk'",
      '(:password . "Tr0ub4dor-x9Qk")',
      "[user-'ann', password-'Tr0ub4dor-x9Qk']",
      '{:api_token, "9f8a7c6b5d4e3f2aQ"}',
      'cfg{password = Just "Tr0ub4dor-x9Qk"}',
      'List of 2\n $ host: chr "db.lan"\n $ conn:List of 1\n  ..$ api_key: chr "9f8a7c6b5d4e3f2aQ"',
      ' $ client_secret: chr  "Tr0ub4dor-x9Qk" "Wv3-plum-Qx81"',
      '#S(SETTINGS :HOST "db.lan" :API-TOKEN\n   "Wq5-pewter-Lm82x")',
      '\'(("APP_ENV" . "prod")\n  ("SMTP_PASSWORD"\n   . "Hv8-thimble-Rq42")\n  ("PORT" . "25"))',
    ],
    noMatch: [
      '"update_password": "always"',
      'password: String("changeme")',
      'api_token -> Some(env("API_TOKEN"))',
      'password_hash: String("9f8a7c6b5d4e3f2a1b0c")',
      'token_count -> 1200',
      'password: None',
      '<Field apiKey={apiKey} accessToken={session.accessToken} />',
      ':password #"^[A-Za-z0-9!@#]{12,}$"',
      "the 'token' 'Tr0ub4dor-x9Qk' in the docs",
      'password -> "********"',
      '(:password\n :host "db.lan")',
      '(defun check (token\n  "Return the session for TOKEN.")',
      ' $ password: chr "changeme"',
      ' $ token_type: chr "bearer"',
      '(password "<your password here>")',
    ],
  },
};
