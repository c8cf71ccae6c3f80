/**
 * A person named in a share's or a server's description in an INI-style configuration as
 * `testparm` and Python's configparser print it (`comment = Halvard Brekke's documents`,
 * `server string = Files of Tove Dahl`, `comment = Tove Dahl`). The description is free text and
 * a capitalised phrase there is often the share's own title (`Home Directories`, `Public Files`),
 * so a name counts only where something says it is someone's: a possessive, a word that
 * introduces an owner (`of`, `for`, `contact`, `owned by`), an e-mail or phone beside it, a
 * first word that is a known given name, or the name being the whole description (when no word
 * of it is a word of share titles: `Public Files`, `Printer Drivers`).
 */
import type { Rule, Span } from '../types.js';
import { startsWithKnownGivenName } from './known-given-name.js';
import { isPersonName } from './person-name-shape.js';

const DESCRIPTION_LINE = /^[ \t]*(?:comment|server string|description) = [ \t]*([^\n]{1,500})$/gim;
/** The same free text as a printer's: `lpstat -l -p`'s `Description: …`, `lpoptions`' `printer-info='…'` (or bare, up to a blank). */
const PRINTER_DESCRIPTION = /(?:^[ \t]*Description: [ \t]*([^\n]{1,500})$|(?<![\w-])printer-info=(?:'([^'\n]{1,500})'|([^\s']{1,500})))/gm;
const WORD = String.raw`\p{Lu}[\p{Ll}\p{M}]+(?:['’-](?!s\b)\p{Lu}?[\p{Ll}\p{M}]+)*`;
/** Two to four capitalised words (particles between them), not inside a longer capitalised run. */
const CANDIDATE = new RegExp(String.raw`(?<![\p{L}\p{N}_])${WORD}(?:[ ](?:(?:van|von|der|den|de|da|di|del|la|le|du|bin|al)[ ])?${WORD}){1,3}(?![\p{L}\p{N}_])`, 'gu');
const OWNER_BEFORE = /(?:\b(?:of|for|by|contact|owner|attn|user|member|from|to|belongs to|managed by|maintained by|owned by|responsible)|[-–:])[ \t]+$/i;
const POSSESSIVE_AFTER = /^['’]s?\b/;
/** Words of a share's or a unit's title, never of a person's name. */
const TITLE_WORDS = new Set(
  'dept department team group office staff files file documents docs drivers printer printers share shares shared directories directory home homes backup backups archive archives scans scanner projects project public private media music photos videos data storage users profiles netlogon sysvol accounting finance sales marketing legal it hr wiki software tools templates library transfer uploads downloads temp common general misc images logs reports releases print queue'.split(' '),
);
const DATA_AFTER = /^[ \t]*(?:[(<,][ \t]*)?(?:[\w.+-]+@[\w-]+\.|\+?\d[\d ()-]{6,})/;

function* shareCommentNames(text: string): Iterable<Span> {
  for (const line of [...text.matchAll(DESCRIPTION_LINE), ...text.matchAll(PRINTER_DESCRIPTION)]) {
    const value = line[1] ?? line[2] ?? line[3]!;
    const valueStart = line.index + line[0].indexOf(value, line[0].length - value.length - 1);
    for (const found of value.matchAll(CANDIDATE)) {
      const name = found[0];
      if (!isPersonName(name) || name.split(' ').some((word) => TITLE_WORDS.has(word.toLowerCase()))) continue;
      const before = value.slice(0, found.index);
      const after = value.slice(found.index + name.length);
      const given = startsWithKnownGivenName(name);
      const whole = value.trim() === name;
      if (!(given || whole || POSSESSIVE_AFTER.test(after) || DATA_AFTER.test(after) || (before.length > 0 && OWNER_BEFORE.test(before)))) continue;
      yield { start: valueStart + found.index, end: valueStart + found.index + name.length };
    }
  }
}

export const PERSONAL_SHARE_COMMENT_RULE: Rule = {
  id: 'personal-share-comment',
  type: 'pii',
  label: 'name',
  description:
    "a person named in a share's or server's description in INI-style output (`testparm`, configparser): `comment = Ann Lee's files`, `server string = Files of Ann Lee`, a name beside an e-mail or phone, a name that is the whole description, or one that starts with a known given name",
  keywords: ['comment = ', 'server string = ', 'description = ', 'description: ', 'printer-info='],
  detector: shareCommentNames,
  examples: {
    match: [
      "\tcomment = Halvard Brekke's documents",
      '\tserver string = Files of Halvard Brekke',
      '\tcomment = Accounting dept - contact Tove Dahl, ext 4411',
      '\tcomment = Sigrid Aune',
      'comment = Scanner drop for Mats Holm, Storgata 5',
      '\tcomment = Tove Dahl (tove.dahl@gmail.com)',
      "\tDescription: Halvard Brekke's label printer",
      "copies=1 printer-info='Home office of Sigrid Aune' printer-is-shared=false",
    ],
    noMatch: ['\tcomment = Home Directories', '\tcomment = Public Files', '\tserver string = Samba Server %v', "\tcomment = Printer Drivers for Windows", '\tcomment = Shared Documents of Accounting Dept', "copies=1 printer-info='Front Desk Laser' printer-is-shared=true", '\tDescription: Printer Drivers for Windows'],
  },
};
