/**
 * A person's name under a key that names a person, in any printed pair (printed-pairs.md): the key
 * decides what the value must look like, the one person-name shape (person-name-shape.ts) judges it.
 * No list of names: a name is recognised by its shape and its place, in any language's print.
 */
import type { Rule, Span } from '../types.js';
import { emailNotBot } from '../validators.js';
import { isPersonName } from './person-name-shape.js';
import { personalFieldKind } from './personal-fields.js';
import { withEchoes } from './personal-printed-fields.js';
import { firstElementAt, keyToken, keyWords, laterQuotedElements, type PrintedPair, pairAt } from './printed-pairs.js';
import { indexUpTo, lastIndexFrom, lineBreakBefore } from '../line-bounds.js';

type PersonKey = 'bare-name' | 'full-name' | 'part' | 'role';

const words = (list: string) => new Set(list.trim().split(/\s+/));

/** People by the part they play. */
const ROLES = words(`
  owner author contact customer client assignee reporter maintainer committer manager employee person patient member
  recipient sender holder signer signatory payee payer buyer seller tenant guest passenger student applicant requester
  requestor submitter approver reviewer contributor beneficiary addressee supervisor cardholder accountholder policyholder
`);
/** Words before `name` that make it a person's (`display_name`, `customerName`, `user.name`). */
const NAME_OWNERS = new Set([...ROLES, ...words('full display real legal user account card policy billing shipping git cust emp empl acct mbr')]);
/** Words before `name` that make it one part of a person's name. */
const NAME_PARTS = words('first last given family sur middle maiden fore christian');
/** One-word keys for a whole or a part of a name. */
const JOINED: ReadonlyMap<string, PersonKey> = new Map([
  ...[...NAME_OWNERS].map((owner) => [`${owner}name`, 'full-name'] as const),
  ...[...NAME_PARTS].map((part) => [`${part}name`, 'part'] as const),
  ['gecos', 'full-name'],
  // an X.509 subject's common name (`CN=Ann Lee`, `CN = Ann Lee`): a host's or a CA's name is no person's shape
  ['cn', 'full-name'],
  ['forename', 'part'],
]);

/** What a key says its value is, from its last words (and the path before it); undefined for no person. */
export function personKey(key: string, prefix: string | undefined): PersonKey | undefined {
  const all = keyWords(key);
  const last = all.at(-1);
  if (last === undefined) return undefined;
  const previous = all.length > 1 ? all.at(-2) : prefix === undefined ? undefined : keyWords(prefix).at(-1);
  if (last === 'name' || last === 'names') {
    if (previous === undefined) return 'bare-name';
    if (NAME_PARTS.has(previous)) return 'part';
    return NAME_OWNERS.has(previous) ? 'full-name' : undefined;
  }
  const joined = JOINED.get(last);
  if (joined !== undefined) return joined;
  // `created_by`, `createdBy`
  if (last === 'by' && previous !== undefined && /ed$/.test(previous)) return 'role';
  if (ROLES.has(last) || (last.endsWith('s') && ROLES.has(last.slice(0, -1)))) return 'role';
  switch (personalFieldKind(all.join(''))) {
    case 'name':
      return 'bare-name';
    case 'full-name':
      return 'full-name';
    case 'single-name':
      return 'part';
    case 'role':
      return 'role';
    default:
      return undefined;
  }
}

/** A role's value may carry the person's address after the name (`Ann Lee <ann@…>`, `Ann Lee (ann@…)`): the name part. */
const TRAILING_CONTACT = /\s*(?:<[^<>]*>?|\([^()]*\)?|\[[^[\]]*\]?)$/;

/** An address right after an unquoted value (`Maintainer: Rust Packaging <rust-maintainers@…>`). */
const FOLLOWING_ADDRESS = /^\s{0,2}[<(][^\s<>()]{1,100}@[^\s<>()]{1,100}[>)]/;

function nameSpan(text: string, pair: PrintedPair, kind: PersonKey): Span | undefined {
  let { start, end } = pair.value;
  while (start < end && text[start] === ' ') start++;
  let value = text.slice(start, end);
  if (kind === 'role' || kind === 'bare-name' || kind === 'full-name') {
    const contact = TRAILING_CONTACT.exec(value);
    // a list's, a team's or a bot's address says the name before it is theirs too (`Rust Packaging <rust-maintainers@lists.…>`)
    const address = (contact?.[0] ?? FOLLOWING_ADDRESS.exec(text.slice(end, end + 120))?.[0])?.match(/[^\s<>()[\]]+@[^\s<>()[\]]+/)?.[0];
    if (address !== undefined && !emailNotBot(address)) return undefined;
    if (contact !== null && contact.index > 0) {
      value = value.slice(0, contact.index);
      end = start + value.length;
    }
  }
  // a GECOS field (`Ann Lee,Room 4,+44 20 7946 0000,,`) holds the full name up to its first comma
  if (pair.key.toLowerCase() === 'gecos') value = value.replace(/,.*$/s, '');
  // an X.509 subject's CN in the slashed form (`/CN=Ann Lee/emailAddress=…`) ends at the next `/`
  if (pair.separator === '=' && text[pair.keyStart - 1] === '/') value = value.replace(/\/.*$/s, '');
  // an iCalendar attendee's CN names a room, a resource or a group when its CUTYPE says so (RFC 5545)
  if (pair.key.toLowerCase() === 'cn' && NOT_AN_INDIVIDUAL.test(text.slice(lineBreakBefore(text, pair.keyStart) + 1, pair.keyStart))) return undefined;
  value = value.trimEnd();
  end = start + value.length;
  if (NO_VALUE.test(value)) return undefined;
  const upper = !pair.symbol;
  if (isPersonName(value, { single: kind === 'part', upper })) return { start, end };
  // an unquoted `Surname, Given` (C#'s `{ Owner = Lee, Ann, Id = 7 }`): the bare value stopped at its comma
  if (kind !== 'part' && !pair.closed && !value.includes(' ')) {
    const given = INVERTED_GIVEN.exec(text.slice(end, end + 40));
    if (given !== null && isPersonName(`${value}, ${given[1]}`, { upper })) return { start, end: end + given[0].length };
  }
  return undefined;
}

/** A calendar user type other than a person, before an attendee's CN on its line (`ATTENDEE;CUTYPE=ROOM;CN=…`). */
const NOT_AN_INDIVIDUAL = /;CUTYPE=(?!"?INDIVIDUAL\b)/i;

/** The given name after a surname's comma, where the form's next separator or its end follows it. */
const INVERTED_GIVEN = /^,[ ]?(\p{Lu}[\p{L}\p{M}'’-]{1,30})(?=[ ]*(?:[,;)}\]\n\r]|$))/u;

/**
 * A bare `name` is a person's only in a record about someone: another personal key or a person's
 * type in the same printed object (its brackets, or its paragraph; printed objects span lines). Not `owner` or
 * `author`: packages, services and documents have those too.
 */
const ABOUT_SOMEONE = /mail|phone|mobile|street|address|birth|\bdob\b|postcode|zip|\bcity\b|person|people|customer|employee|contact|patient|member|staff|student|passenger|surname|first.?name|last.?name|given|\bage\b|\bssn\b|\bcust\b|\brole\b|\btitle\b|\bdept\b|department|\bteam\b|salary|hired|joined|gender|nickname|\bseat\b|\bdesk\b|\bgrade\b/i;

const OPENERS = '([{';
const CLOSERS = ')]}';

/** The printed object around a pair: its enclosing brackets, or else its paragraph (a blank line ends it), ±300 characters at most. */
function recordAround(text: string, pair: PrintedPair): [number, number] {
  const floor = Math.max(0, pair.keyStart - 300);
  const ceiling = Math.min(text.length, pair.value.end + 300);
  let depth = 0;
  let start = -1;
  for (let at = pair.keyStart - 1; at >= floor; at--) {
    const char = text[at]!;
    if (CLOSERS.includes(char)) depth++;
    else if (OPENERS.includes(char) && depth-- === 0) {
      start = at;
      break;
    }
  }
  if (start >= 0) {
    depth = 0;
    // a functor's own `)` (`name('Ann Lee')`) closes the pair, not the record around it
    const after = pair.separator === '(' ? text.indexOf(')', pair.value.end) + 1 || pair.value.end : pair.value.end;
    for (let at = after; at < ceiling; at++) {
      const char = text[at]!;
      if (OPENERS.includes(char)) depth++;
      else if (CLOSERS.includes(char) && depth-- === 0) return [start, at + 1];
    }
    return [start, ceiling];
  }
  // R prints a list's elements (`$name`, `$email`) with a blank line between them: one record still
  // (both searches stop at the floor and the ceiling: what lies beyond is cut off anyway)
  let before = lastIndexFrom(text, '\n\n', pair.keyStart, floor);
  while (before > floor && text[before + 2] === '$') before = lastIndexFrom(text, '\n\n', before - 1, floor);
  let after = indexUpTo(text, '\n\n', pair.value.end, ceiling);
  while (after >= 0 && after < ceiling && text[after + 2] === '$') after = indexUpTo(text, '\n\n', after + 2, ceiling);
  return [Math.max(floor, before + 1), after < 0 ? ceiling : Math.min(ceiling, after)];
}

function aboutSomeone(text: string, pair: PrintedPair): boolean {
  let [start, end] = recordAround(text, pair);
  // the type or functor the record's bracket belongs to (`customer(id(42), name('Ann Lee'))`, `Person{…}`)
  if (OPENERS.includes(text[start] ?? '')) {
    const floor = Math.max(0, start - 24);
    while (start > floor && /[\p{L}\p{N}_]/u.test(text[start - 1]!)) start--;
  }
  return ABOUT_SOMEONE.test(text.slice(start, end));
}

/** What printers write for no value: a capitalised word that is no name. */
const NO_VALUE = /^(?:None|Nil|Null|NULL|NIL|Undefined|Nothing|True|False|N\/A|NaN|Empty|Unset|Unknown|Missing|Default)$/;

/** Capitalised words a type is named by when it holds a person (`Person(`, `#S(CUSTOMER`, `main.Employee{`). */
const PERSON_TYPE = /^(?:[\p{L}\p{N}_]+[._])?(?:Person|People|Customer|Client|Employee|Contact|Author|Owner|Patient|Member|Student|Passenger|Recipient|Tenant|Guest|Applicant|Signer|Holder)$/iu;

/** Keys repeat in every string (`name`, `file_name`): their kind without a path is remembered. */
const KEY_KINDS = new Map<string, PersonKey | null>();

function keyKind(key: string): PersonKey | undefined {
  let kind = KEY_KINDS.get(key);
  if (kind === undefined) {
    if (KEY_KINDS.size >= 4096) KEY_KINDS.clear();
    kind = personKey(key, undefined) ?? null;
    // a copy: a slice of a long text would keep the whole text alive in the map
    KEY_KINDS.set([...key].join(''), kind);
  }
  return kind ?? undefined;
}

function* printedPeople(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  if (keywordStarts === undefined) return;
  let tokenEnd = -1;
  for (const at of keywordStarts) {
    if (at < tokenEnd) continue;
    const token = keyToken(text, at);
    tokenEnd = Math.max(token[1], at + 1);
    const key = text.slice(token[0], token[1]);
    const first = key.charCodeAt(key.lastIndexOf('.') + 1);
    // `Person("Ann Lee", …)`, and a lower-case functor's (`person('Ann Lee', 41)`, Prolog's `person(Ann Lee,41)`)
    if (((first >= 65 && first <= 90) || text[token[1]] === '(') && PERSON_TYPE.test(key)) {
      const element = firstElementAt(text, token);
      let span = element && nameSpan(text, element, 'full-name');
      if (span === undefined && element !== undefined && element.separator === '(') {
        for (const later of laterQuotedElements(text, element)) if ((span = nameSpan(text, later, 'full-name')) !== undefined) break;
      }
      if (span !== undefined) {
        yield span;
        continue;
      }
    }
    // the key alone decides most keys (only a bare `name` asks its path): judged before any pair is read
    if (keyKind(key) === undefined) continue;
    const pair = pairAt(text, token);
    if (pair === undefined) continue;
    const kind = personKey(pair.key, pair.prefix);
    if (kind === undefined) continue;
    const span = nameSpan(text, pair, kind);
    if (span === undefined || (kind === 'bare-name' && !aboutSomeone(text, pair))) continue;
    yield span;
  }
}

export const PRINTED_PAIR_PERSON_RULE: Rule = {
  id: 'printed-pair-person',
  type: 'pii',
  label: 'name',
  description:
    'a person-shaped name under a key that names a person (`full_name`, `ownerName`, `:author`, `(contact . …)`, `[name] => …`, `<last_name>…`), in any pair form a language or daemon prints (printed-pairs.md); a bare `name` in a record about someone; the first element of a person type (`Person("Ann Lee", …)`)',
  keywords: [
    'name', 'gecos', 'cn=', 'cn =', 'owner', 'author', 'contact', 'customer', 'client', 'assignee', 'reporter', 'maintainer', 'committer', 'manager',
    'employee', 'person', 'patient', 'member', 'recipient', 'sender', 'holder', 'signer', 'signatory', 'payee', 'payer', 'buyer',
    'seller', 'tenant', 'guest', 'passenger', 'student', 'applicant', 'requester', 'requestor', 'submitter', 'approver', 'reviewer',
    'contributor', 'beneficiary', 'addressee', 'supervisor', 'people', 'forename', 'ed_by', 'edby', 'ed-by',
    'navn', 'namn', 'nimi', 'nom', 'naam', 'apellido', 'cognome', 'nazwisko', 'имя', 'фамилия', 'фио', '氏名', '姓名', '이름',
  ],
  keywordStarts: true,
  detector: (text, keywordStarts) => withEchoes(text, printedPeople(text, keywordStarts)),
  examples: {
    match: [
      '#S(EMPLOYEE :FULL-NAME "Tarjei Vindenes" :ROLE "dba")',
      "{'owner_name': 'Okwudili Brannstrom', 'repo': 'infra'}",
      '(contact . "Halvor Brekkestad")',
      '[assignee] => Mirela Kovačević',
      'Person("Zubair Hallqvist", 41)',
      '$name\n[1] "Tarjei Vindenes"\n\n$email\n[1] "tv@posteo.no"',
      '<lastName>Vindenes</lastName>',
      '{Name:Tarjei Vindenes Email:tv@posteo.no Age:41}',
      'CUSTOMER-NAME: MIRELA OSTERKAMP',
      "customer(name('Seán Ó Briain'), age(52))",
      '{ Owner = Brannstrom, Okwudili, Repo = infra }',
      'subject:  "C=NO, O=Fjordpost AS, CN=Tarjei Vindenes"',
      "users: [{'name': 'svc', 'gecos': 'Halvor Brekkestad,Room 12,,'}] failed validation",
    ],
    noMatch: [
      'name = name',
      'full_name: str',
      'owner: Option<String>',
      'author = get_author()',
      'owner: root',
      'author: dependabot[bot]',
      'name = "my-service"',
      'file_name: Release Notes.md',
      '{"name": "Visual Studio", "version": "1.2"}',
      'class_name = "Order Service"',
      'CUSTOMER-NAME: NOT FOUND',
      'name(foo)',
      "file('a.txt')",
      'CN=Acme Issuing CA 1',
      'ATTENDEE;CUTYPE=RESOURCE;CN=Harbour View Projector:mailto:av@fjordpost.no',
    ],
  },
};
