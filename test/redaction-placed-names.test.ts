/**
 * Names with particles, hyphens and apostrophes, written given name first or surname first, in
 * the places programs print them (gpg user ids, passwd GECOS, vCard, iCalendar, mailmap, address
 * book exports, BibTeX), each through the research profile; and what those places hold that is no
 * person's, which must come back unchanged.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const research = (text: string) => createTextRedactor('research')(text).text;

/** The ways one person's name is written. */
const NAMES = [
  { given: 'Hendrika', surname: 'van den Broek' },
  { given: 'Caoimhe', surname: "O'Sullivan-Mbeki" },
  { given: 'Rafael', surname: 'de los Santos Ibarra' },
  { given: 'Nurul', surname: 'binti Rahman' },
];
const forward = (name: (typeof NAMES)[number]) => `${name.given} ${name.surname}`;
const inverted = (name: (typeof NAMES)[number]) => `${name.surname}, ${name.given}`;
const mailbox = (index: number) => `member${index}@correo-privado.net`;

/** [program output, how it writes the name] */
const PLACES: [string, (index: number) => string, (name: (typeof NAMES)[number]) => string][] = [
  ['gpg --list-keys', (i) => `uid           [ultimate] ${inverted(NAMES[i]!)} (home) <${mailbox(i)}>`, inverted],
  ['gpg, given name first', (i) => `uid           [  full  ] ${forward(NAMES[i]!)} <${mailbox(i)}>`, forward],
  ['getent passwd', (i) => `u${i}:x:${1001 + i}:${1001 + i}:${forward(NAMES[i]!)},,,:/home/u${i}:/bin/bash`, forward],
  ['finger', (i) => `Login: u${i}          \t\t\tName: ${forward(NAMES[i]!)}\nDirectory: /home/u${i}            \tShell: /bin/bash`, forward],
  ['.mailmap', (i) => `${inverted(NAMES[i]!)} <${mailbox(i)}> <old${i}@example.org>`, inverted],
  ['mutt query', (i) => `${mailbox(i)}\t${forward(NAMES[i]!)}\t`, forward],
  ['iCalendar attendee', (i) => `ATTENDEE;CN="${inverted(NAMES[i]!)}";ROLE=REQ-PARTICIPANT:mailto:${mailbox(i)}`, inverted],
  ['BibTeX', (i) => `@article{k${i},\n  author = {${inverted(NAMES[i]!)} and Ngozi Adeyemi},\n  year = {2024}\n}`, inverted],
];

describe('research profile: names with particles, in the places programs print them', () => {
  for (const [place, line, written] of PLACES) {
    it.each(NAMES.map((_, index) => [index]))(`${place}: name %i`, (index) => {
      const redacted = research(line(index));
      expect(redacted, redacted).not.toContain(written(NAMES[index]!));
      expect(redacted, redacted).not.toContain(NAMES[index]!.given);
    });
  }

  it('vCard: the structured name and, on a person\'s card, the home address', () => {
    const card = 'BEGIN:VCARD\r\nVERSION:3.0\r\nADR;TYPE=HOME:;;Keizersgracht 12;Haarlem;;2011 AB;Netherlands\r\nFN:Hendrika van den Broek\r\nN:van den Broek;Hendrika;;;\r\nEND:VCARD\r\n';
    const redacted = research(card);
    for (const part of ['van den Broek', 'Hendrika', 'Keizersgracht 12', 'Haarlem', '2011 AB']) expect(redacted, redacted).not.toContain(part);
  });

  it.each([
    ['system accounts in getent passwd', 'postgres:x:114:120:PostgreSQL administrator,,,:/var/lib/postgresql:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin'],
    ['a room in iCalendar', 'ATTENDEE;CUTYPE=ROOM;CN=Board Room West;ROLE=NON-PARTICIPANT:urn:uuid:4f0e9c2a-61d3-4b7e-9a55-0c1d2e3f4a5b'],
    ["a body as a package's author", 'Author: Python Packaging Authority\nAuthor-email: distutils-sig@python.org'],
    ['a BibTeX corporate author', '@manual{m1,\n  author = {{World Health Organization}},\n  year = {2023}\n}'],
  ])('leaves %s unchanged', (_, text) => {
    expect(research(text)).toBe(text);
  });
});
