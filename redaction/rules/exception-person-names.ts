/**
 * A person named in an exception's message, as runtimes print an uncaught one or a stack trace's
 * head (`Exception in thread "main" x.CustomerNotFoundException: customer 'Ann Lee' not found`, a Python
 * traceback's last line whatever its class is called,
 * jshell's `|  Exception …: …`, `Caused by: …`, Python's `ValueError: …`, Elixir's `** (Error) …`,
 * Ruby's `x.rb:7:in 'fetch': … (KeyError)`): or a value the runtime quotes whole (`duplicate key: …`,
 * `For input string: "…"`, `…: 'Ann Lee'` ending the message), or a message that is a name alone
 * under an exception named for a person (`PersonNotFoundException: Ann Lee`); otherwise
 * a name right after a noun for a person (`customer`, `person`, `user`, `employee`, …, with a
 * colon or quotes), or after `for`/`to`/`register` when the message also holds someone's data (an
 * e-mail, a phone, a date). Names are checked for a person's shape; a class, a product or a host
 * in the same place (`user Jenkins Agent`) has to pass it too, and technical words fail it.
 */
import type { Rule, Span } from '../types.js';
import { startsWithKnownGivenName } from './known-given-name.js';
import { isPersonName } from './person-name-shape.js';

/** The message of an exception line: after `SomethingException: `, `SomethingError: `, `** (Error) `. */
const EXCEPTION_MESSAGE =
  /(?:(?:Exception|Error|Throwable|Failure)\b:?[ \t]+|\*\* \([\w.]+\)[ \t]+|\n[ ]{4}[^\n]{1,300}\n[A-Z][\w.]{0,80}:[ \t]+)([^\n]{1,500})/g;
/** A class name that jshell's `|  Exception ` leaves before the message. */
const CLASS_BEFORE_MESSAGE = /^[\w.$]{1,200}(?:Exception|Error):[ \t]+/;
/** Ruby's uncaught exception: `x.rb:7:in 'fetch': message (KeyError)`. */
const RUBY_MESSAGE = /:in [`'][^'\n]{1,100}': ([^\n]{1,500})/g;
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
  String.raw`(?:\b(?:[Dd]uplicate (?:key|element|value|entry)|[Ff]or input string|merging values)[:]?[ \t]+["']?(${NAME})["']?(?=[ \t]*(?:$|[(,;]|["']|and\b))|\band[ \t]+(${NAME})\)|^["'](${NAME})["'](?:[ \t]+is not in list)?[ \t]*$|:[ \t]+["'](${NAME})["'](?:[ \t]+\((?:\w+::)*\w+\))?[ \t]*$)`,
  'gu',
);
/** What a message needs for the patterns above to be tried on it (cheap literals first). */
const THING_HINT = /(?:ccount|rofile|ecord|etails|mail|ddress|hone|umber|irthday|alary|assword|ogin)[ \t]+(?:of|for)[ \t]/;
const QUOTED_HINT = /uplicate|input string|merging values|^["']|["'](?:[ \t]+\([\w:]+\))?[ \t]*$/;
/** An exception named after a person (`PersonNotFoundException`, `UnknownUserException`): its message may be the person. */
const PERSON_CLASS = /(?:Person|Customer|Client|User|Employee|Member|Patient|Student|Contact|Owner|Account|Tenant|Subscriber)\w{0,40}Exception$/;
const WHOLE_NAME = new RegExp(String.raw`^["'“‘]?(${NAME})["'”’]?[ \t]*(?:$|[(,;.:])`, 'u');
const AFTER_PREPOSITION = new RegExp(String.raw`\b(?:for|to|register|registering|by|of)[ \t]+["'“‘]?(${NAME})`, 'gu');
const PERSONAL_DATA = /@[\w-]+\.|\+\d[\d ()-]{6,}|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,5}[ \t]+\p{Lu}\p{L}+[ \t]+(?:Street|Road|Avenue|Lane|Way|Drive)\b/u;

function seenTwice(text: string, value: string): boolean {
  const first = text.indexOf(value);
  return first >= 0 && text.indexOf(value, first + value.length) >= 0;
}

function* exceptionNames(text: string): Iterable<Span> {
  const messages = text.includes(':in ') ? [...text.matchAll(EXCEPTION_MESSAGE), ...text.matchAll(RUBY_MESSAGE)] : text.matchAll(EXCEPTION_MESSAGE);
  for (const message of messages) {
    // jshell's `|  Exception x.y.PersonNotFoundException: …`: the message starts after the class
    const named = CLASS_BEFORE_MESSAGE.exec(message[1]!)?.[0].length ?? 0;
    const body = message[1]!.slice(named);
    const bodyStart = message.index + message[0].length - body.length;
    const patterns = [AFTER_NOUN];
    if (THING_HINT.test(body)) patterns.push(PERSONAL_THING);
    if (QUOTED_HINT.test(body)) patterns.push(QUOTED_WHOLE);
    if (PERSONAL_DATA.test(body)) patterns.push(AFTER_PREPOSITION);
    // the class just before the message (`…PersonNotFoundException: `), checked only when one ends there
    const before = text.slice(Math.max(0, bodyStart - 130), bodyStart);
    const classEnd = before.lastIndexOf('Exception');
    const head = classEnd >= 0 && before.length - classEnd <= 12 ? before.slice(0, classEnd + 9) : '';
    if (head !== '' && PERSON_CLASS.test(head)) {
      const whole = WHOLE_NAME.exec(body);
      if (whole && isPersonName(whole[1]!)) {
        const start = bodyStart + whole[0].indexOf(whole[1]!);
        yield { start, end: start + whole[1]!.length };
      }
    }
    for (const pattern of patterns) {
      // exec on the shared pattern, not `matchAll`: that clones the regex for every message, which cost more than the matching
      pattern.lastIndex = 0;
      const founds: RegExpExecArray[] = [];
      for (let found = pattern.exec(body); found; found = pattern.exec(body)) founds.push(found);
      for (const found of founds) {
        const name = found[1] ?? found[2] ?? found[3] ?? found[4]!;
        if (!isPersonName(name)) continue;
        // a value quoted whole says nothing of whose it is (`KeyError: 'North Virginia'`): a common
        // given name, or the same value shown elsewhere in the text (the record it came from), says a person's
        if (pattern === QUOTED_WHOLE && !startsWithKnownGivenName(name) && !seenTwice(text, name)) continue;
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
  keywords: ['exception', 'error', 'throwable', 'failure', '** (', ':in '],
  detector: exceptionNames,
  examples: {
    match: [
      'Exception in thread "main" java.lang.IllegalArgumentException: Duplicate person: Jonas Becker',
      'com.acme.CustomerNotFoundException: customer \'Jonas Becker\' not found',
      '|  Exception java.lang.IllegalStateException: Customer Jonas Becker already exists',
      'ValueError: Invalid phone number +49 151 2345 6789 for Jonas Becker',
      '** (RuntimeError) user "Maeve Gallagher" is locked',
      '|  Exception java.lang.IllegalArgumentException: duplicate key: Priya Raman',
      'java.lang.IllegalStateException: Duplicate key 7 (attempted merging values Priya Raman and Jonas Becker)',
      'Exception in thread "main" java.lang.NumberFormatException: For input string: "Priya Raman"',
      "ValueError: 'Priya Raman' is not in list",
      'com.acme.PersonNotFoundException: Maeve Gallagher',
      'java.lang.IllegalStateException: Account of Maeve Gallagher is suspended',
      'RuntimeError: Person not found: Maeve Gallagher',
      "ValueError: invalid literal for int() with base 10: 'Priya Raman'",
      "people.rb:7:in `fetch': key not found: \"Priya Raman\" (KeyError)",
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
      "people.rb:7:in `fetch': key not found: \"build-server\" (KeyError)",
      "KeyError: 'North Virginia'",
    ],
  },
};
