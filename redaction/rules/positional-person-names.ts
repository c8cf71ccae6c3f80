/**
 * A person's given and family name passed as two positional arguments of a constructor, a record
 * or a form named for a person: `(person "Ann" "Lee")`, `#(person "Ann" "Lee" 41)` (Lisp, Scheme
 * vectors), `Person("Ann", "Lee")`, `new Customer('Tarjei', 'Lindqvist')`, `{person, "Ann", "Lee"}`
 * (an Erlang tuple). Nothing but the type says a name stands there, so the two strings must read
 * as one name to the name judge (../names/name-judge.ts): either part on the name lists (no
 * everyday word), and not plainly words (`Person("Main", "Street")`).
 */
import { isListedName } from '../names/name-judge.js';
import type { Rule, Span } from '../types.js';
import { isPersonName } from './person-name-shape.js';

const TYPES = ['person', 'user', 'customer', 'employee', 'author', 'contact', 'member', 'student', 'patient', 'client', 'owner', 'guest', 'passenger', 'applicant', 'tenant', 'subscriber', 'people'];
/** One capitalised name part in quotes, its quote the `group`-th capture. */
const part = (group: number) => `(["'])(\\p{Lu}[\\p{Ll}\\p{M}]+(?:['’-]\\p{Lu}?[\\p{Ll}\\p{M}]+)*)\\${group}`;
/** At a type's name: a space, an opening bracket or a comma, then two quoted name parts, a comma or spaces between. */
const POSITIONAL = new RegExp(`(?:${TYPES.map((type) => `[${type[0]}${type[0]!.toUpperCase()}]${type.slice(1)}`).join('|')})s?(?:[ \\t]+|["']?[ \\t]*(?:(?:=>|[:=])[ \\t]*)?[({[,][ \\t]*)${part(1)}[ \\t]*,?[ \\t]*${part(3)}(?![\\p{L}\\p{N}_])`, 'uy');

/** One capitalised name part left bare, as Prolog prints an atom that needs no quotes (`write(name('Ann','Lee'))` prints `name(Ann,Lee)`). */
const BARE_PART = String.raw`(\p{Lu}[\p{Ll}\p{M}]+(?:['’-]\p{Lu}?[\p{Ll}\p{M}]+)*)`;
/** A compound term named for a person or a name, its first two arguments bare name parts: `name(Ann,Lee)`, `person(Ann,Lee,41)`. */
const BARE_TERM = new RegExp(`(?:${[...TYPES, 'name', 'full_name', 'fullname'].join('|')})\\([ \\t]*${BARE_PART}[ \\t]*,[ \\t]*${BARE_PART}[ \\t]*(?=[,)])`, 'uy');

/** The name parts of a printed term at `at`: its given and family name as bare atoms. */
function bareTermNames(text: string, at: number): Span[] {
  BARE_TERM.lastIndex = at;
  const match = BARE_TERM.exec(text);
  if (!match) return [];
  const [given, family] = [match[1]!, match[2]!];
  if ((!isListedName(given) && !isListedName(family)) || !isPersonName(`${given} ${family}`, { keyed: true })) return [];
  const open = text.indexOf('(', at);
  const givenStart = text.indexOf(given, open);
  const familyStart = text.indexOf(family, givenStart + given.length);
  return [
    { start: givenStart, end: givenStart + given.length },
    { start: familyStart, end: familyStart + family.length },
  ];
}

function* positionalNames(text: string, starts: readonly number[] = []): Iterable<Span> {
  for (const at of starts) {
    if (at > 0 && /[\p{L}\p{N}_]/u.test(text[at - 1]!)) continue;
    POSITIONAL.lastIndex = at;
    const match = POSITIONAL.exec(text);
    if (!match) {
      yield* bareTermNames(text, at);
      continue;
    }
    const given = match[2]!;
    const family = match[4]!;
    if (!isListedName(given) && !isListedName(family)) continue;
    if (!isPersonName(`${given} ${family}`, { keyed: true })) continue;
    const end = at + match[0].length - 1;
    const familyStart = end - family.length;
    const givenEnd = text.lastIndexOf(given, familyStart) + given.length;
    yield { start: givenEnd - given.length, end: givenEnd };
    yield { start: familyStart, end };
  }
}

export const POSITIONAL_PERSON_NAME_RULE: Rule = {
  id: 'person-name-positional',
  type: 'pii',
  label: 'name',
  description: 'a given and a family name as two quoted positional arguments of a constructor, record or form named for a person (`(person "Ann" "Lee")`, `Person("Ann", "Lee")`), or as bare atoms of a printed Prolog term (`name(Ann,Lee)`), judged as one name',
  keywords: [...TYPES, 'name(', 'full_name(', 'fullname('],
  keywordStarts: true,
  detector: positionalNames,
  examples: {
    match: ['customer(42, name(Ottilie,Brandvold), city(Bergen))', 'person(Tarjei,Lindqvist,37)', '#(person "Ann" "Lee" 41)', '(person "Torbjørn" "Lindqvist")', 'Person("Mirela", "Osterkamp", 33)', "new Customer('Tarjei', 'Lindqvist')", '{person,"Ngozi","Adeyemi",7}', "{ person: [ 'Kwabena', 'Asante' ] }"],
    noMatch: ['Person("Main", "Street")', '(user "Admin" "Root")', 'Customer("Gold", "Tier")', 'superuser "Ann" "Lee"', 'Person("ann", "lee")', 'name(Main,Street)', 'username(Ann,Lee)', 'name(X,Y)'],
  },
};
