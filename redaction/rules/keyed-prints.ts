/**
 * Secrets under their names in the prints of languages whose pairs no assignment rule reads:
 * Scheme and Lisp pairs (`(password . "x")` as Guile's `write` prints an alist or
 * `hash-map->list`, `(password "x")`, `(#:password . "x")`), Clojure maps with string keys
 * (`{"password" "x", …}`), and Tcl array elements as `parray` prints them (`cfg(db_password) = x`).
 */
import type { Rule, Span } from '../types.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakBefore } from '../line-bounds.js';

/** The words a secret's name holds, where the detector starts looking. */
const NAME_KEYWORDS = ['pass', 'pwd', 'secret', 'token', 'key', 'cred', 'auth'];
/** How far a name may reach before its keyword. */
const NAME_REACH = 60;

/** What precedes a name: `(`, `("`, `(#:`, `(:`, `('`; or for a Clojure string key `{"`, `, "` or a pprint line's indentation. */
const LISP_OPEN = /\((?:"|#:|:|')?$/;
const PAIR_AMONG_PAIRS = /(?:\(|\)[ \t\r\n]+)\((?:"|#:|:|')?$/;
const MAP_OPEN = /(?:\{|,[ \t]|^[ \t]+|\n[ \t]+)"$/;
/** After a Lisp name: ` . "x")`, ` . x)` (display), ` "x")`. */
const LISP_VALUE = /"?[ \t]+(?:\.[ \t]+(?:"((?:[^"\\\n]|\\.){1,2000})"|([^\s()"]{1,2000}))|"((?:[^"\\\n]|\\.){1,2000})")\)/y;
/** After a Clojure string key: ` "x"` then `,`, `}` or the line's end. */
const MAP_VALUE = /"[ \t]+"((?:[^"\\\n]|\\.){1,2000})"(?=[,}\r\n]|$)/y;
/** After a Tcl array element's name: `) = value` to the line's end (parray aligns the `=`). */
const ARRAY_VALUE = /\)[ \t]*=[ \t]([^\r\n]{1,2000})/y;
const ARRAY_OPEN = /(?:^|\n)[ \t]*[\w:]{1,60}\($/;

/** A letter, digit, `_`, `.`, `/` or `-`: what a name holds (by code, the detectors run at every keyword). */
function isNameChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 45 && code <= 57) || code === 95;
}

function nameStart(text: string, at: number): number {
  let start = at;
  while (start > 0 && at - start < NAME_REACH && isNameChar(text.charCodeAt(start - 1))) start--;
  return start;
}

function nameEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && end - at < NAME_REACH && isNameChar(text.charCodeAt(end))) end++;
  return end;
}

function valueSpan(pattern: RegExp, text: string, from: number, name: string): Span | null {
  pattern.lastIndex = from;
  const found = pattern.exec(text);
  if (!found) return null;
  const value = found[1] ?? found[2] ?? found[3]!;
  const trimmed = value.trimEnd();
  if (!sensitiveValue(name, trimmed)) return null;
  const valueEnd = found.index + found[0].lastIndexOf(value) + trimmed.length;
  return { start: valueEnd - trimmed.length, end: valueEnd };
}

function keyedPrintSecrets(text: string, keywordStarts?: readonly number[]): Span[] {
  const spans: Span[] = [];
  let after = 0;
  for (const at of keywordStarts ?? []) {
    if (at < after) continue;
    const start = nameStart(text, at);
    const end = nameEnd(text, at);
    // cheap refusals first: most keywords stand in prose, code and JSON, not in these prints
    // by code, bounds checked first: an index off the text's ends made V8 drop this optimised function
    const opener = start > 0 ? text.charCodeAt(start - 1) : -1;
    const element = opener === 40 && end < text.length && text.charCodeAt(end) === 41; // `(name)`
    if (!element && opener !== 40 && opener !== 34 && opener !== 58) continue; // `(`, `"`, `:`
    const name = text.slice(start, end).replace(/^[#:]+/, '');
    if (classifyName(name) === null) continue;
    const before = text.slice(Math.max(0, start - 40), start);
    let span: Span | null = null;
    if (element) {
      if (ARRAY_OPEN.test(before)) span = valueSpan(ARRAY_VALUE, text, end, name);
    } else if (LISP_OPEN.test(before)) {
      span = valueSpan(LISP_VALUE, text, end, name);
      // `(name "x")` undotted is a pair only among pairs (`((a "x") (b "y"))`): alone it is a call, `(read-passwd "Password: ")`
      if (span && text[span.start - 1] === '"' && !/\.[ \t]+"$/.test(text.slice(span.start - 8, span.start)) && !PAIR_AMONG_PAIRS.test(before)) span = null;
    } else if (MAP_OPEN.test(before)) {
      span = valueSpan(MAP_VALUE, text, end, name);
    }
    if (!span) continue;
    after = span.end;
    spans.push(span);
  }
  return spans;
}

/** A Tcl list's word: a braced group (one level of nesting inside), a quoted string or a bare word. */
const TCL_WORD = /[ \t]*(?:\{((?:[^{}\n]|\{[^{}\n]*\})*)\}|"((?:[^"\\\n]|\\.)*)"|([^\s{}[\]"]+))(?=[ \t\]}]|\r?\n|$)/y;
/** How far back a Tcl list may start: `puts` of a dict of a few dozen keys. */
const TCL_LIST_REACH = 1500;
/** A dict's key as programs name them: lower case (prose's capitalised words are not keys). */
const TCL_KEY = /^[a-z_][a-z0-9_.:-]{0,60}$/;
/** A value taken from a dict holds letters and digits: a word after `token` in a sentence does not. */
const tclSecretShaped = (word: string): boolean => /\d/.test(word) && /[A-Za-z]/.test(word);

/** Where the Tcl list holding `at` starts: the line's start, an unclosed `{` or `[dict create `. */
function tclListStart(text: string, at: number): number {
  const lineStart = lineBreakBefore(text, at) + 1;
  let depth = 0;
  for (let i = at - 1; i >= lineStart && at - i < TCL_LIST_REACH; i--) {
    const c = text[i];
    if (c === '}') depth++;
    else if (c === '{') {
      if (depth === 0) return i + 1;
      depth--;
    } else if (c === '[' && depth === 0) return text.startsWith('[dict create ', i) ? i + 13 : -1;
  }
  return at - lineStart < TCL_LIST_REACH ? lineStart : -1;
}

/** How far a text was read for listStartOf: the last line start and the last `{` or `[` (-1: none) before `readTo`. */
interface ListReading {
  readTo: number;
  lineStart: number;
  lastOpen: number;
}

/**
 * tclListStart(text, at), the text read forwards once for ascending `at` (a long line with no
 * bracket near its keywords is not walked back over for each: `password=1 pass …`). Native
 * searches of the part not read yet, not a loop per character: such a loop was compiled on the
 * stack at its first long line, and the code after it, not reached yet, then sent each worker
 * isolate back to compile it again. Every store runs on every call, for the same reason.
 */
function listStartOf(text: string, at: number, read: ListReading): number {
  if (at < read.readTo) return tclListStart(text, at);
  const from = read.readTo;
  const unread = text.slice(from, at);
  const newline = unread.lastIndexOf('\n');
  const open = Math.max(unread.lastIndexOf('{'), unread.lastIndexOf('['));
  // what was read before `from` lies before anything found in `unread`
  read.lineStart = Math.max(read.lineStart, newline >= 0 ? from + newline + 1 : 0);
  read.lastOpen = Math.max(read.lastOpen, open >= 0 ? from + open : -1);
  read.readTo = at;
  if (read.lastOpen >= Math.max(read.lineStart, at - TCL_LIST_REACH + 1)) return tclListStart(text, at);
  return at - read.lineStart < TCL_LIST_REACH ? read.lineStart : -1;
}

/**
 * Secrets in Tcl dicts as `puts` prints them (`user svc password x token y`): a list of an even
 * number of words whose keys are names; a value under a secret's name is taken.
 */
function tclDictSecrets(text: string, keywordStarts?: readonly number[]): Span[] {
  const spans: Span[] = [];
  const done = new Set<number>();
  const read: ListReading = { readTo: 0, lineStart: 0, lastOpen: -1 };
  for (const at of keywordStarts ?? []) {
    // a key is a whole word under a secret's name, a word after it
    const nameAt = nameStart(text, at);
    const nameStop = nameEnd(text, at);
    const before = nameAt > 0 ? text.charCodeAt(nameAt - 1) : -1;
    const after = nameStop < text.length ? text.charCodeAt(nameStop) : -1;
    // after: a space or a tab; before: the text's start, a space, a tab, `{` or a line break
    if ((after !== 32 && after !== 9) || (before !== -1 && before !== 32 && before !== 9 && before !== 123 && before !== 10)) continue;
    if (classifyName(text.slice(nameAt, nameStop)) === null) continue;
    // most such keywords are prose (`the token is`): read the list only when the word after the name looks like a secret
    TCL_WORD.lastIndex = nameStop;
    const next = TCL_WORD.exec(text);
    if (!next || !tclSecretShaped(next[1] ?? next[2] ?? next[3]!)) continue;
    const start = listStartOf(text, nameAt, read);
    if (start < 0 || done.has(start)) continue;
    done.add(start);
    const words: Array<{ word: string; at: number; braced: boolean }> = [];
    TCL_WORD.lastIndex = start;
    for (let found = TCL_WORD.exec(text); found; found = TCL_WORD.exec(text)) {
      const word = found[1] ?? found[2] ?? found[3]!;
      words.push({ word, at: found.index + found[0].length - word.length - (found[3] === undefined ? 1 : 0), braced: found[1] !== undefined });
      if (words.length > 400) break;
    }
    if (words.length < 4 || words.length % 2 !== 0) continue;
    if (!words.every((item, index) => index % 2 === 1 || TCL_KEY.test(item.word))) continue;
    // a sentence can be an even list of lower-case words too: a dict has a braced value, a number or a snake_case word
    if (!words.some((item) => item.braced || item.word.includes('_') || /^\d+$/.test(item.word))) continue;
    for (let i = 0; i < words.length; i += 2) {
      const value = words[i + 1]!;
      if (tclSecretShaped(value.word) && sensitiveValue(words[i]!.word, value.word)) spans.push({ start: value.at, end: value.at + value.word.length });
    }
  }
  return spans;
}

function byStart(a: Span, b: Span): number {
  return a.start - b.start;
}

export const KEYED_PRINT_RULES: readonly Rule[] = [
  placedSecret(
    'keyed-print-secret',
    'a value under a secret\'s name in a Scheme or Lisp pair (`(password . "x")`, `(api_key "x")`, Guile alists and hash-map->list), a Clojure map with string keys (`{"password" "x"}`), a Tcl array element as `parray` prints it (`cfg(db_password) = x`) or a Tcl dict as `puts` prints it (an even list of words whose keys are names: `user svc password x api_key y`); one rule, so its keywords are dispatched once',
    { keywords: NAME_KEYWORDS, keywordStarts: true, label: 'secret' },
    (text, keywordStarts) => keyedPrintSecrets(text, keywordStarts).concat(tclDictSecrets(text, keywordStarts)).sort(byStart),
    {
      match: [
        '((host . "db01.example.test") (user . "billing_app") (password . "Wq7-cobalt-Zm4x"))',
        '(("api_key" . "ak_Lz5meadowTq2nQ8vX") (user . "billing_app"))',
        '((secret-key . Rv2-sorrel-Kq9m) (host . db01.example.test))',
        '(("api_key" "ak_Lz5meadowTq2nQ8vX") (token "tk_Mb8rTz4quill9Xc"))',
        '((#:password . "Kx7-harbor-Vq2m"))',
        '{"password" "Jx2-saffron-Np6d", "client_secret" "Tq9-harbor-Lw3x"}',
        'cfg(db_password) = Wq7-cobalt-Zm4x\ncfg(db_user)     = billing_app',
        'cfg(api_key)     = ak_Lz5meadowTq2nQ8vX',
        '::app::conf(secret_key) = Rv2-sorrel-Kq9m',
        'user billing_app api_key ak_Lz5meadowTq2nQ8vX secret_key Rv2-sorrel-Kq9m client_secret Tq9-harbor-Lw3x',
        'db {host db01 password Kx7-harbor-Vq2m} api {key ak_Qw8Zn3Lp6Vr2Xc9 ttl 30}',
        'host db01.example.test passphrase {Jx2 saffron-Np6d} port 5432',
      ],
      noMatch: [
        '((user . "billing_app") (password . "changeme"))',
        '((password . "") (token . "<token>"))',
        '(password-hash . "bcrypt")',
        '(read-passwd "Password: ")',
        '{"password" "${DB_PASSWORD}"}',
        '(token-ttl . 3600)',
        'cfg(db_password) = changeme',
        'cfg(password_min_length) = 12',
        'cfg(token)       = {}',
        'if (password) = x',
        'user deploy password changeme token <token> api_key {${API_KEY}} secret {} passphrase xxxxxxxx',
        'the secret_key rotation is due next week',
        'set token tk_Mb8rTz4quill9Xc',
        'user svc token_ttl 3600 key_id 42 host db01',
        '    Of café in “quoted” from 🚀 token handler.',
        'fix the bug in token refresh2 for users',
      ],
    },
  ),
];
