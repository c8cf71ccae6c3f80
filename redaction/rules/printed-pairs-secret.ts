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
import { keyToken, pairAt } from './printed-pairs.js';

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

function* printedSecrets(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  if (keywordStarts === undefined) return;
  let tokenEnd = -1;
  for (const at of keywordStarts) {
    if (at < tokenEnd) continue;
    const token = keyToken(text, at);
    tokenEnd = Math.max(token[1], at + 1);
    // the name decides first (remembered by the assignment family): most `token`s are counts and words
    if (classifyName(text.slice(token[0], token[1])) === null) continue;
    const pair = pairAt(text, token);
    if (pair === undefined) continue;
    const value = text.slice(pair.value.start, pair.value.end);
    // an unquoted value's end is a guess (code, a path, a marker run on past it): only a generated
    // password's shape, after the arrows the assignment family does not read
    if (!pair.closed && !(BARE_ARROWS.has(pair.separator) && BARE_SECRET.test(value) && passwordShaped(value))) continue;
    // `password "x"` in a log line is prose (vsftpd's `anon password "lftp@"`): blanks separate a secret only after a symbol or in a list (`:password "x"`, `(password "x")`)
    if (pair.separator === ' ' && !pair.symbol && pair.opener !== '(') continue;
    // one lower-case word is a setting's choice (`update_password: "always"`) far more often than a password
    if (value.length >= 4 && !/^[a-z_]+$/.test(value) && sensitiveValue(pair.key, value)) yield pair.value;
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
 * Every other printed form, wrapped values first. Not registered: measured at the end of session 15 it
 * cost 3.8 % of the engine's rule time with `standard` on the real fixtures (the brief's ceiling is 1 %),
 * and with both secret rules registered one more negative of blind v3 changed (which rule is not known:
 * blind corpora are scored twice only). Its forms and refusals stay tested
 * (test/redaction-printed-pairs.test.ts) for whoever gives it a cheaper gate.
 */
export const PRINTED_PAIR_SECRET_VALUE_RULE: Rule = {
    id: 'printed-pair-secret-value',
    type: 'secret',
    label: 'secret',
    description:
      "a secret under a secret's name in any printed pair form (printed-pairs.md), where a printer wrapped the value (`Some(\"…\")`, `String(\"…\")`, `#<string …>`, `<<\"…\">>`) or the pair is written `k -> v`, `(k {…})`, `:k := v`; judged as an assignment's value",
    keywords: ['pass', 'pwd', 'secret', 'token', 'credential', 'apikey', 'api_key', 'api-key', 'access_key', 'accesskey', 'private_key', 'privatekey'],
    keywordStarts: true,
    detector: printedSecrets,
    examples: {
      match: ['Config { db_password: Some("Tr0ub4dor-x9Qk") }', '#{api_token => <<"9f8a7c6b5d4e3f2a1b0cQ">>}', '(password #<string Tr0ub4dor-x9Qk>)', "password -> 'Tr0ub4dor-x9Qk'"],
      noMatch: ['"update_password": "always"', 'password: Some("changeme")', 'api_token -> Some(env("API_TOKEN"))', 'password_hash: String("9f8a7c6b5d4e3f2a1b0c")', 'token_count -> 1200', 'password: None'],
    },
  };

