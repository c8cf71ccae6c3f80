/**
 * Personal data, for the profiles that ask for it. Validators keep the false positives down:
 * Luhn for cards, mod-97 for IBANs and French NIRs, Verhoeff for Aadhaar, the eleven test for
 * BSNs, numbering-plan checks for phones, allocation rules for SSNs and NINOs. Numbers with a weak
 * or no checksum need a context word right before them (`SSN:`, `phone`, `BSN`, ...).
 *
 * Every keyword-free rule is anchored on a digit or a literal and uses bounded quantifiers only,
 * so it stays cheap on the megabytes of logs, code and JSON it runs over.
 */
import type { Detector, Rule, Span } from '../types.js';
import { LiteralGroups } from '../literal-groups.js';
import { REJECTED_VALUE_RULE } from './rejected-values.js';
import { inPersonalRecord, keyedCardDigits } from './personal-card-context.js';
import { auTfnValid, beNationalNumberValid, ukHealthNumberValid, dkCprValid, fiHenkilotunnusValid, iePpsnValid, ilTeudatZehutValid, krRrnValid, noFodselsnummerValid, ptNifValid, zaIdValid } from '../national-ids.js';
import { aadhaarValid, brCpfValid, cnResidentIdValid, esDniValid, frNirValid, IBAN_LENGTHS, nlBsnValid, plPeselValid, sePersonnummerValid, trKimlikValid } from '../validators.js';

/**
 * A detector from a pattern and a check: the span is the named group `secret` (or the whole
 * match) and is kept only when the check passes. For checks that have no validator name yet.
 */
function checked(pattern: RegExp, check: (secret: string) => boolean): Detector {
  let flags = pattern.flags;
  if (!flags.includes('g')) flags += 'g';
  if (!flags.includes('d')) flags += 'd';
  const re = new RegExp(pattern.source, flags);
  return (text) => {
    const spans: Span[] = [];
    re.lastIndex = 0;
    for (let match = re.exec(text); match; match = re.exec(text)) {
      if (match[0].length === 0) {
        re.lastIndex += 1;
        continue;
      }
      const group = match.indices?.groups?.secret;
      const span = group ? { start: group[0], end: group[1] } : { start: match.index, end: match.index + match[0].length };
      if (check(text.slice(span.start, span.end))) spans.push(span);
    }
    return spans;
  };
}

// ---------------------------------------------------------------- context words

/**
 * The scanner runs every rule on one string in turn; the rules that look for context words share
 * one lower-cased copy of it. Lower-casing keeps the length for nearly all text; when it does
 * not (a few non-Latin letters), only the Latin letters are lower-cased so offsets still match.
 */
let lastText = '';
let lastLower = '';
function lowerCased(text: string): string {
  if (text !== lastText) {
    let lower = text.toLowerCase();
    if (lower.length !== text.length) lower = text.replace(/[A-Z\u00C0-\u00DE]/g, (c) => c.toLowerCase());
    lastText = text;
    lastLower = lower;
  }
  return lastLower;
}

function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 0xc0 && code !== 0xd7 && code !== 0xf7);
}

interface ContextWord {
  /** lower-case literal */
  readonly stem: string;
  /** the stem must not follow a letter */
  readonly left?: boolean;
  /** the stem must not be followed by a letter */
  readonly right?: boolean;
  /** a weak word (`call`): the phone rule then takes formatted numbers only */
  readonly weak?: boolean;
  /** a further test on the original text: case, or what follows */
  readonly accept?: (text: string, start: number, end: number) => boolean;
}

interface ContextHit {
  readonly start: number;
  readonly end: number;
  readonly word: ContextWord;
}

/**
 * A rule's context words, found in the lower-cased text as a literal alternation of them (the
 * longest first) finds them. Every rule's words are found in one pass (see literal-groups.ts).
 */
interface ContextWords {
  readonly byStem: ReadonlyMap<string, ContextWord>;
  readonly group: number;
}

const CONTEXT_WORDS = new LiteralGroups();

function contextWords(words: readonly ContextWord[]): ContextWords {
  return { byStem: new Map(words.map((w) => [w.stem, w])), group: CONTEXT_WORDS.add(words.map((w) => w.stem)) };
}

/** Every accepted occurrence of the context words, in text order. */
function contextHits(text: string, words: ContextWords): ContextHit[] {
  // the rule set's keyword scan found the words in a text with no letter outside ASCII: no lower-cased copy to read
  const lower = CONTEXT_WORDS.scanned(text) ? text : lowerCased(text);
  const hits: ContextHit[] = [];
  for (const match of CONTEXT_WORDS.matches(lower, words.group)) {
    const word = words.byStem.get(match.literal)!;
    const start = match.start;
    const end = start + match.literal.length;
    // A letter before the word breaks it, unless it ends an escape (`\nTel:` in JSON-escaped output).
    if (word.left && isLetter(lower.charCodeAt(start - 1)) && lower.charCodeAt(start - 2) !== 92) continue;
    if (word.right && isLetter(lower.charCodeAt(end))) continue;
    if (word.accept && !word.accept(text, start, end)) continue;
    hits.push({ start, end, word });
  }
  return hits;
}

/** A number announced by context words: right after one of them, or in the table column it heads. */
interface ContextNumber {
  readonly words: ContextWords;
  /** sticky (`y`, `d`): the gap after the word, then the number in the group `secret` */
  readonly after: RegExp;
  /** the number alone, anchored: a whole table cell */
  readonly cell: RegExp;
  /** a further test on a candidate */
  readonly keep?: (secret: string, hit: ContextHit, end: number, text: string) => boolean;
}

/**
 * A number after a context word: at most 40 non-digits, then the number on a boundary.
 * Boundaries here and below read `(?<!(?<!\\)[\w…])`: a letter right before a number or an
 * address breaks it, unless it ends an escape (`\n`, `\t`) in JSON-escaped tool output.
 */
function contextNumber(
  words: ContextWords,
  number: string,
  options: { end?: string; gap?: string; keep?: ContextNumber['keep'] } = {},
): ContextNumber {
  const end = options.end ?? String.raw`(?![\w]|[.\-\/]\d)`;
  const gap = options.gap ?? String.raw`[^\d]{0,40}(?<!(?<!\\)[\w.])`;
  return {
    words,
    after: new RegExp(String.raw`${gap}(?<secret>${number})${end}`, 'yd'),
    cell: new RegExp(String.raw`^(?:${number})$`),
    ...(options.keep ? { keep: options.keep } : {}),
  };
}

/** The first number after each context word, and the cells of a table column a context word heads. */
function findContextNumbers(text: string, spec: ContextNumber): Span[] {
  const spans: Span[] = [];
  let consumed = 0;
  /** one look per line (or per table) for a table header: later hits on it are skipped */
  let examined = 0;
  const keep = spec.keep ?? (() => true);
  for (const hit of contextHits(text, spec.words)) {
    if (hit.start >= examined) {
      const column = columnCells(text, hit, spec.cell);
      examined = column.end;
      for (const cell of column.cells) {
        if (keep(text.slice(cell.start, cell.end), hit, cell.end, text)) spans.push(cell);
      }
      consumed = Math.max(consumed, column.cells.at(-1)?.end ?? 0);
    }
    if (hit.start < consumed) continue;
    spec.after.lastIndex = hit.end;
    const match = spec.after.exec(text);
    if (!match) continue;
    const group = match.indices!.groups!.secret!;
    if (!keep(text.slice(group[0], group[1]), hit, group[1], text)) continue;
    spans.push({ start: group[0], end: group[1] });
    consumed = group[1];
  }
  return spans;
}

// ---------------------------------------------------------------- table columns

/** Where the line holding `pos` starts (after a real or a JSON-escaped line break); -1 past `limit` characters. */
function lineStartBefore(text: string, pos: number, limit: number): number {
  const from = Math.max(0, pos - limit);
  for (let i = pos - 1; i >= from; i--) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 110 && text.charCodeAt(i - 1) === 92)) return i + 1;
  }
  return from === 0 ? 0 : -1;
}

/** Where the line holding `pos` ends (at a real or a JSON-escaped line break); -1 past `limit` characters. */
function lineEndAfter(text: string, pos: number, limit: number): number {
  const to = Math.min(text.length, pos + limit);
  for (let i = pos; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 92 && text.charCodeAt(i + 1) === 110)) return i;
  }
  return to === text.length ? to : -1;
}

function nextLineStart(text: string, end: number): number {
  return text.charCodeAt(end) === 92 ? end + 2 : end + 1; // `\n` escaped, or a real one
}

/** `cat -n` and Read-tool line numbers (`     3\t`, `     3→`, also with an escaped tab), then a diff marker. */
const LINE_NUMBER = /(?:[ \t]*\d{1,7}(?:\t|\\t|→))?[+-]?/y;
/** A header cell: a short name, nothing that looks like code. */
const HEADER_CELL = /^[\p{L}\p{N} _.#/()-]{0,40}$/u;
const MAX_HEADER_CHARS = 600;
const MAX_ROW_CHARS = 4000;
const MAX_TABLE_ROWS = 2000;
const MAX_TABLE_CHARS = 200_000;

/** A cell without the spaces, quotes, escapes and Markdown bars around it. */
function trimCell(cell: string): string {
  let start = 0;
  let end = cell.length;
  while (start < end && CELL_PADDING.has(cell[start]!)) start += 1;
  while (end > start && CELL_PADDING.has(cell[end - 1]!)) end -= 1;
  return cell.slice(start, end);
}
const CELL_PADDING = new Set([' ', '\t', '\r', '"', "'", '`', '\\', '|']);

/** Two to forty short names between delimiters (quotes, escapes and Markdown bars around them). */
function isHeaderRow(header: string, delimiter: string): boolean {
  const cells = header.split(delimiter);
  if (cells.length < 2 || cells.length > 41) return false;
  let named = 0;
  for (const cell of cells) {
    const name = trimCell(cell);
    if (!HEADER_CELL.test(name)) return false;
    if (name !== '') named += 1;
  }
  return named >= 1;
}

function skipLineNumber(text: string, start: number): number {
  LINE_NUMBER.lastIndex = start;
  return LINE_NUMBER.test(text) ? LINE_NUMBER.lastIndex : start;
}

/**
 * When the context word is a column name in a CSV / TSV / Markdown table header
 * (`name,phone,city`, `| Name | SSN |`), the cells of that column in the rows below, kept when
 * the whole cell (quotes and spaces trimmed) is the number.
 */
function columnCells(text: string, hit: ContextHit, cell: RegExp): { cells: Span[]; end: number } {
  const none = { cells: [], end: hit.end };
  const lineEnd = lineEndAfter(text, hit.end, MAX_HEADER_CHARS);
  // A line longer than a header may be holds no header, and neither do the hits after this one on it.
  if (lineEnd < 0) return { cells: [], end: hit.end + MAX_HEADER_CHARS };
  // A header inside a JSON string starts after its quote: the next string on this line gets its own look.
  const quoteAfter = text.slice(hit.end, lineEnd).indexOf('"');
  none.end = quoteAfter >= 0 ? hit.end + quoteAfter : lineEnd;
  const lineStart = lineStartBefore(text, hit.start, MAX_HEADER_CHARS);
  if (lineStart < 0) return none;
  let headerStart = skipLineNumber(text, lineStart);
  // A table inside a JSON string on one raw line: `…"content":"     1\tname,phone,city\n…`
  const before = text.slice(headerStart, hit.start);
  const quote = before.lastIndexOf('"');
  if (quote > 0 && /:\s{0,2}$/.test(before.slice(Math.max(0, quote - 3), quote))) headerStart = skipLineNumber(text, headerStart + quote + 1);
  const header = text.slice(headerStart, lineEnd);
  const delimiter = [',', ';', '\t', '|'].find((d) => header.includes(d));
  if (!delimiter || !isHeaderRow(header, delimiter)) return none;
  const column = header.slice(0, hit.start - headerStart).split(delimiter).length - 1;
  if (column === 0 && !header.slice(hit.end - headerStart).includes(delimiter)) return none;
  const cells: Span[] = [];
  let rowStart = nextLineStart(text, lineEnd);
  let rows = 0;
  while (rowStart < text.length && rows < MAX_TABLE_ROWS && rowStart - lineEnd < MAX_TABLE_CHARS) {
    const rowEnd = lineEndAfter(text, rowStart, MAX_ROW_CHARS);
    if (rowEnd < 0) break;
    const from = skipLineNumber(text, rowStart);
    const row = text.slice(from, rowEnd).split(delimiter);
    if (row.length < 2) break;
    const value = row[column];
    if (value !== undefined) {
      let start = from + row.slice(0, column).reduce((n, c) => n + c.length + 1, 0);
      let end = start + value.length;
      while (start < end && /[\s"'`\\{[]/.test(text[start]!)) start += 1;
      while (end > start && /[\s"'`\\}\],]/.test(text[end - 1]!)) end -= 1;
      if (end > start && cell.test(text.slice(start, end))) cells.push({ start, end });
    }
    rows += 1;
    rowStart = nextLineStart(text, rowEnd);
  }
  return rows === 0 ? none : { cells, end: Math.min(rowStart, text.length) };
}

const word = (stem: string, extra: Partial<ContextWord> = {}): ContextWord => ({ stem, left: true, right: true, ...extra });

// ---------------------------------------------------------------- e-mail

const EMAIL_AT = /(?<!(?<!\\)[\w.%+-]|\/\/)(?<!:\/\/[^\s/@]{0,64})[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}(?![\w\-@]|\.[A-Za-z0-9]|:[\w~.-]{0,100}\/)/y;

/**
 * An address used as a login before the server it logs in to (`imaps://ann@example.org@mail.example.org`,
 * getmail's `SimplePOP3Retriever:ann@example.org@127.0.0.1:110:`): EMAIL_AT refuses an address followed by
 * `@`, or after `://`, since neither is one alone; followed by `@host` (a port, a path, a blank or the end
 * after it) it is the person's address.
 */
const LOGIN_BEFORE_HOST = /[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}(?=@[A-Za-z0-9][\w.-]{0,253}(?::\d{1,5})?(?:[:/\s"'\]]|$))/y;

function isLocalChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 46 || code === 95 || code === 37 || code === 43 || code === 45;
}

/**
 * From each `@`, back over the local part (at most 64 characters), then one sticky match: far
 * cheaper than a pattern tried at every word start. Not after `//` or `scheme://user:` (URL
 * credentials are another rule's), not before `:path/` (scp-style remotes). A path segment of its
 * own is an address (`/users/by-email/kai@posteo.de`, `/unsubscribe/kai%40posteo.de` decoded).
 */
/** Characters that stand for hidden ones in a masked value. */
const MASKING_MARKS = new Set(['*', '•', '●', '…', '·', '∗']);

/** A mail header that names a message, not a mailbox: `Message-ID: <…@host>`, `In-Reply-To`, `References`, GitHub's `Message ID:` footer. */
const MESSAGE_ID_LABEL = /(?:message[- ]?id|in-reply-to|references|content-id)\s*:\s*(?:<[^<>\s]*>\s*)*$/i;

/**
 * `<…@host>` that identifies a message: after a message-id header, or a path of segments with no
 * scheme (`<owner/repo/issues/7/123@github.com>`, how GitHub names notification threads).
 */
function isMessageId(text: string, start: number, end: number): boolean {
  let open = start - 1;
  while (open >= 0 && open > start - 200 && text[open] !== '<' && !/\s/.test(text[open]!)) open -= 1;
  if (text[open] !== '<' || text[end] !== '>') return false;
  const inside = text.slice(open + 1, start);
  if (inside.includes('/') && !inside.includes(':')) return true;
  return inside === '' && MESSAGE_ID_LABEL.test(text.slice(Math.max(0, open - 400), open));
}

/** How many characters after a backslash at `start - 1` are its escape's (`n`, `u003c`, `x3c`), short of the `@` at `at`. */
function escapeTail(text: string, start: number, at: number): number {
  const tail = /^(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2})/.exec(text.slice(start, Math.min(at, start + 5)))?.[0].length ?? 1;
  return start + tail < at ? tail : 1;
}

/** An address whose `@` (at `at`) is escaped with a backslash: read as if it were not. */
function escapedAtEmail(text: string, at: number, done: number): Span | null {
  let start = at - 1;
  while (start > done && at - 1 - start < 64 && isLocalChar(text.charCodeAt(start - 1))) start -= 1;
  if (start > 0 && text.charCodeAt(start - 1) === 92) return null;
  const unescaped = text.slice(start, at - 1) + text.slice(at, at + 280);
  EMAIL_AT.lastIndex = 0;
  const match = EMAIL_AT.exec(unescaped);
  if (!match || isMessageId(unescaped, 0, match[0].length)) return null;
  return { start, end: start + match[0].length + 1 };
}

/** What follows the `@` of a `url.<base>.insteadOf` key: the rest of the base, then the key's last part. */
const GIT_URL_KEY_REST = /^[^\s=]*\.(?:push)?insteadof=/i;

function findEmails(text: string): Span[] {
  const spans: Span[] = [];
  let done = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    // Perl's and Raku's `ann\@example.org` (a bare `@` interpolates an array in their strings)
    if (text.charCodeAt(at - 1) === 92 && at >= 2 && isLocalChar(text.charCodeAt(at - 2))) {
      const span = escapedAtEmail(text, at, done);
      if (span) {
        spans.push(span);
        done = span.end;
        at = done - 1;
      }
      continue;
    }
    let start = at;
    while (start > done && at - start < 64 && isLocalChar(text.charCodeAt(start - 1))) start -= 1;
    // `…\njane@…`, `Bot \u003cnoreply@…` in JSON-escaped output: the escape's letters are not the address's
    if (text.charCodeAt(start - 1) === 92 && start < at - 1) start += escapeTail(text, start, at);
    if (start === at) continue;
    // `m****a@outlook.com`, `j.d…e@proton.me`: the local part is masked; what follows the mask is not an address
    if (MASKING_MARKS.has(text[start - 1]!)) continue;
    // git's `url.<base>.insteadOf` key as `git config -l` prints it: the base (`git@github.com:`) starts after `url.`
    if (text.startsWith('url.', start) && GIT_URL_KEY_REST.test(text.slice(at, at + 300))) start += 4;
    EMAIL_AT.lastIndex = start;
    LOGIN_BEFORE_HOST.lastIndex = start;
    const match = EMAIL_AT.exec(text) ?? LOGIN_BEFORE_HOST.exec(text);
    if (!match) continue;
    done = start + match[0].length;
    if (isMessageId(text, start, done)) continue;
    spans.push({ start, end: done });
    at = done - 1;
  }
  return spans;
}

// ---------------------------------------------------------------- phone numbers

/**
 * `+<country code>` then groups split by spaces, dots, dashes or parentheses (`+1 (415) 555-0132`,
 * `+44 (0)20 7946 0958`, `+33 6 12 34 56 78`, `+4915123456789`). The literal `+` comes first so
 * the engine can skip ahead to it; the look-behind then rejects `1e+10`, `a+123`, `x.+1`, URLs.
 */
const PHONE_INTERNATIONAL = /\+(?<![+\-./\\%&*^]\+)(?<!(?<!\\)\w\+)[1-9]\d{0,3}\)?(?:[ .-]?\(0?\d{1,4}\))?[ .-]?\d{1,12}(?:[ .-]\d{1,8}){0,6}(?![\w+]|[.\-/:]\d)/g;

/** `tel`, `Tel.`, `tel:` and the words that start with it in several languages, not `hotel`/`telemetry`. */
const telWord =
  (rest: RegExp): ContextWord['accept'] =>
  (text, _start, end) =>
    (!isLetter(text.charCodeAt(end)) && !SETTING_AFTER.test(text.slice(end, end + 12))) || rest.test(text.slice(end, end + 6));
/** `tel_build`, `tel.version`: a setting of a telephony library, not a number. */
const SETTING_AFTER = /^[_.-](?:build|version|ver|sdk|lib|api|log|level|config|enabled|provider|timeout)\b/i;

/** Words that announce a phone number; `call`, `contact`, `cell`, `sms`, `reach me` are weak (formatted numbers only). */
const PHONE_WORDS = contextWords([
  { stem: 'phone' },
  { stem: 'mobil' },
  { stem: 'whatsapp' },
  { stem: 'tel', left: true, accept: telWord(/^(?:efon|ephon|éfono|efono|éphon)/i) },
  { stem: 'tél', left: true, accept: telWord(/^(?:éphon|ephon)/i) },
  word('fax'),
  word('handy'),
  word('cell', { weak: true }),
  word('call', { weak: true }),
  // who called or texted from which number (`the customer called from 415-…`)
  word('called', { weak: true }),
  word('calling', { weak: true }),
  word('rang', { weak: true }),
  word('texted', { weak: true }),
  word('dialled', { weak: true }),
  word('dialed', { weak: true }),
  word('contact', { weak: true }),
  word('sms', { weak: true }),
  word('reach me', { weak: true }),
  word('text me', { weak: true }),
  word('ring me', { weak: true }),
  // other scripts have no spaces between words: the stem alone
  { stem: '電話' },
  { stem: '电话' },
  { stem: '手机' },
  { stem: '携帯' },
  { stem: '전화' },
  { stem: '휴대폰' },
  { stem: 'телефон' },
  { stem: 'هاتف' },
  word('my number', { weak: true }),
  word('mi número', { weak: true }),
  word('meu número', { weak: true }),
  word('mon numéro', { weak: true }),
  word('meine nummer', { weak: true }),
  { stem: 'handynummer' },
  { stem: 'mobilnummer' },
  { stem: 'telefonnummer' },
  word('kontakt', { weak: true }),
  word('reach', { weak: true }),
  word('contacto', { weak: true }),
  word('contato', { weak: true }),
  { stem: 'rufnummer' },
  { stem: 'celular' },
  word('móvil'),
  word('portable', { weak: true }),
  // asking to call back, in several languages; a landline; who called
  { stem: 'rückruf' },
  { stem: 'festnetz' },
  word('anrufen', { weak: true }),
  word('caller'),
  word('landline'),
  word('llamar', { weak: true }),
  word('llame', { weak: true }),
  word('llámame', { weak: true }),
  word('appeler', { weak: true }),
  word('appelez', { weak: true }),
  word('chiamare', { weak: true }),
  word('cellulare'),
  word('ligar', { weak: true }),
  word('bellen', { weak: true }),
  word('mobiel'),
  { stem: '연락처' },
]);

/** A unit after the number means a measurement: `2345678901 ns`, `0123 4567 bytes`. */
const UNIT_AFTER = /^ ?(?:ms|ns|µs|us|s|sec|secs|seconds|min|mins|h|bytes?|[kmgt]i?b|tokens?|rows|lines|files|items|records|px|%|x)\b/i;

/**
 * A national number right after a context word (at most 40 non-digit characters later):
 * `(415) 555-0132`, `415-555-0132`, `020 7946 0958`, `07700 900123`, `030 12345678`,
 * `089/1234567`, `06 12 34 56 78`. The lazy gap cannot cross a digit, a line break or a `+`,
 * so only the first number after the word is a candidate.
 */
const PHONE_NATIONAL = contextNumber(
  PHONE_WORDS,
  String.raw`(?:1[ .\-]?)?\(\d{2,5}\)[ .\-]?\d{2,8}(?:[ .\-\/]\d{2,8}){0,4}|\d{1,12}(?:[ .\-\/]\d{1,8}){0,5}`,
  {
    gap: String.raw`[^\d\n+]{0,40}?(?<!(?<!\\)[\w.\/\-])`,
    end: String.raw`(?![\w+]|[.\-\/:]\d)`,
    // weak words take formatted numbers only; a unit after the number makes it a measurement
    keep: (num, hit, end, text) => !(hit.word.weak && !/[ .\-/()]/.test(num)) && !UNIT_AFTER.test(text.slice(end, end + 9)),
  },
);

/** `E.164 example: +14155552671`, `e.g. +44 20 7946 0000`: a number shown as a format's example. */
const EXAMPLE_AFTER = /^[ \t]*\((?:an? )?(?:examples?|sample|fictional|dummy|fake)\b/i;
const EXAMPLE_BEFORE = /\b(?:examples?|e\.g\.|sample|fictional|dummy|fake|format)\b[^\n\d+]{0,12}$/i;

function findPhones(text: string): Span[] {
  const spans: Span[] = [];
  if (text.includes('+')) {
    let inDiff: boolean | undefined;
    PHONE_INTERNATIONAL.lastIndex = 0;
    for (let match = PHONE_INTERNATIONAL.exec(text); match; match = PHONE_INTERNATIONAL.exec(text)) {
      const end = match.index + match[0].length;
      if (UNIT_AFTER.test(text.slice(end, end + 9))) continue;
      if (EXAMPLE_BEFORE.test(text.slice(Math.max(0, match.index - 24), match.index)) || EXAMPLE_AFTER.test(text.slice(end, end + 24))) continue;
      // a registrar's or an abuse desk's number in whois output belongs to a company
      if (/(?:Abuse|Registrar)[\w ]{0,30}Phone:?[ \t]*$/i.test(text.slice(Math.max(0, match.index - 48), match.index))) continue;
      // `+4915123456789` at the start of a line of a diff is an added line holding a number.
      if ((match.index === 0 || text.charCodeAt(match.index - 1) === 10) && /^\+\d+$/.test(match[0])) {
        inDiff ??= /(?:^|\n)(?:@@ |diff --git |\*\*\* Begin Patch)/.test(text);
        if (inDiff) continue;
      }
      spans.push({ start: match.index, end });
    }
  }
  spans.push(...findContextNumbers(text, PHONE_NATIONAL));
  return spans;
}

// ---------------------------------------------------------------- payment cards

/** Published test card numbers (Stripe, Braintree, Adyen, PayPal docs): not anyone's card. */
const TEST_PANS = [
  '4111111111111111', '4242424242424242', '4012888888881881', '4000056655665556', '4917610000000000',
  '4462030000000000', '4484070000000000', '4035501000000008', '4988438843884305', '4000000000000002',
  '4000000000000077', '4000000000003220', '4000002500003155', '4000000000009995', '4000000000000341',
  '5555555555554444', '5105105105105100', '5200828282828210', '5454545454545454', '2223003122003222',
  '2222400070000005', '5425233430109903', '5200000000001096', '378282246310005', '371449635398431',
  '378734493671000', '6011111111111117', '6011000990139424', '6011000400000000', '6011981111111113',
  '3056930009020004', '36227206271667', '30569309025904', '38520000023237', '3566002020360505',
  '3530111333300000', '3566111111111113', '6200000000000005', '6205500000000000004', '6250941006528599',
];
const TEST_PAN_PATTERN = new RegExp(`^(?:${TEST_PANS.map((pan) => pan.split('').join('[ -]?')).join('|')})$`);

/**
 * 16 digits (Visa, Mastercard 51-55 / 2221-2720, Mir, Discover, UnionPay, JCB) and 19-digit
 * UnionPay, as one run or in groups of four; Amex 4-6-5; Diners 4-6-4. Separators must agree;
 * no digit, word or further group of four may touch either end (hex dumps, longer ids).
 */
const CARD = /(?<!(?<!\\)[\w.+\-/@$%]|\d[ -])(?:(?:4\d{3}|5[1-5]\d{2}|2(?:20[0-4]|22[1-9]|2[3-9]\d|[3-6]\d{2}|7[01]\d|720)|6(?:011|4[4-9]\d|5\d{2})|35(?:2[89]|[3-8]\d))(?<s1>[ -]?)\d{4}\k<s1>\d{4}\k<s1>\d{4}|62\d{2}(?<s2>[ -]?)\d{4}\k<s2>\d{4}\k<s2>\d{4}(?:\k<s2>\d{3})?|3[47]\d{2}(?<s3>[ -]?)\d{6}\k<s3>\d{5}|3(?:0[0-5]|[689]\d)\d(?<s4>[ -]?)\d{6}\k<s4>\d{4})(?!\w|[.-]\d|[ -]\d{4}(?!\d))/g;

/** Words near an unseparated number that make it a card rather than an id, a count or a timestamp. */
const CARD_CONTEXT = /card|credit|debit|visa|master|amex|american express|discover|jcb|diners|unionpay|maestro|\bpan\b|\bcc[_\- ]?(?:num|no|number)?\b|ccnum|karte|carte|tarjeta|cart[aã]o|payment|billing|checkout|\bexp(?:iry|iration)?\b|\bcvv|\bcvc|\bccv/i;

/** Farther back (a table header above its rows: `order_id,card_pan`), only the strong words count. */
const CARD_COLUMN = /card|credit|\bpan\b|\bcc_?(?:num|number)\b|ccnum/i;

function findCards(text: string): Span[] {
  const spans: Span[] = [];
  CARD.lastIndex = 0;
  for (let match = CARD.exec(text); match; match = CARD.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    if (!/[ -]/.test(match[0])
      && !CARD_CONTEXT.test(text.slice(Math.max(0, start - 80), start) + ' ' + text.slice(end, end + 40))
      && !CARD_COLUMN.test(text.slice(Math.max(0, start - 2000), start))
      && !inPersonalRecord(text, start, end)) continue;
    spans.push({ start, end });
  }
  const found = new Set(spans.map((span) => span.start));
  for (const span of keyedCardDigits(text)) if (!found.has(span.start)) spans.push(span);
  return spans;
}

// ---------------------------------------------------------------- IBAN

/** Documentation IBANs (ECBS, bank, Wikipedia and library examples). */
const EXAMPLE_IBANS = [
  'DE89370400440532013000', 'DE02120300000000202051', 'DE75512108001245126199', 'GB82WEST12345698765432',
  'GB29NWBK60161331926819', 'GB33BUKB20201555555555', 'FR1420041010050500013M02606', 'FR7630006000011234567890189',
  'NL91ABNA0417164300', 'NL02ABNA0123456789', 'CH9300762011623852957', 'ES9121000418450200051332',
  'IT60X0542811101000000123456', 'BE68539007547034', 'AT611904300234573201', 'PL61109010140000071219812874',
  'SE4550000000058398257466', 'NO9386011117947', 'DK5000400440116243', 'FI2112345600000785',
  'IE29AIBK93115212345678', 'PT50000201231234567890154', 'LU280019400644750000', 'AE070331234567890123456',
  'TR330006100519786457841326', 'TR610000100000000000000001', 'CY17002001280000001200527600',
  'MT84MALT011000012345MTLCAST001S', 'GR1601101250000000012300695', 'SA0380000000608010167519',
  'SK3112000000198742637541', 'CZ6508000000192000145399', 'HU42117730161111101800000000',
  'RO49AAAA1B31007593840000', 'BG80BNBG96611020345678', 'HR1210010051863000160', 'LT121000011101001000',
  'LV80BANK0000435195001', 'EE382200221020145685', 'SI56263300012039086', 'IS140159260076545510730339',
  'LI21088100002324013AA', 'MC5811222000010123456789030', 'SM86U0322509800000000270100', 'AD1200012030200359100100',
];
const EXAMPLE_IBAN_PATTERN = new RegExp(`^(?:${EXAMPLE_IBANS.map((iban) => iban.split('').join(' ?')).join('|')})$`);

const IBAN_START = /(?<!(?<!\\)[A-Za-z0-9+/_-])[A-Z]{2}\d{2}(?= ?[A-Z0-9]{4})/g;

/**
 * IBANs, grouped by four (`DE50 5001 0517 5403 9281 74`) or not: the country's length (from the
 * registry table) decides where the candidate ends, so a following number is never swallowed.
 */
function findIbans(text: string): Span[] {
  const spans: Span[] = [];
  IBAN_START.lastIndex = 0;
  for (let match = IBAN_START.exec(text); match; match = IBAN_START.exec(text)) {
    const length = IBAN_LENGTHS[match[0].slice(0, 2)];
    if (length === undefined) continue;
    let count = 0;
    let pos = match.index;
    let spaced: boolean | undefined;
    while (count < length && pos < text.length) {
      const code = text.charCodeAt(pos);
      if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90)) {
        count += 1;
        pos += 1;
        if (count === 4 && spaced === undefined) spaced = text.charCodeAt(pos) === 32;
      } else if (code === 32 && spaced === true && count % 4 === 0) {
        pos += 1;
      } else {
        break;
      }
    }
    if (count !== length) continue;
    if (pos < text.length && /[A-Za-z0-9]/.test(text[pos]!)) continue;
    spans.push({ start: match.index, end: pos });
    IBAN_START.lastIndex = pos;
  }
  return spans;
}

// ---------------------------------------------------------------- national ids

const SSN_DASHED = /(?<!(?<!\\)[\w\-./])\d{3}-\d{2}-\d{4}(?![\w-]|\.\d)/g;
const SSN_WORDS = contextWords([
  word('ssn'),
  word('ss#', { right: false }),
  { stem: 'social', left: true, accept: (text, _start, end) => /^[ _-]?security/i.test(text.slice(end, end + 10)) },
]);
/** One cheap test before the context search (the rule has no keywords: the dashed form needs none). */
const SSN_HINT = /ss[n#]|social/i;
const SSN_AFTER = contextNumber(SSN_WORDS, String.raw`\d{3}(?<sep>[ .\-]?)\d{2}\k<sep>\d{4}`, { end: String.raw`(?![\w\-]|[.\/]\d)` });

/** A word that names another kind of number just before it: `serial 123-45-6789`, `order #123-45-6789`, `build: 123-45-6789`. */
const OTHER_NUMBER_BEFORE = /\b(?:serial|order|invoice|ticket|case|part|model|build|version|ver|ref|reference|tracking|confirmation|sku|item|job|run|issue|bug|claim|rma|batch|lot|patch|release|incident|booking|reservation|shipment|parcel|isbn|doi)(?:[ \t]*(?:no\.?|number|num|id|#))?[ \t]*[:#=]?[ \t]*$/i;

/** `123-45-6789` anywhere (not after a word that names another kind of number); `123 45 6789` / `123456789` only after `SSN` or `social security`. */
function findSsns(text: string): Span[] {
  const spans: Span[] = [];
  SSN_DASHED.lastIndex = 0;
  for (let match = SSN_DASHED.exec(text); match; match = SSN_DASHED.exec(text)) {
    if (OTHER_NUMBER_BEFORE.test(text.slice(Math.max(0, match.index - 40), match.index))) continue;
    spans.push({ start: match.index, end: match.index + match[0].length });
  }
  if (!SSN_HINT.test(text)) return spans;
  for (const span of findContextNumbers(text, SSN_AFTER)) {
    if (!spans.some((other) => other.start === span.start)) spans.push(span);
  }
  return spans;
}

/** `SIN` in capitals, or `sin` as a field name (`"sin":`, `sin=`): never `Math.sin(` or `using`. */
const SIN_WORDS = contextWords([
  word('sin', { accept: (text, start, end) => text.startsWith('SIN', start) || /^\\?["']?\s{0,3}[:=]/.test(text.slice(end, end + 6)) }),
  word('s.i.n', { right: false }),
  { stem: 'social', left: true, accept: (text, _start, end) => /^[ _-]?insurance/i.test(text.slice(end, end + 11)) },
  word('nas', { accept: (text, start) => text.startsWith('NAS', start) }),
  { stem: 'assurance', left: true, accept: (text, _start, end) => /^[ -]sociale/i.test(text.slice(end, end + 9)) },
]);
const SIN_AFTER = contextNumber(SIN_WORDS, String.raw`[1-79]\d{2}(?<sep>[ \-]?)\d{3}\k<sep>\d{3}`);

const DE_TAX_WORDS = contextWords([
  { stem: 'steuer', left: true, accept: (text, start) => /^steuer[-_ ]?(?:liche[rn]?[ _]?)?(?:id|identifikationsnummer|idnr|nr|nummer)/i.test(text.slice(start, start + 40)) },
  { stem: 'identifikationsnummer' },
  { stem: 'idnr', left: true },
  { stem: 'tax', left: true, accept: (text, _start, end) => /^[ _-]?id/i.test(text.slice(end, end + 4)) },
]);
const DE_TAX_AFTER = contextNumber(DE_TAX_WORDS, String.raw`[1-9]\d(?: ?\d{3}){3}`);

const AADHAAR_WORDS = contextWords([{ stem: 'aadhaar' }, { stem: 'aadhar' }, { stem: 'uidai' }, { stem: 'आधार' }]);
const AADHAAR_AFTER = contextNumber(AADHAAR_WORDS, String.raw`[2-9]\d{3}(?<sep>[ \-]?)\d{4}\k<sep>\d{4}`, {
  end: String.raw`(?!\w|[.\-\/]\d| \d)`,
  keep: aadhaarValid,
});

const BSN_WORDS = contextWords([
  word('bsn'),
  { stem: 'burgerservicenummer' },
  { stem: 'sofinummer' },
  { stem: 'sofi-nummer' },
  word('sofi'),
  { stem: 'citizen service number' },
]);
const CPF_AFTER = contextNumber(contextWords([word('cpf')]), String.raw`\d{3}\.\d{3}\.\d{3}-\d{2}|\d{11}`, { keep: brCpfValid });
const PESEL_AFTER = contextNumber(contextWords([word('pesel')]), String.raw`\d{11}`, { keep: plPeselValid });
const KIMLIK_AFTER = contextNumber(contextWords([{ stem: 'kimlik' }, word('tckn'), word('tckno'), word('tcno')]), String.raw`[1-9]\d{10}`, { keep: trKimlikValid });
const CN_ID_AFTER = contextNumber(
  contextWords([{ stem: '身份证' }, { stem: '身分證' }, { stem: 'resident id' }, { stem: 'id card' }]),
  String.raw`\d{17}[\dXx]`,
  { keep: cnResidentIdValid, end: String.raw`(?![\w])` },
);
const SE_PNR_AFTER = contextNumber(
  contextWords([{ stem: 'personnummer' }, { stem: 'personnr' }, word('pnr')]),
  String.raw`(?:\d{2})?\d{6}[-+]\d{4}|\d{12}|\d{10}`,
  { keep: sePersonnummerValid },
);
const BSN_AFTER = contextNumber(BSN_WORDS, String.raw`\d{9}|\d{4}\.\d{2}\.\d{3}|\d{3}[ .]\d{3}[ .]\d{3}`, { keep: nlBsnValid });

const NO_FNR_AFTER = contextNumber(
  contextWords([{ stem: 'fødselsnummer' }, { stem: 'fodselsnummer' }, { stem: 'foedselsnummer' }, word('fnr'), { stem: 'd-nummer' }, { stem: 'personnummer' }]),
  String.raw`\d{6} ?\d{5}`,
  { keep: noFodselsnummerValid },
);
const FI_HETU_AFTER = contextNumber(
  contextWords([{ stem: 'henkilötunnus' }, { stem: 'henkilotunnus' }, word('hetu'), { stem: 'personbeteckning' }, { stem: 'personal identity code' }]),
  String.raw`\d{6}[-+A-FU-Y]\d{3}[0-9A-Ya-y]`,
  { keep: fiHenkilotunnusValid },
);
const DK_CPR_AFTER = contextNumber(contextWords([word('cpr'), { stem: 'cpr-nr' }, { stem: 'cpr-nummer' }, { stem: 'personnummer' }]), String.raw`\d{6}-?\d{4}`, { keep: dkCprValid });
const BE_NRN_AFTER = contextNumber(
  contextWords([{ stem: 'rijksregisternummer' }, { stem: 'rijksregister' }, { stem: 'numéro national' }, { stem: 'numero national' }, { stem: 'registre national' }, { stem: 'national number' }, word('insz'), word('niss')]),
  String.raw`\d{2}\.?\d{2}\.?\d{2}[-. ]?\d{3}\.?\d{2}`,
  { keep: beNationalNumberValid },
);
const IE_PPSN_AFTER = contextNumber(
  contextWords([word('ppsn'), { stem: 'pps number' }, { stem: 'pps no' }, { stem: 'personal public service' }]),
  String.raw`\d{7}[A-Wa-w][A-Ia-iWw]?`,
  { keep: iePpsnValid },
);
const PT_NIF_AFTER = contextNumber(
  contextWords([word('nif'), { stem: 'contribuinte' }, { stem: 'identificação fiscal' }, { stem: 'identificacao fiscal' }]),
  String.raw`\d{3} ?\d{3} ?\d{3}`,
  { keep: ptNifValid },
);
const ZA_ID_AFTER = contextNumber(
  contextWords([{ stem: 'south african id' }, word('sa id'), word('rsa id'), { stem: 'id number' }, { stem: 'identity number' }, word('id no')]),
  String.raw`\d{6} ?\d{4} ?\d{3}`,
  { keep: zaIdValid },
);
const IL_ID_AFTER = contextNumber(
  contextWords([{ stem: 'teudat zehut' }, { stem: 'mispar zehut' }, { stem: 'תעודת זהות' }, { stem: 'ת.ז' }, { stem: 'ת"ז' }, { stem: 'israeli id' }]),
  String.raw`\d{9}|\d{8}-\d`,
  { keep: ilTeudatZehutValid },
);
const KR_RRN_AFTER = contextNumber(
  contextWords([{ stem: '주민등록번호' }, { stem: '주민번호' }, { stem: 'resident registration' }, word('rrn')]),
  String.raw`\d{6}-?[1-8]\d{6}`,
  { keep: krRrnValid },
);
const AU_TFN_AFTER = contextNumber(contextWords([word('tfn'), { stem: 'tax file number' }]), String.raw`\d{3} ?\d{3} ?\d{2,3}`, { keep: auTfnValid });

/** `NHS number`, `nhs_no`, `NHSNumber`, `CHI number`: not `nhs.uk` or a word that starts with the letters. */
const UK_HEALTH_AFTER = contextNumber(
  contextWords([
    { stem: 'nhs', left: true, accept: (text, _start, end) => /^[ _-]?(?:no|num)/i.test(text.slice(end, end + 4)) || !/^(?:[A-Za-z]|\.\w)/.test(text.slice(end, end + 2)) },
    { stem: 'chi number' },
    { stem: 'chi no' },
    { stem: 'community health index' },
  ]),
  String.raw`\d{3}[ -]?\d{3}[ -]?\d{4}`,
  { keep: ukHealthNumberValid },
);

// ---------------------------------------------------------------- public IPv4

/**
 * A dotted quad on a boundary (not after a word, a dot, a sign or `x/`). What only the text
 * before it can say (a server's address in `ssh`, DNS or curl output, a version, an OID) is tested
 * on each match rather than as look-behinds at every position of every text.
 */
const IPV4 = /(?<!(?<!\\)[\w.+\-$]|[A-Za-z]\/)(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}(?![\w-]|\.\d)(?![ ]?(?:→|->|=>)[ ]?v?\d|[ ]to[ ]v?\d{1,5}\.\d|[ ]?\((?:build|rev|commit|[0-9a-f]{7,40}\b)|[ ](?:LTS|release|build|beta|alpha|RC|SNAPSHOT|stable|hotfix)\b|[ ]\(20\d\d-\d\d-\d\d\))(?!:\d+\.\.\.(?:\r?\n|\\n)\*[ \t]+Connected to [A-Za-z][\w-]*\.)/g;
/** Text before a dotted quad that makes it a server's address, a version, an OID or a section number. */
const NOT_A_PERSONS_IPV4 = [
  /(?:(?<!\b(?:ssh|scp|sftp|rsync|mosh|ssh-copy-id)\b[^\n]{0,100}?[\w.-]{1,32})@)$/,
  /(?:\bIN[ \t]+A{1,4}[ \t]+|nameserver[ \t]+|Connected to [\w-]+(?:\.[\w-]+)+ \(|Connecting to [^\n|]{1,120}\||Name:[ \t]+[\w-]+(?:\.[\w-]+)+(?:\r?\n|\\n)Address(?:es)?:[ \t]+)$/,
  /(?:(?:[Vv]ersions?|VERSION|[Ff]irmware|FIRMWARE|\b(?:[Vv]er|[Vv]|[Rr]elease|[Bb]uild|[Rr]ev|OID|oid|[Ss]ection|[Ss]ect|RFC|[Cc]hapter|[Ss]tep|FW|[Kk]ernel|[Dd]river|BIOS|SDK|[Ss]dk|[Pp]atch|[Hh]otfix|[Tt]ag|[Bb]ump(?:ed)?[ ]to|[Uu]pgraded?[ ](?:from|to))|§)(?:[\s:="'(.>]|\\{1,3}(?=["'])){0,8})$/,
  /(?:==|[<>~!]=|[\^~]|(?:→|->|=>)[ ]?|\d\.\d{1,5}[ ]to[ ]v?|(?:^|\n)#{1,6}[ ]\[?v?|\b(?:[Rr]eleased|[Ii]nstall(?:ed|ing)?|[Dd]ownload(?:ed|ing)?|[Uu]pdated?[ ]to)[ ])$/,
  // a mail relay in a `Received:` header, named by its reverse DNS (`(mail-sor-f41.google.com. [209.85.220.41])`)
  /\bReceived:[^\n]{0,160}\((?:[\w-]+\.)*[\w-]*(?:mail|mx|smtp|relay|outbound|mta|sor|gateway|protection|amazonses|sendgrid|mailgun|sparkpost|mandrill)[\w-]*(?:\.[\w-]+)+\.?[ ]\[$/,
  // a Kubernetes cluster's API server in a kubeconfig (`server: https://…`, `"server": "https://…"`) or given to `set-cluster --server=`
  /(?:\bserver\\{0,3}["']?:[ \t]*\\{0,3}["']?|--server[= ])https:\/\/$/,
];

function findPublicIpv4(text: string): Span[] {
  const spans: Span[] = [];
  IPV4.lastIndex = 0;
  for (let match = IPV4.exec(text); match; match = IPV4.exec(text)) {
    const before = text.slice(Math.max(0, match.index - 200), match.index);
    if (NOT_A_PERSONS_IPV4.some((context) => context.test(before))) continue;
    spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

// ---------------------------------------------------------------- birth dates

const BIRTH_KEY = String.raw`dob|d\.o\.b\.?|date[ _-]?of[ _-]?birth|birth[ _-]?date|birthdate|birthday|geburtsdatum|geb\.|fecha[ _]de[ _]nacimiento|date[ _]de[ _]naissance|data[ _]di[ _]nascita|data[ _]de[ _]nascimento|data[ _]urodzenia|geboortedatum|födelsedatum|fødselsdato|syntymäaika|datum[ _]narození|doğum[ _]tarihi|生年月日|出生日期|생년월일|дата[ _]рождения`;
const MONTH = String.raw`(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]{0,6}\.?`;
const BIRTH_DATE_VALUE = String.raw`(?:(?:19|20)\d\d-[01]\d-[0-3]\d|[0-3]?\d[./-][01]?\d[./-](?:19|20)?\d\d|[01]?\d\/[0-3]?\d\/(?:19|20)\d\d|[0-3]?\d\.?[ ]${MONTH}[ ](?:19|20)\d\d|${MONTH}[ ][0-3]?\d,?[ ](?:19|20)\d\d|(?:19|20)\d\d年[01]?\d月[0-3]?\d日)`;
/**
 * A birth date under its name: a field or a label (`"dob": "1988-07-23"`, `date_of_birth=23/07/1988`,
 * `Geburtsdatum: 23.07.1988`, `生年月日：1988年7月23日`). A date alone says nothing; named, it is a
 * person's, and with a name it identifies them.
 */
const BIRTH_DATE = new RegExp(String.raw`(?<![\p{L}\d_])(?:${BIRTH_KEY})(?![\p{L}\d])["']?[ \t]*(?:=>|[:=：]|\bis\b)?[ \t]*["']?(?<secret>${BIRTH_DATE_VALUE})(?![\d])`, 'giud');

function findBirthDates(text: string): Span[] {
  const spans: Span[] = [];
  BIRTH_DATE.lastIndex = 0;
  for (let match = BIRTH_DATE.exec(text); match; match = BIRTH_DATE.exec(text)) {
    const [start, end] = match.indices!.groups!.secret!;
    spans.push({ start, end });
  }
  return spans;
}

// ---------------------------------------------------------------- rules

/** A national identity number found after one of its context words (and in a column those words head). */
function nationalId(id: string, description: string, keywords: string[], spec: ContextNumber, examples: Rule['examples']): Rule {
  return { id, type: 'pii', label: 'national-id', description, keywords, detector: (text) => findContextNumbers(text, spec), literalGroups: CONTEXT_WORDS, examples };
}

export const PII_RULES: readonly Rule[] = [
  {
    id: 'email',
    type: 'pii',
    label: 'email',
    description: 'e-mail addresses of people (not bots, no-reply relays, role accounts, example domains, git remotes, pkg@version, icon@2x.png)',
    keywords: ['@'],
    detector: findEmails,
    validator: 'email-not-bot',
    examples: {
      match: [
        'commit 9f2c7a1e\nAuthor: Maren Holt <maren.holt@fjordline-analytics.no>\nDate:   Tue Mar 4 10:12:09 2025 +0100',
        '{"name": "Priya Raman", "email": "priya.raman84@gmail.com", "role": "owner"}',
        'GIT_AUTHOR_EMAIL=t.okafor@lagos-devworks.ng',
        'id,name,email\n17,Jonas Weber,jonas.weber+billing@posteo.de\n',
        'Error: user kwame.mensah@uni-ghana.edu.gh is not allowed to access project 41',
        'Send the report to mailto:lucia.ferrari@studio-ferrari.it before Friday.',
        '{"stdout": "Owners:\\nmaren.holt@fjordline-analytics.no\\n"}',
        'blog by ines@ines.dev',
        'ping john.ci@corp.io or ann.news@corp.io',
        'GET /api/v2/users/by-email/nils.johansson@spray.se 404 3.117 ms',
        '"GET /unsubscribe/maria.garcia%40telefonica.net HTTP/1.1" 200 14',
        'From: Maren Holt <maren.holt@fjordline-analytics.no>\nMessage-ID: <CAH2u8Xq9ZkLr7w@mail.gmail.com>',
        'contact maria.lopez@reply.io about the demo',
        'see <https://crm.acme.io/contacts/by-email/nils.johansson@spray.se>',
        'imaps://ines.moreau@posteo.de@imap.posteo.de:993/INBOX',
        'IMAPRetriever:kwame.mensah@gmx.net@127.0.0.1:143: read_all is set',
        'my @to = ("sigrun.holm\\@fjellpost.no");',
      ],
      noMatch: [
        'Co-Authored-By: Claude <noreply@anthropic.com>',
        '"maintainer": "Release Robot \\u003cnoreply@github.com\\u003e"',
        'Co-authored-by: Cursor Agent <cursoragent@cursor.com>',
        'mails from teamcity@ci.acme.io, codecov@codecov.io and github-actions@github.com bounced',
        'Reply-To: no.reply@shop.acme.io; digest@news.acme.io',
        'From: 41898282+github-actions[bot]@users.noreply.github.com',
        'Author: mhoLt <8812345+mholt@users.noreply.github.com>',
        'git remote add origin git@github.com:acme/payments.git',
        'file:/home/ann/.gitconfig\turl.git@gitlab.example.org:.insteadof=https://gitlab.example.org/\nurl.git@github.com:acme/.pushinsteadof=https://github.com/acme/',
        'deploy@build-07.ci.acme.net:/srv/releases/ was updated',
        'npm install lodash@4.17.21 react@18.3.1 @types/node@20.11.5',
        'background: url(/img/logo@2x.png) no-repeat;',
        'fetch //cdn.acme.io/assets/hero@2x.webp and /pkg/lodash@4.17.21/index.js',
        'From: Amazon.de <versandbestaetigung@amazon.de>; Reply-To: ne-pas-repondre@sncf.fr, pedidos@zara.es',
        'Delivered-To: inbound+a1b2c3d4@parse.acme.io; Reply-To: reply+AB12CD34EF@reply.github.com',
        'Message-ID: <CAH2u8Xq9ZkLr7w@mail.gmail.com>\nIn-Reply-To: <20251203.ab12@mx.nordmail.no>\nReferences: <a91@lists.acme.io> <CAH2u8Xq9ZkLr7w@mail.gmail.com>',
        'You are receiving this because you commented.Message ID: <acme/api/issues/7026/9820581794@github.com>',
        'List-Unsubscribe: <mailto:unsub+239ab84a7b7e5ea9@reply.github.com>',
        'See docs: write to jane.doe@example.com or test@test.com',
        'DATABASE_URL=postgres://app:hunter2@db.prod.acme.io:5432/app',
        'ssh://git@github.com@gitlab.internal:2222/mirror.git',
        'pip install pkg@v1.2@internal.example.org',
        'clone https://x-access-token@github.com/acme/app.git',
        'Contact support@stripe.com or security@acme.io for help.',
        '"author": "npm <npm@npmjs.com>"',
        'Return-Path: <bounces+18311-7a2f-maren=fjordline.no@em1234.sendgrid.net>',
        'Committer: nightly <ci-runner@build-42.internal>',
        'escalate to team-lead@corp.io, then svc-billing@corp.io',
        'receipt sent to m****a@outlook.com, login alerts to k.o••••i@gmx.de, backup l…s@posteo.net',
        'Shipped: auto-confirm@shop.example.org wrote from order-updates@megastore.com; pushed by build.bot@corp.io via action@github.com',
      ],
    },
  },
  {
    id: 'phone',
    type: 'pii',
    label: 'phone',
    description: 'phone numbers: +<country code> international numbers anywhere; national formats (US, UK, DE, FR, ...) after a context word such as phone, tel, mobile, fax, Telefon, Handy, téléphone',
    // `+1` ... `+9` rather than `+`: a plus sign alone is in most code and every diff.
    keywords: ['+1', '+2', '+3', '+4', '+5', '+6', '+7', '+8', '+9', 'phone', 'tel', 'tél', 'mobil', 'fax', 'whatsapp', 'handy', 'cell', 'call', 'contact', 'sms', 'reach me', 'text me', 'ring me', 'rang', 'texted', 'dialled', 'dialed', '電話', '电话', '手机', '携帯', '전화', '휴대폰', 'телефон', 'هاتف', 'my number', 'número', 'numéro', 'nummer', 'kontakt', 'contacto', 'contato', 'celular', 'móvil', 'portable', 'reach', 'handynummer', 'mobilnummer', 'telefonnummer', 'rückruf', 'festnetz', 'anrufen', 'caller', 'landline', 'llamar', 'llame', 'llámame', 'appeler', 'appelez', 'chiamare', 'cellulare', 'ligar', 'bellen', 'mobiel', '연락처'],
    detector: findPhones,
    literalGroups: CONTEXT_WORDS,
    validator: 'phone',
    examples: {
      match: [
        '{"customer": {"name": "Ana Souza", "phone": "+55 11 98372-4615"}}',
        'Reach me on +1 (415) 555-0132 or WhatsApp +44 7700 900123.',
        'Mario: +39 06 4827 1935, Sipho: +27 82 746 1935, Wei: +86 139 4827 1935',
        'contact_phone=+4915128374691',
        'Call me: +33 6 47 28 93 15',
        'Tel.: +49 (0)30 28461937, Fax: +49 30 28461938',
        'Phone: (415) 555-0132',
        'mobile: 07700 900123',
        'name,phone\nOlga,"Telefon: 030 12345678"',
        'Tel. 020 7946 0958',
        'tel: 415-555-0132',
        'Téléphone : 06 12 34 56 78',
        'Handy 0151 28374619',
        '"homePhone": "020 7946 0958"',
        'If it fails again call 415-555-0132.',
        'Tel: 06.47.28.93.15',
        'the tenant rang from 0161 496 0732 twice this morning',
        'she texted from (503) 284-9917 after the outage',
        '{"content": "Name: Olga\\nTel:\\n030 28461937"}',
        '$ cat contacts.csv\nname,phone,city\nLena Vogel,"020 7946 0958",Leeds\nTom Ruiz,(415) 555-0132,Austin',
        'INFO sms: sent verification code to 0430 186 561 (user 7731)',
        '電話番号: 06-47892881（佐藤）',
        'Mi número es 867-560-4096, escríbeme.',
        'plantão: Ana Lima, call (41) 92257-9419',
      ],
      noMatch: [
        '2024-01-15T10:30:00+05:30 request finished in 12345 ms',
        'Date:   Mon Jan 15 10:30:00 2024 +0100',
        'at Object.<anonymous> (src/app/router.ts:120:15)',
        'version 1.2.3+20240115 built 1705312345; +12345 bytes',
        'diff --git a/x b/x\n@@ -120,7 +120,9 @@\n+    "timeout": 30000,\n+    "retries": 3',
        'order 1234-5678 shipped; total 1e+10; x+1234567890',
        'Listening on 0.0.0.0:8080 (pid 48213), phone home disabled',
        'phone model: v2.14.3 build 20240115',
        'phone: Chrome 120.0.6099.129 on Android, windows build 10.0.22631.2861',
        'TWILIO_FROM=+15005550006 (Twilio test credentials), phone: +1 500-555-0009',
        'tel.version=4.2.1.20240115\ntel_build=415.555.0132',
        'call took 2345678901 ns; callback id 9f2c7a1e-44b1-4c0e-9a7e-0b1f2d3c4e5f',
        'contact: 192.168.100.200',
        '+192.168.100.200 added to allowlist',
        'fixtures: "+15555555555", "+19876543210", "+10000000000"',
        'diff --git a/n.txt b/n.txt\n@@ -1,2 +1,3 @@\n 12\n+4915128374691\n+644062432009',
        'telemetry: 4155550132 events',
        'phone id 550e8400-e29b-41d4-a716-446655440000; phone: see commit 3f2a9c1 and v2.14.3',
        'Call stack (most recent call last): File "app.py", line 120, in <module>',
        'Tel: 2024-01-15 10:30',
        'order_id,phone_type,total\n4155550132,mobile,12.50\n2125550199,landline,8.00',
        'el número de pedido es 4155550132',
        'called 4155550132 times in the loop',
        'handler was called from worker 3 at 2024-01-15 10:30',
      ],
    },
  },
  {
    id: 'payment-card',
    type: 'pii',
    label: 'card',
    description: 'payment card numbers (Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay, Mir) that pass Luhn; published test cards skipped',
    keywords: [],
    detector: findCards,
    validator: 'luhn',
    // the validators of these four want ASCII digits: a text without one is not looked at
    needsDigit: true,
    allow: [TEST_PAN_PATTERN, /(?:0[ -]?){8}/],
    examples: {
      match: [
        '{"card_number": "4539 1488 0343 6467", "exp": "09/27", "cvc": "318"}',
        'customer_id,card,amount\n8812,5424185710930278,129.99\n',
        'Charge failed for card 3742-918365-02172 (amex)',
        'pan=6011573829401181 status=declined',
        'sqlite3 -header -csv orders.db "select order_id, card_pan from payments"\norder_id,card_pan\n11993,2697 0215 6498 9853\n13452,4539148803436467',
        'UnionPay 6228 3749 1056 2836, Mastercard 2221 8405 9317 2644',
        "INSERT INTO members (name, email, ref) VALUES ('Odile Brancato', 'odile.b@laposte.net', '5412753456789010')",
        'name      Odile Brancato\nemail     odile.b@laposte.net\nref       4916338506082832\n',
        '{"holder": "Odile Brancato", "card": "491633850608286"}',
        'credit_card=4371205588139244 status=declined',
      ],
      noMatch: [
        'Use the test card 4242 4242 4242 4242 with any CVC.',
        'created_at_ms=1705312345678 trace=17053123456789012',
        'sha256:4539148803436467a9c1d7b4e8f6a0c2d4e6f8a1b3c5d7e9f0a1b2c3d4e5f6a7',
        'processed 4539148803436468 rows in 2.5s',
        'id 45391488034364670 is out of range',
        'version 4.5391488.0343.6467',
        'payment_intent pi_3OqX4539148803436467',
        'build 4916338506082832 finished; notify ops@acme-builds.io',
        '{"email": "odile.b@laposte.net", "trace_id": "4916338506082832"}',
        'discard: 491633850608286',
        '{"card": "491633850608284"}',
      ],
    },
  },
  {
    id: 'iban',
    type: 'pii',
    label: 'iban',
    description: 'IBANs (country length table and mod-97 check), grouped by four or not; documentation examples skipped',
    keywords: [],
    detector: findIbans,
    validator: 'iban',
    needsDigit: true,
    allow: [EXAMPLE_IBAN_PATTERN],
    examples: {
      match: [
        'IBAN: DE50 5001 0517 5403 9281 74, BIC: INGDDEFFXXX',
        '{"iban": "GB93NWBK20451894736251", "holder": "R. Patel"}',
        'Überweisung an FR75 3000 4008 3716 2849 3157 086 (Loyer mars)',
        'payee;iban;amount\nDe Vries;NL70RABO0374816592;250.00',
        'account ES7921000813610123456789 verified',
      ],
      noMatch: [
        'Example: DE89 3704 0044 0532 0130 00',
        'DE50500105175403928175',
        'build DE12 3456 7890 1234 5678 90 failed',
        'commit GB93NWBK20451894736251AB',
        'AB12CDEF3456GH789 is not a country',
        'aGB93NWBK20451894736251 inside a token',
      ],
    },
  },
  {
    id: 'us-ssn',
    type: 'pii',
    label: 'ssn',
    description: 'US Social Security numbers: 123-45-6789 anywhere, other spellings after SSN / social security; SSA allocation rules',
    keywords: [],
    detector: findSsns,
    literalGroups: CONTEXT_WORDS,
    validator: 'us-ssn',
    needsDigit: true,
    examples: {
      match: [
        '{"applicant": {"ssn": "512-44-7391", "dob": "1984-06-02"}}',
        'SSN: 512 44 7391',
        'social_security_number=512447391',
        'name,ssn,state\nR. Alvarez,403-18-5527,TX',
        '     1\temployee_id,name,ssn\n     2\t3217,Chloé Ibrahim,708957485',
      ],
      noMatch: [
        'serial 512-44-7391 shipped; order #403-18-5527; build: 708-95-7485',
        'SSN: 000-12-3456',
        'ssn 666-45-1234 and 912-34-5678 are never issued',
        'order 512447391 shipped',
        'SSN: 123-45-6789 (example)',
        'uuid 512-44-7391-abcd, path /a/512-44-7391',
        'Date 2024-01-15, build 512-44-73910',
      ],
    },
  },
  {
    id: 'uk-nino',
    type: 'pii',
    label: 'national-id',
    description: 'UK National Insurance numbers (HMRC prefix rules, suffix A-D) in text that mentions NINO / national insurance / NI number',
    keywords: ['nino', 'surance', 'ni n', 'ni_n'],
    pattern: /(?<!(?<!\\)[A-Za-z0-9])[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Za-z0-9])/,
    validator: 'uk-nino',
    examples: {
      match: [
        'National Insurance number: JH 48 72 19 C',
        '{"nino": "JH487219C", "employer": "Northwind Ltd"}',
        'employee_id,name,ni_number\n881,T. Byrne,SK 73 02 91 A',
      ],
      noMatch: [
        'NINO: QQ 12 34 56 C',
        'nino: BG 48 72 19 C',
        'nino: JH 48 72 19 E',
        'JH487219C appears in a log without any context',
        'national insurance sku XJH487219CD',
      ],
    },
  },
  {
    id: 'de-tax-id',
    type: 'pii',
    label: 'national-id',
    description: 'German tax id (Steuer-ID / IdNr) after a context word, MOD 11,10 check and digit-structure rule',
    keywords: ['steuer', 'idnr', 'identifikationsnummer', 'tax'],
    detector: (text) => findContextNumbers(text, DE_TAX_AFTER),
    literalGroups: CONTEXT_WORDS,
    validator: 'de-tax-id',
    examples: {
      match: [
        'Steuer-ID: 86 095 742 735',
        '{"steuerIdentifikationsnummer": "47182930514"}',
        'Ihre Identifikationsnummer (IdNr) lautet 57392048156.',
        'TAX_ID=26947180395',
      ],
      noMatch: [
        'Steuer-ID: 86 095 742 736',
        'tax id 11111111111',
        'Steuer-ID: 01234567890',
        'order 86095742735 shipped',
        'tax_id: 86095742735123',
      ],
    },
  },
  {
    id: 'ca-sin',
    type: 'pii',
    label: 'national-id',
    description: 'Canadian Social Insurance Number (9 digits, Luhn) after SIN / social insurance / NAS',
    keywords: ['sin', 'surance', 'nas'],
    detector: (text) => findContextNumbers(text, SIN_AFTER),
    literalGroups: CONTEXT_WORDS,
    validator: 'luhn',
    examples: {
      match: [
        'SIN: 582 739 140',
        '{"sin": "729-461-830", "province": "ON"}',
        'Social Insurance Number 582739140 on file',
        'Numéro d\'assurance sociale (NAS) : 729 461 830',
      ],
      noMatch: [
        'SIN: 582 739 141',
        'SIN: 046 454 286',
        'Math.sin(582739140)',
        'using 582739140 rows since 2024',
        'SIN: 882 739 148',
      ],
    },
  },
  {
    id: 'in-aadhaar',
    type: 'pii',
    label: 'national-id',
    description: 'Indian Aadhaar numbers (12 digits, Verhoeff check) after aadhaar / UIDAI',
    keywords: ['aadha', 'uidai', 'आधार'],
    detector: (text) => findContextNumbers(text, AADHAAR_AFTER),
    literalGroups: CONTEXT_WORDS,
    examples: {
      match: [
        'Aadhaar: 4973 1826 0542',
        '{"aadhaar_number": "682049135724"}',
        'UIDAI no. 3716-2940-5815 linked to PAN',
      ],
      noMatch: [
        'Aadhaar: 4973 1826 0543',
        'aadhaar 1234 5678 9012',
        'order 497318260542 shipped',
        'aadhaar: 4973 1826 0542 77',
      ],
    },
  },
  {
    id: 'es-dni',
    type: 'pii',
    label: 'national-id',
    description: 'Spanish DNI / NIE (8 digits or X/Y/Z + 7 digits, then the mod-23 control letter) when DNI/NIE/NIF is mentioned',
    keywords: ['dni', 'nie', 'nif', 'documento'],
    detector: checked(
      /(?<!(?<!\\)[\w.-])(?<secret>(?:[XYZxyz][ -]?\d{7}|\d{8}|\d{2}\.\d{3}\.\d{3})[ -]?[A-HJ-NP-TV-Za-hj-np-tv-z])(?!\w)/,
      esDniValid,
    ),
    examples: {
      match: [
        'DNI: 48291037F',
        '{"nif": "73019462-M", "nombre": "Lucía Gómez"}',
        'NIE X5820193C caducado',
        'documento;nombre\n48.291.037-F;Pablo Ruiz',
      ],
      noMatch: [
        'DNI: 48291037G',
        'dni 12345678Z',
        '48291037F without any context word',
        'nie: build 20240115T',
        'DNI hash 48291037fa9c',
      ],
    },
  },
  {
    id: 'fr-insee',
    type: 'pii',
    label: 'national-id',
    description: 'French social security number (NIR / numéro INSEE, 13 digits + mod-97 key) when INSEE / NIR / sécurité sociale is mentioned',
    keywords: ['insee', 'nir', 'secu', 'sécu'],
    detector: checked(
      /(?<!(?<!\\)[\w.-])(?<secret>[1-478] ?\d{2} ?(?:0[1-9]|1[0-2]|[2-9]\d) ?(?:\d{2}|2[ABab]) ?\d{3} ?\d{3} ?\d{2})(?![\w]|[.\-/]\d)/,
      frNirValid,
    ),
    examples: {
      match: [
        'N° de sécurité sociale : 1 85 05 78 006 084 91',
        '{"nir": "292067512304708"}',
        'numero_insee=177119935122297',
      ],
      noMatch: [
        'N° de sécurité sociale : 1 85 05 78 006 084 92',
        'INSEE id 1850578006084912 has one digit too many',
        'order 185057800608491 (no context)',
        'INSEE code commune 75056, siren 552100554',
      ],
    },
  },
  {
    id: 'it-codice-fiscale',
    type: 'pii',
    label: 'national-id',
    description: 'Italian codice fiscale (16 characters: surname, name, birth date and place, control letter) when it is named',
    keywords: ['codice fiscale', 'codicefiscale', 'codice_fiscale', 'tax code'],
    detector: checked(/(?<![A-Za-z0-9])(?<secret>[A-Z]{6}\d{2}[ABCDEHLMPRST]\d{2}[A-Z]\d{3}[A-Z])(?![A-Za-z0-9])/, () => true),
    examples: { match: ['Codice fiscale: BNCGNN79L22F205N'], noMatch: ['Codice fiscale: da inserire', 'build BNCGNN79L22F205N'] },
  },
  {
    id: 'in-pan',
    type: 'pii',
    label: 'national-id',
    description: 'Indian PAN (five letters, the fourth the holder type, four digits, a letter) when PAN is named',
    keywords: ['pan:', 'pan card', 'pan no', 'pan number', 'pan ', 'permanent account number'],
    detector: checked(/(?<![A-Za-z0-9])(?<secret>[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z])(?![A-Za-z0-9])/, () => true),
    examples: { match: ['PAN card: AFZPK7190K'], noMatch: ['company code ABCDE1234F', 'PAN card: pending'] },
  },
  {
    id: 'mx-curp',
    type: 'pii',
    label: 'national-id',
    description: 'Mexican CURP (18 characters: name letters, birth date, sex, state, consonants, two check characters) when CURP is named',
    keywords: ['curp'],
    detector: checked(/(?<![A-Za-z0-9])(?<secret>[A-Z]{4}\d{6}[HMX][A-Z]{5}[0-9A-Z]\d)(?![A-Za-z0-9])/, () => true),
    examples: { match: ['CURP: GOML850312HDFRPS04'], noMatch: ['CURP: pendiente', 'ref GOML850312HDFRPS04'] },
  },
  {
    id: 'br-cpf',
    type: 'pii',
    label: 'national-id',
    description: 'Brazilian CPF (mod-11 check digits) after CPF',
    keywords: ['cpf'],
    detector: (text) => findContextNumbers(text, CPF_AFTER),
    literalGroups: CONTEXT_WORDS,
    examples: { match: ['CPF: 526.018.159-06', '{"cpf": "08301661305"}'], noMatch: ['CPF: 526.018.159-07', 'cpf 111.111.111-11'] },
  },
  {
    id: 'pl-pesel',
    type: 'pii',
    label: 'national-id',
    description: 'Polish PESEL (weighted check digit) after PESEL',
    keywords: ['pesel'],
    detector: (text) => findContextNumbers(text, PESEL_AFTER),
    literalGroups: CONTEXT_WORDS,
    examples: { match: ['PESEL: 92031518607'], noMatch: ['PESEL: 92031518608', 'order 92031518607'] },
  },
  {
    id: 'tr-kimlik',
    type: 'pii',
    label: 'national-id',
    description: 'Turkish identity number (T.C. Kimlik No, two check digits) after kimlik / TCKN',
    keywords: ['kimlik', 'tckn', 'tcno'],
    detector: (text) => findContextNumbers(text, KIMLIK_AFTER),
    literalGroups: CONTEXT_WORDS,
    examples: { match: ['T.C. Kimlik No: 38475612916', '{"tckn": "52630184728"}', 'Kimlik numarası 71028456384 olarak kayıtlı'], noMatch: ['T.C. Kimlik No: 38475612917', 'order 52630184728', 'kimlik 11111111111'] },
  },
  {
    id: 'cn-resident-id',
    type: 'pii',
    label: 'national-id',
    description: 'Chinese resident identity card number (18 characters, MOD 11-2 check) after 身份证 or resident id',
    keywords: ['身份证', '身分證', 'resident id', 'id card'],
    detector: (text) => findContextNumbers(text, CN_ID_AFTER),
    literalGroups: CONTEXT_WORDS,
    examples: { match: ['身份证号：110105198507099601', 'ID card no. 11010519850730824X'], noMatch: ['身份证号：110105198507099602', 'trace 110105198507099601'] },
  },
  {
    id: 'se-personnummer',
    type: 'pii',
    label: 'national-id',
    description: 'Swedish personnummer (date and Luhn) after personnummer',
    keywords: ['personnummer', 'personnr', 'pnr'],
    detector: (text) => findContextNumbers(text, SE_PNR_AFTER),
    literalGroups: CONTEXT_WORDS,
    examples: { match: ['Personnummer: 870412-6286', 'personnr 19870412-1949'], noMatch: ['Personnummer: 870412-6287', 'build 870412-6286'] },
  },
  {
    id: 'nl-bsn',
    type: 'pii',
    label: 'national-id',
    description: 'Dutch citizen service number (BSN, eleven test) after BSN / burgerservicenummer / sofinummer',
    keywords: ['bsn', 'burgerservicenummer', 'sofi', 'citizen service'],
    detector: (text) => findContextNumbers(text, BSN_AFTER),
    literalGroups: CONTEXT_WORDS,
    examples: {
      match: [
        'BSN: 738291043',
        '{"burgerservicenummer": "5193.72.608"}',
        'klant_bsn=264 738 196',
      ],
      noMatch: [
        'BSN: 738291044',
        'bsn 000000000',
        'order 738291043 shipped',
        'BSN: 7382910431',
      ],
    },
  },
  nationalId('no-fodselsnummer', 'Norwegian fødselsnummer or D-number (two mod-11 check digits) after fødselsnummer, fnr or personnummer', ['fødselsnummer', 'fodselsnummer', 'foedselsnummer', 'fnr', 'd-nummer', 'personnummer'], NO_FNR_AFTER, {
    match: ['Fødselsnummer: 10070264485', 'fnr=20021990265'], noMatch: ['Fødselsnummer: 10070264486', 'invoice 10070264485'],
  }),
  nationalId('fi-henkilotunnus', 'Finnish personal identity code (henkilötunnus: date, century sign, mod-31 check character) after hetu or henkilötunnus', ['henkilötunnus', 'henkilotunnus', 'hetu', 'personbeteckning', 'personal identity code'], FI_HETU_AFTER, {
    match: ['Henkilötunnus: 140358-811K', 'hetu 040657-2207'], noMatch: ['hetu 040657-2208', 'build 140358-811K'],
  }),
  nationalId('dk-cpr', 'Danish CPR number (DDMMYY-SSSS) after CPR', ['cpr', 'personnummer'], DK_CPR_AFTER, {
    match: ['CPR-nr.: 210709-1672', 'cpr 2706363647'], noMatch: ['CPR: 451309-1672', 'ticket 210709-1672'],
  }),
  nationalId('be-national-number', 'Belgian national register number (mod-97 check) after rijksregisternummer, numéro national, INSZ or NISS', ['rijksregister', 'numéro national', 'numero national', 'registre national', 'national number', 'insz', 'niss'], BE_NRN_AFTER, {
    match: ['Rijksregisternummer: 71.08.19-605.13', 'NISS 07031549004'], noMatch: ['Rijksregisternummer: 71.08.19-605.14', 'release 71.08.19-605.13'],
  }),
  nationalId('ie-ppsn', 'Irish PPS number (seven digits, a mod-23 check letter) after PPSN or PPS number', ['ppsn', 'pps number', 'pps no', 'personal public service'], IE_PPSN_AFTER, {
    match: ['PPSN: 6125019U', 'PPS number 5167492MA'], noMatch: ['PPSN: 6125019V', 'part 6125019U'],
  }),
  nationalId('pt-nif', 'Portuguese tax number (NIF, mod-11 check digit) after NIF or contribuinte', ['nif', 'contribuinte', 'identificação fiscal', 'identificacao fiscal'], PT_NIF_AFTER, {
    match: ['NIF: 283382317', 'nº de contribuinte 294 083 251'], noMatch: ['NIF: 283382318', 'pedido 283382317'],
  }),
  nationalId('za-id-number', 'South African identity number (date of birth, Luhn) after ID number or RSA ID', ['south african id', 'sa id', 'rsa id', 'id number', 'identity number', 'id no'], ZA_ID_AFTER, {
    match: ['SA ID: 6811283398570', 'ID number 8503128909582'], noMatch: ['ID number 8503128909583', 'ID number 8513328909582'],
  }),
  nationalId('il-teudat-zehut', 'Israeli identity number (teudat zehut, Luhn) after teudat zehut or ת.ז', ['teudat zehut', 'mispar zehut', 'תעודת זהות', 'ת.ז', 'ת"ז', 'israeli id'], IL_ID_AFTER, {
    match: ['teudat zehut: 301663456', 'ת.ז 088620810'], noMatch: ['teudat zehut: 301663457', 'order 301663456'],
  }),
  nationalId('kr-rrn', 'South Korean resident registration number (YYMMDD-SNNNNNN) after 주민등록번호 or RRN', ['주민등록번호', '주민번호', 'resident registration', 'rrn'], KR_RRN_AFTER, {
    match: ['주민등록번호: 800112-1068729', 'RRN 040416-3133641'], noMatch: ['RRN: 801312-1068729', 'trace 800112-1068729'],
  }),
  nationalId('uk-nhs-number', 'UK NHS number or Scottish CHI number (ten digits, mod-11 check digit) after NHS or CHI number', ['nhs', 'chi number', 'chi no', 'community health index'], UK_HEALTH_AFTER, {
    match: ['NHS No: 943 476 5919', '{"patient": {"nhsNumber": "4010232137"}}', 'CHI number: 1204891230', 'nhs_number = "401-023-2137"'],
    noMatch: ['NHS No: 943 476 5918', 'see nhs.uk 9434765919', 'order 943 476 5919', 'NHS No: 000 000 0000'],
  }),
  nationalId('au-tfn', 'Australian tax file number (weighted mod-11 check) after TFN or tax file number', ['tfn', 'tax file number'], AU_TFN_AFTER, {
    match: ['TFN: 629 870 689', 'tax file number 175164456'], noMatch: ['TFN: 629 870 680', 'job 629870689'],
  }),
  {
    id: 'ipv4-public',
    type: 'pii',
    label: 'ip',
    description: 'public IPv4 addresses (not private, loopback, link-local, CGNAT, documentation, multicast, resolvers, versions (also `AssemblyVersion("…")`, `<FileVersion>`), OIDs)',
    keywords: [],
    // a server's address, not a person's: a DNS answer, a resolver, the host curl or wget connects to by name
    detector: findPublicIpv4,
    validator: 'public-ipv4',
    needsDigit: true,
    examples: {
      match: [
        '81.12.140.57 - - [15/Jan/2025:10:30:00 +0000] "GET /api/me HTTP/1.1" 200 612',
        '{"remote_addr": "52.14.201.88", "user_agent": "curl/8.5.0"}',
        'X-Forwarded-For: 185.34.12.9, 10.0.0.2',
        'ssh: connect to host 91.198.174.192 port 22: Connection timed out',
        'Server 81.12.140.57 refused the connection',
        'Accepted publickey for deploy from 73.158.64.21 port 51234 ssh2',
        '$ ssh -i ~/.ssh/ops.pem ubuntu@52.14.201.88 uptime',
        '"peers:\\n73.158.64.21\\n10.0.0.2"',
        'Received: from [86.14.201.77] (helo=laptop) by mx.acme.io',
      ],
      noMatch: [
        'Connecting to 192.168.1.10, 10.0.0.5, 172.20.0.3 and 127.0.0.1',
        'resolvers 8.8.8.8 1.1.1.1 9.9.9.9; metadata 169.254.169.254; cgnat 100.64.0.1',
        'docs use 203.0.113.7 and 198.51.100.23; multicast 224.0.0.251; mask 255.255.255.0',
        'upgrade to v1.22.33.44 or version 12.40.31.88; pkg@12.40.31.88',
        'Phone firmware: 14.0.0.112(C431E4R2P1); kernel 5.15.133.1; driver 31.0.101.4502; BIOS 1.22.41.7',
        'pip install mypkg==3.12.2.150; "dep": "^12.40.31.88"; Microsoft.NET.Sdk 8.0.101.24 → 8.0.200.13; tag: 2.4.10.123',
        'Bump grpc-tools from 1.62.1.4 to 1.62.2.0\n## [4.18.2.1] (2024-01-15)\nInstalled 12.40.31.88 LTS',
        'OID 1.3.6.1.4.1.311.21.7 and build 12.40.31.88.5',
        'Mozilla/5.0 Chrome/120.0.0.0 Safari/537.36; Chrome/121.13.44.21',
        'range 1.2.3.4 is a version; listening on 0.0.0.0:8080',
        'see RFC 9111 §5.2.2.10 and section 19.6.1.2; OID 1.3.101.112',
        '[assembly: AssemblyFileVersion("52.1.3.100")] <ProductVersion>81.2.0.14</ProductVersion> app_version=91.4.2.7',
        // the same, as a tool's JSON output escapes the quotes
        '{"content":"[assembly: AssemblyVersion(\\"61.4.7.203\\")]"}',
        'Received: from mail-sor-f41.google.com (mail-sor-f41.google.com. [209.85.220.41])',
        // a cluster's API server, as kubectl config view and set-cluster write it
        'clusters:\n- cluster:\n    certificate-authority-data: DATA+OMITTED\n    server: https://34.118.40.12\n  name: gke_shop_europe-north1_main',
        '{"cluster": {"server": "https://52.31.7.140:443"}}',
        '$ kubectl config set-cluster edge --server=https://35.240.12.7 --embed-certs',
      ],
    },
  },
  {
    id: 'ipv6-public',
    type: 'pii',
    label: 'ip',
    description: 'public IPv6 addresses (global unicast; not documentation, link-local, unique-local, multicast, resolvers)',
    keywords: [],
    pattern: /(?<!(?<!\\)[\w:.])2[0-9A-Fa-f]{3}(?::[0-9A-Fa-f]{0,4}){2,7}(?![\w:]|\.\d)/,
    validator: 'public-ipv6',
    examples: {
      match: [
        'Accepted publickey for deploy from 2a02:8071:b81:3c00:9d1e:4f2a:61b7:c3e0 port 50522 ssh2',
        '{"client_ip": "2600:1700:5a4:e9f0::2b"}',
        'curl: (7) Failed to connect to [2a03:2880:f12f:83:face:b00c:0:25de]:443',
      ],
      noMatch: [
        'std::vector<std::string>::iterator it; Foo::bar::baz()',
        'MAC 2c:54:91:88:c9:e3, uptime 12:30:45, ratio 2024:12:31',
        'fe80::1ff:fe23:4567:890a%eth0 fd12:3456:789a::1 ::1 ff02::fb',
        'resolver 2001:4860:4860::8888 and 2606:4700:4700::1111; docs 2001:db8:85a3::8a2e:370:7334',
        'sha 2f3a9c1d7b4e8f6a0c2d4e6f8a1b3c5d7e9f0a1b; slice a[2048::4]',
        'time 23:59:59.123, 2001::1 and 2a03:2880:',
      ],
    },
  },
  {
    id: 'birth-date',
    type: 'pii',
    label: 'birth-date',
    description: 'a birth date under its name in a field or a label (dob, date_of_birth, birthday, Geburtsdatum, fecha de nacimiento, date de naissance, 生年月日, дата рождения …)',
    keywords: ['dob', 'd.o.b', 'birth', 'geburt', 'geb.', 'nacimiento', 'naissance', 'nascita', 'nascimento', 'urodzenia', 'geboorte', 'födelse', 'fødsel', 'syntymä', 'narození', 'doğum', '生年月日', '出生日期', '생년월일', 'рождения'],
    detector: findBirthDates,
    examples: {
      match: [
        '{"full_name": "Nadia Rahman", "date_of_birth": "1988-07-23"}',
        'params: {"profile"=>{"dob"=>"23/07/1988"}}',
        'Geburtsdatum: 23.07.1988',
        'DOB: 4 March 1991',
        'patient.birthDate = "1975-11-02"',
        '生年月日：1988年7月23日',
        'Date of birth is 12/31/1979',
      ],
      noMatch: [
        'birthday reminder job ran at 2025-03-12 10:00',
        'the dob field is optional since 2024-01-01',
        'adobe-2024-05-01.log',
        'birth_date: null',
        'dob: "{{ user.dob }}"',
      ],
    },
  },
  REJECTED_VALUE_RULE,
];
