/**
 * Names that a program's own format places, where no label in words says "name": a vCard's
 * structured `N:` (family;given;additional;…) and `ADR:` (…;street;town;region;postcode;country),
 * the `CN=` of an iCalendar `ATTENDEE` or `ORGANIZER`, the GECOS field of a passwd line (`getent
 * passwd`: `user:x:uid:gid:Full Name,room,work phone,home phone:home:shell`), and the `author` and
 * `editor` lists of a BibTeX entry (`van der Berg, Pieter and Ahmad bin Yusof`). Each name is
 * judged by its shape (person-name-shape.ts), written given name first or surname first.
 */
import { judgePhrase } from '../names/name-judge.js';
import type { Rule, Span } from '../types.js';
import { startsWithKnownGivenName } from './known-given-name.js';
import { hasWrittenNameShape, isPersonName, LEGAL_FORM } from './person-name-shape.js';
import { lastIndexFrom, lineBreakAfter, lineBreakBefore } from '../line-bounds.js';

/** The line around `at`: [start, end), real line breaks only. */
function lineAround(text: string, at: number): [number, number] {
  const start = lineBreakBefore(text, at - 1) + 1;
  const newline = lineBreakAfter(text, at);
  const end = newline < 0 ? text.length : newline;
  return [start, text[end - 1] === '\r' ? end - 1 : end];
}

/** The parts of `text[start, end)` split at `separator` (not after a backslash), as spans. */
function partsOf(text: string, start: number, end: number, separator: string): Span[] {
  const parts: Span[] = [];
  let from = start;
  for (let i = start; i <= end; i++) {
    if (i === end || (text[i] === separator && text[i - 1] !== '\\')) {
      parts.push({ start: from, end: i });
      from = i + 1;
    }
  }
  return parts;
}

function trimmed(text: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && /[\s"{}]/.test(text[start]!)) start += 1;
  while (end > start && /[\s"{}]/.test(text[end - 1]!)) end -= 1;
  return { start, end };
}

const isName = (text: string, span: Span, single = false) => span.end > span.start && isPersonName(text.slice(span.start, span.end).replace(/\\,/g, ','), { single });

// ---------------------------------------------------------------- vCard

/** A vCard property line: an optional group, the name, parameters, the value. */
const VCARD_PROPERTY = /^(?:[\w-]+\.)?(N|ADR)(?:;[^:\n]*)?:/i;
/** Which parts of ADR are someone's home: street, locality, postal code (not the PO box label, region or country). */
const CARD_END = /end:vcard/gi;
const ADR_PERSONAL_PARTS = new Set([2, 3, 5]);

function* vcardLines(text: string, starts: readonly number[]): Iterable<Span> {
  // the first `END:VCARD` at or after the place searched from last: the same for every later place before it
  let searchedFrom = -1;
  let found: number | undefined;
  for (const at of starts) {
    if (searchedFrom === -1 || at < searchedFrom || (found !== undefined && found < at)) {
      CARD_END.lastIndex = at;
      found = CARD_END.exec(text)?.index;
      searchedFrom = at;
    }
    const end = found;
    const cardEnd = end === undefined ? Math.min(text.length, at + 4000) : Math.min(end, at + 20_000);
    let lineStart = lineBreakAfter(text, at) + 1;
    const spans: Span[] = [];
    let person = false;
    while (lineStart > 0 && lineStart < cardEnd) {
      const newline = lineBreakAfter(text, lineStart);
      const next = newline < 0 ? text.length : newline + 1;
      const lineEnd = newline < 0 ? text.length : text[newline - 1] === '\r' ? newline - 1 : newline;
      const property = VCARD_PROPERTY.exec(text.slice(lineStart, lineEnd));
      if (property) {
        const parts = partsOf(text, lineStart + property[0].length, lineEnd, ';').map((part) => trimmed(text, part));
        if (property[1]!.toUpperCase() === 'N') {
          // family;given;additional: one name part each (several given names split by commas); a family or
          // given part that is no name (`Service;Billing`, `Automation;Release`) makes the card a service's
          const named = parts.slice(0, 3).filter((part) => part.end > part.start);
          const names = named.filter((part) => isName(text, part, true));
          if (names.length > 0 && !named.slice(0, 2).some((part) => !names.includes(part))) {
            spans.push(...names);
            person = true;
          }
        } else {
          for (const [index, part] of parts.entries()) if (ADR_PERSONAL_PARTS.has(index) && /[\p{L}\d]/u.test(text.slice(part.start, part.end))) spans.push(part);
        }
      }
      lineStart = next;
    }
    // a card's address is someone's when the card names a person (an organisation's card has no N parts that are names)
    if (person) yield* spans;
  }
}

// ---------------------------------------------------------------- iCalendar

const CALENDAR_PERSON = /^(?:ATTENDEE|ORGANIZER)(?:;[^:\n]*)?;CN=("[^"\n]{2,80}"|[^;:\n]{2,80})/i;

function* calendarNames(text: string, starts: readonly number[]): Iterable<Span> {
  for (const at of starts) {
    const [start, end] = lineAround(text, at);
    if (start !== at) continue;
    const line = text.slice(start, end);
    const match = CALENDAR_PERSON.exec(line);
    // a room, a resource or a group invited as an attendee is nobody
    if (!match || /;CUTYPE=(?!INDIVIDUAL)/i.test(line)) continue;
    const valueStart = start + match[0].length - match[1]!.length;
    const value = trimmed(text, { start: valueStart, end: valueStart + match[1]!.length });
    if (isName(text, value)) yield value;
  }
}

// ---------------------------------------------------------------- folded lines

/** A line break that folds a long iCalendar or vCard line: the next line goes on after one space or tab (RFC 5545, RFC 6350). */
const FOLD = /^\r?\n[ \t]/;
const MAILTO = /mailto:([\w.%+-]{1,64}@(?:[A-Za-z0-9-]{1,63}\.){1,8}[A-Za-z]{2,24})/gi;

/**
 * The e-mail after `mailto:` in a property folded across lines (`ATTENDEE;CN=…:mailto:pieter.vdbe⏎ rg@ziggo.nl`):
 * found in the unfolded line and removed from its first character to its last, fold and all, since
 * the part before the fold is no address to the e-mail rule.
 */
function* foldedMailboxes(text: string, starts: readonly number[]): Iterable<Span> {
  let done = -1;
  for (const at of starts) {
    if (at < done) continue;
    const [start] = lineAround(text, at);
    // the property and its continuation lines, unfolded, with each unfolded index's place in the text
    let end = start;
    const places: number[] = [];
    let unfolded = '';
    for (let lines = 0; lines < 8; lines++) {
      const newline = lineBreakAfter(text, end);
      const lineEnd = newline < 0 ? text.length : text[newline - 1] === '\r' ? newline - 1 : newline;
      for (let i = end; i < lineEnd; i++) {
        places.push(i);
        unfolded += text[i];
      }
      const fold = newline < 0 ? null : FOLD.exec(text.slice(lineEnd, lineEnd + 3));
      if (!fold) {
        end = lineEnd;
        break;
      }
      end = lineEnd + fold[0].length;
    }
    done = end;
    MAILTO.lastIndex = 0;
    for (let match = MAILTO.exec(unfolded); match; match = MAILTO.exec(unfolded)) {
      const first = places[match.index + 7]!;
      const last = places[match.index + match[0].length - 1]!;
      if (last - first + 1 !== match[1]!.length) yield { start: first, end: last + 1 };
    }
  }
}

// ---------------------------------------------------------------- passwd

/** `user:x:1001:1001:GECOS:/home/user:/bin/bash` (the password field as `x`, `*` or `!`). */
const PASSWD_LINE = /^[a-z_][\w.-]{0,31}:[x*!]{1,2}:\d{1,10}:\d{1,10}:([^:\n]*):[^:\n]*:[^:\n]*$/;

function* passwdNames(text: string, starts: readonly number[]): Iterable<Span> {
  let done = -1;
  for (const at of starts) {
    if (at < done) continue;
    const [start, end] = lineAround(text, at);
    done = end;
    const line = PASSWD_LINE.exec(text.slice(start, end));
    if (!line) continue;
    let gecosStart = start;
    for (let colons = 0; colons < 4; colons++) gecosStart = text.indexOf(':', gecosStart) + 1;
    const [name, , ...phones] = partsOf(text, gecosStart, gecosStart + line[1]!.length, ',').map((part) => trimmed(text, part));
    if (!name || !isName(text, name)) continue;
    yield name;
    // the work and home phones of the same person
    for (const phone of phones.slice(0, 2)) if (text.slice(phone.start, phone.end).replace(/\D/g, '').length >= 6) yield phone;
  }
}

// ---------------------------------------------------------------- BibTeX

const BIBTEX_NAMES = /\b(?:author|editor)\s*=\s*([{"])/giy;

/** The value of the `{…}` or `"…"` that opens at `open`, as [start, end) inside it. */
function bracedValue(text: string, open: number): [number, number] | undefined {
  const closer = text[open] === '{' ? '}' : '"';
  let depth = 0;
  for (let i = open + 1; i < Math.min(text.length, open + 2000); i++) {
    const char = text[i];
    if (char === '{') depth += 1;
    else if (char === '}' && depth > 0) depth -= 1;
    else if (char === closer && depth === 0) return [open + 1, i];
  }
  return undefined;
}

function* bibtexNames(text: string, starts: readonly number[]): Iterable<Span> {
  for (const at of starts) {
    BIBTEX_NAMES.lastIndex = at;
    const match = BIBTEX_NAMES.exec(text);
    if (!match || !/^@\w+\{/m.test(text.slice(Math.max(0, at - 2000), at))) continue;
    const value = bracedValue(text, BIBTEX_NAMES.lastIndex - 1);
    if (!value) continue;
    let from = value[0];
    for (const separator of [...text.slice(value[0], value[1]).matchAll(/\s+and\s+/g), undefined]) {
      const to = separator ? value[0] + separator.index : value[1];
      const name = trimmed(text, { start: from, end: to });
      if (isName(text, { start: name.start, end: name.end }) || isPersonName(text.slice(name.start, name.end).replace(/[{}]/g, ''))) yield name;
      if (separator) from = to + separator[0].length;
    }
  }
}

/** A Debian changelog's section marker: `  [ Name ]` alone on its line, the entries it signs (`  * …`) on the next. */
const CHANGELOG_SIGNER = / {2}\[ ([^\]\n\\]{3,70}) \](?:\r?\n|\\n) {2,4}[*-] /y;

/**
 * The names of a Debian changelog's sections: when several people prepare one upload, `dch` heads
 * each one's entries with `[ Name ]` (the name from `DEBFULLNAME`). Judged by the name's written shape.
 */
function* changelogSigners(text: string, starts: readonly number[]): Iterable<Span> {
  for (const at of starts) {
    if (at > 0 && text[at - 1] !== '\n' && !(text[at - 1] === 'n' && text[at - 2] === '\\')) continue;
    CHANGELOG_SIGNER.lastIndex = at;
    const match = CHANGELOG_SIGNER.exec(text);
    const name = match?.[1]?.trim();
    if (!match || !name || !(hasWrittenNameShape(name) || isPersonName(name, { keyed: true }))) continue;
    const start = at + 4 + (match[1]!.length - match[1]!.trimStart().length);
    yield { start, end: start + name.length };
  }
}

/** A holder line of a copyright field: an optional `(C)`/`©`, the years, then the holders. */
const HOLDER_LINE = /^[ \t]*(?:(?:copyright|\(c\)|©)[ \t]*)*(?:\d{4}(?:[ \t]*[-–,][ \t]*\d{4})*,?[ \t]+)?(.*)$/iu;
/** A company's short legal form at a holder's end that `LEGAL_FORM` leaves to context (`Hewlett-Packard Co`). */
const COMPANY_END = /[ ](?:Co|Cie|KK|K\.K)\.?$/;
/** A holder's own part: its name, up to an address or a remark. */
const HOLDER_NAME = /^[^<([;:]*/;

/**
 * The people a machine-readable copyright file (`debian/copyright`, DEP-5) names in a `Copyright:`
 * field: on its first line and its continuation lines (indented), each `years, Name` or `years
 * Name, Name and Name`; bodies (`Free Software Foundation, Inc.`, `The Authors`) are no names.
 */
function* copyrightFieldHolders(text: string, starts: readonly number[]): Iterable<Span> {
  for (const at of starts) {
    if (at > 0 && text[at - 1] !== '\n') continue;
    let lineStart = at + 'copyright:'.length;
    for (let line = 0; line < 200; line++) {
      const newline = lineBreakAfter(text, lineStart);
      const lineEnd = newline < 0 ? text.length : newline;
      const holders = HOLDER_LINE.exec(text.slice(lineStart, lineEnd));
      if (holders?.[1]) {
        const offset = lineStart + (lineEnd - lineStart) - holders[1].length;
        const part = HOLDER_NAME.exec(holders[1])![0];
        for (const piece of part.matchAll(/[^,]+/g)) {
          for (const holder of piece[0].split(/[ ]and[ ]/)) {
            const name = holder.trim().replace(/\.$/, '');
            if (!name || !isPersonName(name) || LEGAL_FORM.test(name) || COMPANY_END.test(name)) continue;
            const start = offset + piece.index + piece[0].indexOf(holder) + (holder.length - holder.trimStart().length);
            yield { start, end: start + name.length };
          }
        }
      }
      // a field's continuation lines start with a space or a tab
      if (newline < 0 || !/^[ \t]+\S/.test(text.slice(newline + 1, newline + 81))) break;
      lineStart = newline + 1;
    }
  }
}

/** A list item's line (`  * Fix the build. (Name)`) or an indented continuation of one. */
const LIST_ITEM_LINE = /^(?:[ \t]*[*+-][ \t]|[ \t]{4,}\S)/;

/**
 * The person a changelog or NEWS item credits in parentheses at its line's end: `* Dutch (Name;
 * closes: #123).`, `- Use a newer API (GH#55) (Name)`. A parenthesised remark that is no name
 * (`(Windows only)`, `(Closes: #1)`) is judged by the name lists, as under a person's key.
 */
/** A name as the judge reads it, or one under a person's key whose words are none of them English or technical words (`Mountain Lion` is a release's). */
function creditedName(name: string): boolean {
  if (isPersonName(name)) return true;
  return isPersonName(name, { keyed: true }) && judgePhrase(name.split(/[\s,]+/)).words === 0;
}

function* itemCredits(text: string, starts: readonly number[]): Iterable<Span> {
  for (const at of starts) {
    const after = text.slice(at + 1, at + 5);
    if (!/^\.?(?:\r?\n|\\n|$)/.test(after)) continue;
    const open = lastIndexFrom(text, '(', at, at - 90);
    if (open < 0) continue;
    const inner = text.slice(open + 1, at);
    // `(Thanks Niels)`, `(by Ann Lee)`: the words before the name are not the name's
    const name = inner.split(';')[0]!.trim().replace(/^(?:thanks|thank you|by|via|from|reported by|patch by)[ ]+/i, '');
    if (inner.includes('(') || inner.includes('\n') || name.length < 3) continue;
    if (!LIST_ITEM_LINE.test(text.slice(lineBreakBefore(text, open) + 1, open))) continue;
    if (!creditedName(name) || LEGAL_FORM.test(name)) continue;
    const start = open + 1 + inner.indexOf(name);
    yield { start, end: start + name.length };
  }
}

/** A heading that says a list of people follows: `Contributions from:`, `Contributors:`, `Thanks to:`, `Credits:`. */
const CREDIT_LIST_HEAD = /(?:contributions[ ]from|contributors|thanks[ ]to|thanks|credits)[ \t]*:[ \t]*/iy;
/** The list itself: its lines up to a blank line (at most 60 lines). */
const CREDIT_LIST_REACH = 6000;

/**
 * The people a credits list names (release notes' `Contributions from: Ann Lee, Priya Raman,
 * handle, …` over many lines): once one element starts with a common given name, the list holds
 * people, and every element written as a name is one (handles and single words are left).
 */
function* creditLists(text: string, starts: readonly number[]): Iterable<Span> {
  let done = 0;
  for (const at of starts) {
    if (at < done) continue;
    CREDIT_LIST_HEAD.lastIndex = at;
    if (!CREDIT_LIST_HEAD.test(text)) continue;
    const from = CREDIT_LIST_HEAD.lastIndex;
    const blank = text.slice(from, from + CREDIT_LIST_REACH).search(/\n[ \t]*\n/);
    const end = blank < 0 ? Math.min(text.length, from + CREDIT_LIST_REACH) : from + blank;
    const names: Span[] = [];
    let people = false;
    for (const element of text.slice(from, end).matchAll(/[^,\n]+/g)) {
      const name = element[0].trim().replace(/\.$/, '').replace(/^and[ ]+/, '');
      if (!hasWrittenNameShape(name)) continue;
      people ||= startsWithKnownGivenName(name);
      const start = from + element.index + element[0].indexOf(name);
      names.push({ start, end: start + name.length });
    }
    // a list of elements with commas in prose (`Thanks: it works, mostly`) has no names in it
    if (!people || names.length < 2) continue;
    yield* names;
    done = end;
  }
}

const rule = (id: string, description: string, keywords: string[], detector: (text: string, starts: readonly number[]) => Iterable<Span>, examples: Rule['examples']): Rule => ({
  id,
  type: 'pii',
  label: 'name',
  description,
  keywords,
  keywordStarts: true,
  detector: (text, starts = []) => detector(text, starts),
  examples,
});

export const PLACED_NAME_RULES: readonly Rule[] = [
  rule('vcard-person', "a vCard's structured name (N: family;given;additional) and, on a person's card, the street, town and postcode of its ADR", ['begin:vcard'], vcardLines, {
    match: [
      'BEGIN:VCARD\nVERSION:3.0\nFN:Ilse de Smet\nN:de Smet;Ilse;;;\nEND:VCARD',
      'BEGIN:VCARD\nVERSION:4.0\nN:Okonjo-Mbeki;Adaeze;Chioma;Dr.;\nADR;TYPE=home:;;Rue Haute 48;Bruxelles;;1000;Belgium\nEND:VCARD',
    ],
    noMatch: ['BEGIN:VCARD\nVERSION:3.0\nFN:Acme Support\nN:;;;;\nORG:Acme\nADR;TYPE=work:;;Main Street 1;Springfield;;12345;US\nEND:VCARD', 'BEGIN:VCARD\nFN:Payroll Team\nN:Team;Payroll\nEMAIL;INTERNET:payroll-bot@corp.example\nEND:VCARD', 'BEGIN:VCARD\nFN:Nightly Builds\nN:Builds;Nightly\nEND:VCARD'],
  }),
  rule('calendar-attendee', 'the common name (CN=) of an iCalendar ATTENDEE or ORGANIZER', ['attendee', 'organizer'], calendarNames, {
    match: ['ATTENDEE;CN="Okafor, Chidinma";ROLE=REQ-PARTICIPANT:mailto:c.okafor@mtnloaded.ng', 'ORGANIZER;CN=Henrike ter Horst:mailto:h.terhorst@kpnmail.nl'],
    noMatch: ['ATTENDEE;CN=Conference Room B;CUTYPE=ROOM:mailto:room-b@corp.io', 'ORGANIZER;CN="Release Calendar":mailto:releases@corp.io'],
  }),
  {
    ...rule('folded-calendar-email', 'an e-mail after mailto: in an iCalendar or vCard property folded across lines (ATTENDEE, ORGANIZER), removed across the fold', ['attendee', 'organizer'], foldedMailboxes, {
      match: ['ATTENDEE;CN="Okafor, Chidinma";ROLE=REQ-PARTICIPANT:MAILTO:c.okafor.nwos\r\n u@mtnloaded.ng', 'ORGANIZER;CN=Henrike ter Horst:mailto:henrike.terh\n orst@kpnmail.nl'],
      noMatch: ['ATTENDEE;CN=Henrike ter Horst:mailto:h.terhorst@kpnmail.nl\r\nDTSTART:20261203T100000'],
    }),
    label: 'email',
  },
  rule('passwd-gecos-name', "the full name (and phones) in a passwd line's GECOS field (getent passwd, /etc/passwd)", [':x:', ':*:', ':!:'], passwdNames, {
    match: ['nkeita:x:1004:1004:Nana Keita,3.07,+223 20 22 55 01,:/home/nkeita:/bin/bash', 'lvdm:x:1010:1010:Lotte van der Meer:/home/lvdm:/usr/bin/zsh'],
    noMatch: ['postgres:x:114:120:PostgreSQL administrator,,,:/var/lib/postgresql:/bin/bash', 'www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin'],
  }),
  rule('bibtex-author', 'the names of a BibTeX entry\'s author or editor list (Given Surname or Surname, Given, joined by "and")', ['author', 'editor'], bibtexNames, {
    match: ['@article{k24,\n  author = {ter Horst, Henrike and Okafor, Chidinma},\n  title = {On Parsing}\n}', '@book{b1,\n  editor = "Lotte van der Meer and Ngozi Eze"\n}'],
    noMatch: ['@misc{m1,\n  author = {{OpenAI}},\n  title = {Report}\n}', 'const author = {name: "x"};'],
  }),
  rule('copyright-field-holder', "the people a machine-readable copyright file's `Copyright:` field names, on its first line and its indented continuation lines", ['copyright:'], copyrightFieldHolders, {
    match: ['Files: src/*\nCopyright: 2011-2019 Ysolde Marchetti\n           2020, Tobiah Kwarteng and Oisín Brennan\nLicense: MIT'],
    noMatch: ['Files: *\nCopyright: 1999-2023 Free Software Foundation, Inc.\nLicense: GPL-3+', 'Copyright: no known copyright holders\nLicense: public-domain', 'Copyright: 2001-2004 Vandelay Industries Co\n 2009 Stichting Open Bouwkunde\nLicense: MIT'],
  }),
  rule('changelog-item-credit', "the person a changelog or NEWS item credits in parentheses at its line's end (`* Dutch (Name; closes: #123).`)", [')\n', ').\n', ')\r\n', ').\r\n', ')\\n', ').\\n'], itemCredits, {
    match: ['  * Welsh (Ysolde Marchetti; closes: #1023311).\n', '    - Drop the old build path (GH#12) (Tobiah Kwarteng)\n'],
    noMatch: ['  * Fix the build (Windows only)\n', '  * Fix the crash (Closes: #1023311).', 'foo(Release Notes)\n', '  * Rebuild (Acme Widgets GmbH).', '  * Fix the build on macOS 10.9 (Snow Leopard).\n'],
  }),
  rule('credit-list-names', 'the people a credits list names after its heading (`Contributions from: Name, Name, handle, …`), once one of them has a common given name', ['contributions from', 'contributors', 'thanks', 'credits'], creditLists, {
    match: ['Contributions from: Ysolde Marchetti, qwerty42, Tobiah Kwarteng,\n        Maria Oyelaran, Henrike Oldenkamp\n\n— Berlin'],
    noMatch: ['Contributors: Build Tools, Release Engineering\n', 'Thanks: it works, mostly\n'],
  }),
  rule('changelog-section-signer', "the name heading a Debian changelog's section (`  [ Name ]`, then that person's entries)", ['  [ '], changelogSigners, {
    match: ['libfoo (1.2-3) unstable; urgency=medium\n\n  [ Ysolde Marchetti ]\n  * Fix the build on armel.\n\n  [ Tobiah Kwarteng-Lund ]\n  * New upstream release.\n'],
    noMatch: ['  [ Release Team ]\n  * Rebuild.\n', 'x = [\n  [ 1, 2 ]\n  * 3\n', '  [ Upstream changes ]\n  * none\n'],
  }),
];
