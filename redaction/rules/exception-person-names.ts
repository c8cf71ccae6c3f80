/**
 * A person named in an exception's message, as runtimes print an uncaught one or a stack trace's
 * head (`Exception in thread "main" x.CustomerNotFoundException: customer 'Ann Lee' not found`, a Python
 * traceback's last line whatever its class is called,
 * jshell's `|  Exception …: …`, `Caused by: …`, Python's `ValueError: …`, Elixir's `** (Error) …`):
 * a name right after a noun for a person (`customer`, `person`, `user`, `employee`, …, with a
 * colon or quotes), or after `for`/`to`/`register` when the message also holds someone's data (an
 * e-mail, a phone, a date). Names are checked for a person's shape; a class, a product or a host
 * in the same place (`user Jenkins Agent`) has to pass it too, and technical words fail it.
 */
import type { Rule, Span } from '../types.js';
import { isPersonName } from './person-name-shape.js';

/** The message of an exception line: after `SomethingException: `, `SomethingError: `, `** (Error) `. */
const EXCEPTION_MESSAGE =
  /(?:(?:Exception|Error|Throwable|Failure)\b:?[ \t]+|\*\* \([\w.]+\)[ \t]+|\n[ ]{4}[^\n]{1,300}\n[A-Z][\w.]{0,80}:[ \t]+)([^\n]{1,500})/g;
const PERSON_NOUN = String.raw`person|customer|client|user|employee|member|patient|student|applicant|contact|owner|recipient|holder|subscriber|tenant|guest|passenger|driver|author`;
const WORD = String.raw`\p{Lu}\p{Ll}+(?:['’-]\p{L}\p{Ll}+)*`;
const NAME = String.raw`${WORD}(?:[ \t]+(?:(?:van|von|der|den|de|da|di|del|la|le|du|bin|al)[ \t]+)?${WORD}){1,3}`;
/** The nouns with a first letter of either case (the name after them must keep its capitals: no `i` flag). */
const NOUNS = PERSON_NOUN.split('|')
  .map((noun) => `[${noun[0]!.toUpperCase()}${noun[0]}]${noun.slice(1)}`)
  .join('|');
const AFTER_NOUN = new RegExp(String.raw`\b(?:${NOUNS})s?(?:[ \t]*:|[ \t]+(?:named|called))?[ \t]+["'“‘]?(${NAME})`, 'gu');
const AFTER_PREPOSITION = new RegExp(String.raw`\b(?:for|to|register|registering|by|of)[ \t]+["'“‘]?(${NAME})`, 'gu');
const PERSONAL_DATA = /@[\w-]+\.|\+\d[\d ()-]{6,}|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,5}[ \t]+\p{Lu}\p{L}+[ \t]+(?:Street|Road|Avenue|Lane|Way|Drive)\b/u;

function* exceptionNames(text: string): Iterable<Span> {
  for (const message of text.matchAll(EXCEPTION_MESSAGE)) {
    const body = message[1]!;
    const bodyStart = message.index + message[0].length - body.length;
    const patterns = PERSONAL_DATA.test(body) ? [AFTER_NOUN, AFTER_PREPOSITION] : [AFTER_NOUN];
    for (const pattern of patterns) {
      for (const found of body.matchAll(pattern)) {
        const name = found[1]!;
        if (!isPersonName(name)) continue;
        const start = bodyStart + found.index + found[0].length - name.length;
        yield { start, end: start + name.length };
      }
    }
  }
}

export const EXCEPTION_PERSON_NAME_RULE: Rule = {
  id: 'exception-person-name',
  type: 'pii',
  label: 'name',
  description:
    "a person named in an exception's message (Java, jshell, Python, Elixir): after a noun for a person (`customer 'Ann Lee' not found`), or after `for`/`to` when the message holds an e-mail, a phone or a date",
  keywords: ['exception', 'error', 'throwable', 'failure', '** ('],
  detector: exceptionNames,
  examples: {
    match: [
      'Exception in thread "main" java.lang.IllegalArgumentException: Duplicate person: Jonas Becker',
      'com.acme.CustomerNotFoundException: customer \'Jonas Becker\' not found',
      '|  Exception java.lang.IllegalStateException: Customer Jonas Becker already exists',
      'ValueError: Invalid phone number +49 151 2345 6789 for Jonas Becker',
      '** (RuntimeError) user "Maeve Gallagher" is locked',
    ],
    noMatch: [
      'java.lang.IllegalStateException: user Jenkins is not allowed',
      'Exception in thread "main" java.lang.NoClassDefFoundError: Could not initialize class Foo',
      'java.lang.IllegalArgumentException: Invalid value for Spring Boot 3.2',
      'ValueError: could not convert string to float: Hello World',
      'RuntimeError: owner Platform Team must approve',
    ],
  },
};
