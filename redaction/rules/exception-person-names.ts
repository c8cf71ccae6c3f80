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
const PERSON_NOUN = String.raw`person|customer|client|user|employee|member|patient|student|applicant|contact|owner|recipient|holder|subscriber|tenant|guest|passenger|driver|author|manager|assignee|reporter|reviewer|approver|account ?holder|beneficiary`;
const WORD = String.raw`\p{Lu}\p{Ll}+(?:['’-]\p{L}\p{Ll}+)*`;
const NAME = String.raw`${WORD}(?:[ \t]+(?:(?:van|von|der|den|de|da|di|del|la|le|du|bin|al)[ \t]+)?${WORD}){1,3}`;
/** The nouns with a first letter of either case (the name after them must keep its capitals: no `i` flag). */
const NOUNS = PERSON_NOUN.split('|')
  .map((noun) => `[${noun[0]!.toUpperCase()}${noun[0]}]${noun.slice(1)}`)
  .join('|');
const AFTER_NOUN = new RegExp(String.raw`\b(?:${NOUNS})s?(?:[ \t]+(?:not[ \t]+found|unknown|already[ \t]+exists|exists))?(?:[ \t]*:|[ \t]+(?:named|called))?[ \t]+["'“‘]?(${NAME})`, 'gu');
/** Something of a person's (`Account of Ann Lee is locked`, `no e-mail for Ann Lee`). */
const PERSONAL_THING = new RegExp(String.raw`\b(?:[Aa]ccount|[Pp]rofile|[Rr]ecord|[Dd]etails|[Ee]-?mail|[Aa]ddress|[Pp]hone(?: number)?|[Bb]irthday|[Ss]alary|[Pp]assword|[Ll]ogin)[ \t]+(?:of|for)[ \t]+["'“‘]?(${NAME})`, 'gu');
/**
 * A value the runtime quotes whole in its own words: JDK collections' `duplicate key: …`,
 * `duplicate element: …`, `Duplicate key … (attempted merging values … and …)`, number parsing's
 * `For input string: "…"`, Python's `'…' is not in list`, `KeyError: '…'`.
 */
const QUOTED_WHOLE = new RegExp(
  String.raw`(?:\b(?:[Dd]uplicate (?:key|element|value|entry)|[Ff]or input string|merging values)[:]?[ \t]+["']?(${NAME})["']?(?=[ \t]*(?:$|[(,;]|["']|and\b))|\band[ \t]+(${NAME})\)|^["'](${NAME})["'](?:[ \t]+is not in list)?[ \t]*$)`,
  'gu',
);
/** An exception named after a person (`PersonNotFoundException`, `UnknownUserError`): its message may be the person. */
const PERSON_CLASS = /(?:Person|Customer|Client|User|Employee|Member|Patient|Student|Contact|Owner|Account|Tenant|Subscriber)\w{0,40}(?:Exception|Error)$/;
const WHOLE_NAME = new RegExp(String.raw`^["'“‘]?(${NAME})["'”’]?[ \t]*(?:$|[(,;.:])`, 'u');
const AFTER_PREPOSITION = new RegExp(String.raw`\b(?:for|to|register|registering|by|of)[ \t]+["'“‘]?(${NAME})`, 'gu');
const PERSONAL_DATA = /@[\w-]+\.|\+\d[\d ()-]{6,}|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,5}[ \t]+\p{Lu}\p{L}+[ \t]+(?:Street|Road|Avenue|Lane|Way|Drive)\b/u;

function* exceptionNames(text: string): Iterable<Span> {
  for (const message of text.matchAll(EXCEPTION_MESSAGE)) {
    const body = message[1]!;
    const bodyStart = message.index + message[0].length - body.length;
    const patterns = PERSONAL_DATA.test(body) ? [AFTER_NOUN, PERSONAL_THING, QUOTED_WHOLE, AFTER_PREPOSITION] : [AFTER_NOUN, PERSONAL_THING, QUOTED_WHOLE];
    const head = text.slice(Math.max(0, bodyStart - 120), bodyStart).replace(/:?[ \t]+$/, '');
    if (PERSON_CLASS.test(head)) {
      const whole = WHOLE_NAME.exec(body);
      if (whole && isPersonName(whole[1]!)) {
        const start = bodyStart + whole[0].indexOf(whole[1]!);
        yield { start, end: start + whole[1]!.length };
      }
    }
    for (const pattern of patterns) {
      for (const found of body.matchAll(pattern)) {
        const name = found[1] ?? found[2] ?? found[3]!;
        if (!isPersonName(name)) continue;
        const start = bodyStart + found.index + found[0].lastIndexOf(name);
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
      '|  Exception java.lang.IllegalArgumentException: duplicate key: Maeve Gallagher',
      'java.lang.IllegalStateException: Duplicate key 7 (attempted merging values Maeve Gallagher and Jonas Becker)',
      'Exception in thread "main" java.lang.NumberFormatException: For input string: "Maeve Gallagher"',
      "ValueError: 'Maeve Gallagher' is not in list",
      'com.acme.PersonNotFoundException: Maeve Gallagher',
      'java.lang.IllegalStateException: Account of Maeve Gallagher is suspended',
      'RuntimeError: Person not found: Maeve Gallagher',
    ],
    noMatch: [
      'java.lang.IllegalStateException: user Jenkins is not allowed',
      'Exception in thread "main" java.lang.NoClassDefFoundError: Could not initialize class Foo',
      'java.lang.IllegalArgumentException: Invalid value for Spring Boot 3.2',
      'ValueError: could not convert string to float: Hello World',
      'RuntimeError: owner Platform Team must approve',
      'java.lang.IllegalArgumentException: duplicate key: Content-Type',
      'java.lang.NumberFormatException: For input string: "12a"',
      "ValueError: 'Service Unavailable' is not in list",
      'com.acme.UserNotFoundException: Build Server',
      'java.lang.IllegalStateException: Account of Service Bus is locked',
    ],
  },
};
