/**
 * Person names, for the profiles that remove personal data. A name has no format; what says "a
 * person's name stands here" is its place: the display name before an e-mail in angle brackets
 * (git `Author:`/`Commit:`, commit trailers, mailmap, `From:`/`To:` headers, package.json
 * `"Name <mail> (url)"`, Cargo `authors`, AUTHORS files), a field named for one (`author`,
 * `maintainers`, `full_name`, `first_name`, `customer_name`, `contact`, vCard `FN`, a `name` next to
 * an `email` or inside an `authors` list), and the author column of `git blame`.
 *
 * CODEOWNERS is left alone: it lists handles (`@priya-r`) and team slugs, which are account
 * names chosen to be public, not the names people are called by.
 */
import type { Detector, Rule, RuleExamples, Span } from '../types.js';
import { phraseIsWords } from '../names/name-judge.js';
import { emailNotBot, machineMailbox } from '../validators.js';
import { GIVEN_NAMES } from './given-names.js';
import { startsWithKnownGivenName } from './known-given-name.js';
import { confidentName } from './keyless-names.js';
import { hasWrittenNameShape, isPersonName, trailingName } from './person-name-shape.js';
import { type PersonalFieldKind, personalFieldKind } from './personal-fields.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';

const LINE_BREAK = /\n|\\n|\r/;

/** Where the line holding `pos` starts (a real or JSON-escaped break), at most `limit` characters back. */
function lineStartBefore(text: string, pos: number, limit: number): number {
  const from = Math.max(0, pos - limit);
  const before = text.slice(from, pos);
  const escaped = before.lastIndexOf('\\n');
  const breaks = [before.lastIndexOf('\n'), escaped < 0 ? -1 : escaped + 1, before.lastIndexOf('\r')];
  return from + Math.max(...breaks) + 1;
}

function lineEndAfter(text: string, pos: number, limit: number): number {
  const after = text.slice(pos, pos + limit);
  const found = after.search(LINE_BREAK);
  return pos + (found < 0 ? after.length : found);
}

/** A span for `text[start, end)` with its spaces trimmed. */
function trimmedSpan(text: string, start: number, end: number): Span {
  const value = text.slice(start, end);
  return { start: start + (value.length - value.trimStart().length), end: end - (value.length - value.trimEnd().length) };
}

// ---------------------------------------------------------------- display name before <e-mail>

const LOCAL_CHAR = /[\w.%+-]/;
/** What ends the stretch before a display name: a label's colon, a quote, a list, another address. */
const NAME_SEGMENT_START = /[:"'[=>,\t(`]/;
/** Whether the stretch before a display name starts at `at`: after such a character, but not an apostrophe inside a name (`O'Brien`). */
const segmentStartsAt = (text: string, at: number) => NAME_SEGMENT_START.test(text[at - 1]!) && !(text[at - 1] === "'" && /\p{L}/u.test(text[at - 2] ?? '') && /\p{L}/u.test(text[at] ?? ''));
/**
 * The address in angle brackets at `at` (spaces before it allowed), if any. The display name of a
 * machine's, a role's or a list's address (the ones the e-mail rule keeps) is not a person's.
 */
function mailboxAt(text: string, at: number): string | undefined {
  let open = at;
  while (text[open] === ' ') open += 1;
  if (text[open] !== '<') return undefined;
  const close = text.indexOf('>', open);
  return close < 0 || close - open > 256 ? undefined : text.slice(open + 1, close);
}

const belongsToAPerson = (mailbox: string | undefined) => mailbox === undefined || !machineMailbox(mailbox);

function* namesBeforeEmails(text: string, starts: readonly number[] = []): Iterable<Span> {
  for (const at of starts) {
    if (text.startsWith('@author', at) || text.startsWith('@Author', at)) {
      const end = lineEndAfter(text, at + 7, 120);
      const value = text.slice(at + 7, end).split(/[<(,;"]/)[0]!;
      if (/^\s/.test(value) && isPersonName(value.trim())) yield trimmedSpan(text, at + 7, at + 7 + value.length);
      continue;
    }
    let local = at;
    while (local > 0 && at - local < 64 && LOCAL_CHAR.test(text[local - 1]!)) local -= 1;
    if (text[local - 1] !== '<') {
      const cell = cellNameBefore(text, local, at);
      if (cell) yield cell;
      continue;
    }
    const mailbox = mailboxAt(text, local - 1);
    if (!belongsToAPerson(mailbox) && !(mailbox && mayBeOwnAddress(mailbox))) continue;
    const name = displayNameBefore(text, local - 1, mailbox);
    if (name) yield name;
  }
}

/** A cell border before a value: `, `, `', '`, `","`, `;`, ` | `, a tab. */
const CELL_BORDER_BEFORE = /(?:["']?[ ]*[,;|\t=][ ]*["']?)$/;

/**
 * A row's cell that holds a name, right before the cell that holds an e-mail (`17,Priya Raman,priya@…`,
 * `(1, 'Priya Raman', 'priya@…')`, `Priya Raman | priya@…`), the e-mail's local part starting at `local`.
 */
function cellNameBefore(text: string, local: number, at: number): Span | undefined {
  const domainEnd = text.slice(at + 1, at + 256).search(/[^\w.-]/);
  // an e-mail that ends the text runs to its end
  const mailbox = text.slice(local, domainEnd < 0 ? Math.min(text.length, at + 256) : at + 1 + domainEnd);
  if (!/\.\w{2,}$/.test(mailbox) || !belongsToAPerson(mailbox)) return undefined;
  const border = CELL_BORDER_BEFORE.exec(text.slice(Math.max(0, local - 8), local));
  if (!border) return undefined;
  const cellEnd = local - border[0].length;
  const before = text.slice(Math.max(0, cellEnd - 72), cellEnd);
  const cellStart = Math.max(before.search(/(?:[^,;|\t"'(\n=]|(?<=\p{L})['’](?=\p{L}))*$/u), 0);
  const cell = before.slice(cellStart).trim();
  if (!isPersonName(cell)) return undefined;
  const start = cellEnd - before.length + cellStart + (before.slice(cellStart).length - before.slice(cellStart).trimStart().length);
  return { start, end: start + cell.length };
}

/**
 * The start of a line whose format puts its author's name next, before the address: a GNU
 * ChangeLog entry's heading (`2013-09-19  Name  <mail>`, `Tue Jun 14 10:00:00 2005  Name  <mail>`)
 * and a Debian changelog entry's trailer (` -- Name <mail>  date`).
 */
const AUTHOR_LINE_HEAD = /^(?:\d{4}-\d\d-\d\d[ \t]+|\p{Lu}\p{Ll}{2} \p{Lu}\p{Ll}{2} [ \d]\d \d\d:\d\d:\d\d (?:\p{Lu}{3,4} )?\d{4}[ \t]+| -- )/u;

/** Lower case without accents: `Rühsen` → `ruhsen`. */
const folded = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * True when a person's address repeats their name: a name of three letters or more in its mailbox
 * or its domain (`Michael Forney <mforney@mforney.org>`, `Tom Vrancken <dev@tomvrancken.nl>`), or
 * a mailbox of the name's initials (`Donal K. Fellows <dkf@…>`, `Marco d'Itri <md@…>`).
 */
function addressRepeatsName(words: readonly string[], mailbox: string): boolean {
  const at = mailbox.lastIndexOf('@');
  const local = folded(mailbox.slice(0, at));
  const domain = folded(mailbox.slice(at + 1)).replace(/\.[a-z]+$/, '');
  const bare = words.map((word) => folded(word).replace(/^(?:d|l|dell)['’]/, '').replace(/[^a-z]/g, ''));
  if (bare.some((part) => part.length >= 3 && local.includes(part))) return true;
  // a company's domain repeats its name too (`Measurement Factory <info@measurement-factory.com>`): there, words are no name
  if (bare.some((part) => part.length >= 3 && domain.includes(part))) return !phraseIsWords(words);
  const initials = bare.map((part) => part[0] ?? '').join('');
  const letters = local.replace(/[^a-z]/g, '');
  return letters.length >= 2 && letters.length <= 4 && letters === local && letters[0] === initials[0] && letters.at(-1) === initials.at(-1);
}

/*
 * Display names the judge alone does not call names (`Donal Fellows`, `NIIBE Yutaka`, `Helge
 * Deller`, `Y Giridhar Appaji Nag`) that something else vouches for, judged by their written shape
 * only: the line's format places its author there, or the person's own address repeats the name.
 */
function authorLineName(text: string, start: number, end: number, bracket: number): Span | undefined {
  const segment = text.slice(start, end);
  const head = AUTHOR_LINE_HEAD.exec(segment);
  if (head) return hasWrittenNameShape(segment.slice(head[0].length)) ? trimmedSpan(text, start + head[0].length, end) : undefined;
  // a line of a list of people (AUTHORS, CONTRIBUTORS, THANKS): the name and the address alone on it
  if (start > 0 && text[start - 1] !== '\n') return undefined;
  const close = text.indexOf('>', bracket);
  const rest = text.slice(close + 1, close + 4);
  if (close < 0 || !/^[ \t,]*(?:\r?\n|$)/.test(rest)) return undefined;
  const name = segment.trim().replace(/^[-*•][ \t]+/, '');
  return hasWrittenNameShape(name) && !phraseIsWords(name.split(/\s+/)) ? trimmedSpan(text, end - segment.trimStart().length + (segment.trim().length - name.length), end) : undefined;
}

function nameRepeatedByAddress(text: string, start: number, end: number, mailbox: string | undefined): Span | undefined {
  if (!mailbox?.includes('@')) return undefined;
  const segment = text.slice(start, end);
  const starts = [...segment.matchAll(/(?<=^|\s)\S/gu)].map((m) => m.index);
  for (let from = Math.max(0, starts.length - 5); from < starts.length - 1; from++) {
    const candidate = segment.slice(starts[from]).trimEnd();
    if (hasWrittenNameShape(candidate) && addressRepeatsName(candidate.split(/\s+/), mailbox)) return { start: start + starts[from]!, end: start + starts[from]! + candidate.length };
  }
  return undefined;
}

/** The display name ending at the `<` at `bracket`: quoted (`"Raman, Priya"`) or the last words before it. */
function displayNameBefore(text: string, bracket: number, mailbox?: string): Span | undefined {
  let end = bracket;
  while (end > 0 && text[end - 1] === ' ') end -= 1;
  if (text[end - 1] === '"' && text[end - 2] !== '\\') {
    const open = text.lastIndexOf('"', end - 2);
    if (open < 0 || end - open > 72) return undefined;
    return isPersonName(text.slice(open + 1, end - 1)) ? { start: open + 1, end: end - 1 } : undefined;
  }
  // `Name (comment) <mail>`: gpg's user ids, RFC 5322 comments
  if (text[end - 1] === ')') {
    const open = text.lastIndexOf('(', end - 1);
    if (open < 0 || end - open > 64) return undefined;
    end = open;
    while (end > 0 && text[end - 1] === ' ') end -= 1;
  }
  let start = end;
  while (start > 0 && end - start < 80 && !segmentStartsAt(text, start) && text[start - 1] !== '\n' && !(text[start - 1] === 'n' && text[start - 2] === '\\')) start -= 1;
  const placed = authorLineName(text, start, end, bracket);
  if (placed) return placed;
  const name = trailingName(text.slice(start, end));
  if (name) return { start: start + name.start, end: start + name.end };
  return text[start - 1] === ',' ? invertedNameBefore(text, start - 1, end) : nameRepeatedByAddress(text, start, end, mailbox);
}

/**
 * `Berg, Pieter`, `van der Berg, Pieter`, `de la Cruz Fernández, María`, `Berg, Pieter van der`: a
 * surname of one to five words, a comma, given names, after a label, a bracket, a tab or a line's start.
 */
const SURNAME_BEFORE_COMMA = /(?:^|[\n\t:\]>"]|(?<!\p{L})')[ \t]*((?:[\p{L}'’.-]+[ ]){0,4}[\p{L}'’.-]+)$/u;
const GIVEN_NAMES_AFTER_COMMA = /^\p{Lu}[\p{L}'’.-]+(?:[ ][\p{L}'’.-]+){0,3}$/u;

/** The unquoted inverted display name whose comma is at `comma` and whose given names end at `end`. */
function invertedNameBefore(text: string, comma: number, end: number): Span | undefined {
  const given = text.slice(comma + 1, end).trim();
  const surname = SURNAME_BEFORE_COMMA.exec(text.slice(Math.max(0, comma - 60), comma))?.[1];
  if (!surname || !GIVEN_NAMES_AFTER_COMMA.test(given) || !isPersonName(`${surname}, ${given}`)) return undefined;
  return { start: comma - surname.length, end };
}

// ---------------------------------------------------------------- fields that hold a name

/** A bare `name` in an object or list that is about a person. */
const PERSON_CONTEXT = /\b(?:authors?|maintainers?|contributors?|owners?|customers?|contacts?|members?|persons?|people|employees?|patients?|students?|reviewers?|committers?|developers?|users?|clients?|signers?|recipients?|shipping|billing|ship[_-]?to|bill[_-]?to|consignee|payees?|payers?|beneficiar(?:y|ies)|(?:account|card)[_-]?holders?|guests?|tenants?|applicants?|passengers?|drivers?|subscribers?|donors?|volunteers?|attendees?|participants?|guardians?|spouses?|emergency[_-]?contacts?|sign[_-]?ups?|registrations?|profiles?|invitees?)(?:[_-]?\d{1,4})?\b/i;
/** A key beside a bare `name`, then its separator: when it holds a person's data (contact details, ids, a birth date, a home's street), so does the name. */
const KEY_BESIDE = /["'\s,{&?]([\p{L}\p{N}_-]{2,40})["']?\]?\s*[:=]/gu;
const KINDS_BESIDE_A_NAME: ReadonlySet<PersonalFieldKind> = new Set(['email', 'phone', 'birth', 'national-id', 'street']);

const KEY_CHAR = /[\p{L}\p{M}\p{N}_-]/u;
/** A second word that makes a label a person's (`Contact person:`, `Ad Soyad:`, `Full Name:`). */
const KEY_SECOND_WORD = /[ ](person|name|soyad[ıi]?)(?=["']?[ \t]*[:=：])/iuy;

/** Labels of other languages and scripts for a person's name, a recipient or a sender (their keys above). */
const FOREIGN_LABEL_KEYWORDS = ['empfänger', 'absender', 'ansprechpartner', 'kundenname', 'příjemce', 'címzett', 'alıcı', 'фио', 'получатель', 'отправитель', 'одержувач', 'отримувач', 'παραλήπτης', 'ονοματεπώνυμο', '氏名', '姓名', '名前', '收件人', '联系人', '聯絡人', '성명', '수령인', '받는', 'vorname', 'nachname', 'prénom', 'apellido', 'cognome', 'nazwisko', 'imię', 'příjmení', 'jméno', 'soyad', 'фамилия', 'прізвище', 'επώνυμο', 'nom', 'имя', 'όνομα', 'isim', 'név', '이름'];

/** The key around the keyword at `at` (`"first_name"`, `__author__`, `s.authors`, `Empfänger`), as [start, end). */
function keyAround(text: string, at: number): { key: string; end: number } {
  let start = at;
  while (start > 0 && KEY_CHAR.test(text[start - 1]!)) start -= 1;
  let end = at;
  while (end < text.length && KEY_CHAR.test(text[end]!)) end += 1;
  KEY_SECOND_WORD.lastIndex = end;
  const second = KEY_SECOND_WORD.exec(text);
  if (second) return { key: /^person$/i.test(second[1]!) ? text.slice(start, end) : second[1]!, end: KEY_SECOND_WORD.lastIndex };
  return { key: text.slice(start, end).replace(/^_+|_+$/g, '').replace(/^-+by$/i, '').replace(/^--/, ''), end };
}

/** The separator after a key: `:`, `=`, `": "`, `= [`, ` = {`, Ruby's `"key"=>` and spaces; the value's start. */
const SEPARATOR = /["']?\]?[ \t]*(?:=>|[:=：])[ \t]*(?:\[[ \t]*)?/y;
/** A key and its value as a pair in brackets: Rails' SQL binds `[["last_name", "Raman"]]`, tuples `("first_name", "Priya")`. */
const PAIR_SEPARATOR = /\\?["'],[ \t]*(?=\\?["'])/y;
/**
 * A tag's key then its value, as cloud APIs list tags: `{"Key": "full-name", "Value": "…"}` (JSON,
 * over lines), `TAGS<TAB>full-name<TAB>…` (aws --output text); a table's row is printed-pair-person's.
 */
const TAG_KEY_BEFORE = /\\?["'](?:Key|key|TagKey)\\?["'][ \t]*:[ \t]*\\?["']$/;
const TAG_VALUE_AFTER = /\\?["'][ \t]*,\s{0,200}?\\?["'](?:Value|value|TagValue)\\?["'][ \t]*:[ \t]*(?=\\?["'])/y;

/** The values after a separator: quoted strings of a list, or the rest of the line. */
function* valuesAfter(text: string, from: number): Iterable<Span> {
  const end = lineEndAfter(text, from, 300);
  let cursor = from;
  for (let item = 0; item < 8; item++) {
    while (cursor < end && /[ \t,]/.test(text[cursor]!)) cursor += 1;
    // a quote escaped once (`\"Lucas Moreau\"` in a JSON-escaped tool output) closes with the same escape
    const escaped = text[cursor] === '\\' && (text[cursor + 1] === '"' || text[cursor + 1] === "'");
    if (escaped) cursor += 1;
    const quote = text[cursor];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(escaped ? `\\${quote}` : quote, cursor + 1);
      if (close < 0 || close > end) return;
      yield { start: cursor + 1, end: close };
      cursor = close + (escaped ? 2 : 1);
      if (text[cursor] !== ',' && !/^[ \t]*,/.test(text.slice(cursor, cursor + 4))) return;
      continue;
    }
    if (item === 0) yield { start: cursor, end };
    return;
  }
}

/** `john smith`, `MIRELA OSTERKAMP`, `Priya Raman` → the words title-cased, for the judge of names with no key. */
const titleWords = (text: string) => text.replace(/\p{L}+/gu, (word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase());

/**
 * A value's name part: before `<mail>`, `(url)`, ` - role`, a trailing comma or brace. `confidentOnly`:
 * nothing but the key (a bare `name`) says a person's name may stand here, so the judge must be sure
 * of the name in any case (`name: john smith`, `name: Priya Raman`; not `name: billing api`).
 */
function namePart(text: string, value: Span, single: boolean, confidentOnly = false): Span | undefined {
  const raw = text.slice(value.start, value.end);
  // `Raman, Priya <priya@…>`: a surname first, then a comma
  const inverted = /^\p{Lu}[\p{L}'’-]+,[ ]\p{Lu}[\p{L}'’-]+(?:[ ]\p{Lu}[\p{L}'’.-]+)?(?=[ ]*<)/u.exec(raw);
  if (inverted && isPersonName(inverted[0]) && belongsToAPerson(mailboxAt(text, value.start + inverted[0].length))) return { start: value.start, end: value.start + inverted[0].length };
  // … or before the next `key=` of a log line (`name=Priya Raman email=…`)
  // (a GECOS field, `Full Name,room,+phone,,`: its first comma)
  const cut = raw.search(/\s*(?:<|\(|\)\s*(?:$|[\s,.;])|\s-\s|[,;|}\]]\s*(?:$|["'\w{[+,])|\\)|\s+[\p{L}_][\w.-]{0,40}=/u);
  const part = cut < 0 ? raw : raw.slice(0, cut);
  if (confidentOnly && !confidentName(titleWords(part.trim()))) return undefined;
  if (!isPersonName(part.trim(), { single, keyed: true }) || !belongsToAPerson(mailboxAt(text, value.start + part.length))) return undefined;
  return trimmedSpan(text, value.start, value.start + part.length);
}

function* namedFields(text: string, starts: readonly number[] = []): Iterable<Span> {
  let done = 0;
  for (const at of starts) {
    if (at < done) continue;
    const { key, end } = keyAround(text, at);
    const kind = personalFieldKind(key);
    const single = kind === 'single-name';
    const trailer = /^[\w-]*-by:/i.test(text.slice(Math.max(0, at - 12), at + 4)) && text.slice(at, at + 4).toLowerCase() === '-by:';
    const bareName = kind === 'name';
    let person = single || kind === 'full-name' || kind === 'role' || trailer;
    if (!person && bareName) person = (/^[\p{Lu}\p{Lo}]/u.test(key) && /^[ \t]?[:：]/u.test(text.slice(end, end + 2))) || namesAPerson(text, at);
    // `Name      Farid Whitlock` in a panel that also shows an e-mail
    if (!person && bareName && /^\p{Lu}/u.test(key) && alignedValueStart(text, at, end) !== undefined) person = /\S@\S/.test(text.slice(Math.max(0, at - 200), at + 200));
    if (!person && key === 'name' && (text[at - 1] === '?' || text[at - 1] === '&')) {
      // `?name=Mar%C3%ADa+Fern%C3%A1ndez`: a bare name parameter, a person's when it starts with a given name
      const query = queryValue(text, at, end, false);
      if (query && startsWithGivenName(text.slice(query.start, query.end))) {
        yield query;
        done = query.end;
      }
      continue;
    }
    // a bare `name` with nothing about a person around it: a name only when the judge is sure of it
    const confidentOnly = !person && bareName;
    if (!person && !confidentOnly) continue;
    if (LIST_HEADING_KEYS.test(key) && /^:?[ \t]*(?:\r?\n|$)/.test(text.slice(end, end + 4))) {
      for (const name of listedNames(text, end)) {
        yield name;
        done = name.end;
      }
      continue;
    }
    const query = confidentOnly ? undefined : queryValue(text, at, end, single);
    if (query) {
      yield query;
      done = query.end;
      continue;
    }
    const from = valueStart(text, at, end, trailer);
    if (from === undefined) continue;
    for (const value of valuesAfter(text, from)) {
      const name = namePart(text, value, single, confidentOnly);
      if (!name) continue;
      yield name;
      done = name.end;
    }
  }
}

/** A query parameter's value: up to the next parameter, the fragment, a quote or a space. */
const QUERY_VALUE = /=([^&#\s"'\\]{1,200})/y;

/**
 * The value of a URL query parameter named for a person (`?first_name=Agnieszka&`,
 * `name=Brendan+O%27Sullivan`, `customer_name=In%C3%AAs+Carvalho` in an access log), judged
 * decoded (`+` for a space, percent escapes as UTF-8) and removed as written.
 */
function queryValue(text: string, at: number, end: number, single: boolean): Span | undefined {
  let keyStart = at;
  while (keyStart > 0 && KEY_CHAR.test(text[keyStart - 1]!)) keyStart -= 1;
  const before = text[keyStart - 1];
  if (before !== '?' && before !== '&' && before !== '\t' && before !== ' ') return undefined;
  QUERY_VALUE.lastIndex = end;
  const match = QUERY_VALUE.exec(text);
  if (!match) return undefined;
  // CloudFront's query field has no `?`: a tab or a space starts it when another parameter follows
  if ((before === '\t' || before === ' ') && text[QUERY_VALUE.lastIndex] !== '&') return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(match[1]!.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
  if (!isPersonName(decoded, { single })) return undefined;
  return { start: end + 1, end: end + 1 + match[1]!.length };
}

function startsWithGivenName(encoded: string): boolean {
  try {
    const decoded = decodeURIComponent(encoded.replace(/\+/g, ' '));
    const first = decoded.split(' ')[0]!.toLowerCase();
    return isPersonName(decoded) && (startsWithKnownGivenName(decoded) || GIVEN_NAMES.has(first.normalize('NFD').replace(/\p{M}/gu, '')));
  } catch {
    return false;
  }
}

/** Headings over a list of people (`## Contributors`, `Authors:`). */
const LIST_HEADING_KEYS = /^(?:authors|contributors|maintainers|committers|reviewers)$/i;
/** A list item's name: `- Priya Raman`, `* **Priya Raman** - *Initial work*`, `- [Priya Raman](https://…)`. */
const LIST_ITEM = /^[ \t]*[-*+][ ]+(?:\*\*|\[)?([^*[\]()<>,\n]{2,60}?)(?:\*\*|\]\([^)\n]*\))?(?:[ ]+[-–—(<].*|,.*)?[ \t]*$/;

/** The names of the list items on the lines after a heading that ends at `from`. */
function* listedNames(text: string, from: number): Iterable<Span> {
  let cursor = lineBreakAfter(text, from) + 1;
  for (let item = 0; cursor > 0 && item < 40; item++) {
    const next = lineBreakAfter(text, cursor);
    const end = next < 0 ? text.length : next;
    const match = LIST_ITEM.exec(text.slice(cursor, end));
    if (!match) return;
    const name = match[1]!;
    if (isPersonName(name)) {
      const start = cursor + match[0].indexOf(name);
      yield { start, end: start + name.length };
    }
    cursor = next + 1;
  }
}

/** Where the value of the key [at, end) starts: after a separator, inside an XML element, after `user.name`. */
function valueStart(text: string, at: number, end: number, trailer: boolean): number | undefined {
  SEPARATOR.lastIndex = trailer ? at + 3 : end;
  if (SEPARATOR.test(text)) return SEPARATOR.lastIndex;
  let keyStart = at;
  while (keyStart > 0 && KEY_CHAR.test(text[keyStart - 1]!)) keyStart -= 1;
  if (/[[(]\\?["']$/.test(text.slice(Math.max(0, keyStart - 3), keyStart))) {
    PAIR_SEPARATOR.lastIndex = end;
    if (PAIR_SEPARATOR.test(text)) return PAIR_SEPARATOR.lastIndex;
  }
  const tag = tagValueStart(text, keyStart, end);
  if (tag !== undefined) return tag;
  // `<author>Priya Raman</author>`, `<name>…</name>` beside an `<email>`: the value ends at the closing tag
  if (text[at - 1] === '<' && text[end] === '>') return end + 1;
  // git's `user.name "Priya Raman"`, or `git config user.name` with its answer on the next line (npm's, Yarn's and pnpm's `init-author-name` too)
  if ((text.slice(at - 5, at) === 'user.' || /init[-.]author[-.]$/.test(text.slice(at - 12, at))) && text.slice(at, end) === 'name') {
    if (text[end] === ' ') return end + 1;
    const lineEnd = lineEndAfter(text, end, 4);
    return lineEnd === end && lineEnd < text.length ? lineEnd + (text[lineEnd] === '\\' ? 2 : 1) : undefined;
  }
  // `git blame --porcelain`: `author Priya Raman` at the start of its line
  if (/^(?:author|committer) $/.test(text.slice(at, end + 1)) && lineStartBefore(text, at, 2) === at) return end + 1;
  return alignedValueStart(text, at, end);
}

/** Where a tag's value starts when the key is a tag's key (TAG_KEY_BEFORE and the forms beside it), or undefined. */
function tagValueStart(text: string, keyStart: number, end: number): number | undefined {
  if (TAG_KEY_BEFORE.test(text.slice(Math.max(0, keyStart - 16), keyStart))) {
    TAG_VALUE_AFTER.lastIndex = end;
    return TAG_VALUE_AFTER.test(text) ? TAG_VALUE_AFTER.lastIndex : undefined;
  }
  const lineStart = lineStartBefore(text, keyStart, 16);
  const lead = text.slice(lineStart, keyStart);
  return /^TAGS\t$/.test(lead) && text[end] === '\t' ? end + 1 : undefined;
}

/**
 * `  Name      Farid Whitlock`: a label alone at the start of its line, then a run of spaces or a
 * tab, then the value: a two-column panel (an error tracker's user context, `describe`-style output).
 */
function alignedValueStart(text: string, at: number, end: number): number | undefined {
  let keyStart = at;
  while (keyStart > 0 && KEY_CHAR.test(text[keyStart - 1]!)) keyStart -= 1;
  const lineStart = lineStartBefore(text, keyStart, 16);
  if (lineStart > 0 && !/[\n\r]/.test(text[lineStart - 1]!) && text.slice(lineStart - 2, lineStart) !== '\\n') return undefined;
  if (!/^[ \t]*$/.test(text.slice(lineStart, keyStart))) return undefined;
  const gap = /^(?: {2,}|\t+)(?=\S)/.exec(text.slice(end, end + 40));
  return gap ? end + gap[0].length : undefined;
}

/** A bare `name` whose object or list is about a person: an `email` beside it, or a person's key above it. */
function namesAPerson(text: string, at: number): boolean {
  const around = text.slice(Math.max(0, at - 160), at + 200);
  for (const beside of around.matchAll(KEY_BESIDE)) {
    const kind = personalFieldKind(beside[1]!);
    if (kind !== undefined && KINDS_BESIDE_A_NAME.has(kind)) return true;
  }
  return PERSON_CONTEXT.test(text.slice(Math.max(0, at - 80), at));
}

// ---------------------------------------------------------------- git shortlog

/** `    41\tÉmilie Girard`: a count, a tab, a name (the rest of the line, or up to ` <mail>` with `-e`). */
const SHORTLOG_LINE = /^ *(\d{1,7})\t([^\t\n<]{2,70}?)(?: <[^>\n]*>)?\r?$/;

/**
 * Lines of `git shortlog -sn`: two or more in a row whose counts never grow. A file read with line
 * numbers (`     3\tGetting Started`) counts upwards and is left alone.
 */
function* shortlogAuthors(text: string, starts: readonly number[] = []): Iterable<Span> {
  let run: { count: number; name: Span }[] = [];
  let lastLineEnd = -1;
  const flush = function* () {
    if (run.length >= 2) for (const line of run) if (isPersonName(text.slice(line.name.start, line.name.end))) yield line.name;
    run = [];
  };
  for (const at of starts) {
    const lineStart = lineBreakBefore(text, at) + 1;
    if (lineStart <= lastLineEnd) continue;
    const newline = lineBreakAfter(text, at);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = SHORTLOG_LINE.exec(text.slice(lineStart, lineEnd));
    const count = Number(line?.[1]);
    if (!line || lineStart !== lastLineEnd + 1 || (run.length > 0 && count > run.at(-1)!.count)) yield* flush();
    lastLineEnd = lineEnd;
    if (!line) continue;
    const nameStart = lineStart + line[0].indexOf('\t') + 1;
    run.push({ count, name: { start: nameStart, end: nameStart + line[2]!.trimEnd().length } });
  }
  yield* flush();
}

// ---------------------------------------------------------------- git blame

/** `a1b2c3d4 (Priya Raman 2025-02-11 09:14:03 +0100 17) code`: the keyword is the time zone. */
const BLAME_BEFORE = /\((?<name>[^()\n]{2,60}?) +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const BLAME_AFTER = /^ [+-]\d{4} +\d+\)/;

function* blameAuthors(text: string, starts: readonly number[] = []): Iterable<Span> {
  for (const at of starts) {
    if (!BLAME_AFTER.test(text.slice(at, at + 16))) continue;
    const lineStart = lineStartBefore(text, at, 120);
    const match = BLAME_BEFORE.exec(text.slice(lineStart, at));
    const name = match?.groups?.name;
    if (name === undefined || !isPersonName(name)) continue;
    yield { start: lineStart + match!.index + 1, end: lineStart + match!.index + 1 + name.length };
  }
}

/** `jane@x.org (Jane Doe)`: the old mail form, still printed by mailers, servers' logs and `git log --format='%ae (%an)'`. */
const NAME_AFTER_MAILBOX = /@(?:[A-Za-z0-9-]+\.){1,8}[A-Za-z]{2,24}>?[ \t]+\([ \t]*([^()\n]{2,70}?)[ \t]*\)/dy;

/**
 * A row's cell that holds a name right after the cell that holds an e-mail: `priya@…\tPriya Raman`
 * (mutt's query format), `priya@…\t""\t"Priya Raman"` (address books' exports), `priya@…, Priya Raman`.
 */
const CELL_AFTER_MAILBOX = /@(?:[A-Za-z0-9-]+\.){1,8}[A-Za-z]{2,24}["']?(?:[ ]*[\t|,][ ]*(?:""|'')?)*?[ ]*[\t|,][ ]*["']?((?:[^\t|,"\n\\]|(?<=\p{L})'(?=\p{L}))+)/uy;

function* namesAfterEmails(text: string, starts: readonly number[] = []): Iterable<Span> {
  for (const at of starts) {
    NAME_AFTER_MAILBOX.lastIndex = at;
    CELL_AFTER_MAILBOX.lastIndex = at;
    const match = NAME_AFTER_MAILBOX.exec(text) ?? CELL_AFTER_MAILBOX.exec(text);
    if (!match) continue;
    const name = match[1]!.trimEnd();
    if (!isPersonName(name)) continue;
    let local = at;
    while (local > 0 && LOCAL_CHAR.test(text[local - 1]!)) local -= 1;
    const domain = /^@[A-Za-z0-9.-]+/.exec(match[0])![0];
    if (local === at || !belongsToAPerson(text.slice(local, at) + domain)) continue;
    const start = match.indices?.[1]?.[0] ?? match.index + match[0].length - match[1]!.length;
    yield { start, end: start + name.length };
  }
}

/** A rule for names found by a detector that starts at its keywords. */
function nameRule(id: string, description: string, keywords: string[], detector: Detector, examples: RuleExamples): Rule {
  return { id, type: 'pii', label: 'name', description, keywords, keywordStarts: true, detector, examples };
}

// ---------------------------------------------------------------- a person's own address under a role's name

/** Mailboxes people give themselves on their own or a free domain (`mail@`, `me@`, `dev@`, `github@`, `debian@`). */
const SELF_MAILBOX = /^(?:mail|email|e-?mail|post|me|hi|hello|contact|info|dev|code|oss|opensource|git|github|gitlab|debian|ubuntu|web|home|inbox|public)$/;
/** Relays and lists: every address there stands for a thread, a list or an account's privacy, whoever the display name is. */
const RELAY_DOMAIN = /(?:^|[.-])(?:no-?reply|bounces?|lists?|googlegroups|groups)\./;

/** A mailbox that looks like a role's or a vendor's but that people give themselves (not on a relay's or a list's domain). */
function mayBeOwnAddress(mailbox: string): boolean {
  const at = mailbox.lastIndexOf('@');
  const box = mailbox.slice(0, at).toLowerCase();
  const domain = mailbox.slice(at + 1).toLowerCase();
  if (RELAY_DOMAIN.test(domain) || !/^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}$/.test(domain)) return false;
  const site = domain.split('.').at(-2) ?? '';
  return SELF_MAILBOX.test(box.replace(/\+.*$/, '')) || (box.length >= 3 && site.startsWith(box));
}

/**
 * An address the e-mail rule keeps as a role's or a vendor's own (`mail@daniel-baumann.ch`,
 * `mforney@mforney.org`) that a person's display name claims (`Michael Forney <mforney@mforney.org>`):
 * the person's own. A vendor's or a team's display name (`Netlify <netlify@netlify.com>`, `Support
 * <info@acme.io>`) is no person's, and a relay's or a list's address stays whatever name it shows.
 */
function* personalAddressesUnderRoleNames(text: string, starts: readonly number[] = []): Iterable<Span> {
  for (const at of starts) {
    let local = at;
    while (local > 0 && at - local < 64 && LOCAL_CHAR.test(text[local - 1]!)) local -= 1;
    if (text[local - 1] !== '<') continue;
    const mailbox = mailboxAt(text, local - 1);
    if (!mailbox || emailNotBot(mailbox) || !mayBeOwnAddress(mailbox)) continue;
    if (displayNameBefore(text, local - 1, mailbox)) yield { start: local, end: local + mailbox.length };
  }
}

export const PERSON_NAME_RULES: readonly Rule[] = [
  {
    ...nameRule('person-address-under-role-name', "a person's own address that only looks like a role's or a vendor's (`mail@`, `dev@`, a mailbox named as its domain) after the person's display name", ['@'], personalAddressesUnderRoleNames, {
      match: ['Signed-off-by: Ottilie Brandvold <mail@brandvold-design.no>', '2021-03-02  Ruairi Dunleavy  <dunleavy@dunleavy.ie>', '"author": "Kasimir Vahl <github@vahl.name>"'],
      noMatch: ['From: Netlify <netlify@netlify.com>', 'Reply-To: Acme Support <info@acme.io>', 'Author: Ottilie Brandvold <ob@users.noreply.github.com>', 'Cc: Build Team <dev@lists.acme.org>'],
    }),
    label: 'email',
  },
  nameRule('person-name-after-email', "a person's name in parentheses after their e-mail (`jane@x.org (Jane Doe)`, the old mail form that logs and mailers still print)", ['@'], namesAfterEmails, {
    match: [
      'password reset requested for tove.lindgren@telia.se (Tove Lindgren) from 10.4.2.1',
      'From: kwame.mensah@uni-ghana.edu.gh (Kwame Mensah)',
      'invite sent to <ines.carvalho@sapo.pt> (Inês Carvalho)',
      'lotte.vdmeer@kpnmail.nl\tLotte van der Meer\thome',
      'c.okafor@mtnloaded.ng\t""\t"Chidinma Okafor-Nwosu"',
    ],
    noMatch: [
      'mail from noreply@github.com (GitHub) was dropped',
      'send to ops@acme.io (on-call rotation)',
      'tove.lindgren@telia.se (see above)',
      'deploy@build-07.ci.acme.net (build host)',
      'ops@acme.io\tBuild Team',
      'mail lotte.vdmeer@kpnmail.nl, then restart the Mail Relay',
    ],
  }),
  nameRule('person-name-before-email', 'a person\'s display name before an e-mail in angle brackets (git Author/Commit lines, commit trailers, mailmap, mail headers, package authors), the cell before an e-mail\'s cell in a CSV or SQL row, or after Javadoc @author', ['@'], namesBeforeEmails, {
    match: [
      'on call this week:\nIlse Vermeulen;ilse.v@telenet.be;+32 470 55 12 34\n',
      'commit 4be01c9\nAuthor:     Tomasz Wiśniewski <t.wisniewski@poczta.example.pl>',
      'Reviewed-by: Ngozi Adeyemi-Okafor <ngozi@adeyemi.dev>',
      '"contributors": ["Lars van der Berg <lars@vdberg.nl> (https://vdberg.nl)"]',
      'From: "Lindqvist, Astrid" <astrid.lindqvist@telia.se>',
      'uid           [ultimate] Pieter van der Berg (work) <pieter.vdberg@ziggo.nl>',
      'uid           [ unknown] van der Berg, Pieter <pieter.vdberg@ziggo.nl>',
      'From: Lindqvist, Astrid <astrid.lindqvist@telia.se>',
      'authors = ["Mateus Carvalho <mateus@carvalho.io>"]',
      ' * @author Felipe Ortega Ruiz',
      'e41a7c2 Yusuf Demir <yusuf.demir@posteo.de> fix: retry on 429',
      "INSERT INTO users VALUES (1, 'Wiremu Tane', 'wiremu@tane.nz');",
      '17,Ifeoma Chukwu,ifeoma@chukwu.ng,2024-01-03',
      "uid           [ unknown] O'Connell-Ní Bhriain, Aoife (home) <aoife@eircom.net>",
      'de la Cruz Fernández, María <mdlcruz@telefonica.es>',
      'Lindqvist, Astrid af <astrid@telia.se>',
      'lvdm = Lotte van der Meer = lotte.vdmeer@kpnmail.nl',
      '2019-04-11  Verity Hollows  <vh@hollows.me.uk>',
      ' -- OKONKWO Chidi <chidi.o@posteo.de>  Mon, 02 Sep 2024 11:02:07 +0200',
      'Reported-by: Brannock Wells <bwells@brannock-wells.ie>',
      "Acked-by: Ilse d'Orval <ido@fastmail.fm>",
    ],
    noMatch: [
      ' -- Debian Janitor <janitor@jelmer.uk>  Sat, 01 Jan 2022 10:00:00 +0000',
      'Reviewed-by: Tests Passed <tp@ci-results.io>',
      'Co-authored-by: Claude <noreply@anthropic.com>',
      'Author: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>',
      'Commit: GitHub Actions <actions@github.com>',
      'Cc: ops@acme.io, Build <builds@acme.io>',
      'To: Team, Release <release-team@acme.io>',
      'uid           [ultimate] Deploy Bot (ci) <deploy@ci.acme.io>',
      'Release Manager <releases@corp.io> tagged v2.4.0',
      'npm install lodash@4.17.21',
      'Signed-off-by: kzhou <kzhou@corp.io>',
      '@author Your Name',
      '3,Release Bot,noreply@acme.io',
      "('Build Tools', 'builds@acme.io')",
    ],
  }),
  nameRule('person-name-field', 'a person\'s name in a field named for one: author(s), maintainers, contributors, commit trailers, full/first/last/customer/contact name, reviewer, assignee, approver, payee, the name and recipient labels of other languages (Navn, Nombre, Destinataire, Odbiorca …), vCard FN, a name in a shipping or billing object, git blame --porcelain author, a name beside an e-mail', ['author', 'committer', 'maintainer', 'contributor', '-by:', 'name', 'contact', 'customer', 'client', 'owner', 'lead', 'ed_by', 'edby', 'ed-by', 'fn:', 'fn;', 'reviewer', 'assignee', 'approver', 'requester', 'requestor', 'submitter', 'addressee', 'payee', 'beneficiary', 'holder', 'applicant', 'guarantor', 'navn', 'namn', 'nimi', 'nombre', 'nome', 'naam', 'destinat', 'ontvanger', 'mottagare', 'vastaanottaja', 'odbiorca', ...FOREIGN_LABEL_KEYWORDS], namedFields, {
    match: [
      'owner_name: "민준 남궁"',
      // a tag named for a person's name, as cloud APIs list tags (json, text)
      '"Tags": [\n    {\n        "Key": "display-name",\n        "Value": "Tiva Redcloud"\n    }\n]',
      'TAGS\tfull-name\tIxchel Canul Pech',
      '{"customer_name": "Oluwaseun Balogun", "plan": "pro"}',
      'first_name = "Björn"',
      '{ ["name"] = "Gunnhild Ferreira-Okoye", ["email"] = "gunnhild.fo@sapo.pt" }',
      'name=Gunnhild Ferreira-Okoye email=gunnhild.fo@sapo.pt',
      '{ ["city"] = Porto,["name"] = Gunnhild Ferreira-Okoye,["phone"] = +351 912 555 407,} ',
      '[project]\nauthors = [{ name = "Chiara Lombardi", email = "chiara@lombardi.it" }]',
      'spec.authors = ["Dmitri Volkov", "Hana Kobayashi"]',
      'FN:Aurélie Dubois-Marchand',
      'Name: Rashid bin Hamdan\nEmail: r.hamdan@mail.ae',
      'author Thandiwe Nkosi\nauthor-mail <thandiwe@nkosi.co.za>',
      'Tested-by: Emeka Obi',
      'Customer: Ilse Verbruggen',
      '__author__ = "Siobhan O\'Reilly"',
      '{"reviewers": ["Anne-Marie Lefèbvre", "Tobias Grün"]}',
      'approver: Keiko Watanabe',
      '"shipping": {"name": "Inés Castillo", "address": {"city": "Sevilla"}}',
      '{"payee": "عمر الفاروق"}',
      '{"assignee": "अनिल मेहता"}',
      'Navn: Sigrid Halvorsen\nAdresse: Kirkegata 5, 0153 Oslo',
      'Destinataire : Amélie Giraud',
      'odbiorca: Katarzyna Wróbel',
      '# Payments team lead: Wiremu Tane',
      'Author: Tane, Wiremu <wiremu@tane.nz>',
      'git log --author="Ifeoma Chukwu" --oneline',
      '"created_by": "Ifeoma Chukwu",',
      '## Contributors\n- Wiremu Tane\n- Ifeoma Chukwu',
      '## Authors\n* **Wiremu Tane** - *Initial work*',
      'Empfänger: Gotthold Ruprecht',
      'ФИО: Кравцов Всеволод Игоревич',
      '氏名：佐藤花子',
      'Contact person: Yohannes Tesfaye',
      'User\n  ID        2a74a998-6d17-454f-bee6-bc152ec3e49c\n  Email     tove.lindgren@telia.se\n  Name      Tove Lindgren',
      '{"mandate_data": {"account_holder": "Wendell Okoro", "iban": "DE89 3704 0044 0532 0130 00"}}',
      'ValidationError: tax_id is invalid (applicant: Tove Lindgren)',
      'Ad Soyad: Mehmet Yılmaz',
      'Nom : Gaspard Delacroix',
      '이름: 김민수',
      'Parameters: {"member"=>{"last_name"=>"Okonkwo", "plan"=>"team"}}',
      '  Member Update (0.9ms)  UPDATE "members" SET "family_name" = $1 WHERE "members"."id" = $2  [["family_name", "Lindqvist"], ["id", 7]]',
      '"GET /signup?first_name=Agnieszka&last_name=Zieli%C5%84ska&plan=pro HTTP/1.1" 302',
      'POST /newsletter/subscribe?name=Brendan+O%27Sullivan&email=b.osullivan%40eircom.net',
      '"GET /api/search?name=Mar%C3%ADa+Jos%C3%A9+Fern%C3%A1ndez&city=Sevilla HTTP/1.1"',
      '200\t-\tMozilla/5.0\tcustomer_name=Rhiannon%20Evans&plan=pro\t-\tMiss',
      'Parameters: {"signup"=>{"name"=>"Oyelaran Adebisi", "plan"=>"pro"}}',
      '{"data":{"attributes":{"user_name":"Ikechukwu Obi","status":"paid"}}}',
      '{"content":"Sentry.setTag(\\"customer\\", \\"Lucas Moreau\\");"}',
      '{"content":"Sentry.set_user(id: 7, username: \\"Oscar Lindqvist\\")"}',
    ],
    noMatch: [
      '{ ["name"] = "lua-cjson", ["version"] = "2.1.0-1", ["email"] = "maintainers@luarocks.org" }',
      '- name: Install Dependencies\n  run: npm ci',
      'NAME      READY   STATUS    RESTARTS\nweb-1     1/1     Running   0',
      'Project\n  Name      Billing Service\n  Owner     platform-team',
      'const placeholder = "Your Name"; holder: null',
      'Parameters: {"project"=>{"name"=>"billing-api", "owner_id"=>"12"}}',
      'SELECT "tags".* FROM "tags" WHERE "tags"."name" = $1  [["name", "urgent"], ["LIMIT", 1]]',
      'GET /api/projects?name=Build+Tools&owner=acme',
      'GET /search?name=New+York&radius=5 200',
      'GET /users?first_name=%7B%7Bname%7D%7D&page=2',
      '{"name": "left-pad", "version": "1.3.0", "author": "npm"}',
      'full_name: "acme/payments-api"',
      'contact: security team',
      'owner: Platform Team',
      'client: ApiClient',
      'name = "Build Tools"',
      'first_name = user_input',
      '"author": "Your Name <you@example.com>"',
      'const name = getDisplayName(user)',
      'reviewers: [octocat, hubot]',
      '"shipping": {"name": "Express Delivery", "days": 2}',
      'assignee: Platform Team',
      'nombre: "Servidor Principal"',
      'Nom du fichier: Rapport Annuel',
      'nom: "build-tools"',
      'Contact person: see the wiki',
      'lead: Platform Team',
      'Author: Python Packaging Authority\nAuthor-email: distutils-sig@python.org',
      '## Contributors\n- Fork the repo\n- Open Pull Requests',
    ],
  }),
  nameRule('git-shortlog-author', 'the names of `git shortlog -sn` (two or more lines of a count, a tab and a name, counts not growing)', ['\t'], shortlogAuthors, {
    match: ['   212\tOksana Melnyk\n    37\tRafael Domínguez\n     2\tdependabot[bot]', '  9\tAmara Diallo <amara@diallo.sn>\n  9\tLeif Andersen <leif@andersen.no>'],
    noMatch: ['     1\tGetting Started\n     2\tInstall Packages\n', '    41\tPriya Raman'],
  }),
  nameRule('git-blame-author', 'the author column of `git blame` output', [' +0', ' +1', ' -0', ' -1'], blameAuthors, {
    match: [
      '3f9a2c1d (Kofi Mensah-Bonsu 2024-11-02 16:40:11 +0000  88)   return total;',
      '^0b7e55a (Marisol de la Fuente 2023-06-19 08:02:45 -0300 12) import os',
    ],
    noMatch: [
      '3f9a2c1d (dependabot[bot] 2024-11-02 16:40:11 +0000  88)   return total;',
      'Date:   Sat Nov 2 16:40:11 2024 +0000',
      '00000000 (Not Committed Yet 2024-11-02 16:40:11 +0000 4) let y = x - 1;',
    ],
  }),
];
