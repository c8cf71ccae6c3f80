/**
 * Accounts that belong to a role or a service, not a person, told by their login alone: every part
 * of it (split at `-`, `_`, `.` and digits) is an everyday or technical word, or two run together
 * (`buildbot`, `svc-backup`, `ci-runner`, `release`, `nightly2`). A login on a name list, or with
 * letters that look like a name (`mquinlan`, `jdoe`, `maeve`, `robin`), is a person's.
 */
import { isWordToken, tokenNameOdds } from './names/name-judge.js';

/** Short parts of service logins the word lists do not hold. */
const ROLE_ABBREVIATIONS = new Set(['ci', 'cd', 'qa', 'etl', 'srv', 'sa', 'svc', 'bk', 'bkp', 'mon', 'noc', 'sre', 'k8s']);

/** Words that make a compound a role's (`buildbot`, `backupsvc`, `webmaster`): one half of it is one of these. */
const ROLE_WORDS = new Set([
  'bot', 'svc', 'srv', 'ops', 'admin', 'backup', 'build', 'deploy', 'sync', 'agent', 'runner', 'job', 'jobs', 'cron', 'mail',
  'web', 'master', 'reply', 'mon', 'ci', 'etl', 'report', 'reports', 'test', 'data', 'db', 'app', 'api', 'service', 'daemon', 'release',
]);

function isWordPart(part: string): boolean {
  return ROLE_ABBREVIATIONS.has(part) || (part.length >= 3 && isWordToken(part));
}

function isRolePart(part: string): boolean {
  if (isWordPart(part)) return true;
  // two words run together, one of them a role's: `buildbot`, `backupsvc` (not `mbrown`: `mbr` + `own`)
  for (let cut = 2; cut <= part.length - 2; cut++) {
    const head = part.slice(0, cut);
    const tail = part.slice(cut);
    if ((ROLE_WORDS.has(head) || ROLE_WORDS.has(tail)) && isWordPart(head) && isWordPart(tail)) return true;
  }
  return false;
}

/** An initial and a name on a list (`mbrown`, `jsmith`), whatever the word lists say of the whole. */
function isInitialAndName(part: string): boolean {
  if (part.length < 4) return false;
  // a listed name's odds are 0.5 (also a word), 3 or 3.5; letters alone stay under 3
  const odds = tokenNameOdds(part.slice(1));
  return odds === 0.5 || odds >= 3;
}

/** True when a login is a role's or a service's: words only (`buildbot`, `svc-backup`), no name. */
export function isRoleAccount(login: string): boolean {
  if (login.length > 40) return false;
  const parts = login.toLowerCase().split(/[-_.\d]+/).filter(Boolean);
  return parts.length > 0 && parts.every((part) => !isInitialAndName(part) && isRolePart(part));
}
