/**
 * People named for sure by the structured lines of text on this machine: a Debian changelog's
 * trailer (` -- Name <email>  date`), a GNU ChangeLog's entry heading (`2010-01-01  Name  <email>`),
 * `Signed-off-by:`/`Reviewed-by:` lines, a copyright line or field that holds an e-mail, Python
 * metadata's `Author:`/`Maintainer:` fields, `Name <email>` lines of AUTHORS/THANKS files, and
 * `package.json`'s `author`/`contributors`/`maintainers`. The labels come from the line's place,
 * never from the rules under test; a holder that reads as a body (team, project, foundation,
 * company) is no label.
 */

export interface PersonLabel {
  /** the name as written: two to five words */
  name?: string;
  email?: string;
}

/** A word of a name: capitalised (any script), with inner apostrophes, hyphens or a closing dot. */
const NAME_WORD = String.raw`\p{Lu}[\p{L}\p{M}'’-]*\.?`;
/** Lower-case particles inside a name (`Ludwig van Beethoven`, `Maria de la Cruz`). */
const PARTICLE = String.raw`(?:van|von|der|den|de|del|della|di|da|du|la|le|bin|al|dos|das|ter|ten|zu)`;
const NAME = String.raw`${NAME_WORD}(?:[ \t]+(?:${PARTICLE}[ \t]+)*${NAME_WORD}){1,4}`;
const EMAIL = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;

/** Words that make a holder a body, not a person. */
const BODY_WORDS =
  /\b(?:Team|Teams|Project|Projects|Foundation|Inc|Ltd|LLC|GmbH|Corp|Corporation|Company|Group|Maintainers?|Developers?|Contributors?|Authors?|Community|Consortium|Society|Association|University|Institute|Laboratory|Labs?|Software|Systems|Technologies|Organization|Organisation|Packaging|Debian|Ubuntu|GNU|Google|Microsoft|Apple|Oracle|Red Hat|Mozilla|Python|Perl|Node|Apache|Free|Open|Source|Committee|Council|Office|Department|Bot|Robot|Archive|Auto|Sync|Release|Security|Support|Admin|Administrator|Unknown|Anonymous|Various|Others?)\b/;
/** Mailboxes of lists, teams, bots and roles. */
const ROLE_MAILBOX = /^(?:.*[-._](?:team|maint|maintainers?|devel|discuss|users|announce|general|bugs?|packages?|list|help)|team|maint.*|bugs?|noreply|no-reply|nobody|root|admin|info|support|security|help|webmaster|postmaster|contact|devel|pkg-.*|.*-(?:owner|request))@/i;

const TRAILER = new RegExp(String.raw`^ -- (${NAME})\s+<(${EMAIL})>\s`, 'u');
const GNU_CHANGELOG = new RegExp(String.raw`^\d{4}-\d\d-\d\d\s+(${NAME})\s+<(${EMAIL})>\s*$`, 'u');
const SIGNED_OFF = new RegExp(String.raw`^\s*(?:Signed-off-by|Reviewed-by|Acked-by|Tested-by|Co-authored-by|Reported-by):\s*(${NAME})\s*<(${EMAIL})>`, 'iu');
const COPYRIGHT = new RegExp(String.raw`^\s*(?:Copyright:?|Upstream-Contact:|\(c\)|©)?\s*(?:(?:Copyright|\(C\)|©)\s*)*(?:[\d, –-]+\s+)?(?:by\s+)?(${NAME}),?\s*<(${EMAIL})>`, 'iu');
const METADATA_FIELD = new RegExp(String.raw`^(?:Author|Maintainer):\s*(${NAME})\s*$`, 'u');
const METADATA_EMAIL = new RegExp(String.raw`^(?:Author|Maintainer)-email:\s*"?(${NAME})"?\s*<(${EMAIL})>`, 'u');
const NAME_EMAIL_LINE = new RegExp(String.raw`^[\s*-]*(${NAME})\s*<(${EMAIL})>[\s,.]*$`, 'u');
const PACKAGE_PERSON = new RegExp(String.raw`^(${NAME})\s*(?:<(${EMAIL})>)?\s*(?:\([^)]*\))?\s*$`, 'u');

/** What kind of file this is, for the lines only that kind holds. */
export type LabelSource = 'changelog' | 'copyright' | 'metadata' | 'authors' | 'package.json' | 'other';

export function labelSourceOf(path: string): LabelSource {
  const base = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (base === 'package.json') return 'package.json';
  if (base === 'metadata' || base === 'pkg-info') return 'metadata';
  if (base === 'copyright' || base.startsWith('license') || base.startsWith('copying')) return 'copyright';
  if (base.startsWith('changelog') || base.startsWith('history') || base.startsWith('news')) return 'changelog';
  if (/^(?:authors|thanks|contributors|credits|maintainers)(?:\.|$)/.test(base)) return 'authors';
  return 'other';
}

function person(name: string | undefined, email: string | undefined): PersonLabel | undefined {
  const label: PersonLabel = {};
  if (name && !BODY_WORDS.test(name) && !/\d/.test(name)) label.name = name.trim();
  if (email && !ROLE_MAILBOX.test(email) && !/\.(?:invalid|example|localhost)$/i.test(email)) label.email = email;
  // an e-mail is a person's only beside a person's name
  if (!label.name) return undefined;
  return label;
}

/** The people a line names for sure, with the line's kind of file. */
export function labelsOfLine(line: string, source: LabelSource): PersonLabel[] {
  const found: PersonLabel[] = [];
  const add = (label: PersonLabel | undefined) => {
    if (label) found.push(label);
  };
  let match = TRAILER.exec(line) ?? GNU_CHANGELOG.exec(line) ?? SIGNED_OFF.exec(line);
  if (match) add(person(match[1], match[2]));
  else if (source === 'copyright' && (match = COPYRIGHT.exec(line))) add(person(match[1], match[2]));
  else if (source === 'metadata' && (match = METADATA_EMAIL.exec(line) ?? METADATA_FIELD.exec(line))) add(person(match[1], match[2]));
  else if (source === 'authors' && (match = NAME_EMAIL_LINE.exec(line))) add(person(match[1], match[2]));
  return found;
}

function packagePeople(value: unknown): PersonLabel[] {
  const people: PersonLabel[] = [];
  const one = (entry: unknown) => {
    if (typeof entry === 'string') {
      const match = PACKAGE_PERSON.exec(entry.trim());
      const label = match ? person(match[1], match[2]) : undefined;
      if (label) people.push(label);
    } else if (entry && typeof entry === 'object') {
      const { name, email } = entry as { name?: unknown; email?: unknown };
      if (typeof name !== 'string') return;
      const match = PACKAGE_PERSON.exec(name.trim());
      const label = match ? person(match[1], typeof email === 'string' ? email : undefined) : undefined;
      if (label) people.push(label);
    }
  };
  if (Array.isArray(value)) value.forEach(one);
  else one(value);
  return people;
}

/** Every person a file's text names for sure. */
export function labelsOfText(text: string, source: LabelSource): PersonLabel[] {
  if (source === 'package.json') {
    try {
      const manifest = JSON.parse(text) as Record<string, unknown>;
      return ['author', 'contributors', 'maintainers'].flatMap((key) => packagePeople(manifest[key]));
    } catch {
      return [];
    }
  }
  return text.split('\n').flatMap((line) => labelsOfLine(line, source));
}
