/**
 * Phone numbers in the GECOS fields `finger -l` prints, which it reformats so they no longer look
 * like the numbers the phone rule knows: ten digits as `617-555-0142`, seven as `555-0199`, four
 * or five as an extension (`x4410`, `x5-0199`). They sit after `Office: <room>, `, `Office Phone: `
 * and `Home Phone: ` (bsd-finger's long format; the same fields as `getent passwd` lists them raw).
 */
import type { Rule, Span } from '../types.js';

/** From the keyword: the field's label, the room when there is one, the number. */
const FIELD = /(?:Office: [^,\t\r\n]{0,80}, |Office Phone: |Home Phone: )(\+?[0-9x][0-9x() .-]{2,24}[0-9])(?=[ \t]*(?:\r?\n|\t|$))/y;

function* fingerPhones(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    FIELD.lastIndex = at;
    const match = FIELD.exec(text);
    if (!match) continue;
    const phone = match[1]!;
    if ((phone.match(/\d/g)?.length ?? 0) < 4) continue;
    const end = at + match[0].length;
    yield { start: end - phone.length, end };
  }
}

export const FINGER_PHONE_RULE: Rule = {
  id: 'finger-phone',
  type: 'pii',
  label: 'phone',
  description: "a phone number in finger's office and home phone fields, as finger reformats it (`Office: B-204, 617-555-0142`, `Home Phone: 555-0199`, `x4410`)",
  keywords: ['office: ', 'office phone: ', 'home phone: '],
  keywordStarts: true,
  detector: fingerPhones,
  examples: {
    match: [
      'Office: B-204, 617-555-0142\t\tHome Phone: 555-0199\n',
      'Office: Lab 3, x4410\t\t\tHome Phone: +1-617-555-0188\n',
      'Office Phone: x5-0199\n',
    ],
    noMatch: ['Office: Room 4.12\n', 'Office: Server Room B\n', 'Home Phone: none\n', 'Office: Build Lab, ext 4410\n'],
  },
};
