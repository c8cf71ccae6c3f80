/**
 * People named where keys and volumes are labelled: a Kerberos principal that is a person's login
 * (`a.lindqvist@CORP.LAN`, `alindqvist/admin@CORP.LAN`, an e-mail-like login of a person, PII by the
 * policy), and a name in the free-text label or comment of a key tool (cryptsetup's `Label:`,
 * minisign's and signify's `untrusted comment:`/`trusted comment:` and the `-c`/`-t` that set them).
 */
import { isRoleAccount } from '../role-accounts.js';
import type { Rule, Span } from '../types.js';
import { startsWithKnownGivenName } from './known-given-name.js';
import { isPersonName } from './person-name-shape.js';

/** A realm as Kerberos writes it: upper case, at least one dot, a letter-led last label (not `@2.4.0`). */
const REALM_AFTER = /@[A-Z0-9][A-Z0-9-]*(?:\.[A-Z0-9][A-Z0-9-]*)*\.[A-Z][A-Z0-9-]*(?![\w.@-])/y;
/** Before the `@`: `primary` or `primary/instance`, lower case (a person's login). */
const PRINCIPAL_BEFORE = /(?<![\w.+/@-])([a-z][a-z0-9._-]{0,63})(?:\/([a-z][a-z0-9_-]{0,31}))?$/;
/** Services' primaries (`HTTP/web01.lan@`, `krbtgt/REALM@`), never a person. */
const SERVICE_PRIMARY = /^(?:host|http|https|nfs|cifs|ldap|ldaps|imap|pop|smtp|ftp|dns|svc|krbtgt|kadmin|kiprop|changepw|afs|postgres|mysql|mongodb|hbase|hdfs|yarn|hive|zookeeper|kafka|HTTP|sip|xmpp|vnc|rpc|ipp|nntp|ssh|telnet|root)$/i;
/** Shared logins of a team or a stage (`dev/admin@R`), which the role-account words do not hold. */
const ROLE_PRIMARY = /^(?:dev|devs|devops|ops|qa|test|tester|testing|stage|staging|prod|demo|guest|user|users|admin|administrator|operator|support|staff|service|default|anonymous|nobody)\d{0,3}$/;
/** The instances a person's principal carries (`ann/admin@R`); a service's is a host (with dots). */
const PERSON_INSTANCE = /^(?:admin|root|sudo|operator|ops|cli|dev|staff|priv|privileged|[a-z]{1,3})$/;
/** A login that is only a word list's words is a role's (`backup`, `deploy`); a person's has letters of a name. */
function isPersonPrincipal(primary: string, instance: string | undefined): boolean {
  if (SERVICE_PRIMARY.test(primary) || ROLE_PRIMARY.test(primary)) return false;
  if (instance !== undefined && !PERSON_INSTANCE.test(instance)) return false;
  return !isRoleAccount(primary);
}

function* personPrincipals(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  const places = keywordStarts ?? [...text.matchAll(/@/g)].map((m) => m.index);
  for (const at of places) {
    REALM_AFTER.lastIndex = at;
    if (!REALM_AFTER.test(text)) continue;
    const before = PRINCIPAL_BEFORE.exec(text.slice(Math.max(0, at - 100), at));
    if (!before || !isPersonPrincipal(before[1]!, before[2])) continue;
    yield { start: at - before[0].length, end: REALM_AFTER.lastIndex };
  }
}

/** A key tool's free-text label or comment, and the flags that set it. */
const LABEL_LINES = [
  /^[ \t]*Label:[ \t]+([^\n]{1,200})$/gm,
  /^[ \t]*(?:untrusted|trusted) comment:[ \t]+([^\n]{1,300})$/gm,
  /\b(?:minisign|signify(?:-openbsd)?)\b[^\n]{0,200}?[ \t]-[ct][ \t]+(?:'([^'\n]{1,300})'|"([^"\n]{1,300})")/g,
];
const WORD = String.raw`\p{Lu}[\p{Ll}\p{M}]+(?:['’-]\p{Lu}?[\p{Ll}\p{M}]+)*`;
/** Two to four capitalised words (Gaelic and Dutch particles between them), not inside a longer capitalised run. */
const CANDIDATE = new RegExp(String.raw`(?<![\p{L}\p{N}_])${WORD}(?:[ ](?:(?:van|von|der|den|de|da|di|del|la|le|du|bin|al|Mac|Mc|Ní|Nic|Ó|Ua)[ ])*${WORD}){1,3}(?![\p{L}\p{N}_])`, 'gu');
/** What says the name is an owner's: `signed by`, `key of`, `approved by`, `for`, `contact`. */
const OWNER_BEFORE = /(?:\b(?:by|of|for|from|contact|owner|to)|[-–:])[ \t]+$/i;
/** What a label goes on with after its owner's name: the key's or the volume's kind, an e-mail, a possessive. */
const KIND_AFTER = /^(?:['’]s?\b|[ \t]*<[^<>\s@]+@|[ \t]+(?:release |signing |personal |backup |work |laptop |home |public |secret |private )?(?:key|keys|backup|disk|drive|volume|laptop|archive|data|files|vault)\b)/i;
/** Words of a key's or a volume's own title, never of a person's name. */
const TITLE_WORDS = new Set(
  'backup backups offsite data scratch home archive release releases signing signature key keys public secret private minisign signify build builds project vault disk drive volume root system encrypted crypt luks swap media photos work personal team'.split(' '),
);

function* keyLabelNames(text: string): Iterable<Span> {
  for (const pattern of LABEL_LINES) {
    for (const line of text.matchAll(pattern)) {
      const value = line[1] ?? line[2]!;
      const valueStart = line.index + line[0].lastIndexOf(value);
      for (const found of value.matchAll(CANDIDATE)) {
        const name = found[0];
        if (name.split(' ').some((word) => TITLE_WORDS.has(word.toLowerCase())) || !isPersonName(name)) continue;
        const before = value.slice(0, found.index);
        const after = value.slice(found.index + name.length);
        const whole = value.trim() === name;
        if (!(whole || KIND_AFTER.test(after) || OWNER_BEFORE.test(before) || startsWithKnownGivenName(name))) continue;
        yield { start: valueStart + found.index, end: valueStart + found.index + name.length };
      }
    }
  }
}

export const PERSONAL_KEY_LABEL_RULES: readonly Rule[] = [
  {
    id: 'kerberos-person-principal',
    type: 'pii',
    label: 'email',
    description: "a Kerberos principal that is a person's login (`a.lindqvist@CORP.LAN`, `alindqvist/admin@CORP.LAN`): not a service's (`HTTP/web01.corp.lan@`, `krbtgt/`) or a role account's",
    keywords: ['@'],
    keywordStarts: true,
    detector: personPrincipals,
    examples: {
      match: [
        '   2 11/03/26 14:10:02 h.vasquezmora@ENG.TANAGER.LAN',
        'Default principal: mfolau/admin@LABS.KORIMAKO.NZ',
        'kinit tjeong88@RESEARCH.PALOMA.EDU',
      ],
      noMatch: [
        '   3 11/03/26 14:10:02 HTTP/docs-4.tanager.lan@ENG.TANAGER.LAN',
        'Default principal: krbtgt/ENG.TANAGER.LAN@ENG.TANAGER.LAN',
        '   1 nfs/files-2.tanager.lan@ENG.TANAGER.LAN (aes256-cts-hmac-sha1-96)',
        'kinit backup@ENG.TANAGER.LAN -k -t /etc/backup.keytab',
        'mail h.vasquezmora@tanager.lan',
        'Authenticating as principal ops/admin@ENG.TANAGER.LAN with password.',
        'npm notice 📦  @tanager/cli@3.1.0',
      ],
    },
  },
  {
    id: 'key-label-person',
    type: 'pii',
    label: 'name',
    description: "a person named in a key's or a volume's label or comment (cryptsetup's `Label:`, minisign's and signify's comments and the -c/-t that set them): owned by, signed by, a name before the key's kind or an e-mail, or the whole label",
    keywords: ['label:', 'comment:', 'minisign', 'signify'],
    detector: keyLabelNames,
    examples: {
      match: [
        'Label:         \tMirela Dragomir laptop',
        'trusted comment: tarball checked by Kofi Boateng',
        "signify -G -n -c 'Aoife Ní Bhriain signing key' -p k.pub -s k.sec",
        "minisign -S -m notes.tgz -t 'Daniela Quispe <dq@condor-ops.pe>'",
        'untrusted comment: Rangi Parata public key',
      ],
      noMatch: [
        'Label:         \tPublic Archive',
        'Label:         \toffsite-3',
        'untrusted comment: minisign public key 5C1F0E2A9B3D7E41',
        'trusted comment: timestamp:1764300000\tfile:notes.tgz\thashed',
        'trusted comment: Release Build for Windows',
      ],
    },
  },
];
