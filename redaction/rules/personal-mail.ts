/**
 * A mail's people named again after its headers: a sender's or a recipient's name, read from
 * `From:`/`To:`/`Cc:`/`Reply-To:` (`Name <addr>`), where it recurs in the Subject, the greeting,
 * the body or the signature, whatever prefix a client's log puts before each line (`s-nail: >>> `,
 * `[time] DEBUG [id] `). A name in the Subject or a greeting that shares a word with a recipient's
 * mailbox (`gwen.abernathy@` and `Lease for Gwendolyn Abernathy-Mbeki`) is that recipient's too.
 * Names are plain words, so the placeholder book never searches for their copies (placeholders.ts):
 * the mail itself is what says they are the same person. A display name in RFC 2047 encoded words
 * counts once decoded, and is also looked for as a quoted-printable body writes it.
 */
import { escapeRegExp } from '../literals.js';
import type { Rule, Span } from '../types.js';
import { machineMailbox } from '../validators.js';
import { isPersonName, trailingName } from './person-name-shape.js';
import { lineBreakAfter } from '../line-bounds.js';

/** An address header and its value, to the line's end. */
const ADDRESS_HEADER = /\b(?:From|To|Cc|Bcc|Reply-To|Sender|Resent-From|Resent-To):[ \t]*([^\r\n]{1,600})/gi;
/** One mailbox of a header's value: an optional display name (quoted or not), then `<addr>`, or a bare address. */
const MAILBOX = /(?:"([^"\r\n]{1,80})"|([^,<>"\r\n]{1,80}?))?[ \t]*<([^<>\s@]{1,64}@[^<>\s]{1,190})>|([\w.%+-]{1,64})@[\w-]+(?:\.[\w-]+)+/g;
/** A Subject line's value. */
const SUBJECT = /\bSubject:[ \t]*([^\r\n]{1,400})/gi;
/** A capitalised run of up to four words (the candidates in a Subject line). */
const CAPITALISED_WORD = String.raw`\p{Lu}[\p{Ll}\p{M}]+(?:['’-]\p{Lu}?[\p{Ll}\p{M}]+)*`;
const CAPITALISED_RUN = new RegExp(String.raw`${CAPITALISED_WORD}(?:[ ]${CAPITALISED_WORD}){1,3}`, 'gu');
/** Greetings a given name follows alone (`Hello Gwendolyn,`). */
const GREETING = /\b(?:Dear|Hello|Hi|Hey|Hallo|Liebe|Lieber|Bonjour|Hola|Ciao|Hej|Beste|Cher|Chère)[ ]+(\p{Lu}[\p{Ll}\p{M}'’-]+)(?=[ ]?[,!:]|[ \t]*\r?\n)/gu;

const MAX_NAMES = 32;

/** RFC 2047 encoded words (`=?UTF-8?Q?Maud_Esterh=C3=A1zy?=`), one or more apart by spaces. */
const ENCODED_WORDS = /^(?:=\?utf-8\?[QB]\?[^?\s]{1,200}\?=[ \t]*){1,4}$/i;
const ENCODED_WORD = /=\?utf-8\?([QB])\?([^?\s]{1,200})\?=/gi;

/** The text of a header's encoded words (UTF-8 only), or undefined when it is not made of them. */
function decodedWords(value: string): string | undefined {
  if (!ENCODED_WORDS.test(value)) return undefined;
  let decoded = '';
  for (const [, encoding, payload] of value.matchAll(ENCODED_WORD)) {
    const bytes = encoding!.toUpperCase() === 'B'
      ? Buffer.from(payload!, 'base64')
      : Buffer.from(payload!.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1');
    decoded += bytes.toString('utf8');
  }
  return decoded;
}

/** A name as a quoted-printable body writes it: bytes past ASCII as `=XX` (`Esterh=C3=A1zy`). */
function quotedPrintable(name: string): string {
  return [...Buffer.from(name, 'utf8')].map((byte) => (byte >= 33 && byte <= 126 && byte !== 61) || byte === 32 ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

interface Mailboxes {
  /** display names of people's mailboxes, as written */
  names: Set<string>;
  /** words (4 letters or more) of people's mailboxes' local parts, lower-cased */
  localWords: Set<string>;
}

function mailboxes(text: string): Mailboxes {
  const found: Mailboxes = { names: new Set(), localWords: new Set() };
  for (const header of text.matchAll(ADDRESS_HEADER)) {
    // a list folded after a comma goes on on the next lines (under a log's prefix, if any)
    let value = header[1]!;
    for (let end = header.index + header[0].length, lines = 0; /,[ \t]*\r?$/.test(value) && lines < 8; lines++) {
      const next = lineBreakAfter(text, end + 1);
      const line = text.slice(end + 1, next === -1 ? text.length : next);
      value += ` ${line}`;
      end = next === -1 ? text.length : next;
    }
    for (const box of value.matchAll(MAILBOX)) {
      const address = box[3] ?? box[0];
      if (machineMailbox(address)) continue;
      const local = box[4] ?? address.slice(0, address.indexOf('@'));
      for (const word of local.toLowerCase().split(/[._+-]/)) if (/^\p{L}{4,}$/u.test(word)) found.localWords.add(word);
      const written = (box[1] ?? box[2])?.trim();
      if (!written || found.names.size >= MAX_NAMES) continue;
      // a folded line keeps its log prefix before the name: the name is what ends the stretch
      const encoded = /(?:=\?utf-8\?[QB]\?[^?\s]{1,200}\?=[ \t]*){1,4}$/i.exec(written)?.[0].trim();
      const decoded = encoded && decodedWords(encoded);
      if (!encoded || decoded === undefined) {
        const tail = isPersonName(written) ? { start: 0, end: written.length } : trailingName(written);
        if (tail) found.names.add(written.slice(tail.start, tail.end));
      } else if (isPersonName(decoded)) {
        const name = encoded;
        // the encoded header, the name itself and its quoted-printable form in a body
        for (const form of [name, decoded, quotedPrintable(decoded)]) found.names.add(form);
      }
    }
  }
  return found;
}

function* mailNamesRepeated(text: string): Iterable<Span> {
  const { names, localWords } = mailboxes(text);
  if (names.size === 0 && localWords.size === 0) return;
  const given = new Set<string>();
  for (const name of names) given.add(name.split(' ')[0]!);
  // Subject: a capitalised run that is a known name or shares a word with a recipient's mailbox
  for (const subject of text.matchAll(SUBJECT)) {
    const valueStart = subject.index + subject[0].length - subject[1]!.length;
    for (const run of subject[1]!.matchAll(CAPITALISED_RUN)) {
      const words = run[0].toLowerCase().split(/[ '’-]/);
      if (!isPersonName(run[0]) || !words.some((word) => localWords.has(word))) continue;
      names.add(run[0]);
      given.add(run[0].split(' ')[0]!);
      yield { start: valueStart + run.index, end: valueStart + run.index + run[0].length };
    }
  }
  // a header person's given name or surname alone in a Subject (`Your order, Cordelia`)
  const parts = new Set([...names].flatMap((name) => name.split(' ')).filter((part) => part.length >= 3));
  for (const subject of text.matchAll(SUBJECT)) {
    const valueStart = subject.index + subject[0].length - subject[1]!.length;
    for (const word of subject[1]!.matchAll(/(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{M}'’-]+(?![\p{L}\p{N}])/gu)) {
      if (parts.has(word[0])) yield { start: valueStart + word.index, end: valueStart + word.index + word[0].length };
    }
  }
  if (names.size > 0) {
    const anyName = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${[...names].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})(?![\p{L}\p{N}])`, 'gu');
    for (const match of text.matchAll(anyName)) yield { start: match.index, end: match.index + match[0].length };
  }
  for (const greeting of text.matchAll(GREETING)) {
    const name = greeting[1]!;
    if (!given.has(name) && !localWords.has(name.toLowerCase())) continue;
    const start = greeting.index + greeting[0].length - name.length;
    yield { start, end: start + name.length };
  }
}

export const PERSONAL_MAIL_RULE: Rule = {
  id: 'mail-names-repeated',
  type: 'pii',
  label: 'name',
  description: "a person's name from a mail's From/To/Cc/Reply-To where it recurs in the Subject, greeting, body or signature (any log prefix on the lines), and a Subject or greeting name sharing a word with a recipient's mailbox",
  keywords: ['from:', 'to:', 'cc:', 'reply-to:'],
  detector: mailNamesRepeated,
  examples: {
    match: [
      'From: Cordelia Vanterpool <cordelia.v@mailbox.org>\nSubject: Invoice 2291\n\nBest wishes,\nCordelia Vanterpool',
      '[12:00:01] DEBUG [x] To: "Ignatius Oyelowo-Hart" <ignatius.oh@gmail.com>\n[12:00:01] DEBUG [x] Subject: Invoice for Ignatius Oyelowo-Hart',
      's-nail: >>> To: gwen.abernathy@virginmedia.com\ns-nail: >>> Subject: Lease for Gwendolyn Abernathy-Mbeki',
      'To: Henrike Salvesen <henrike.s@online.no>\n\nHello Henrike,',
      'To: "Henrike Salvesen" <henrike.s@online.no>\nSubject: Your tickets, Henrike',
      'To: =?UTF-8?Q?Maud_Esterh=C3=A1zy?= <maud.e@citromail.hu>\n\nMaud Esterh=C3=A1zy will meet you at =\nthe station.',
    ],
    noMatch: [
      'From: GitHub <noreply@github.com>\nSubject: [acme/api] Release notes for Build Pipeline',
      'To: ops-team@corp.example\nSubject: Outage in Frankfurt Region',
      'From: "Jenkins" <jenkins@ci.example>\nSubject: Build Failed On Main',
      'To: jan.lindqvist@example.se\nSubject: Meeting Notes Draft',
    ],
  },
};
