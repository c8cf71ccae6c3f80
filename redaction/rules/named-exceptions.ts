/**
 * An exception whose constructor names a secret, with the secret as its argument, as OCaml prints
 * it: the toplevel's `Exception: Bad_password "x".`, `Exception: Invalid_token ("x", 401).`, and
 * a program's `Fatal error: exception Bad_password("x")`. Nothing names the argument but the
 * constructor, so each quoted argument is judged under the constructor's name.
 */
import type { Rule, Span } from '../types.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakAfter } from '../line-bounds.js';

const CONSTRUCTOR_AT = /[Ee]xception:?[ \t]+((?:[A-Z]\w{0,60}\.){0,4}([A-Z]\w{0,60}))[ \t]*(?=["(])/y;
const QUOTED = /"((?:[^"\\\n]|\\.){1,2000})"/g;

function* namedExceptionSecrets(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    CONSTRUCTOR_AT.lastIndex = at;
    const found = CONSTRUCTOR_AT.exec(text);
    if (!found || classifyName(found[2]!) === null) continue;
    const argsStart = at + found[0].length;
    let lineEnd = lineBreakAfter(text, argsStart);
    if (lineEnd < 0 || lineEnd - argsStart > 2000) lineEnd = Math.min(text.length, argsStart + 2000);
    const args = text.slice(argsStart, lineEnd);
    QUOTED.lastIndex = 0;
    for (let quoted = QUOTED.exec(args); quoted; quoted = QUOTED.exec(args)) {
      if (sensitiveValue(found[2]!, quoted[1]!)) yield { start: argsStart + quoted.index + 1, end: argsStart + quoted.index + 1 + quoted[1]!.length };
    }
  }
}

export const NAMED_EXCEPTION_RULES: readonly Rule[] = [
  placedSecret(
    'secret-named-exception',
    'the argument of an exception whose constructor names a secret, as OCaml prints it (`Exception: Bad_password "x".`, `Fatal error: exception Invalid_token("x", 401)`)',
    { keywords: ['exception'], keywordStarts: true, label: 'secret' },
    namedExceptionSecrets,
    {
      match: [
        '# Exception: Bad_password "Kx7-harbor-Vq2m".',
        '# Exception: Invalid_token ("tk_Zx9Vb2Nm4Lk7Jh3", 401).',
        'Fatal error: exception Auth.Invalid_api_key("ak_Mq6fennelTb3z8Kp")',
      ],
      noMatch: [
        '# Exception: Failure "Cq2-birch-Lk7v".',
        '# Exception: Bad_password "".',
        '# Exception: Invalid_token ("<token>", 401).',
        'Fatal error: exception Not_found',
        '# Exception: Token_expired "2026-11-27T20:00:00Z".',
      ],
    },
  ),
];
