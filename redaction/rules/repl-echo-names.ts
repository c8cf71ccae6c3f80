/**
 * A REPL's echo of a person's name: the value printed under an input whose last step reads a field
 * that names a person (`jshell> p.name()` then `$5 ==> "Ann Lee"`, `>>> c.owner` then
 * `'Ann Lee'`, `irb> u[:full_name]` then `=> "Ann Lee"`, `iex(3)> user.name` then `"Ann Lee"`),
 * or a variable so named echoed with its value (`owner ==> "Ann Lee"`). The echo is checked for a
 * person's shape: `p.name()` of a product or a host is no one's.
 */
import type { Rule, Span } from '../types.js';
import { NAME_KINDS, personalFieldKind } from './personal-fields.js';
import { startsWithKnownGivenName } from './known-given-name.js';
import { isPersonName } from './person-name-shape.js';

/** A prompt (jshell, Python, irb and pry, iex), the input, then the echoed string on the next line. */
const PROMPTED_ECHO =
  /^[ \t]*(?:jshell>|>>>|irb\([^)\n]{0,40}\):?\d*[>*]|\[\d+\] pry\([^)\n]{0,40}\)>|iex\(\d+\)>)[ \t]*([^\n]{1,300}?)[ \t]*;?\r?\n[ \t]*(?:\$\d+ ==> |[A-Za-z_]\w{0,60} ==> |=> )?(["'])([^"'\n\\]{2,70})\2[ \t]*\r?$/gm;
/** The field the input reads last: `.name()`, `.getFullName()`, `.owner`, `["owner"]`, `[:owner]`, `.get("owner")`, or a bare variable. */
const LAST_FIELD = /(?:^|[.\s(])(?:get)?([A-Za-z_]\w{0,60})(?:\(\))?$|\[[ \t]*(?::|["'])([A-Za-z_]\w{0,60})["']?[ \t]*\]$|\.(?:get|fetch)\([ \t]*(?::|["'])([A-Za-z_]\w{0,60})["']?[ \t]*\)$/;
/**
 * jshell's echo without the input before it (piped input is not echoed, and jshell writes a backspace after its prompt): a variable so named
 * (`owner ==> "Ann Lee"`), or a scratch one (`$3 ==> "Priya Raman"`) holding a common given name
 * and a surname, or a name the text shows elsewhere too (in the record it was read from).
 */
const VARIABLE_ECHO = /^(?:jshell>)?[ \t\x08]*(\$\d+|[A-Za-z_]\w{0,60}) ==> "([^"\n\\]{2,70})"[ \t]*\r?$/gm;
/** Python's echo after its prompt when the input was piped (`>>> 'Priya Raman'`): a scratch echo as above. */
const PYTHON_ECHO = /^(?:>>> )+(["'])([^"'\n\\]{2,70})\1[ \t]*\r?$/gm;

/** Whether `value` stands in the text elsewhere than in the echo at `at`. */
function repeated(text: string, value: string, at: number): boolean {
  const first = text.indexOf(value);
  return first >= 0 && (first < at || text.indexOf(value, at + value.length + 8) >= 0);
}

function namesPerson(field: string | undefined): boolean {
  if (field === undefined) return false;
  const kind = personalFieldKind(field);
  return kind !== undefined && NAME_KINDS.has(kind);
}

function* replEchoes(text: string): Iterable<Span> {
  for (const echo of text.matchAll(PROMPTED_ECHO)) {
    const read = LAST_FIELD.exec(echo[1]!);
    if (!read || !namesPerson(read[1] ?? read[2] ?? read[3])) continue;
    const value = echo[3]!;
    if (!isPersonName(value)) continue;
    const start = echo.index + echo[0].lastIndexOf(`${echo[2]}${value}${echo[2]}`) + 1;
    yield { start, end: start + value.length };
  }
  if (text.includes('>>> ')) {
    for (const echo of text.matchAll(PYTHON_ECHO)) {
      const value = echo[2]!;
      if (!isPersonName(value) || (!startsWithKnownGivenName(value) && !repeated(text, value, echo.index))) continue;
      const start = echo.index + echo[0].indexOf(value);
      yield { start, end: start + value.length };
    }
  }
  if (!text.includes(' ==> "')) return;
  for (const echo of text.matchAll(VARIABLE_ECHO)) {
    const value = echo[2]!;
    if (!isPersonName(value)) continue;
    if (echo[1]!.startsWith('$') ? !startsWithKnownGivenName(value) && !repeated(text, value, echo.index) : !namesPerson(echo[1])) continue;
    const start = echo.index + echo[0].indexOf('"') + 1;
    yield { start, end: start + echo[2]!.length };
  }
}

export const REPL_ECHO_NAME_RULE: Rule = {
  id: 'repl-echo-name',
  type: 'pii',
  label: 'name',
  description:
    "a person's name a REPL echoes for an input that reads a person's field (`jshell> p.name()` / `$5 ==> \"…\"`, Python's `>>> c.owner`, irb, pry, iex) or for a variable so named (`owner ==> \"…\"`)",
  keywords: ['jshell>', '>>>', 'irb(', 'pry(', 'iex(', ' ==> "'],
  detector: replEchoes,
  examples: {
    match: [
      'jshell> p.name()\n$5 ==> "Maeve Gallagher"',
      ">>> customer.full_name\n'Maeve Gallagher'",
      'irb(main):004> u[:owner]\n=> "Maeve Gallagher"',
      'iex(3)> user.name\n"Maeve Gallagher"',
      'jshell> String owner = lookup(7);\nowner ==> "Maeve Gallagher"',
      '>>> row.get("contact")\n\'Maeve Gallagher\'',
      'jshell>  $3 ==> "Priya Raman"',
      ">>> >>> 'Priya Raman'",
      'jshell>  p ==> Person[name=Isolde Marchbanks, city=Bergen]\n\njshell>  $3 ==> "Isolde Marchbanks"',
    ],
    noMatch: [
      'jshell> p.name()\n$5 ==> "Build Server"',
      ">>> pkg.name\n'requests'",
      'jshell> p.city()\n$6 ==> "Bergen"',
      'iex(3)> app.version\n"Release Candidate"',
      'service ==> "Maeve Gallagher"',
      'jshell>  $4 ==> "Frankfurt Main"',
      ">>> 'Hello World'",
    ],
  },
};
