/**
 * People that network services name in their own output:
 *
 * - the contact an SNMP agent reports (`sysContact`, OID 1.3.6.1.2.1.1.4, as `snmpwalk`/`snmpget`
 *   print it with or without MIBs, and `snmpd.conf`'s `sysContact` line): a person's name before
 *   their e-mail or phone; a contact with letters outside ASCII is printed as `Hex-STRING:` bytes,
 *   read back as UTF-8 and removed whole when they hold a name or an e-mail;
 * - the login a RADIUS request carries (`User-Name = "anna.berg"` in `radtest`, `radclient` and
 *   `radiusd -X`, `[anna.berg]` in its `Login OK`/`Login incorrect` lines) when it is a person's:
 *   a name, or given name and surname joined by `.`, `_` or `-` (`anna.berg`, `CORP\anna_berg`,
 *   `anna.berg@realm`); service accounts, hosts and probes (`svc-backup`, `host/ws01`) stay.
 */
import type { Rule, Span } from '../types.js';
import { isPersonAccount, isPersonLogin } from './person-logins.js';
import { isPersonName } from './person-name-shape.js';

/** `sysContact.0 = STRING: "…"`, `iso.3.6.1.2.1.1.4.0 = STRING: …`, `syscontact …` (snmpd.conf). */
const SNMP_CONTACT_OID = String.raw`(?:\b(?:SNMPv2-MIB::)?sysContact(?:\.0)?|(?:\.?iso|\.?1)\.3\.6\.1\.2\.1\.1\.4\.0)`;
/** `sysContact.0 = STRING: "…"`, `iso.3.6.1.2.1.1.4.0 = STRING: …`, `-Oq`'s `OID "…"`, `-OQ`'s `OID = "…"`, `syscontact …` (snmpd.conf). */
const SNMP_CONTACT = new RegExp(String.raw`(?:${SNMP_CONTACT_OID}(?:[ \t]*=[ \t]*(?:STRING:[ \t]*)?|[ \t]+(?="))|^[ \t]*syscontact[ \t]+|sysContact\.0[ \t]*:[ \t]*)"?([^\n"]{1,200})`, 'gim');
const SNMP_HEX_CONTACT = /(?:sysContact(?:\.0)?|(?:iso|\.?1)\.3\.6\.1\.2\.1\.1\.4\.0)[ \t]*=[ \t]*Hex-STRING:[ \t]*((?:[0-9A-Fa-f]{2}[ \t]*\r?\n?){1,256})/gi;
/** Where the name in a contact ends: its e-mail, phone, role or comment. */
const CONTACT_NAME_END = /[<(,;/|]|[ \t]-[ \t]|[ \t]\+?\d|[ \t]\S+@/;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

/** A contact written surname first (`Berg, Anna <anna@…>`, `Berg, Anna, +47 …`). */
const INVERTED_CONTACT = /^[ \t]*(\p{Lu}[\p{L}\p{M}'’-]+(?:[ \t]\p{Lu}[\p{L}\p{M}'’-]+)?,[ \t]\p{Lu}[\p{L}\p{M}'’-]+(?:[ \t]\p{Lu}[\p{L}\p{M}'’-]+)?)(?=[ \t]*(?:$|[<(,;/|]|[ \t]-[ \t]|\+?\d|\S+@))/u;

function contactName(value: string): Span | undefined {
  const inverted = INVERTED_CONTACT.exec(value);
  if (inverted && isPersonName(inverted[1]!)) {
    const start = inverted[0].length - inverted[1]!.length;
    return { start, end: start + inverted[1]!.length };
  }
  const end = CONTACT_NAME_END.exec(value)?.index ?? value.length;
  const name = value.slice(0, end).replace(/^(?:contact|admin|owner)[ \t]*:[ \t]*/i, '');
  const start = end - name.length;
  const trimmed = name.trimEnd();
  if (!isPersonName(trimmed)) return undefined;
  return { start, end: start + trimmed.length };
}

/**
 * A value printed without its OID (`-Ov`: `STRING: "…"`, `-Oqv`: `"…"`): the contact when the walk's
 * order says so (right after `sysUpTime`'s `Timeticks:` line in a walk of `system`), or when the
 * request named the contact (`sysContact` or its OID in the text) and the value is a contact's, a
 * name with an e-mail or a phone, or any name.
 */
const SNMP_VALUE_ONLY = /^(Timeticks: \(\d+\) [\d:.]+\r?\n)?(?:STRING: )?"([^\n"]{1,200})"?[ \t]*\r?$/gm;

function* snmpValueOnlyContacts(text: string): Iterable<Span> {
  const named = /sysContact|\b1\.3\.6\.1\.2\.1\.1\.4\b|\b1\.4\.0\b/.test(text);
  for (const match of text.matchAll(SNMP_VALUE_ONLY)) {
    if (match[1] === undefined && !named) continue;
    const span = contactName(match[2]!);
    if (!span) continue;
    const at = match.index + match[0].indexOf('"') + 1;
    yield { start: at + span.start, end: at + span.end };
  }
}

function* snmpContacts(text: string): Iterable<Span> {
  for (const match of text.matchAll(SNMP_CONTACT)) {
    const span = contactName(match[1]!);
    if (span) {
      const at = match.index + match[0].length - match[1]!.length;
      yield { start: at + span.start, end: at + span.end };
    }
  }
  if (text.includes('"')) yield* snmpValueOnlyContacts(text);
  if (!/Hex-STRING/i.test(text)) return;
  for (const match of text.matchAll(SNMP_HEX_CONTACT)) {
    const hex = match[1]!.trimEnd();
    const decoded = Buffer.from(hex.replace(/\s+/g, ''), 'hex').toString('utf8');
    if (EMAIL.test(decoded) || contactName(decoded) !== undefined) {
      const start = match.index + match[0].length - match[1]!.length;
      yield { start, end: start + hex.length };
    }
  }
}

/** `User-Name = "…"` (also `Stripped-User-Name`, `:=`, `==`) and `Login OK: [user]` / `Login incorrect (…): [user/…]`. */
const RADIUS_USER = /(?:\b(?:Stripped-)?User-Name[ \t]*(?:=|:=|==)[ \t]*"([^"\n]{1,200})"|\bLogin (?:OK|incorrect)\b[^[\n]{0,200}\[([^/\]\n]{1,200})(?:\/[^\]\n]*)?\])/g;

/** A person's login: given name and surname joined (`anna.berg`), with a realm or a Windows domain. */
function personLogin(login: string): Span | undefined {
  // FreeRADIUS escapes the backslash it prints (`CORP\\anna.berg`)
  const domain = /^[A-Za-z0-9-]{1,30}\\{1,2}/.exec(login)?.[0].length ?? 0;
  const atRealm = login.indexOf('@', domain);
  const user = login.slice(domain, atRealm < 0 ? login.length : atRealm);
  if (isPersonName(user)) return { start: domain, end: domain + user.length };
  // a RADIUS login is one person's unless it is a service's, a host's or a probe's (`aberg`, `berg.a`, `anna42` too)
  if (!isPersonLogin(user) && !isPersonAccount(user, { bare: true })) return undefined;
  // the realm goes with it: `anna.berg@corp.example` says who as much as an e-mail does
  return { start: domain, end: login.length };
}

/** The greeting a RADIUS reply carries (`Reply-Message = "Welcome, Anna Berg"`), as the users file writes it and radiusd -X, radtest print it. */
const REPLY_GREETING = /\bReply-Message[ \t]*(?:=|:=|\+=)[ \t]*"(?:Hello|Hi|Hey|Welcome|Dear|Good (?:morning|afternoon|evening|bye)|Goodbye|Bye)(?: back)?,?[ \t]+([^"\n%!.,]{2,70})/g;

function* radiusUsers(text: string): Iterable<Span> {
  if (text.includes('Reply-Message')) {
    for (const greeting of text.matchAll(REPLY_GREETING)) {
      const name = greeting[1]!.trimEnd();
      if (!isPersonName(name)) continue;
      const start = greeting.index + greeting[0].length - greeting[1]!.length;
      yield { start, end: start + name.length };
    }
  }
  const logins = new Set<string>();
  for (const match of text.matchAll(RADIUS_USER)) {
    const login = match[1] ?? match[2]!;
    const span = personLogin(login);
    if (span) logins.add(login.slice(span.start, span.end));
  }
  // `radiusd -X` echoes the login wherever it expands it (`Matched entry X at line 7`, `--> Hello, X`)
  for (const login of logins) {
    for (let at = text.indexOf(login); at >= 0; at = text.indexOf(login, at + login.length)) {
      const before = text[at - 1];
      const after = text[at + login.length];
      if ((before === undefined || !/[\w.@-]/.test(before)) && (after === undefined || !/[\w@-]/.test(after))) yield { start: at, end: at + login.length };
    }
  }
}

export const SERVICE_CONTACT_RULES: readonly Rule[] = [
  {
    id: 'snmp-contact',
    type: 'pii',
    label: 'name',
    description: "the person an SNMP agent names as its contact (`sysContact`, OID 1.3.6.1.2.1.1.4, in snmpwalk/snmpget output and snmpd.conf), also when printed as `Hex-STRING` UTF-8 bytes",
    keywords: ['syscontact', '.3.6.1.2.1.1.4.0', 'timeticks: ('],
    detector: snmpContacts,
    examples: {
      match: [
        'iso.3.6.1.2.1.1.4.0 = STRING: "Maeve Gallagher"',
        'SNMPv2-MIB::sysContact.0 = STRING: Henrik Lindqvist <henrik.l@telia.se>',
        '.1.3.6.1.2.1.1.4.0 = STRING: "Oliver Whitfield, IT Dept, ext 4411"',
        'syscontact Aoife Brennan (aoife.brennan@kvarteret.se)',
        'iso.3.6.1.2.1.1.4.0 "Maeve Gallagher"',
        '.iso.3.6.1.2.1.1.4.0 = "Maeve Gallagher"',
        'iso.3.6.1.2.1.1.4.0 = Hex-STRING: 4A C3 BC 72 67 65 6E 20 57 65 69 C3 9F 20 2B 34 \n39 20 33 30 20 31 32 33 34 35 36 37 ',
        'iso.3.6.1.2.1.1.4.0 = STRING: "Gallagher, Maeve <+353 86 555 0142>"',
        'OID: iso.3.6.1.4.1.8072.3.2.10\nTimeticks: (446) 0:00:04.46\nSTRING: "Maeve Gallagher"\nSTRING: "edge-router-07"',
        '$ snmpget -v2c -c public -Oqv 127.0.0.1 1.3.6.1.2.1.1.4.0\n"Gallagher, Maeve"',
      ],
      noMatch: [
        'iso.3.6.1.2.1.1.4.0 = STRING: "ops team <noc@nordlys-handel.no>"',
        'SNMPv2-MIB::sysContact.0 = STRING: Me <me@example.org>',
        'SNMPv2-MIB::sysContact.0 = STRING: Network Operations Center',
        'iso.3.6.1.2.1.1.5.0 = STRING: "Maeve Gallagher"',
        'iso.3.6.1.2.1.1.4.0 = Hex-STRING: 4E 4F 43 20 2B 34 39 20 33 30 ',
        'OID: iso.3.6.1.4.1.8072.3.2.10\nTimeticks: (446) 0:00:04.46\nSTRING: "Network Operations Center"',
        'STRING: "Maeve Gallagher"\nSTRING: "edge-router-07"',
      ],
    },
  },
  {
    id: 'radius-user-name',
    type: 'pii',
    label: 'name',
    description: "a person's login in a RADIUS request (`User-Name = \"anna.berg\"` in radtest, radclient and radiusd -X; `Login OK: [anna.berg]`): a name, or any login but a service's, a host's or a probe's (`anna.berg`, `aberg`, `berg.a`)",
    keywords: ['user-name', 'login ok', 'login incorrect', 'reply-message'],
    detector: radiusUsers,
    examples: {
      match: [
        '(0)   User-Name = "henrik.lindqvist"',
        '\tUser-Name = "Maeve Gallagher"',
        '\tUser-Name = "CORP\\aoife_brennan"',
        'Auth: (3) Login incorrect (pap: Cleartext password does not match): [maria.garcia/<via Auth-Type = PAP>] (from client localhost port 0)',
        '(1)   Stripped-User-Name = "tomasz.wierzbicki"',
        '\tUser-Name = "mhalvorsen"',
        '(0)   User-Name = "halvorsen.m@corp.example"',
        'Auth: (2) Login OK: [maren42/<via Auth-Type = PAP>] (from client localhost port 0)',
        '(0)   User-Name = "KESTREL\\\\mhalvorsen"',
        '(0)   Reply-Message = "Welcome, Maren Halvorsen"',
        '(0)   User-Name = "henrik.lindqvist"\n(0) files: users: Matched entry henrik.lindqvist at line 207\n(0) files:    --> Hello, henrik.lindqvist',
      ],
      noMatch: [
        '(0)   User-Name = "svc-backup"',
        '\tUser-Name = "host/ws01.corp.example"',
        '(2)   User-Name = "radius.probe"',
        'Auth: (4) Login OK: [nas01/<via Auth-Type = PAP>] (from client localhost port 0)',
        '\tUser-Name = "anonymous"',
        '\tUser-Name = "nas01"',
        '\tReply-Message = "Welcome to the corporate VPN"',
        '\tUser-Name = "backupuser"',
        '\tUser-Name = "00-1A-2B-3C-4D-5E"',
        '\tUser-Name = "%{User-Name}"',
      ],
    },
  },
];
