/**
 * Carriers that wrap text in escapes without hiding it from a reader: ANSI colour codes of a CI
 * log, HTML character references, JSON escapes (a string escaped once or more inside a tool
 * result), quoted-printable mail. Each decoder returns the plain text with a map back to the
 * characters that wrote it, so that a secret found in the plain text is replaced where it sits,
 * escapes inside it included.
 */
import type { Span } from './types.js';
import { lineBreakBefore } from './line-bounds.js';

/** Plain text decoded from a stretch of escapes, with the way back (see EncodedLayer). */
export interface DecodedText {
  readonly decoded: string;
  toOriginal(start: number, end: number): Span | null;
  /** the stretches of `decoded` that differ from the original (in order; empty where an escape decoded to nothing) */
  readonly changed: readonly Span[];
}

/**
 * `text` with every match of `pattern` replaced by `replace(match)` (null: kept as written); null
 * when nothing was replaced. Only the replaced stretches are noted: the text between them maps
 * back by its offset, so a long text costs no more than one copy.
 */
function decodeEscapes(text: string, pattern: RegExp, replace: (match: RegExpExecArray) => string | null): Mapped | null {
  const parts: string[] = [];
  const stretches: Stretch[] = [];
  let copied = 0;
  let length = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const plain = replace(match);
    if (plain === null) continue;
    parts.push(text.slice(copied, match.index), plain);
    length += match.index - copied;
    const end = match.index + match[0].length;
    stretches.push({ decodedStart: length, decodedEnd: length + plain.length, start: match.index, end });
    length += plain.length;
    copied = end;
  }
  if (stretches.length === 0) return null;
  parts.push(text.slice(copied));
  const decoded = parts.join('');
  /** the last stretch that starts at or before decoded offset `at`, or undefined */
  const stretchAt = (at: number): Stretch | undefined => lastAtOrBefore(stretches, at, (s) => s.decodedStart);
  /** where the decoded character at `at` starts and ends in the original */
  const from = (at: number): number => {
    const stretch = stretchAt(at);
    if (!stretch) return at;
    return at < stretch.decodedEnd ? stretch.start : stretch.end + at - stretch.decodedEnd;
  };
  const to = (at: number): number => {
    const stretch = stretchAt(at);
    return stretch && at < stretch.decodedEnd ? stretch.end : from(at) + 1;
  };
  /** where the original character at `at` went in the decoded text */
  const into = (at: number): number => {
    const stretch = lastAtOrBefore(stretches, at, (s) => s.start);
    if (!stretch) return at;
    return at < stretch.end ? stretch.decodedStart : stretch.decodedEnd + at - stretch.end;
  };
  const changed = stretches.map((stretch) => ({ start: stretch.decodedStart, end: stretch.decodedEnd }));
  return { decoded, from, to, into, changed };
}

/** The last of `sorted` whose key is at or before `at`, or undefined. */
function lastAtOrBefore<T>(sorted: readonly T[], at: number, key: (item: T) => number): T | undefined {
  let low = 0;
  let high = sorted.length - 1;
  let found: T | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (key(sorted[middle]!) <= at) {
      found = sorted[middle];
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** A replaced stretch: decoded[decodedStart, decodedEnd) was written as original[start, end). */
interface Stretch {
  readonly decodedStart: number;
  readonly decodedEnd: number;
  readonly start: number;
  readonly end: number;
}

interface Mapped {
  readonly decoded: string;
  /** original start and end of the decoded character at an offset */
  from(at: number): number;
  to(at: number): number;
  /** the decoded offset of the original character at an offset */
  into(at: number): number;
  readonly changed: readonly Span[];
}

/** The second decoding of a text already decoded once, mapped to the first one's original. */
function compose(outer: Mapped, inner: Mapped): Mapped {
  const carried = outer.changed.map((span) => ({ start: inner.into(span.start), end: inner.into(span.end) }));
  return {
    decoded: inner.decoded,
    from: (at) => outer.from(inner.from(at)),
    to: (at) => outer.to(inner.to(at) - 1),
    into: (at) => inner.into(outer.into(at)),
    changed: [...carried, ...inner.changed].sort((a, b) => a.start - b.start),
  };
}

function withWayBack(mapped: Mapped): DecodedText {
  return {
    decoded: mapped.decoded,
    toOriginal: (start, end) => (end > start ? { start: mapped.from(start), end: mapped.to(end - 1) } : null),
    changed: mapped.changed,
  };
}

// ---------------------------------------------------------------------------------------------
// ANSI escape sequences (colour, cursor), raw or written as `\u001b[` / `\x1b[` / `\033[`
// ---------------------------------------------------------------------------------------------

const ESC = String.raw`(?:\x1b|\\u001[bB]|\\x1[bB]|\\033|\\e)`;
const ANSI = new RegExp(String.raw`${ESC}(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\|${ESC}\\)|[()][A-Za-z0-9]|[=>])`, 'g');
const WRITTEN_ESC = /\\(?:u001[bB]|x1[bB]|033|e)\[/;

export function withoutAnsi(text: string): DecodedText | null {
  if (!text.includes('\x1b') && !(text.includes('\\') && WRITTEN_ESC.test(text))) return null;
  const mapped = decodeEscapes(text, ANSI, () => '');
  return mapped && withWayBack(mapped);
}

// ---------------------------------------------------------------------------------------------
// HTML character references: `&#64;`, `&#x40;`, `&commat;`
// ---------------------------------------------------------------------------------------------

const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', commat: '@', period: '.', colon: ':',
  semi: ';', sol: '/', bsol: '\\', equals: '=', plus: '+', lowbar: '_', hyphen: '-', dash: '-',
  num: '#', dollar: '$', percnt: '%', excl: '!', quest: '?', ast: '*', lpar: '(', rpar: ')',
  comma: ',', lsqb: '[', rsqb: ']', lcub: '{', rcub: '}', grave: '`', Hat: '^', verbar: '|',
  vert: '|', tilde: '~', midast: '*', NewLine: '\n', Tab: '\t',
};

const HTML_REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z]{2,8}));/g;

function referenced(match: RegExpExecArray): string | null {
  if (match[3] !== undefined) return NAMED_REFERENCES[match[3]] ?? null;
  const code = match[1] !== undefined ? Number(match[1]) : parseInt(match[2]!, 16);
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : null;
}

export function withoutHtmlReferences(text: string): DecodedText | null {
  if (!text.includes('&')) return null;
  const mapped = decodeEscapes(text, HTML_REFERENCE, referenced);
  return mapped && withWayBack(mapped);
}

// ---------------------------------------------------------------------------------------------
// JSON string escapes, undone as many times as a string was escaped (up to MAX_JSON_LEVELS)
// ---------------------------------------------------------------------------------------------

/**
 * A character written as the `\u00XX` escapes of its UTF-8 bytes (Kea, and other programs that
 * escape bytes, not characters: `\u00c3\u00b0` for `ð`). JSON reads them as Latin-1 letters
 * (`Ã°`), which no rule sees as a name; two to four such escapes that make one valid UTF-8
 * character are decoded as it. A real text almost never holds such a run of Latin-1 letters.
 */
const UTF8_BYTES = String.raw`\\u00[cdCD][0-9a-fA-F]\\u00[89abAB][0-9a-fA-F]|\\u00[eE][0-9a-fA-F](?:\\u00[89abAB][0-9a-fA-F]){2}|\\u00[fF][0-4](?:\\u00[89abAB][0-9a-fA-F]){3}`;
const JSON_ESCAPE = new RegExp(String.raw`(${UTF8_BYTES})|\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))`, 'g');
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const MAX_JSON_LEVELS = 4;
/**
 * JSON inside a string: an escaped key (`\"name\":`, `\\\"name\\\":`, Ruby's `\"name\"=>` or `:name=>\"` in a
 * Rails log, the binds `[[\"name\", ` of Rails' SQL log) or a `\u00XX` escape. Code that merely
 * escapes a quote (`"say \"hi\""`) is not decoded: a second scan of a long tool output costs as
 * much as the first. A URL whose slashes are escaped (`"https:\/\/…"`, PHP's json_encode) is
 * decoded too: vendors' URL formats are written with plain slashes.
 */
const NESTED_JSON = /\\+"[\w.@-]{1,64}\\+"\s*(?::|=>)|=>\\+"|\[\[\\+"\w{1,64}\\+", |\\+u00[0-9a-fA-F]{2}|[a-z]:\\\/\\\//;

function unescaped(match: RegExpExecArray): string {
  if (match[1] !== undefined) return utf8OfEscapedBytes(match[1]);
  return match[2] !== undefined ? String.fromCharCode(parseInt(match[2], 16)) : SIMPLE_ESCAPES[match[3]!]!;
}

/** `\u00c3\u00b0` → `ð`; the Latin-1 letters as JSON reads them when the bytes are no character (an overlong form). */
function utf8OfEscapedBytes(escapes: string): string {
  const bytes = escapes.split('\\u00').slice(1).map((hex) => parseInt(hex, 16));
  const character = Buffer.from(bytes).toString('utf8');
  return character.includes('\uFFFD') ? String.fromCharCode(...bytes) : character;
}

export function withoutJsonEscapes(text: string): DecodedText | null {
  if (!text.includes('\\') || !NESTED_JSON.test(text)) return null;
  let mapped = decodeEscapes(text, JSON_ESCAPE, unescaped);
  for (let level = 1; mapped && level < MAX_JSON_LEVELS && NESTED_JSON.test(mapped.decoded); level++) {
    const inner = decodeEscapes(mapped.decoded, JSON_ESCAPE, unescaped);
    if (!inner) break;
    mapped = compose(mapped, inner);
  }
  return mapped && withWayBack(mapped);
}

// ---------------------------------------------------------------------------------------------
// Quoted-printable (RFC 2045): `=3D` for `=`, `=` at a line's end for a soft line break
// ---------------------------------------------------------------------------------------------

// a soft break is never written after a literal `=` (that is `=3D`): `Og==` at a line's end is base64's padding
const QP_ESCAPE = /=(?:([0-9A-F]{2})|(?<!==)\r?\n)/g;
/**
 * Evidence of quoted-printable, so that `KEY=` at a line's end in an env file is not taken for a
 * soft break: the header, an encoded `=`, or a soft break ending a long line.
 */
function showsQuotedPrintable(text: string): boolean {
  if (text.includes('=3D') || /quoted-printable/i.test(text)) return true;
  for (let at = text.indexOf('=\n'); at >= 0; at = text.indexOf('=\n', at + 2)) {
    const lineStart = lineBreakBefore(text, at - 1) + 1;
    if (at - lineStart >= MIN_SOFT_BROKEN_LINE && text[at - 1] !== '=' && !endsInBase64Padding(text, lineStart, at)) return true;
  }
  return false;
}

const MIN_SOFT_BROKEN_LINE = 40;

/**
 * `token: c2VjcmV0LXZhbHVl==` at a line's end: the `=` at `at` pads a base64 value, it breaks no line.
 * A short one counts when it stands alone after a blank (`Authorization: Basic YWI=`) and is no
 * lower-case word (a soft break after ` and=` is quoted-printable's).
 */
function endsInBase64Padding(text: string, lineStart: number, at: number): boolean {
  let start = at;
  while (start > lineStart && at - start < 2 && text[start - 1] === '=') start -= 1;
  while (start > lineStart && /[A-Za-z0-9+/_-]/.test(text[start - 1]!)) start -= 1;
  const length = at + 1 - start;
  if (length % 4 !== 0) return false;
  if (length >= 8) return true;
  return length === 4 && start > lineStart && (text[start - 1] === ' ' || text[start - 1] === '\t') && !/^[a-z]{3}=$/.test(text.slice(start, at + 1));
}

function qpDecoded(match: RegExpExecArray): string | null {
  if (match[1] === undefined) return '';
  const code = parseInt(match[1], 16);
  return code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : code === 0x09 ? '\t' : null;
}

export function withoutQuotedPrintable(text: string): DecodedText | null {
  if (!text.includes('=') || !showsQuotedPrintable(text)) return null;
  const mapped = decodeEscapes(text, QP_ESCAPE, qpDecoded);
  return mapped && withWayBack(mapped);
}
