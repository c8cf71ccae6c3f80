/**
 * A config key that is `password` mistyped by one letter (`Passowrd`, `Pasword`, `Passwrd`,
 * `Pssword`): the parser rejects it and often prints the line (Bacula's `Keyword "Passowrd" not
 * permitted`, a YAML schema's unknown field), but the value is still the password the author meant.
 * Only a whole line `key = value` (or `key: value`) is taken.
 */
import { keywordLines } from '../line-bounds.js';
import { isPlaceholder, isShielded } from '../shields.js';
import type { Rule, Span } from '../types.js';
import { placedSecret } from './placed-secret.js';

const MAX_LINE = 400;
const KEY_LINE = /^[ \t]*([A-Za-z]{6,10})[ \t]*[=:][ \t]*(?:"([^"\r\n]{1,200})"|'([^'\r\n]{1,200})'|([^\s"'#;,{}]{1,200}))[ \t]*[;,]?[ \t]*\r?$/;

/** One letter dropped, added, changed, or two neighbours swapped (not the word itself). */
export function isOneTypoFrom(word: string, target: string): boolean {
  if (word === target) return false;
  const [a, b] = [word, target];
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function* misspelledPasswordLines(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const { start: lineStart, end: lineEnd } of keywordLines(text, keywordStarts, MAX_LINE)) {
    const line = text.slice(lineStart, lineEnd);
    const found = KEY_LINE.exec(line);
    if (!found || !isOneTypoFrom(found[1]!.toLowerCase(), 'password')) continue;
    const value = found[2] ?? found[3] ?? found[4]!;
    if (isPlaceholder(value) || isShielded(value, 'values')) continue;
    const start = lineStart + line.indexOf(value, found[0].indexOf(found[1]!) + found[1]!.length);
    yield { start, end: start + value.length };
  }
}

export const MISSPELLED_PASSWORD_KEY_RULES: readonly Rule[] = [
  placedSecret(
    'misspelled-password-key',
    'the value of a config line whose key is `password` with one letter dropped, added, changed or swapped (a parser quoting the rejected line)',
    // every one-letter typo of `password` keeps `pass` or `word` whole, or else `pasw` (`paswsord`)
    { keywords: ['pass', 'word', 'pasw'], keywordStarts: true, label: 'password', shield: 'values' },
    misspelledPasswordLines,
    {
      match: ['  Passowrd = "Tn4-kestrel-58"', 'Pasword: Jw8vQz2Lm5', '  pssword = "9f1c2e7a4b6d8e0f"'],
      noMatch: ['  Password = "Tn4-kestrel-58"', '  Passport = "X1234567"', 'Keyword "Passowrd" not permitted in this resource.', '  Passwrd = "<your password>"', '  Pssword = yes'],
    },
  ),
];
