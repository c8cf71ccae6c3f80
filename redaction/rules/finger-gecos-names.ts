/**
 * The name from the GECOS field as finger and pinky print it beside the login: `Login: mq
 * Name: Tarjei` (`finger -l`) and `Login name: mq   In real life:  van der Berg Pieter` (`pinky -l`).
 * The place says it is the account's real name, so one name alone (`Okonkwo`), a family name first
 * with its particles, or a name finger cut at a comma (`Quinlan, Maeve` prints as `Quinlan`) is
 * taken; a role's or a service's description (`Build Bot`, `Debian Mirror Sync`, `daemon`) is words and stays.
 */
import type { Rule, Span } from '../types.js';
import { NAME_PARTICLES, isWordToken, tokenNameOdds } from '../names/name-judge.js';

/** `Login: <login>` then `Name: <value>` (finger), `Login name: <login>` then `In real life:  <value>` (pinky). */
const ENTRY = /Login(?: name)?: ([^\s]{1,64})[ \t]+(?:Name|In real life): {1,2}([^\t\r\n]{1,100}?)[ \t]*(?=\r?\n|$)/y;
const NAME_TOKEN = /^\p{Lu}[\p{L}'’-]*$|^\p{Ll}[\p{L}'’-]*$/u;

function isGecosName(value: string, login: string): boolean {
  if (value.toLowerCase() === login.toLowerCase()) return false;
  const tokens = value.replace(/\s*\([^)]*\)$/, '').split(/\s+/).filter(Boolean);
  const judged = tokens.filter((token) => !NAME_PARTICLES.has(token.toLowerCase()));
  if (judged.length === 0 || judged.length > 5) return false;
  if (!judged.every((token) => NAME_TOKEN.test(token) && token.length >= 2 && !isWordToken(token))) return false;
  // letters that look like a name's, or a name on a list
  return judged.some((token) => tokenNameOdds(token) > 0);
}

function* fingerGecosNames(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    ENTRY.lastIndex = at;
    const match = ENTRY.exec(text);
    if (!match) continue;
    const value = match[2]!;
    if (!isGecosName(value, match[1]!)) continue;
    const end = at + match[0].length;
    yield { start: end - value.length, end };
  }
}

export const FINGER_GECOS_NAME_RULE: Rule = {
  id: 'finger-gecos-name',
  type: 'pii',
  label: 'name',
  description: "the real name finger and pinky print beside a login (`Login: mq  Name: Tarjei`, `Login name: mq  In real life:  van der Berg Pieter`), one name alone too; a role's description stays",
  keywords: ['login: ', 'login name: '],
  keywordStarts: true,
  detector: fingerGecosNames,
  examples: {
    match: [
      'Login: u3009          \t\t\tName: Tarjei\nDirectory: /home/u3009',
      'Login name: u3004                       In real life:  van der Berg Pieter\n',
      'Login: mq             \t\t\tName: Quinlan\nOffice:  Maeve\n',
    ],
    noMatch: [
      'Login: buildbot       \t\t\tName: Build Bot\n',
      'Login: mirror         \t\t\tName: Debian Mirror Sync\n',
      'Login: daemon         \t\t\tName: daemon\n',
      'Login name: nobody                      In real life:  nobody\n',
      'Login: svc-backup     \t\t\tName: Backup Service\n',
    ],
  },
};
