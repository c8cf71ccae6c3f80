/**
 * Prolog's ISO errors name what the culprit was meant to be, and the culprit is the value itself:
 * GNU Prolog's `uncaught exception: error(domain_error(api_key,x),t/0)` and
 * `permission_error(use,password,x)`, and SWI-Prolog's messages for the same terms
 * (`Domain error: \`api_key' expected, found \`x'`, `token \`x' does not exist`,
 * `No permission to use password \`x'`). The type, domain or object named labels the value.
 */
import type { Rule, Span } from '../types.js';
import { VALIDATORS } from '../validators.js';
import { sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';

/** `domain_error(api_key,x)`, `permission_error(use,password,x)`: the term, from its name's `_error(`. */
const ISO_TERM = /(?:domain|type|existence|representation|evaluation)_error\([ \t]*([a-z]\w{0,60})[ \t]*,[ \t]*|permission_error\([ \t]*[a-z]\w{0,30}[ \t]*,[ \t]*([a-z]\w{0,60})[ \t]*,[ \t]*/y;
/** The culprit: quoted, or an atom up to the term's end. */
const CULPRIT = /'((?:[^'\\\n]|\\.|''){1,500})'(?=[ \t]*\))|"((?:[^"\\\n]|\\.){1,500})"(?=[ \t]*\))|([^\s,'"()]{1,500})(?=[ \t]*\))/y;

/** SWI's messages on one line: the name in backquotes (or bare before one), then the value in backquotes. */
const SWI_MESSAGE = /(?:(?:Domain|Type) error: `([a-z]\w{0,60})' expected, found `|No permission to [a-z]\w{0,30} ([a-z]\w{0,60}) `|(?<![\w`])([a-z]\w{0,60}) `(?=[^`\n]{1,500}' does not exist))(?:'((?:[^'\n]|''){1,500})'|"([^"\n]{1,500})"|([^'`\n]{1,500}))'/g;

function* prologErrorValues(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  let lastLine = -1;
  for (const at of keywordStarts ?? []) {
    if (text.startsWith('_error(', at) || text.startsWith('_ERROR(', at)) {
      yield* isoTerm(text, at);
      continue;
    }
    const lineStart = lineBreakBefore(text, at) + 1;
    if (lineStart === lastLine) continue;
    lastLine = lineStart;
    yield* swiMessages(text, lineStart);
  }
}

function* isoTerm(text: string, at: number): Iterable<Span> {
  let start = at;
  while (start > 0 && /[a-z]/.test(text[start - 1]!)) start -= 1;
  ISO_TERM.lastIndex = start;
  const term = ISO_TERM.exec(text);
  if (!term) return;
  CULPRIT.lastIndex = ISO_TERM.lastIndex;
  const culprit = CULPRIT.exec(text);
  if (!culprit) return;
  const quoted = culprit[1] ?? culprit[2];
  const value = quoted ?? culprit[3]!;
  const valueStart = CULPRIT.lastIndex - value.length - (quoted === undefined ? 0 : 1);
  if (judged(term[1] ?? term[2]!, value, quoted === undefined)) yield { start: valueStart, end: valueStart + value.length };
}

function* swiMessages(text: string, lineStart: number): Iterable<Span> {
  let lineEnd = lineBreakAfter(text, lineStart);
  if (lineEnd === -1) lineEnd = text.length;
  if (lineEnd - lineStart > 2000) return;
  const line = text.slice(lineStart, lineEnd);
  SWI_MESSAGE.lastIndex = 0;
  for (let message = SWI_MESSAGE.exec(line); message; message = SWI_MESSAGE.exec(line)) {
    const name = message[1] ?? message[2] ?? message[3]!;
    const value = message[4] ?? message[5] ?? message[6]!;
    const valueEnd = message.index + message[0].length - 1 - (message[6] === undefined ? 1 : 0);
    if (judged(name, value, message[6] !== undefined)) yield { start: lineStart + valueEnd - value.length, end: lineStart + valueEnd };
  }
}

function judged(name: string, value: string, bare: boolean): boolean {
  return sensitiveValue(name, value) && (!bare || VALIDATORS['generated-secret'](value));
}

export const PROLOG_ERROR_TERM_RULES: readonly Rule[] = [
  placedSecret(
    'secret-prolog-error-culprit',
    "the culprit of a Prolog ISO error whose type, domain or object names a secret (GNU Prolog's `domain_error(api_key,x)`, SWI-Prolog's `Domain error: \\`api_key' expected, found \\`x'`)",
    { keywords: ['_error(', "' expected, found `", 'no permission to ', "' does not exist"], keywordStarts: true, label: 'secret' },
    prologErrorValues,
    {
      match: [
        'uncaught exception: error(domain_error(api_key,ak_Pv7Xq2Lm9Wz4Rn),t1/0)',
        "uncaught exception: error(permission_error(use,password,'Ck9-nettle-Wq4z'),t3/0)",
        "ERROR: -g t1: Domain error: `api_key' expected, found `ak_Pv7Xq2Lm9Wz4Rn'",
        "ERROR: -g t2: token `tk_Hm3Zq8Wx5Lv2Rp' does not exist",
        "ERROR: -g t3: No permission to use password `'Ck9-nettle-Wq4z''",
      ],
      noMatch: [
        'uncaught exception: error(type_error(atom,123),atom_length/2)',
        "ERROR: -g t6: Type error: `positive_integer' expected, found `tk_Wn4Lq8Zr2Xm6Vp' (an atom)",
        "ERROR: procedure `foo/0' does not exist",
        'uncaught exception: error(existence_error(procedure,token/1),top_level/0)',
      ],
    },
  ),
];
