/**
 * Secrets under their names in the prints of languages whose pairs no assignment rule reads:
 * Scheme and Lisp pairs (`(password . "x")` as Guile's `write` prints an alist or
 * `hash-map->list`, `(password "x")`, `(#:password . "x")`), Clojure maps with string keys
 * (`{"password" "x", …}`), and Tcl array elements as `parray` prints them (`cfg(db_password) = x`).
 */
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';

/** The words a secret's name holds, where the detector starts looking. */
const NAME_KEYWORDS = ['pass', 'pwd', 'secret', 'token', 'key', 'cred', 'auth'];
const NAME_CHAR = /[\w.\/-]/;
/** How far a name may reach before its keyword. */
const NAME_REACH = 60;

/** What precedes a name: `(`, `("`, `(#:`, `(:`, `('`; or for a Clojure string key `{"`, `, "` or a pprint line's indentation. */
const LISP_OPEN = /\((?:"|#:|:|')?$/;
const MAP_OPEN = /(?:\{|,[ \t]|^[ \t]+|\n[ \t]+)"$/;
/** After a Lisp name: ` . "x")`, ` . x)` (display), ` "x")`. */
const LISP_VALUE = /"?[ \t]+(?:\.[ \t]+(?:"((?:[^"\\\n]|\\.){1,2000})"|([^\s()"]{1,2000}))|"((?:[^"\\\n]|\\.){1,2000})")\)/y;
/** After a Clojure string key: ` "x"` then `,`, `}` or the line's end. */
const MAP_VALUE = /"[ \t]+"((?:[^"\\\n]|\\.){1,2000})"(?=[,}\r\n]|$)/y;
/** After a Tcl array element's name: `) = value` to the line's end (parray aligns the `=`). */
const ARRAY_VALUE = /\)[ \t]*=[ \t]([^\r\n]{1,2000})/y;
const ARRAY_OPEN = /(?:^|\n)[ \t]*[\w:]{1,60}\($/;

function nameStart(text: string, at: number): number {
  let start = at;
  while (start > 0 && at - start < NAME_REACH && NAME_CHAR.test(text[start - 1]!)) start--;
  return start;
}

function nameEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && end - at < NAME_REACH && NAME_CHAR.test(text[end]!)) end++;
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

function* keyedPrintSecrets(text: string, keywordStarts?: readonly number[], kinds: 'pairs' | 'arrays' = 'pairs'): Iterable<Span> {
  let after = 0;
  for (const at of keywordStarts ?? []) {
    if (at < after) continue;
    const start = nameStart(text, at);
    const end = nameEnd(text, at);
    const name = text.slice(start, end).replace(/^[#:]+/, '');
    const before = text.slice(Math.max(0, start - 40), start);
    let span: Span | null = null;
    if (kinds === 'arrays') {
      if (ARRAY_OPEN.test(before)) span = valueSpan(ARRAY_VALUE, text, end, name);
    } else if (LISP_OPEN.test(before)) {
      span = valueSpan(LISP_VALUE, text, end, name);
    } else if (MAP_OPEN.test(before)) {
      span = valueSpan(MAP_VALUE, text, end, name);
    }
    if (!span) continue;
    after = span.end;
    yield span;
  }
}

export const KEYED_PRINT_RULES: readonly Rule[] = [
  placedSecret(
    'lisp-pair-secret',
    'a value under a secret\'s name in a Scheme or Lisp pair (`(password . "x")`, `(api_key "x")`, Guile alists and hash-map->list) or a Clojure map with string keys (`{"password" "x"}`)',
    { keywords: NAME_KEYWORDS, keywordStarts: true, label: 'secret' },
    (text, keywordStarts) => keyedPrintSecrets(text, keywordStarts, 'pairs'),
    {
      match: [
        '((host . "db01.example.test") (user . "billing_app") (password . "Wq7-cobalt-Zm4x"))',
        '(("api_key" . "ak_Lz5meadowTq2nQ8vX") (user . "billing_app"))',
        '((secret-key . Rv2-sorrel-Kq9m) (host . db01.example.test))',
        '(("api_key" "ak_Lz5meadowTq2nQ8vX") (token "tk_Mb8rTz4quill9Xc"))',
        '((#:password . "Kx7-harbor-Vq2m"))',
        '{"password" "Jx2-saffron-Np6d", "client_secret" "Tq9-harbor-Lw3x"}',
      ],
      noMatch: [
        '((user . "billing_app") (password . "changeme"))',
        '((password . "") (token . "<token>"))',
        '(password-hash . "bcrypt")',
        '(read-passwd "Password: ")',
        '{"password" "${DB_PASSWORD}"}',
        '(token-ttl . 3600)',
      ],
    },
  ),
  placedSecret(
    'tcl-array-secret',
    'a Tcl array element under a secret\'s name as `parray` prints it (`cfg(db_password) = x`)',
    { keywords: NAME_KEYWORDS, keywordStarts: true, label: 'secret' },
    (text, keywordStarts) => keyedPrintSecrets(text, keywordStarts, 'arrays'),
    {
      match: [
        'cfg(db_password) = Wq7-cobalt-Zm4x\ncfg(db_user)     = billing_app',
        'cfg(api_key)     = ak_Lz5meadowTq2nQ8vX',
        '::app::conf(secret_key) = Rv2-sorrel-Kq9m',
      ],
      noMatch: [
        'cfg(db_password) = changeme',
        'cfg(password_min_length) = 12',
        'cfg(token)       = {}',
        'if (password) = x',
      ],
    },
  ),
];
