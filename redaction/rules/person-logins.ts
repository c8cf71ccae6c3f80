/**
 * Whether a login or a mailbox's local part is a person's: a given name and a surname joined
 * (`anna.berg`, `anna_berg`, `a.berg`, `anna-berg` when `anna` is a known given name), with no
 * word of a service, a role or a machine in it (`svc.backup`, `radius.probe`, `noc_alerts`).
 */
import { isEverydayName, isGivenName } from '../names/name-judge.js';
import { GIVEN_NAMES } from './given-names.js';

const NOT_PERSON_WORDS = new Set(
  `svc service services srv test tests testing probe admin administrator backup backups monitor monitoring nas radius host hosts
  bot bots system sys guest user users ops noc api app apps dev devel prod production stage staging qa vpn wifi wlan mail mailer
  postmaster hostmaster webmaster info sales support noreply no reply root daemon web www db sql auth ldap sync build deploy ci cd
  cron nagios zabbix icinga check health relay smtp imap pop mx alert alerts billing team help helpdesk desk office hr it security
  abuse list lists news marketing contact hello operator demo example sample dummy default anonymous public shared local remote
  print printer scanner kiosk lab bounce bounces notify notifications jenkins gitlab github runner agent proxy gateway router switch
  edge core node cluster server client account accounts finance legal press jobs careers orders order shop store team`.split(/\s+/),
);

export function isPersonLogin(login: string): boolean {
  const separator = /[._-]/.exec(login)?.[0];
  if (separator === undefined) return false;
  const parts = login.split(separator);
  if (parts.length < 2 || parts.length > 3) return false;
  if (!parts.every((part) => /^\p{L}+$/u.test(part)) || parts.some((part) => NOT_PERSON_WORDS.has(part.toLowerCase()))) return false;
  const first = parts[0]!;
  const last = parts.at(-1)!;
  if (last.length < 2) return false;
  if (GIVEN_NAMES.has(first.toLowerCase())) return true;
  if (separator === '-') return false;
  // an initial (`a.berg`) or a name of two letters or more (`maeve.gallagher`); a surname of 3 letters or more
  return last.length >= 3 && (first.length === 1 ? separator === '.' : first.length >= 2);
}

/** A NOT_PERSON word a login starts or ends with (`svcbackup`, `nas01`, `backupuser`, `devops`). */
function holdsServiceWord(letters: string): boolean {
  const lower = letters.toLowerCase();
  if (NOT_PERSON_WORDS.has(lower)) return true;
  for (let cut = 3; cut <= lower.length - 2; cut++) {
    if (NOT_PERSON_WORDS.has(lower.slice(0, cut)) || NOT_PERSON_WORDS.has(lower.slice(-cut))) return true;
  }
  return false;
}

/**
 * Whether an account in a field that holds one person's login (a RADIUS `User-Name`, the key or a
 * destination of a mail alias) is a person's: besides `isPersonLogin`'s shapes, a surname and an
 * initial (`berg.a`), a name with a number (`anna.berg7`, `anna42`), and, where `bare` is set
 * (the field holds a login and nothing else), any word of letters that is no service's, role's or
 * machine's (`aberg`, `annab`); logins with digits inside, hosts and templates never.
 */
export function isPersonAccount(login: string, options: { bare?: boolean } = {}): boolean {
  const base = login.replace(/(\p{L})\d{1,4}$/u, '$1');
  // a login in capitals is a program's key (`YP_LAST_MODIFIED`)
  if (base === base.toUpperCase() || !/^\p{L}+(?:[._-]\p{L}+){0,2}$/u.test(base)) return false;
  if (isPersonLogin(base)) return true;
  const parts = base.split(/[._-]/);
  if (parts.some((part) => holdsServiceWord(part))) return false;
  if (parts.length === 2 && parts[0]!.length >= 3 && parts[1]!.length === 1) return true;
  // a given name alone on the lists of any language (`solveig`, `leontine`), no everyday word
  if (parts.length === 1 && (GIVEN_NAMES.has(base.toLowerCase()) || (base.length >= 4 && isGivenName(base) && !isEverydayName(base)))) return true;
  return options.bare === true && parts.length === 1 && base.length >= 4 && base.length <= 24;
}
