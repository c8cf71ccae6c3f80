/**
 * LDAP entries as OpenLDAP's tools and other LDIF writers print them: `ldapsearch`/`slapcat`
 * LDIF (`attr: value`, `attr:: <base64>` for a value that is not a safe string, folded lines
 * starting with one space) and what `ldapadd -v`/`ldapmodify -v` echo before sending an entry
 * (`add attr:` then each value on a line of its own after a tab). A password attribute's value
 * (`userPassword`, `olcRootPW`, …) is a secret unless it is a hash (`{SSHA}…`), also when
 * ldapsearch writes it in base64 (it always does for `userPassword`: the attribute is an octet
 * string). In a person's entry (`objectClass: inetOrgPerson`, or an `sn`/`givenName`), the name
 * attributes, the name in the entry's DN and the postal attributes are personal data.
 * `ldappasswd` prints the password it generated (`New password: Pdw8.HJl`), dots included.
 */
import type { Rule, Span } from '../types.js';
import { isPersonName } from './person-name-shape.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';

interface LdifValue {
  readonly attribute: string;
  /** where the value is written (its base64 form when `base64`) */
  readonly span: Span;
  readonly base64: boolean;
}

interface LdifEntry {
  readonly dn?: LdifValue;
  readonly values: readonly LdifValue[];
}

/** `attr: value`, `attr:: base64`, `attr;lang-en: value` at the start of a line. */
const ATTRIBUTE_LINE = /^([A-Za-z][\w-]*(?:;[\w-]+)*)(::?)[ \t]?(.*)$/;
/** `add attr:` / `replace attr:` as `ldapadd -v` / `ldapmodify -v` echo it. */
const VERBOSE_LINE = /^(?:add|replace|delete) ([A-Za-z][\w-]*(?:;[\w-]+)*):$/;
const PASSWORD_ATTRIBUTES = new Set(['userpassword', 'olcrootpw', 'rootpw', 'authpassword', 'olcdbrootpw', 'sambaclearTextpassword'.toLowerCase(), 'unixuserpassword']);
const PERSON_CLASSES = new Set(['person', 'organizationalperson', 'inetorgperson', 'residentialperson', 'posixaccount', 'shadowaccount', 'user', 'contact']);
const NAME_ATTRIBUTES = new Set(['cn', 'commonname', 'displayname', 'gecos', 'name']);
const NAME_PART_ATTRIBUTES = new Set(['sn', 'surname', 'givenname', 'gn']);
const POSTAL_ATTRIBUTES = new Set(['street', 'streetaddress', 'postaladdress', 'homepostaladdress', 'registeredaddress', 'postalcode', 'l', 'localityname']);
const PHONE_ATTRIBUTES = new Set(['telephonenumber', 'mobile', 'homephone', 'pager', 'facsimiletelephonenumber', 'othermobile', 'homeTelephoneNumber'.toLowerCase()]);
/** A password scheme's hash: left alone, as every other password hash. */
const HASHED_SCHEME = /^\{(?!CLEARTEXT\}|PLAIN\})[A-Z0-9._-]{2,20}\}/i;

interface Line {
  readonly start: number;
  readonly end: number;
}

function linesOf(text: string, from: number, to: number): Line[] {
  const lines: Line[] = [];
  let start = from;
  while (start < to) {
    const newline = lineBreakAfter(text, start);
    const end = newline < 0 || newline > to ? to : newline;
    lines.push({ start, end: text[end - 1] === '\r' ? end - 1 : end });
    start = end + 1;
  }
  return lines;
}

/** The block of non-blank lines around `at` (an entry ends at a blank line), at most 200 lines each way. */
function blockAround(text: string, at: number): [number, number] {
  let start = lineBreakBefore(text, at - 1) + 1;
  for (let lines = 0; lines < 200 && start > 0; lines++) {
    const previous = lineBreakBefore(text, start - 2) + 1;
    if (text.slice(previous, start - 1).trim() === '') break;
    start = previous;
  }
  let end = at;
  for (let lines = 0; lines < 200; lines++) {
    const newline = lineBreakAfter(text, end);
    if (newline < 0) return [start, text.length];
    const next = lineBreakAfter(text, newline + 1);
    const nextLine = text.slice(newline + 1, next < 0 ? text.length : next);
    if (nextLine.trim() === '') return [start, newline];
    end = newline + 1;
  }
  return [start, end];
}

/** The entry written in `text[from, to)`: LDIF lines with their folds, or `ldapadd -v` echo lines. */
function entryOf(text: string, from: number, to: number): LdifEntry {
  const values: LdifValue[] = [];
  let dn: LdifValue | undefined;
  let last: { attribute: string; start: number; end: number; base64: boolean } | undefined;
  let verbose: string | undefined;
  const flush = () => {
    if (!last) return;
    const value = { attribute: last.attribute, span: { start: last.start, end: last.end }, base64: last.base64 };
    if (last.attribute === 'dn') dn = value;
    else values.push(value);
    last = undefined;
  };
  for (const line of linesOf(text, from, to)) {
    const content = text.slice(line.start, line.end);
    if (verbose !== undefined && content.startsWith('\t')) {
      values.push({ attribute: verbose, span: { start: line.start + 1, end: line.end }, base64: false });
      continue;
    }
    verbose = undefined;
    if (content.startsWith(' ') && last) {
      last.end = line.end;
      continue;
    }
    flush();
    const echo = VERBOSE_LINE.exec(content);
    if (echo) {
      verbose = echo[1]!.toLowerCase();
      continue;
    }
    const match = ATTRIBUTE_LINE.exec(content);
    if (!match || match[3] === '') continue;
    const valueStart = line.start + content.length - match[3]!.length;
    last = { attribute: match[1]!.toLowerCase().split(';')[0]!, start: valueStart, end: line.end, base64: match[2] === '::' };
  }
  flush();
  return dn ? { dn, values } : { values };
}

/** The value as text: folds removed, base64 decoded (UTF-8); null when it is not text. */
function valueText(text: string, value: LdifValue): string | null {
  const written = text.slice(value.span.start, value.span.end).replace(/\r?\n /g, '');
  if (!value.base64) return written;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(written) || written.length % 4 !== 0) return null;
  const decoded = Buffer.from(written, 'base64').toString('utf8');
  return /^[^\0-\x08\x0e-\x1f\ufffd]*$/.test(decoded) ? decoded : null;
}

/** The starts of the entries near the keywords, each once. */
function* entriesAt(text: string, starts: readonly number[]): Iterable<LdifEntry> {
  let covered = -1;
  for (const at of starts) {
    if (at < covered) continue;
    const [from, to] = blockAround(text, at);
    covered = to;
    yield entryOf(text, from, to);
  }
}

/** What an entry stores as its password: anything printable but a mask (a directory holds what was set, a word included). */
function storedPassword(password: string): boolean {
  return /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(password) && !/^(?:\*+|x+|<hidden>)$/i.test(password);
}

function* ldapPasswords(text: string, starts: readonly number[] = []): Iterable<Span> {
  for (const entry of entriesAt(text, starts)) {
    for (const value of entry.values) {
      if (!PASSWORD_ATTRIBUTES.has(value.attribute)) continue;
      const password = valueText(text, value)?.trim();
      if (!password || HASHED_SCHEME.test(password) || !storedPassword(password)) continue;
      yield value.span;
    }
  }
  yield* generatedPasswords(text, starts);
}

/** `ldappasswd` without `-s`: `New password: <generated>` on a line of its own. */
const GENERATED = /New password: ([\x21-\x7e]{6,64})[ \t]*(?=\r?\n|$)/y;

function* generatedPasswords(text: string, starts: readonly number[]): Iterable<Span> {
  for (const at of starts) {
    GENERATED.lastIndex = at;
    const match = GENERATED.exec(text);
    if (!match || (at > 0 && text[at - 1] !== '\n')) continue;
    const value = match[1]!;
    if (/^\*+$|password|:$/i.test(value)) continue;
    const start = at + match[0].indexOf(value, 13);
    yield { start, end: start + value.length };
  }
}

/** A DN under a branch that holds people (`uid=x,ou=people,…`), when the entry's classes were not asked for. */
const PEOPLE_BRANCH = /,\s*ou=(?:people|users|staff|employees|persons|members|customers|contacts)\b/i;

function isPersonEntry(text: string, entry: LdifEntry): boolean {
  if (entry.dn && !entry.dn.base64 && PEOPLE_BRANCH.test(text.slice(entry.dn.span.start, entry.dn.span.end))) return true;
  return entry.values.some((value) => {
    if (NAME_PART_ATTRIBUTES.has(value.attribute)) return true;
    return value.attribute === 'objectclass' && PERSON_CLASSES.has((valueText(text, value) ?? '').trim().toLowerCase());
  });
}

function* personalValues(text: string, starts: readonly number[] = []): Iterable<Span> {
  for (const entry of entriesAt(text, starts)) {
    if (!isPersonEntry(text, entry)) continue;
    if (entry.dn) yield* dnName(text, entry.dn);
    for (const value of entry.values) {
      const written = valueText(text, value)?.trim();
      if (!written) continue;
      const personal = NAME_ATTRIBUTES.has(value.attribute)
        ? isPersonName(written)
        : NAME_PART_ATTRIBUTES.has(value.attribute)
          ? isPersonName(written, { single: true })
          : POSTAL_ATTRIBUTES.has(value.attribute)
            ? /\p{L}/u.test(written) || /\d/.test(written)
            : PHONE_ATTRIBUTES.has(value.attribute) && (written.match(/\d/g)?.length ?? 0) >= 7;
      if (personal) yield value.span;
    }
  }
}

/** The person's name as the first RDN of the entry's DN (`cn=Maeve Brennan,ou=people,…`). */
function* dnName(text: string, dn: LdifValue): Iterable<Span> {
  if (dn.base64) return;
  const written = text.slice(dn.span.start, dn.span.end);
  const rdn = /^(?:cn|displayName)=((?:[^,+\\\n]|\\.)+)/i.exec(written);
  if (!rdn || !isPersonName(rdn[1]!.replace(/\\(.)/g, '$1'))) return;
  const start = dn.span.start + rdn[0].length - rdn[1]!.length;
  yield { start, end: start + rdn[1]!.length };
}

export const LDAP_SECRET_RULES: readonly Rule[] = [
  {
    id: 'ldap-entry-password',
    type: 'secret',
    label: 'password',
    description: "an LDAP entry's password attribute (userPassword, olcRootPW, …) in LDIF, base64 (`userPassword:: …`) or as `ldapadd -v` echoes it, unless it is a hash; the password `ldappasswd` generated",
    keywords: ['dn:', 'add userpassword:', 'replace userpassword:', 'add olcrootpw:', 'replace olcrootpw:', 'new password: '],
    keywordStarts: true,
    detector: (text, starts = []) => ldapPasswords(text, starts),
    examples: {
      match: [
        'dn: uid=tokafor,ou=people,dc=orchard,dc=test\nuid: tokafor\nuserPassword:: cGw0bmUtVHJlZS05OTIx',
        'add uid:\n\tmbrennan\nadd userPassword:\n\tTw8!qrZe-Kalm4\nadding new entry "uid=mbrennan,ou=people,dc=orchard,dc=test"',
        'dn: olcDatabase={1}mdb,cn=config\nolcRootPW: Qv7pLmz2RtX9',
        'New password: zV.DxG00',
        'dn: uid=hb,ou=people,dc=orchard,dc=test\nuserPassword: sunflower',
      ],
      noMatch: [
        'dn: uid=tokafor,ou=people,dc=orchard,dc=test\nuserPassword:: e1NTSEF9bFc3T2ZjZE1uWUFVZ0pDdlRvVFdDRXdnZUlvcG1pVVI=',
        'dn: uid=svc,ou=system,dc=orchard,dc=test\nuserPassword: {CRYPT}$6$rounds=5000$abc$def',
        'New password: \nRetype new password: ',
        'dn: cn=config\nolcRootPW: changeme',
      ],
    },
  },
];

export const LDAP_PERSONAL_RULES: readonly Rule[] = [
  {
    id: 'ldap-person-entry',
    type: 'pii',
    label: 'personal-data',
    description: "a person's LDAP entry (objectClass person/inetOrgPerson/posixAccount, or an sn/givenName): the name attributes (cn, sn, givenName, displayName, gecos) and the name in its DN, the postal attributes and the phones, in LDIF or as `ldapadd -v` echoes it",
    keywords: ['dn:', 'add objectclass:', 'add cn:', 'add sn:'],
    keywordStarts: true,
    detector: (text, starts = []) => personalValues(text, starts),
    examples: {
      match: [
        'dn: cn=Maeve Brennan,ou=people,dc=orchard,dc=test\nobjectClass: inetOrgPerson\ncn: Maeve Brennan\nsn: Brennan',
        'dn: uid=eni,ou=people,dc=orchard,dc=test\nobjectClass: inetOrgPerson\ncn:: w4lpbGVhbiBOw60gQ2hlYXJiaGFpbGw=\nsn: Ni Chearbhaill',
        'add objectClass:\n\tinetOrgPerson\nadd cn:\n\tTobenna Okafor\nadd sn:\n\tOkafor\nadding new entry "uid=tokafor,ou=people,dc=orchard,dc=test"',
      ],
      noMatch: [
        'dn: cn=admin,dc=orchard,dc=test\nobjectClass: organizationalRole\ncn: admin\ndescription: LDAP administrator',
        'dn: cn=developers,ou=groups,dc=orchard,dc=test\nobjectClass: groupOfNames\ncn: developers\nmember: uid=tokafor,ou=people,dc=orchard,dc=test',
      ],
    },
  },
];
