/**
 * The value an `ArgumentOutOfRangeException` quotes back, under the parameter it names, as Mono
 * prints it (`Parameter name: token` then `Actual value was x.`; newer runtimes write
 * `(Parameter 'token')`). Only the parameter's name says what the value is.
 */
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';

const ACTUAL_VALUE = /Actual value was ([^\n]{1,2000}?)\.?\r?$/my;
/** The parameter's name, on one of the lines just above. */
const PARAMETER_NAME = /(?:Parameter name: |\(Parameter ')([A-Za-z_]\w{0,60})'?\)?[ \t]*\r?\n(?:[^\n]{0,300}\n)?$/;

function* actualValues(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    ACTUAL_VALUE.lastIndex = at;
    const value = ACTUAL_VALUE.exec(text);
    if (!value) continue;
    const parameter = PARAMETER_NAME.exec(text.slice(Math.max(0, at - 700), at));
    if (!parameter || !sensitiveValue(parameter[1]!, value[1]!)) continue;
    const start = at + 'Actual value was '.length;
    yield { start, end: start + value[1]!.length };
  }
}

export const ARGUMENT_ACTUAL_VALUE_RULES: readonly Rule[] = [
  placedSecret(
    'secret-argument-actual-value',
    "the value an ArgumentOutOfRangeException quotes back when the parameter it names holds a secret (Mono's `Parameter name: token` / `Actual value was x.`)",
    { keywords: ['actual value was '], keywordStarts: true, label: 'secret' },
    actualValues,
    {
      match: ['System.ArgumentOutOfRangeException: Token expired\nParameter name: token\nActual value was tk_Vb9Lm4Xq7Rz2Wp.', "Token expired (Parameter 'apiKey')\nActual value was ak_Fz8Qm2Wx6Lt4Vr."],
      noMatch: ['System.ArgumentOutOfRangeException: Specified argument was out of the range of valid values.\nParameter name: index\nActual value was 12.', 'Parameter name: token\nActual value was .'],
    },
  ),
];
