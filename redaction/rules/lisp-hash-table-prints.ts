/**
 * An Emacs Lisp hash table as `prin1`, `%S` and the REPL print it:
 * `#s(hash-table size 65 test equal … data ("user" "deploy" "password" "x" api-token "y"))`. Its
 * `data` list alternates keys and values, so a key that names a secret (a string, a symbol or a
 * keyword) labels the value after it; a list or a pair as the value (`("deploy" . "x")`,
 * `("tk_…" "tk_…")`) has its strings judged under the key.
 */
import type { Rule, Span } from '../types.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';
import { indexUpTo } from '../line-bounds.js';

const DATA_OPEN = / data \(/y;
/** One element: a string, a nested list (one level of nesting read), or an atom. */
const ELEMENT = /[ \t\r\n]*(?:"((?:[^"\\]|\\[\s\S]){0,2000})"|(\((?:[^()"]|"(?:[^"\\]|\\[\s\S]){0,2000}"|\([^()]{0,2000}\)){0,64}\))|([^\s()"]{1,200}))/y;
const STRING = /"((?:[^"\\]|\\[\s\S]){1,2000})"/g;
/** How far the header (`size 65 test equal rehash-size 1.5 rehash-threshold 0.8125`) may reach before `data (`. */
const HEADER_REACH = 200;

/** A value drawn by a generator: ten characters or more, letters and digits, not hex alone. */
function drawn(value: string): boolean {
  return value.length >= 10 && /[A-Za-z]/.test(value) && /\d/.test(value) && !/^[0-9a-f_-]+$|^[0-9A-F_-]+$/.test(value);
}

function secretName(key: string): string | null {
  const name = key.replace(/^:/, '');
  if (classifyName(name) !== null) return name;
  const singular = name.replace(/s$/, '');
  return singular !== name && classifyName(singular) !== null ? singular : null;
}

function* hashTableSecrets(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    const data = indexUpTo(text, ' data (', at, at + HEADER_REACH);
    if (data < 0) continue;
    DATA_OPEN.lastIndex = data;
    if (!DATA_OPEN.exec(text)) continue;
    let position = DATA_OPEN.lastIndex;
    let key: string | null = null;
    for (let elements = 0; elements < 256; elements++) {
      ELEMENT.lastIndex = position;
      const element = ELEMENT.exec(text);
      if (!element) break;
      const elementStart = ELEMENT.lastIndex - element[0].trimStart().length;
      position = ELEMENT.lastIndex;
      if (key === null) {
        key = element[1] ?? element[3] ?? '';
        continue;
      }
      const name = secretName(key);
      key = null;
      if (name === null) continue;
      if (element[1] !== undefined) {
        if (drawn(element[1]) && sensitiveValue(name, element[1])) yield { start: elementStart + 1, end: elementStart + 1 + element[1].length };
      } else if (element[2] !== undefined) {
        for (const inner of element[2].matchAll(STRING)) {
          const start = elementStart + inner.index + 1;
          if (drawn(inner[1]!) && sensitiveValue(name, inner[1]!)) yield { start, end: start + inner[1]!.length };
        }
      }
    }
  }
}

export const LISP_HASH_TABLE_PRINT_RULES: readonly Rule[] = [
  placedSecret(
    'lisp-hash-table-print',
    'the values under keys that name a secret in an Emacs Lisp hash table as printed (`#s(hash-table … data ("password" "x"))`)',
    { keywords: ['#s(hash-table'], keywordStarts: true, label: 'secret', shield: 'identifiers' },
    hashTableSecrets,
    {
      match: [
        '#s(hash-table size 65 test equal rehash-size 1.5 rehash-threshold 0.8125 data ("user" "deploy" "password" "Fy2-aspen-Qk9w" "api-token" "tk_Bn7Qx2Lm9Vr4Zp"))',
        '#s(hash-table size 65 test eql rehash-size 1.5 rehash-threshold 0.8125 data (secret-key "ak_Hd3Wq7Zr2Lp8Nv" port 5432))',
        '#s(hash-table test equal data ("tokens" ("tk_Vc6Rm2Xq9Lz4Wp" "tk_Qz7mWp3vRt9xLk2N")))',
        '#s(hash-table size 1 test equal data ("credentials" ("deploy" . "Hv5-juniper-Wq2k")))',
      ],
      noMatch: [
        '#s(hash-table size 65 test equal data ("user" "deploy" "host" "db01.example.test"))',
        '#s(hash-table test equal data ("password" "${sec.data.db_password}" "token" "********"))',
        '#s(hash-table test equal data ("password-hash" "$6$rounds=5000$Wq3xLm9Z$Qh7Ry5Tn1Bm4xU8Vd3Kp0Zq2Lx8Wv6Rt4Ym9Nb3C"))',
      ],
    },
  ),
];
