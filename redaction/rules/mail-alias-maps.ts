/**
 * Mail servers' alias maps as `postmap -s`/`postmap -q`, `cat /etc/postfix/virtual` and Exim's or
 * OpenSMTPD's alias tables print them: an address, blanks, and where its mail goes. In such a map an
 * address is a real mailbox whatever its domain (a virtual domain is often a reserved or internal
 * one: `corp.example`, `mail.lan`, which the e-mail rule leaves alone as documentation's), so a
 * person's address (`anna.berg@…`) is removed on any domain; so is a local account its mail goes
 * to when that account is made of the same person's name (`anna.berg@corp.example  aberg`).
 * Role, bot and catch-all entries (`postmaster@…  root`, `@old.example  @corp.example`) stay.
 */
import type { Rule, Span } from '../types.js';
import { isPersonLogin } from './person-logins.js';

/** `key<blanks>destination[, destination…]`; the key an address or a catch-all `@domain`, optionally with `:` (aliases). */
const ALIAS_LINE = /^([^\s@#:,]{1,64})@([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}):?[ \t]+([^\n#]{1,1000})$/gm;
const DESTINATION = /[^\s,]+/g;
const DESTINATION_LIST = /^[^\s,:]+(?:,[ \t]*[^\s,:]+)*[ \t]*\r?$/;

/** The local accounts a person's name makes: `anna.berg` → `aberg`, `annab`, `anna`, `berg`, `annaberg`, `anna.berg`. */
function accountsOf(local: string): Set<string> {
  const parts = local.toLowerCase().split(/[._-]/);
  const first = parts[0]!;
  const last = parts.at(-1)!;
  return new Set([local.toLowerCase(), `${first[0]}${last}`, `${first}${last[0]}`, `${first}.${last}`, `${first}_${last}`, `${first}${last}`, `${first[0]}.${last}`, first, last]);
}

function* aliasMaps(text: string): Iterable<Span> {
  for (const line of text.matchAll(ALIAS_LINE)) {
    // the rest is a list of destinations, not a sentence (`anna.berg@corp.example wrote: …`)
    if (!DESTINATION_LIST.test(line[3]!)) continue;
    const local = line[1]!;
    const keyIsPerson = isPersonLogin(local);
    if (keyIsPerson) yield { start: line.index, end: line.index + local.length + 1 + line[2]!.length };
    const accounts = keyIsPerson ? accountsOf(local) : undefined;
    const destinationsStart = line.index + line[0].length - line[3]!.length;
    for (const destination of line[3]!.matchAll(DESTINATION)) {
      const value = destination[0];
      const at = value.indexOf('@');
      const person = at > 0 ? isPersonLogin(value.slice(0, at)) : isPersonLogin(value) || (accounts?.has(value.toLowerCase()) ?? false);
      if (person) yield { start: destinationsStart + destination.index, end: destinationsStart + destination.index + value.length };
    }
  }
}

export const MAIL_ALIAS_MAP_RULE: Rule = {
  id: 'mail-alias-map',
  type: 'pii',
  label: 'email',
  description:
    "a person's address or local account in a mail server's alias map (`postmap -s`, Postfix `virtual`, Exim/OpenSMTPD alias tables): on any domain, reserved ones included; role, bot and catch-all entries stay",
  keywords: ['@'],
  detector: aliasMaps,
  examples: {
    match: [
      'ingrid.solberg@corp.example\tisolberg',
      'henrik.lindqvist@mail.lan      henrik.lindqvist@telia.se, hlindqvist',
      'sales@corp.example\tmaeve.gallagher@corp.example, tomasz.w@corp.example',
      'aoife.brennan@shop.test: abrennan',
    ],
    noMatch: [
      'postmaster@corp.example\troot',
      '@legacy.example\t@corp.example',
      'noc-alerts@corp.example\tnagios, zabbix',
      'abuse@corp.example      postmaster@corp.example',
      'svc.backup@corp.example\tbackup',
      'anna.berg@corp.example wrote: see you at the standup',
    ],
  },
};
