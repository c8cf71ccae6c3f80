/**
 * A person named in a Clojure error's message, in every place Clojure prints one: the line after
 * `Execution error (ExceptionInfo) at …` (the REPL, `clojure` scripts, the `Full report` file where
 * it is one string with `\n`), `:cause "…"` and `:message "…"` in `#error {…}` and
 * `Throwable->map`, and `clojure.lang.ExceptionInfo: …` / `pst`'s `ExceptionInfo … {…}`.
 * A name counts after a noun for a person (`Customer not found: Ann Lee`, `unknown user Ann Lee`)
 * or a preposition or a verb done to someone (`Registration failed for Ann Lee`, `Could not register
 * Ann Lee`), or at the message's start before a verb (`Ann Lee already exists`); it must have a
 * person's name shape. Where the message is printed again alone, the name is removed there too.
 */
import type { Rule, Span } from '../types.js';
import { isPersonName } from './person-name-shape.js';
import { withEchoes } from './personal-printed-fields.js';

const MESSAGE =
  /(?:(?:Execution|Syntax|Compilation|Macroexpansion) error \([\w.$]{1,80}\) (?:at|compiling at|macroexpanding at) [^\n]{0,200}?\.(?:\n|\\n)([^\n"]{1,500}?)(?:\\n|"|$)|:(?:cause|message|clojure\.error\/cause) (?:"((?:[^"\\\n]|\\.){1,500})"|([^"\n]{1,500}))|ExceptionInfo:? ([^\n{]{1,500}))/gm;
const WORD = String.raw`\p{Lu}[\p{Ll}\p{M}]+(?:['’-](?!s\b)\p{Lu}?[\p{Ll}\p{M}]+)*`;
const NAME = String.raw`${WORD}(?:[ ](?:(?:van|von|der|den|de|da|di|del|la|le|du|bin|al)[ ])?${WORD}){1,3}`;
const PERSON_NOUNS = 'person|customer|client|user|employee|member|patient|student|applicant|contact|owner|recipient|holder|subscriber|tenant|guest';
/** Either case of a word's first letter only: the name after it must keep its capitals (no `i` flag, under which `\p{Lu}` takes any letter). */
const anyFirst = (words: string) => words.split('|').map((word) => `[${word[0]!.toUpperCase()}${word[0]}]${word.slice(1)}`).join('|');
const INTRODUCER = String.raw`(?:${anyFirst(PERSON_NOUNS)})s?(?:[ ](?:not found|unknown|missing|rejected|exists))?[ ]?:?|(?:${anyFirst('for|of|to|by|from|named|called|register|registering|notify|notifying|invite|inviting|charge|charging|bill|billing|onboard|onboarding')})`;
const AFTER_INTRODUCER = new RegExp(String.raw`(?<![\p{L}])(?:${INTRODUCER})[ ]+["'“‘]?(${NAME})(?![\p{L}])`, 'gu');
const AT_START = new RegExp(String.raw`^["'“‘]?(${NAME})["'”’]?[ ]+(?:not found|already|is|was|has|does|cannot|can't|must|may not)\b`, 'u');

function* clojureMessageNames(text: string): Iterable<Span> {
  for (const found of text.matchAll(MESSAGE)) {
    const body = found[1] ?? found[2] ?? found[3] ?? found[4];
    if (body === undefined) continue;
    const bodyStart = found.index + found[0].lastIndexOf(body);
    const starts = AT_START.exec(body);
    if (starts !== null && isPersonName(starts[1]!)) {
      const start = bodyStart + starts[0].indexOf(starts[1]!);
      yield { start, end: start + starts[1]!.length };
    }
    for (const named of body.matchAll(AFTER_INTRODUCER)) {
      const name = named[1]!;
      if (!isPersonName(name)) continue;
      const start = bodyStart + named.index + named[0].length - name.length;
      yield { start, end: start + name.length };
    }
  }
}

/** The names, and the same names where the message is printed again alone (`(println (ex-message e))`). */
function clojureErrorNames(text: string): Iterable<Span> {
  return withEchoes(text, clojureMessageNames(text));
}

export const PERSONAL_CLOJURE_ERROR_RULE: Rule = {
  id: 'personal-clojure-error',
  type: 'pii',
  label: 'name',
  description:
    "a person named in a Clojure error's message (`Execution error (ExceptionInfo) at …` and the line after it, `:cause \"…\"`, `:message \"…\"`, `ExceptionInfo: …`): after a noun for a person or a preposition, or before a verb at the message's start",
  keywords: ['error (', ':cause ', ':message ', 'exceptioninfo'],
  detector: clojureErrorNames,
  examples: {
    match: [
      'Execution error (ExceptionInfo) at user/find-customer (REPL:1).\nCustomer not found: Tove Dahl',
      ' :cause "Unknown customer Tove Dahl"',
      ' :cause Customer not found: Tove Dahl',
      ' :cause "Could not register Marius Berg-Olsen"\nCould not register Marius Berg-Olsen',
      '   :message "Registration failed for Sigrid Aune"',
      'clojure.lang.ExceptionInfo: Mats Holm already exists {:id 42}',
      ' "Execution error (ExceptionInfo) at user/find-customer (c3.clj:1).\\nCustomer not found: Tove Dahl\\n",',
    ],
    noMatch: [
      'Execution error (ExceptionInfo) at user/eval1 (REPL:1).\nInvalid Config Value',
      ' :cause "Unknown user Jenkins"',
      ' :message "Syntax error macroexpanding at (/tmp/x.clj:2:1)."',
      'clojure.lang.ExceptionInfo: Service Unavailable {:status 503}',
    ],
  },
};
