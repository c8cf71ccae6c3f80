/**
 * A mail's people named again after its headers: a sender's or a recipient's name, read from
 * `From:`/`To:`/`Cc:`/`Reply-To:` (`Name <addr>`), where it recurs in the Subject, the greeting,
 * the body or the signature, whatever prefix a client's log puts before each line (`s-nail: >>> `,
 * `[time] DEBUG [id] `). A name in the Subject or a greeting that shares a word with a recipient's
 * mailbox (`gwen.abernathy@` and `Lease for Gwendolyn Abernathy-Mbeki`) is that recipient's too.
 * Names are plain words, so the placeholder book never searches for their copies (placeholders.ts):
 * the mail itself is what says they are the same person.
 */
import { escapeRegExp } from '../literals.js';
import type { Rule, Span } from '../types.js';
import { machineMailbox } from '../validators.js';
import { isPersonName } from './person-name-shape.js';

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

interface Mailboxes {
  /** display names of people's mailboxes, as written */
  names: Set<string>;
  /** words (4 letters or more) of people's mailboxes' local parts, lower-cased */
  localWords: Set<string>;
}

function mailboxes(text: string): Mailboxes {
  const found: Mailboxes = { names: new Set(), localWords: new Set() };
  for (const header of text.matchAll(ADDRESS_HEADER)) {
    for (const box of header[1]!.matchAll(MAILBOX)) {
      const address = box[3] ?? box[0];
      if (machineMailbox(address)) continue;
      const local = box[4] ?? address.slice(0, address.indexOf('@'));
      for (const word of local.toLowerCase().split(/[._+-]/)) if (/^\p{L}{4,}$/u.test(word)) found.localWords.add(word);
      const name = (box[1] ?? box[2])?.trim();
      if (name && isPersonName(name) && found.names.size < MAX_NAMES) found.names.add(name);
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
    ],
    noMatch: [
      'From: GitHub <noreply@github.com>\nSubject: [acme/api] Release notes for Build Pipeline',
      'To: ops-team@corp.example\nSubject: Outage in Frankfurt Region',
      'From: "Jenkins" <jenkins@ci.example>\nSubject: Build Failed On Main',
      'To: jan.lindqvist@example.se\nSubject: Meeting Notes Draft',
    ],
  },
};
