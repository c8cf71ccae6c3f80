/**
 * People named in a systemd unit (as `systemctl cat`, `systemd-analyze cat-config` or the file
 * itself shows it): a personal unit's `Description=` says whose it is (`Nightly backup of Ana
 * Ruiz's home`, `Photo sync for Ana Ruiz`), and `Environment=` assignments whose variable names a
 * person (`"OWNER=Ana Ruiz"`, `CONTACT_NAME=…`). The name must look like one (person-name-shape);
 * a service's own description (`Daemon for Power Management`) does not.
 */
import type { Rule, Span } from '../types.js';
import { isPersonName } from './person-name-shape.js';

/** `Description=` up to `for`/`of`/`by`, then the words after it up to a possessive or the line's end. */
const DESCRIPTION_OWNER = /^Description=[^\r\n]{0,80}?[ ](?:for|of|by|owned by)[ ](?<name>[^\r\n]{2,70}?)(?:['’]s\b[^\r\n]*)?[ \t]*$/gm;
/** One `NAME=value` of an `Environment=` line, quoted whole or not. */
const ENVIRONMENT_LINE = /^Environment=(?<rest>[^\r\n]{3,600})$/gm;
const ASSIGNMENT = /"(?<qname>[A-Za-z_][A-Za-z0-9_]{0,40})=(?<qvalue>[^"\r\n]{2,80})"|(?<name>[A-Za-z_][A-Za-z0-9_]{0,40})=(?<value>[^\s"]{2,80})/g;
/** Variable names whose value is a person: an owner, a contact, a full or real name. */
const PERSON_VARIABLE = /^(?:[A-Z0-9_]*_)?(?:OWNER|OWNER_NAME|CONTACT|CONTACT_NAME|FULL_?NAME|REAL_?NAME|PERSON|MAINTAINER|AUTHOR|USER_FULL_NAME|DISPLAY_NAME|ACCOUNT_HOLDER|RECIPIENT|RECIPIENT_NAME)$/i;

function* unitPersons(text: string): Iterable<Span> {
  DESCRIPTION_OWNER.lastIndex = 0;
  for (let match = DESCRIPTION_OWNER.exec(text); match; match = DESCRIPTION_OWNER.exec(text)) {
    const phrase = match.groups!.name!;
    if (!isPersonName(phrase)) continue;
    // the phrase ends where the possessive or the line's end is: search back from there
    const start = match.index + match[0].lastIndexOf(` ${phrase}`) + 1;
    yield { start, end: start + phrase.length };
  }
  ENVIRONMENT_LINE.lastIndex = 0;
  for (let line = ENVIRONMENT_LINE.exec(text); line; line = ENVIRONMENT_LINE.exec(text)) {
    const rest = line.groups!.rest!;
    const restStart = line.index + line[0].length - rest.length;
    ASSIGNMENT.lastIndex = 0;
    for (let pair = ASSIGNMENT.exec(rest); pair; pair = ASSIGNMENT.exec(rest)) {
      const name = pair.groups!.qname ?? pair.groups!.name!;
      const value = pair.groups!.qvalue ?? pair.groups!.value!;
      if (!PERSON_VARIABLE.test(name) || !isPersonName(value.trim(), { keyed: true })) continue;
      const start = restStart + pair.index + pair[0].indexOf('=') + 1;
      yield { start, end: start + value.trimEnd().length };
    }
  }
}

export const UNIT_FILE_PERSON_RULE: Rule = {
  id: 'unit-file-person',
  type: 'pii',
  label: 'name',
  description: "a person a systemd unit names: whose unit its `Description=` says it is, an `Environment=` variable for an owner or contact",
  keywords: ['description=', 'environment='],
  detector: unitPersons,
  examples: {
    match: [
      '[Unit]\nDescription=Weekly mail archive of Teodora Vasilescu\'s account\n',
      '[Unit]\nDescription=Calendar sync for Ruairí Mac Giolla\n',
      '[Service]\nEnvironment="OWNER=Siobhán Ó Floinn" OWNER_EMAIL=x\n',
    ],
    noMatch: ['[Unit]\nDescription=Daemon for Power Management\n', '[Unit]\nDescription=Backup of Nextcloud Server\n', '[Service]\nEnvironment="OWNER=backup-bot" LANG=C.UTF-8\n'],
  },
};
