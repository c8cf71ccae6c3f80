/**
 * A name kept as an object of its parts under a key naming a person: `name: { first: 'Kenji',
 * last: 'Halvorsen' }` (Node's console.log, the randomuser API's JSON), `owner = { first =
 * "Ansgar", last = "Villanueva" }` (a Lua table), `{'customer': {'given': 'Ilse', 'family':
 * 'Brandt'}}` (a Python dict). `first` and `last` alone are any list's ends (`first: 1`): only
 * inside such an object, with both a given and a family part shaped as names, are they a person's.
 */
import { isGivenName, judgePhrase } from '../names/name-judge.js';
import type { Rule, Span } from '../types.js';
import { GIVEN_NAMES } from './given-names.js';
import { isPersonName } from './person-name-shape.js';

/** Under a bare `name` the parts may be a title's (`{ first: 'Intro', last: 'Summary' }`): a known given name or an e-mail nearby says a person's. */
const EMAIL_NEAR = /[\w.+-]@[\w-]+\.[\w.-]/;

/**
 * Found from the object's opening brace after `name`, `person`, `owner`… (the key's own start
 * checked in code), or a type of that name printed with its fields: `Person{first: …}` (Go, Rust),
 * `User(given=…)` (Python, Kotlin), `%Person{…}` (Elixir), `#<struct Person first=…>` (Ruby).
 */
const PERSON_OBJECT = /(?:name|person|owner|customer|contact|user|author|member|client|patient|employee|holder|recipient|sender|passenger|guest|applicant|student|tenant|subscriber)s?(?:["']?\]?[ \t]*(?:=>|[:=])[ \t]*[{(]|(?<type>[{(]|[ \t]+(?=[\p{L}_]+[ \t]*[:=][^:=])))/giuy;
const OBJECT_REACH = 300;
/** A part and its value inside the object: quoted (JS, JSON, Lua, Python, PHP) or bare (a Lua `dump`). */
const PART = /(?<![\p{L}\d_])([Ff]irst|[Gg]iven|[Mm]iddle|[Ll]ast|[Ff]amily|[Ss]ur)(?:[_-]?[Nn]ame)?["']?\]?[ \t]*(?:=>|[:=])[ \t]*(?:(["'])([^"'\n]{1,60})\2|(\p{Lu}[\p{L}'’ -]{0,58}\p{L}))/guy;
const PARTS = /(?<![\p{L}\d_])(?:first|given|middle|last|family|sur)(?:[_-]?name)?["']?\]?[ \t]*(?:=>|[:=])/giu;

/** A given-name part's key (`first`, `given`, `firstName`) and its separator, at a keyword. */
const GIVEN_PART_KEY = /(?:first|given)(?:[_-]?name)?["']?\]?[ \t]*(?:=>|[:=])/iy;

/** The object of no named key that holds the given-name part at `at`: its opening brace, within reach before. */
function unnamedObject(text: string, at: number): RegExpExecArray | undefined {
  GIVEN_PART_KEY.lastIndex = at;
  if (!GIVEN_PART_KEY.test(text)) return undefined;
  const before = text.slice(Math.max(0, at - 120), at);
  const open = Math.max(before.lastIndexOf('{'), before.lastIndexOf('('));
  if (open < 0 || /[})]/.test(before.slice(open))) return undefined;
  const found = /[{(]/.exec(before.slice(open)) as RegExpExecArray;
  found.index = at - before.length + open;
  found.groups = { unnamed: '' };
  return found;
}

/** No part a word (a listed name or name-like letters), and a listed name or the whole well on the name side. */
function nameLike(parts: readonly string[]): boolean {
  const words = parts.flatMap((part) => part.split(' '));
  const { min, sum, listed } = judgePhrase(words);
  return min >= -1 && (listed > 0 || sum >= 2);
}

function* nameObjects(text: string, starts: readonly number[] = []): Iterable<Span> {
  let done = 0;
  for (const at of starts) {
    if (at < done || (at > 0 && /[\p{L}\d_]/u.test(text[at - 1]!))) continue;
    PERSON_OBJECT.lastIndex = at;
    const opened = PERSON_OBJECT.exec(text) ?? unnamedObject(text, at);
    if (!opened) continue;
    const from = opened.index + opened[0].length;
    const unnamed = opened.groups?.unnamed !== undefined;
    const typed = opened.groups?.type !== undefined;
    // a Ruby struct's fields end at its `>`
    const spaced = typed && !/[{(]/.test(opened.groups!.type!);
    const close = text.slice(from, from + OBJECT_REACH).search(spaced ? /[<>{}()\n]/ : /[{}()]/);
    if (close < 0 || !(spaced ? />/ : /[})]/).test(text[from + close]!)) continue;
    const body = text.slice(from, from + close);
    const spans: Span[] = [];
    let given = false;
    let knownGiven = false;
    let family = false;
    for (const key of body.matchAll(PARTS)) {
      PART.lastIndex = key.index;
      const part = PART.exec(body);
      if (!part) continue;
      const value = part[3] ?? part[4]!;
      if (!isPersonName(value.trim(), { single: true })) continue;
      const word = part[1]!.toLowerCase();
      if (word === 'first' || word === 'given') {
        given = true;
        const first = value.trim().split(' ')[0]!;
        knownGiven ||= GIVEN_NAMES.has(first.toLowerCase()) || isGivenName(first);
      }
      if (word === 'last' || word === 'family' || word === 'sur') family = true;
      const end = from + key.index + part[0].length - (part[3] !== undefined ? 1 : 0);
      spans.push({ start: end - value.length, end });
    }
    if (!given || !family) continue;
    // a type's fields (`Person{first: …}`) are a name when the judge calls the parts together one
    const joined = spans.map((span) => text.slice(span.start, span.end));
    if (typed && !isPersonName(joined.join(' '), { keyed: true })) continue;
    // an object of no person's key or type (`{'first': 'Ann', 'last': 'Lee'}` in a list): the parts must read as a name by themselves
    if (unnamed && !(isPersonName(joined.join(' ')) && nameLike(joined))) continue;
    const bareName = /^names?\b/i.test(opened[0]);
    if (bareName && !knownGiven && !EMAIL_NEAR.test(text.slice(Math.max(0, at - OBJECT_REACH), from + close + OBJECT_REACH))) continue;
    yield* spans;
    done = from + close;
  }
}

export const PERSONAL_NAME_OBJECT_RULE: Rule = {
  id: 'personal-name-object',
  type: 'pii',
  label: 'name',
  description: "the parts of a person's name kept as an object (`name: { first: …, last: … }`, `given`/`family`) under a key naming a person, in JS, JSON, Lua and Python prints",
  keywords: ['first', 'given', 'name', 'person', 'owner', 'customer', 'contact', 'user', 'author', 'member', 'client', 'patient', 'employee', 'holder', 'recipient', 'sender', 'passenger', 'guest', 'applicant', 'student', 'tenant', 'subscriber'],
  keywordStarts: true,
  detector: nameObjects,
  examples: {
    match: [
      "[ { person: { first: 'Kenji', last: 'Halvorsen', age: 41 } } ]",
      '{"gender": "female", "name": {"title": "Ms", "first": "Wilhelmina", "last": "Tshabalala"}, "email": "w.t@telkomsa.net"}',
      'owner = {\n    first = "Ansgar",\n    last = "Villanueva",\n  },',
      "{'customer': {'given': 'Ilse', 'family': 'Brandt'}}",
      '{ ["email"] = odile.b@laposte.net,["name"] = { ["first"] = Odile,["last"] = Brancato,} ,}',
      'main.Person{First:"Ann", Last:"Lee", Age:41}',
      'User(given="Tarjei", family="Vindenes", age=33)',
      '#<struct Person first="Keiko", last="Yamamoto">',
      '%Customer{first: "Ngozi", last: "Adeyemi", id: 7}',
      "[{'first': 'Oyelaran', 'last': 'Fagbemi'},",
      '{"id": 7, "firstName": "Mirela", "lastName": "Osterkamp"}',
    ],
    noMatch: [
      '{ range: { first: 1, last: 10 } }',
      "{ name: { first: 'Intro', last: 'Summary' } }",
      "{ user: { first: 'Kenji' } }",
      'pages = { first = "Cover", last = "Index" }',
      "{ name: 'Kenji', last: 'Halvorsen' }",
      'Member{First:"Gold", Last:"Tier"}',
      'User(first="Intro", last="Summary")',
      '#<struct Contact first=1, last=9>',
      "{'first': 'Intro', 'last': 'Summary'}",
      '(first: "Alpha", last: "Omega")',
      '{ first: "Docker", last: "Compose" }',
    ],
  },
};
