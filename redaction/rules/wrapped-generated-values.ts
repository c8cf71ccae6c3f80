/**
 * A value that looks generated standing alone where a program prints one value it was given: the
 * whole message of an uncaught error (Hugs' `Program error: <x>` and `Program error: user error
 * (<x>)`, Groovy's `Caught: java.lang.RuntimeException: <x>`, Python's and Node's `Error: <x>` on a
 * line of its own, Go's `panic: <x>`) and the one string in a result wrapper (Haskell's `Right "<x>"`,
 * `Left`, `Just`; Rust's `Some("<x>")`, `Ok`, `Err`). No name says it is a secret, so the value must
 * look generated: letters of both cases and digits in two runs or more, or a password's symbols
 * (`Zq8-willow-Bn4k`), never a word, a dotted name, a path, a version or a hex digest.
 */
import type { Rule, Span } from '../types.js';
import { bothCasesAndDigitRuns, GENERATED_TOKEN } from './drawn-tokens.js';
import { passwordToken } from './lone-secret-output.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';

/** Words joined by dashes with a number last, as passphrase generators make them (`copper-lantern-glacier-42`). */
const PASSPHRASE = /^[a-z]{3,12}(?:-[a-z]{3,12}){2,5}-\d{2,4}$/;
/** A hex string as long as a key (32 or more): alone as a message it is no digest a program reports. */
const LONG_HEX = /^(?:[0-9a-f]{32,128}|[0-9A-F]{32,128})$/;

/** Letters of both cases and digits in two runs or more, nothing but a password's characters, or a passphrase. */
export function looksGenerated(token: string): boolean {
  if (token.length < 10 || token.length > 128) return false;
  if (PASSPHRASE.test(token)) return true;
  if (passwordToken(token)) return true;
  return GENERATED_TOKEN.test(token) && bothCasesAndDigitRuns(token);
}

/** Labels that end where the message starts (the keyword ends them), from the start of their line: an error's
 * class (`RuntimeError`), not a bare `error:` (git's, compilers': a report, not a value the program was given). */
const ERROR_LABEL = /(?:^|\n)(?:Program error|Caught: [\w.$]{1,120}|[\w.$]{1,80}(?:Error|Exception)|panic): $/;
/** The words of a message or a printed result: runs between blanks, quotes, brackets and separators. */
const WORD = /[^\s"'`()[\]{},;]{10,130}/g;
/** A wrapper at a word's start: `Right "x"`, `Left (AuthError "x")`, `Some("x")`. */
const WRAPPER = /(?:Right|Left|Just)[ ]["(]|(?:Some|Ok|Err)\(/y;

/** The generated-looking words of text[from, end of line), at most 400 characters on. */
function* generatedWords(text: string, from: number, quotedOnly: boolean, anyShape = false): Iterable<Span> {
  let to = lineBreakAfter(text, from);
  if (to < 0 || to - from > 400) to = Math.min(text.length, from + 400);
  const line = text.slice(from, to);
  const alone = !quotedOnly && /^(?:user error \()?["']?[^\s"'()]+["']?\)?[ \t\r]*$/.test(line);
  WORD.lastIndex = 0;
  for (let match = WORD.exec(line); match; match = WORD.exec(line)) {
    let word = match[0];
    // a word's own trailing punctuation (`…Bn4k.`, `…Bn4k:`)
    while (/[.:!?]$/.test(word)) word = word.slice(0, -1);
    if (quotedOnly && line[match.index - 1] !== '"') continue;
    // among other words of a message only a password's shape counts (ids and digests sit there too)
    const generated = alone || quotedOnly || anyShape ? looksGenerated(word) : passwordToken(word) || PASSPHRASE.test(word);
    if (generated || (alone && LONG_HEX.test(word) && /[a-f]/i.test(word) && /\d/.test(word))) yield { start: from + match.index, end: from + match.index + word.length };
  }
}

function* wrappedGeneratedValues(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  let done = -1;
  for (const at of keywordStarts ?? []) {
    if (at < done) continue;
    WRAPPER.lastIndex = at;
    if (WRAPPER.test(text)) {
      // the strings of the printed result, to the line's end
      done = WRAPPER.lastIndex;
      yield* generatedWords(text, WRAPPER.lastIndex - 1, true);
      continue;
    }
    const after = text.indexOf(': ', at) + 2;
    if (after < 2 || after - at > 20) continue;
    const lineStart = lineBreakBefore(text, at - 1);
    if (at - lineStart > 200 || !ERROR_LABEL.test(text.slice(Math.max(0, lineStart), after))) continue;
    done = after;
    // Hugs' `Program error:` is the message `error` was given, whatever its words
    yield* generatedWords(text, after, false, text.startsWith('Program error', after - 15));
  }
}

export const WRAPPED_GENERATED_VALUE_RULES: readonly Rule[] = [
  placedSecret(
    'wrapped-generated-value',
    "a generated-looking value that is an uncaught error's whole message (`Program error: x`, `Caught: java.lang.RuntimeException: x`, `Error: x`) or the one string of a result (`Right \"x\"`, `Some(\"x\")`)",
    { keywords: ['error: ', 'exception: ', 'panic: ', 'right ', 'left ', 'just ', 'some(', 'ok(', 'err('], keywordStarts: true, label: 'secret' },
    wrappedGeneratedValues,
    {
      match: [
        '\nProgram error: Zq8-willow-Bn4k\n',
        'Program error: user error (Nc2-hazel-Pv8r)',
        'Right "Fy2-aspen-Qk9w"',
        'Left "Hv5-juniper-Wq2k"',
        'print (Just "Ck9-nettle-Wq4z")\nJust "Ck9-nettle-Wq4z"',
        'Some("Kq5birchTz8m")',
        'Caught: java.lang.RuntimeException: Tk8-spruce-Hq3w',
        'RuntimeError: Sx4-quartz-Np2m',
        'Program error: login failed for deploy: Zq8-willow-Bn4k',
        'Left (AuthError "Zq8-willow-Bn4k")',
        'Right ("deploy","Kq5birchTz8m")',
        'Right "copper-lantern-glacier-42"',
        'Program error: 9f86d081884c7d659a2feaa0c55ad015',
      ],
      noMatch: [
        'Program error: Prelude.head: empty list',
        'Program error: pattern match failure: f 3',
        'Right "deploy"',
        'Just "db.internal"',
        'Some("x86_64-linux-gnu")',
        'Error: ENOENT',
        'RuntimeError: FooBar2Baz',
        'Caught: java.lang.NullPointerException: Cannot invoke method x() on null object',
        'note: Zq8-willow-Bn4k',
        'Right "9f86d081884c7d659a2feaa0c55ad015"',
        'Error: checksum mismatch 9f86d081884c7d659a2feaa0c55ad015',
        'Right "well-known-name-12x"',
      ],
    },
  ),
];
