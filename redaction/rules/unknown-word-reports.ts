/**
 * A secret typed where an interpreter expected a word or a command, quoted back in its report:
 * Gforth marks the word it does not know between `>>>` and `<<<` on the line after
 * `Undefined word`; bash writes `line 1: <word>: command not found`; Tcl `invalid command name "<word>"`.
 * A word is such a secret when it is shaped like a generated one: letters of both cases and
 * digits in two runs at least, not a plain word, a typo or a program's name (`dupp`, `python3.11`).
 */
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';
import { bothCasesAndDigitRuns } from './drawn-tokens.js';
import { placedSecret } from './placed-secret.js';
import { lastIndexFrom } from '../line-bounds.js';

const GFORTH_MARKED = /Undefined word\r?\n[^\n]{0,2000}?>>>([^\s<>]{1,200})<<</y;
const BASH_NOT_FOUND = /: ([^\s:'"]{1,200}): command not found/y;
const TCL_INVALID = /invalid command name "([^\s"]{1,200})"/y;

/** a digest or an id (`9f86d081884c`, a UUID), not a word someone meant to type */
const HEX_OR_ID = /^[0-9a-f_-]+$|^[0-9A-F_-]+$/;

/** Letters of both cases and digits in two runs or more, or letters and digits meeting four times or more: drawn, not named. */
function drawnWord(word: string): boolean {
  if (word.length < 10 || word.includes('.') || HEX_OR_ID.test(word)) return false;
  const mixed = bothCasesAndDigitRuns(word) || (word.match(/[A-Za-z](?=\d)|\d(?=[A-Za-z])/g)?.length ?? 0) >= 4;
  return mixed && sensitiveValue('token', word);
}

function* unknownWordReports(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    const code = text.charCodeAt(at);
    // the keyword `Undefined word`, `command not found` or `invalid command name`: each pattern starts where its report does
    const pattern = code === 85 || code === 117 ? GFORTH_MARKED : code === 105 || code === 73 ? TCL_INVALID : BASH_NOT_FOUND;
    let start = at;
    if (pattern === BASH_NOT_FOUND) {
      // back to the `: ` before the word
      const colon = lastIndexFrom(text, ': ', at - 3, at - 204);
      if (colon < 0) continue;
      start = colon;
    }
    pattern.lastIndex = start;
    const match = pattern.exec(text);
    if (!match || !drawnWord(match[1]!)) continue;
    const wordStart = match.index + match[0].lastIndexOf(match[1]!);
    yield { start: wordStart, end: wordStart + match[1]!.length };
  }
}

export const UNKNOWN_WORD_REPORT_RULES: readonly Rule[] = [
  placedSecret(
    'unknown-word-report',
    "a secret typed where an interpreter expected a word, quoted in its report (Gforth's `Undefined word` `>>>x<<<`, bash's `x: command not found`, Tcl's `invalid command name \"x\"`)",
    { keywords: ['undefined word', 'command not found', 'invalid command name'], keywordStarts: true, label: 'secret' },
    unknownWordReports,
    {
      match: [
        '*OS command line*:-1: Undefined word\n>>>Fy2-aspen-Qk9w<<< bye\nBacktrace:',
        ':1: Undefined word\ns" deploy" >>>tk_Bn7Qx2Lm9Vr4Zp<<<',
        'bash: line 1: Sx4-quartz-Np2m: command not found',
        'invalid command name "tk_Bn7Qx2Lm9Vr4Zp"',
        ':1: Undefined word\n>>>s3cr3t-p4ss-w0rd<<<',
      ],
      noMatch: [
        ':1: Undefined word\n>>>dupp<<<',
        'bash: python3.11: command not found',
        'bash: line 1: X11Forwarding: command not found',
        'invalid command name "puts2"',
        ':3: Undefined word\n>>>0x1F2E<<<',
        'bash: x86_64-linux-gnu-gcc-12: command not found',
        'bash: libssl1.1-dev: command not found',
      ],
    },
  ),
];
