/**
 * A runtime's error names the value it choked on, and a secret passed to the wrong place is that
 * value: CHICKEN's `Error: (car) bad argument type: "…"` and the irritants of `(error "msg" "…")`
 * (`Error: msg: "…"`, or one to a line under it), Emacs's `(wrong-type-argument stringp "…")`, GNAT's
 * `raised CONSTRAINT_ERROR : bad input for 'Value: "…"`, Free Pascal's
 * `EConvertError: "…" is an invalid integer`, Python's `ValueError: invalid literal for int() with
 * base 10: '…'`. Nothing names the value, so it is taken only when it is shaped like a generated
 * secret: letters of both cases and digits in two places or more, no path, address or version.
 */
import { isShielded } from '../shields.js';
import type { Rule, Span } from '../types.js';
import { VALIDATORS } from '../validators.js';
import { bothCasesAndDigitRuns, GENERATED_TOKEN } from './drawn-tokens.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';

/** The start of each message, from the keyword (the scanner gives where the keywords start). */
const MESSAGE_START = /error: |raised [A-Z][\w.]{0,60} : |\((?:wrong-type-argument|args-out-of-range|wrong-number-of-arguments|invalid-function|void-function|void-variable) |e[a-z]{2,40}error: |valueerror: /iy;
/** A value in the message: double or single quoted, or bare at the end after `: `. */
const VALUE = /"((?:[^"\\\n]|\\.){1,200})"|'([^'\n]{1,200})'|: ([^\s"'()]{1,200})[ \t]*$/g;

/** Shaped like a generated secret, not like an identifier a program would print. */
export function generatedArgument(value: string): boolean {
  if (!GENERATED_TOKEN.test(value) || !bothCasesAndDigitRuns(value)) return false;
  return VALIDATORS['generated-secret'](value) && !isShielded(value, 'identifiers');
}

function* runtimeErrorArguments(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  let lastLine = -1;
  for (const at of keywordStarts ?? []) {
    MESSAGE_START.lastIndex = at;
    if (!MESSAGE_START.test(text)) continue;
    const lineStart = lineBreakBefore(text, at) + 1;
    if (lineStart === lastLine) continue;
    lastLine = lineStart;
    let lineEnd = lineBreakAfter(text, at);
    if (lineEnd === -1) lineEnd = text.length;
    const from = MESSAGE_START.lastIndex;
    if (lineEnd - from > 600) continue;
    const message = text.slice(from, lineEnd);
    VALUE.lastIndex = 0;
    for (let found = VALUE.exec(message); found; found = VALUE.exec(message)) {
      const value = found[1] ?? found[2] ?? found[3]!;
      if (!generatedArgument(value)) continue;
      const start = from + found.index + found[0].lastIndexOf(value);
      yield { start, end: start + value.length };
    }
    if (at === lineStart && text.startsWith('Error: ', at)) yield* irritantLines(text, lineEnd);
  }
}

/** CHICKEN writes two irritants or more one to a line under `Error: <message>`, each as `write` does. */
const IRRITANT_LINE = /\n"((?:[^"\\\n]|\\.){1,200})"(?=\r?\n|$)|\n([^\s"()]{1,200})(?=\r?\n|$)/y;

function* irritantLines(text: string, from: number): Iterable<Span> {
  IRRITANT_LINE.lastIndex = from;
  for (let line = 0; line < 20; line++) {
    const found = IRRITANT_LINE.exec(text);
    if (!found) return;
    const value = found[1] ?? found[2]!;
    const start = found.index + 1 + (found[1] === undefined ? 0 : 1);
    if (generatedArgument(value)) yield { start, end: start + value.length };
  }
}

export const RUNTIME_ERROR_ARGUMENT_RULES: readonly Rule[] = [
  placedSecret(
    'runtime-error-argument',
    "the value a runtime's error quotes, shaped like a generated secret (CHICKEN's `bad argument type: \"…\"` and irritants, Emacs's `(wrong-type-argument stringp \"…\")`, GNAT's `raised CONSTRAINT_ERROR : …`, Free Pascal's `EConvertError: \"…\" is an invalid integer`)",
    { keywords: ['error: ', 'raised ', '(wrong-type-argument ', '(args-out-of-range ', '(wrong-number-of-arguments ', '(invalid-function ', '(void-function ', '(void-variable '], keywordStarts: true, label: 'secret', shield: 'identifiers' },
    runtimeErrorArguments,
    {
      match: [
        'Error: (car) bad argument type: "Kq5-birch-Tz8m"',
        'Error: login failed for deploy: "Fy2-aspen-Qk9w"',
        'Error: login failed for deploy\n"deploy"\n"Fy2-aspen-Qk9w"\n\n\tCall history:',
        'Error: (string->number) bad argument type - not a string: tk_Bn7Qx2Lm9Vr4Zp',
        'Debugger entered--Lisp error: (wrong-type-argument stringp "Mx3-ember-Lt7p")',
        'raised CONSTRAINT_ERROR : bad input for \'Value: "Kq5-birch-Tz8m"',
        'raised CONSTRAINT_ERROR : login rejected for deploy: tk_Bn7Qx2Lm9Vr4Zp',
        'EConvertError: "Fy2-aspen-Qk9w" is an invalid integer',
        "ValueError: invalid literal for int() with base 10: 'Sx4-quartz-Np2m'",
      ],
      noMatch: [
        'Error: (car) bad argument type: "deploy"',
        'Error: (vector-ref) out of range: #("a" "b") 5',
        'Debugger entered--Lisp error: (void-function HttpClient5Builder)',
        'raised CONSTRAINT_ERROR : main.adb:5 range check failed',
        'EConvertError: "2026-11-28T03:20:08Z" is an invalid integer',
        'EConvertError: "x86_64-linux-gnu" is an invalid integer',
        'Error: (open-input-file) cannot open file - No such file or directory: "/etc/app/Token2024v3.conf"',
        'error: failed to push some refs to "git@github.com:org/repo.git"',
        "ValueError: invalid literal for int() with base 10: '3f2504e0-4f89-41d3-9a0c-0305e82c3301'",
      ],
    },
  ),
];
