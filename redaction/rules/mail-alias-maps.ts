/**
 * Mail servers' alias maps as `postmap -s`/`postmap -q`, `cat /etc/postfix/virtual` and Exim's or
 * OpenSMTPD's alias tables print them: an address, blanks, and where its mail goes. In such a map an
 * address is a real mailbox whatever its domain (a virtual domain is often a reserved or internal
 * one: `corp.example`, `mail.lan`, which the e-mail rule leaves alone as documentation's), so a
 * person's address (`anna.berg@…`) is removed on any domain; so is a local account its mail goes
 * to when that account is made of the same person's name (`anna.berg@corp.example  aberg`,
 * `berg.a@…  aberg@localhost`), and a mailbox forwarded to its own name elsewhere (`anna74@…
 * anna74@fastmail.com`). `/etc/aliases` and `postalias -s` write a bare local name with a colon
 * (`anna.berg: aberg`), as YAML does: such a line is read when an address, one person's accounts
 * on both sides or the file's own system aliases (`postmaster: root`) say it is an alias map.
 * Role, bot and catch-all entries (`postmaster@…  root`, `@old.example  @corp.example`) stay.
 */
import type { Rule, Span } from '../types.js';
import { isPersonAccount } from './person-logins.js';

/**
 * `key<blanks>destination[, destination…]`: the key an address or a catch-all `@domain`
 * (optionally with `:`), or a local name with its `:` (`/etc/aliases`, `postalias -s`).
 */
const ALIAS_LINE = /^(?:([^\s@#:,]{1,64})@([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}):?|([A-Za-z][\w.-]{0,63})(?::|(?=\t)))[ \t]+([^\n#]{1,1000})$/gm;
/**
 * The same without the bare local keys, for a text with no sign of an aliases file (most texts with an `@`),
 * tried only where a line starts with an address's local part (found from its `@`: a `^` searched through a long text costs more).
 */
const ADDRESS_ALIAS_LINE = /^(?:([^\s@#:,]{1,64})@([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}):?|(?!)()):?[ \t]+([^\n#]{1,1000})$/my;
const LOCAL_PART_CHAR = /[^\s@#:,]/;
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/** The lines that start with an address, as `ADDRESS_ALIAS_LINE` with a global search would find them. */
function* addressAliasLines(text: string): Iterable<RegExpExecArray> {
  let from = 0;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', Math.max(at + 1, from))) {
    let start = at;
    while (start > 0 && at - start < 64 && LOCAL_PART_CHAR.test(text[start - 1]!)) start--;
    if (start === at || start < from || (start > 0 && !LINE_TERMINATOR.test(text[start - 1]!))) continue;
    ADDRESS_ALIAS_LINE.lastIndex = start;
    const line = ADDRESS_ALIAS_LINE.exec(text);
    if (!line) continue;
    from = line.index + line[0].length;
    yield line;
  }
}
const DESTINATION = /[^\s,]+/g;
const DESTINATION_LIST = /^[^\s,:]+(?:,[ \t]*[^\s,:]+)*[ \t]*\r?$/;
/** Accounts every system has, that an alias may name without a person behind it. */
/** What every alias file holds (`postmaster: root`), and `postalias -s`'s own entries (`@:\t@`, `YP_MASTER_NAME:`). */
const ALIAS_FILE = /^(?:postmaster|mailer-daemon|MAILER-DAEMON|abuse|@|YP_MASTER_NAME):[ \t]/m;
const SYSTEM_ACCOUNT = /^(?:root|postmaster|mailer-daemon|nobody|abuse|www-data|daemon|bin|sys|mail|news|uucp|operator|games|man|lp|proxy|backup|list|irc|gnats|security|hostmaster|webmaster)$/i;

/** The local accounts a person's login makes: `anna.berg` → `aberg`, `annab`, `anna`, `berg`, `annaberg`, `berg.a`, `anna.berg`. */
function accountsOf(local: string): string[] {
  const parts = local.toLowerCase().replace(/\d+$/, '').split(/[._-]/);
  if (parts.length < 2) return [local.toLowerCase()];
  const ends = [parts[0]!, parts.at(-1)!];
  // either end may be the given name (`berg.a` is Anna Berg's too)
  return [local.toLowerCase(), ...[ends, [...ends].reverse()].flatMap(([a, b]) => [`${a![0]}${b}`, `${a}${b![0]}`, `${a}.${b}`, `${a}_${b}`, `${a}${b}`, `${a![0]}.${b}`, a!])];
}

interface Entry {
  readonly start: number;
  readonly local: string;
  readonly address: string;
  readonly end: number;
}

/** A mailbox whose local part is also a destination's on another domain (`kenji74@corp.example  kenji74@fastmail.com`): one person's, forwarded. */
function forwardsToItself(entry: Entry, entries: readonly Entry[]): boolean {
  const local = entry.local.toLowerCase();
  if (local.length < 3 || SYSTEM_ACCOUNT.test(local) || /^(?:[a-z]+[._-])*(?:no-?reply|bounces?|notifications?|alerts?)$/.test(local)) return false;
  return entry === entries[0] && entry.address.includes('@') && entries.some((other) => other !== entry && other.address !== entry.address && other.address.includes('@') && other.local.toLowerCase() === local);
}

/** Whether two of the entries are one person's accounts (`anna.berg: aberg`). */
function sameOwner(people: readonly Entry[]): boolean {
  return people.some((entry, index) => people.some((other, j) => j !== index && accountsOf(entry.local).includes(other.local.toLowerCase())));
}

/** The key a map lookup asks for (`postmap -q anna@corp.example hash:/etc/postfix/virtual`): the map's own entry, queried. */
const QUERIED_KEY = /\bpost(?:map|alias)[ \t]+(?:-\w+[ \t]+)*-q[ \t]+["']?([^\s@"']{1,64})(@[A-Za-z0-9.-]{1,253})?/g;

function* queriedKeys(text: string): Iterable<Span> {
  for (const query of text.matchAll(QUERIED_KEY)) {
    const local = query[1]!.replace(/\+.*$/, '');
    if (SYSTEM_ACCOUNT.test(local) || !isPersonAccount(local)) continue;
    const start = query.index + query[0].length - query[1]!.length - (query[2]?.length ?? 0);
    yield { start, end: query.index + query[0].length };
  }
}

function* aliasMaps(text: string): Iterable<Span> {
  if (text.includes('-q')) yield* queriedKeys(text);
  const logins = new Set<string>();
  for (const span of aliasEntries(text)) {
    yield span;
    const value = text.slice(span.start, span.end);
    if (!value.includes('@')) logins.add(value);
  }
  // a login once known as a person's is theirs where the text repeats it (`postalias -q team-leads` prints the list alone)
  for (const login of logins) {
    for (let at = text.indexOf(login); at >= 0; at = text.indexOf(login, at + login.length)) {
      if (!/[\w.@-]/.test(text[at - 1] ?? ' ') && !/[\w@-]/.test(text[at + login.length] ?? ' ')) yield { start: at, end: at + login.length };
    }
  }
}

/** Whether a local key (`anna.berg: aberg`) may be an alias's in the text: `postalias -s`'s tab, or a system alias. */
function bareKeysMayStand(text: string): boolean {
  return text.includes(':\t') || (text.includes('\t') && text.includes('@')) || text.includes('postmaster:') || text.includes('mailer-daemon:') || text.includes('MAILER-DAEMON:');
}

function* aliasEntries(text: string): Iterable<Span> {
  const bare = bareKeysMayStand(text);
  if (!bare && !text.includes('@')) return;
  let aliasFile: boolean | undefined;
  for (const line of bare ? text.matchAll(ALIAS_LINE) : addressAliasLines(text)) {
    const rest = line[4]!;
    // the rest is a list of destinations, not a sentence (`anna.berg@corp.example wrote: …`)
    if (!DESTINATION_LIST.test(rest)) continue;
    const bareKey = line[3];
    // `anna.berg+lists@…`: the part after `+` is the mailbox's extension
    const keyLocal = (bareKey ?? line[1]!).replace(/\+.*$/, '');
    const key = bareKey ?? `${line[1]}@${line[2]}`;
    const entries: Entry[] = [{ start: line.index, local: keyLocal, address: key.toLowerCase(), end: line.index + key.length }];
    const restStart = line.index + line[0].length - rest.length;
    for (const destination of rest.matchAll(DESTINATION)) {
      const value = destination[0].replace(/\r$/, '');
      const at = value.indexOf('@');
      if (at === 0 || /^["|/:]/.test(value)) continue;
      entries.push({ start: restStart + destination.index, local: at > 0 ? value.slice(0, at).replace(/\+.*$/, '') : value, address: value.toLowerCase(), end: restStart + destination.index + value.length });
    }
    // who the entry is about: a login or mailbox of a person's shape anywhere in it names the others it makes
    const people = entries.filter((entry) => isPersonAccount(entry.local) || forwardsToItself(entry, entries));
    const accounts = new Set(people.flatMap((entry) => accountsOf(entry.local)));
    const personal = entries.filter((entry) => !SYSTEM_ACCOUNT.test(entry.local) && (accounts.has(entry.local.toLowerCase()) || isPersonAccount(entry.local)));
    // a local key (`name: value`, as YAML writes too) is an alias only when something says so: an
    // address, one person's accounts on both sides, or a map that holds a mail system's own aliases
    if (bareKey !== undefined && !rest.includes('@') && !sameOwner(people) && !(aliasFile ??= ALIAS_FILE.test(text))) continue;
    for (const entry of personal) yield { start: entry.start, end: entry.end };
  }
}

export const MAIL_ALIAS_MAP_RULE: Rule = {
  id: 'mail-alias-map',
  type: 'pii',
  label: 'email',
  description:
    "a person's address or local account in a mail server's alias map (`postmap -s`, Postfix `virtual`, Exim/OpenSMTPD alias tables): on any domain, reserved ones included; role, bot and catch-all entries stay",
  keywords: ['@', ':\t', 'postmaster:', 'mailer-daemon:', 'postmap', 'postalias'],
  detector: aliasMaps,
  examples: {
    match: [
      'ingrid.solberg@corp.example\tisolberg',
      'henrik.lindqvist@mail.lan      henrik.lindqvist@telia.se, hlindqvist',
      'sales@corp.example\tmaeve.gallagher@corp.example, tomasz.w@corp.example',
      'aoife.brennan@shop.test: abrennan',
      'kenji74@corp.example\tkenji74@fastmail.com',
      'brennan.a@corp.example\tabrennan@localhost',
      'postmaster:\troot\naoife.brennan:\tabrennan',
      'Aoife.Brennan@shop.test\tabrennan',
      'aoife.brennan+lists@shop.test\tabrennan',
      'abrennan\taoife.brennan@shop.test',
      'postmaster: root\nteam-leads: aoife.brennan, henrik.lindqvist',
      'torvald@shipyard.example\ttorvald@posteo.de',
      '$ postmap -q priya@shipyard.example hash:/etc/postfix/virtual',
    ],
    noMatch: [
      'postmaster@corp.example\troot',
      '@legacy.example\t@corp.example',
      'noc-alerts@corp.example\tnagios, zabbix',
      'abuse@corp.example      postmaster@corp.example',
      'svc.backup@corp.example\tbackup',
      'anna.berg@corp.example wrote: see you at the standup',
      'jira@corp.example\tjira',
      'no-reply@corp.example\tno-reply@mailgun.org',
      'logging.level: debug',
      'spring.main: web.app, spring.boot',
      'YP_LAST_MODIFIED:\t1795807817',
      '$ postmap -q postmaster@shipyard.example hash:/etc/postfix/virtual',
      '$ postmap -q svc-backup@shipyard.example hash:/etc/postfix/virtual',
    ],
  },
};
