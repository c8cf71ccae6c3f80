/**
 * Text inside text: a secret can sit URL-encoded in a query string (`password%3Dp%40ss`) or in
 * base64 (`cat .env | base64`), where no rule sees it as it is written. Each finder here returns
 * the encoded stretches of a string with their decoded text and a way back: a span of the
 * decoded text → the span of the original that holds it (so that replacing that span leaves no
 * piece of the secret behind).
 */
import { type DecodedText, withoutAnsi, withoutHtmlReferences, withoutJsonEscapes, withoutQuotedPrintable } from './carriers.js';
import { withoutCurlTrace } from './curl-trace.js';
import { harPairs } from './har-pairs.js';
import { withoutHexDump } from './hexdump.js';
import type { RunWatch } from './keyword-index.js';
import type { Span } from './types.js';

export interface EncodedLayer {
  readonly encoding: 'url' | 'base64' | CarrierEncoding;
  readonly decoded: string;
  /** The stretch of the original string that holds decoded[start, end), or null if none can. */
  toOriginal(start: number, end: number): Span | null;
  /**
   * A carrier decodes a whole text: the stretches of `decoded` that differ from it (see
   * layer-windows.ts). Absent when `decoded` is only the encoded stretch (URL, base64).
   */
  readonly changed?: readonly Span[];
}

/**
 * The encoded stretches of `text`. `base64RunStarts` are where its runs of at least
 * NOTED_BASE64_RUN base64 characters start (the keyword scan notes them on its way: see
 * base64Watch); those of MIN_BASE64 or more are decoded.
 * `carrierMarks`, when the keyword scan looked for CARRIER_MARKERS too: which of them occur
 * (bit i for CARRIER_MARKERS[i]); a carrier none of whose markers occurs is not tried.
 */
export function encodedLayers(text: string, base64RunStarts: readonly number[], carrierMarks = ALL_MARKS): readonly EncodedLayer[] {
  // most texts hold none: no array is made for them (this runs for every string scanned)
  if ((carrierMarks & (URL_MARK | CARRIER_MARKS)) === 0 && base64RunStarts.length === 0) return NO_LAYERS;
  const layers: EncodedLayer[] = [];
  if ((carrierMarks & URL_MARK) !== 0 && text.includes(URL_MARKER)) layers.push(...urlEncodedRuns(text));
  if (base64RunStarts.length > 0) layers.push(...base64Blobs(text, base64RunStarts));
  for (const [encoding, decode, marks] of CARRIERS) {
    if ((marks & carrierMarks) === 0) continue;
    const plain = decode(text);
    if (plain) layers.push({ encoding, ...plain });
  }
  return layers;
}

const NO_LAYERS: readonly EncodedLayer[] = Object.freeze([]);

type CarrierEncoding = 'ansi' | 'html' | 'json' | 'quoted-printable' | 'hexdump' | 'har' | 'curl-trace';

/**
 * Literals (lower case, found case-insensitively) one of which occurs in every text a carrier
 * decodes: what each decoder looks for first. The keyword scan notes them on its way, for no
 * more than a report per occurrence, where each decoder's own first test would be one more pass
 * over every text.
 */
const MARKERS_OF: Record<CarrierEncoding, readonly string[]> = {
  // an escape character, raw or written (`\u001b[`, `\x1b[`, `\033[`, `\e[`)
  ansi: ['\x1b', '\\u001b[', '\\x1b[', '\\033[', '\\e['],
  // a character reference starts with one
  html: ['&'],
  // JSON inside a string: an escaped quote or a `\u00XX` escape (NESTED_JSON), or a URL's escaped slashes
  json: ['\\"', '\\u00', ':\\/\\/'],
  // an encoded `=`, the header, or a soft line break
  'quoted-printable': ['=3d', 'quoted-printable', '=\n'],
  // the offset of a dump's first row (hexdump.ts looks for it first)
  hexdump: ['000'],
  har: ['"value"'],
  // the first row of a curl trace, or a GIT_TRACE_CURL data row
  'curl-trace': ['0000: ', ' data: '],
};

/** A URL-encoded text holds a `%` (urlEncodedRuns). */
const URL_MARKER = '%';

/** The markers the keyword scan looks for, for encodedLayers' `carrierMarks`. */
export const CARRIER_MARKERS: readonly string[] = [...new Set([...Object.values(MARKERS_OF).flat(), URL_MARKER])];
const ALL_MARKS = -1;
const URL_MARK = 1 << CARRIER_MARKERS.indexOf(URL_MARKER);

function marksOf(encoding: CarrierEncoding): number {
  return MARKERS_OF[encoding].reduce((marks, marker) => marks | (1 << CARRIER_MARKERS.indexOf(marker)), 0);
}

/** Escapes a reader sees through (see carriers.ts), each decoded whole when the text holds one. */
const CARRIERS: ReadonlyArray<readonly [CarrierEncoding, (text: string) => DecodedText | null, number]> = ([
  ['ansi', withoutAnsi],
  ['html', withoutHtmlReferences],
  ['json', withoutJsonEscapes],
  ['quoted-printable', withoutQuotedPrintable],
  ['hexdump', withoutHexDump],
  ['har', harPairs],
  ['curl-trace', withoutCurlTrace],
] as const).map(([encoding, decode]) => [encoding, decode, marksOf(encoding)] as const);
/** The markers of all carriers. */
const CARRIER_MARKS = CARRIERS.reduce((all, [, , marks]) => all | marks, 0);

/** The characters of base64 runs, standard and URL-safe (for the keyword index). */
export const BASE64_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_';

/**
 * The keyword scan notes where runs of at least this many base64 characters start: shorter than
 * MIN_BASE64, so that a rule whose matches hold a run this long (Rule.needsBase64Run) can skip a
 * text without one; runs too short to decode are passed over here.
 */
export const NOTED_BASE64_RUN = 24;

/** A fresh watch for the keyword scan: where runs of base64 characters start (NOTED_BASE64_RUN long or longer). */
export function base64Watch(): RunWatch {
  return { length: NOTED_BASE64_RUN, starts: [], nonAscii: false, digit: false };
}

// ---------------------------------------------------------------------------------------------
// URL encoding
// ---------------------------------------------------------------------------------------------

/**
 * A stretch of characters that can be part of a URL (none of `[\s"'<>\`\\]`) with at least one
 * `%XX` of printable ASCII is decoded whole. The stretches are found from their `%XX`, outwards:
 * a search for the stretch itself would try each of its characters as a start, and read to its
 * end from each (the work grows with the square of a long token in a text that holds a `%`).
 */
const PRINTABLE_PERCENT = /%[2-7][0-9A-Fa-f]/g;

const URL_DELIMITER = new Uint8Array(128);
for (const char of '\t\n\v\f\r "\'<>`\\') URL_DELIMITER[char.charCodeAt(0)] = 1;

function isUrlDelimiter(code: number): boolean {
  return code < 128 ? URL_DELIMITER[code] === 1 : /\s/.test(String.fromCharCode(code));
}

function urlEncodedRuns(text: string): EncodedLayer[] {
  const layers: EncodedLayer[] = [];
  PRINTABLE_PERCENT.lastIndex = 0;
  for (let match = PRINTABLE_PERCENT.exec(text); match; match = PRINTABLE_PERCENT.exec(text)) {
    let start = match.index;
    while (start > 0 && !isUrlDelimiter(text.charCodeAt(start - 1))) start -= 1;
    let end = match.index + match[0].length;
    while (end < text.length && !isUrlDelimiter(text.charCodeAt(end))) end += 1;
    const layer = decodePercent(text.slice(start, end), start);
    if (layer) layers.push(layer);
    PRINTABLE_PERCENT.lastIndex = end;
  }
  return layers;
}

/** Decodes `%XX` of printable ASCII (other bytes stay as written); offsets map back to `base`. */
function decodePercent(run: string, base: number): EncodedLayer | null {
  const chars: string[] = [];
  // original offset of each decoded character, and one past the end of the last
  const starts: number[] = [];
  let changed = false;
  // a form body or query string (`name=Ada+Lovelace&phone=%2B44+20+7946+0000`) writes a space as `+`
  const form = run.includes('=');
  for (let i = 0; i < run.length; i++) {
    starts.push(base + i);
    if (form && run[i] === '+') {
      chars.push(' ');
      changed = true;
      continue;
    }
    if (run[i] === '%' && i + 2 < run.length && /^[0-9A-Fa-f]{2}$/.test(run.slice(i + 1, i + 3))) {
      const code = parseInt(run.slice(i + 1, i + 3), 16);
      if (code >= 0x20 && code < 0x7f) {
        chars.push(String.fromCharCode(code));
        i += 2;
        changed = true;
        continue;
      }
    }
    chars.push(run[i]!);
  }
  if (!changed) return null;
  starts.push(base + run.length);
  return {
    encoding: 'url',
    decoded: chars.join(''),
    toOriginal: (start, end) => (end > start ? { start: starts[start]!, end: starts[end]! } : null),
  };
}

// ---------------------------------------------------------------------------------------------
// base64
// ---------------------------------------------------------------------------------------------

/** Shortest base64 worth a look: 24 bytes of text. */
const MIN_BASE64 = 32;
/** Longer blobs are images or archives, not a file of settings. */
const MAX_BASE64 = 1 << 20;
/** A wrapped blob's lines are at least this long (`base64` wraps at 76, PEM at 64). */
const MIN_WRAP = 40;

const B64_CHAR = new Uint8Array(128);
for (const c of BASE64_CHARS) B64_CHAR[c.charCodeAt(0)] = 1;

function isB64(code: number): boolean {
  return code < 128 && B64_CHAR[code] === 1;
}

/** Where a run of base64 characters that starts at `from` ends. */
function runEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && isB64(text.charCodeAt(end))) end += 1;
  return end;
}

/** Where the line after a line ending at `end` starts (after `\n` or `\r\n`), or -1 (by code: no index off the text's end). */
function nextLineAt(text: string, end: number): number {
  const code = end < text.length ? text.charCodeAt(end) : -1;
  if (code === 10) return end + 1;
  return code === 13 && end + 1 < text.length && text.charCodeAt(end + 1) === 10 ? end + 2 : -1;
}

/**
 * Blobs of base64 (one line, or lines of one width as `base64` writes them) that decode to text:
 * a base64 image or key decodes to bytes that are not text and is left alone at the cost of
 * decoding its first 48 bytes.
 */
function base64Blobs(text: string, runStarts: readonly number[]): EncodedLayer[] {
  const layers: EncodedLayer[] = [];
  let covered = 0;
  for (const start of runStarts) {
    if (start < covered) continue; // a later line of a wrapped blob already taken
    let end = runEnd(text, start);
    const width = end - start;
    if (width < MIN_BASE64) continue;
    const lines: Span[] = [{ start, end }];
    // wrapped: full lines of the same width, then a last line no longer than them
    if (width >= MIN_WRAP) {
      while (true) {
        const last = lines[lines.length - 1]!;
        if (last.end - last.start !== width) break;
        const next = nextLineAt(text, last.end);
        if (next < 0 || next >= text.length || !isB64(text.charCodeAt(next))) break;
        const nextEnd = runEnd(text, next);
        if (nextEnd - next > width) break;
        lines.push({ start: next, end: nextEnd });
      }
    }
    const lastLine = lines[lines.length - 1]!;
    end = lastLine.end;
    let padded = end;
    while (padded < text.length && padded - end < 2 && text[padded] === '=') padded += 1;
    lastLine.end = padded;
    covered = padded;
    let total = 0;
    for (const line of lines) total += line.end - line.start;
    if (total <= MAX_BASE64) {
      const layer = decodeBase64(text, lines);
      if (layer) layers.push(layer);
    }
  }
  return layers;
}

const PROBE_CHARS = 64;

/** Base64 digit values of ASCII characters (-1: not a digit); `-_` are the URL-safe 62 and 63. */
const B64_VALUE = new Int8Array(128).fill(-1);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split('').forEach((c, value) => { B64_VALUE[c.charCodeAt(0)] = value; });
B64_VALUE['-'.charCodeAt(0)] = 62;
B64_VALUE['_'.charCodeAt(0)] = 63;

/**
 * Each 4 characters of base64 hold 3 bytes, and the first character holds the top 6 bits of
 * the first byte: for ASCII text (bytes below 0x80) it is one of the first 32 digits (`A`-`f`).
 * A path, a hash or an identifier fails this within a few groups, without decoding anything.
 */
function mayBeAsciiText(text: string, start: number, end: number): boolean {
  const groups = Math.min(12, Math.floor((end - start) / 4));
  for (let group = 0; group < groups; group++) {
    const value = B64_VALUE[text.charCodeAt(start + group * 4)]!;
    if (value < 0 || value >= 32) return false;
  }
  return true;
}

function decodeBase64(text: string, lines: readonly Span[]): EncodedLayer | null {
  const first = lines[0]!;
  if (!mayBeAsciiText(text, first.start, first.end)) return null;
  const probe = text.slice(first.start, Math.min(first.end, first.start + PROBE_CHARS));
  const probeBytes = Buffer.from(probe.slice(0, probe.length - (probe.length % 4)), probe.includes('-') || probe.includes('_') ? 'base64url' : 'base64');
  if (!looksLikeText(probeBytes, false)) return null;
  const joined = lines.map((line) => text.slice(line.start, line.end)).join('');
  const urlSafe = joined.includes('-') || joined.includes('_');
  const bytes = Buffer.from(joined, urlSafe ? 'base64url' : 'base64');
  if (!looksLikeText(bytes, true)) return null;
  const decoded = bytes.toString('utf8');
  const ascii = decoded.length === bytes.length;
  // offset in `joined` → offset in `text`
  const toText = (offset: number): number => {
    for (const line of lines) {
      const length = line.end - line.start;
      if (offset <= length) return line.start + offset;
      offset -= length;
    }
    return lines[lines.length - 1]!.end;
  };
  return {
    encoding: 'base64',
    decoded,
    toOriginal: (start, end) => {
      if (end <= start) return null;
      const byteStart = ascii ? start : Buffer.byteLength(decoded.slice(0, start));
      const byteEnd = ascii ? end : Buffer.byteLength(decoded.slice(0, end));
      // every 4 characters hold 3 bytes: take the whole groups that hold any byte of the span
      const from = Math.floor(byteStart / 3) * 4;
      const to = Math.min(joined.length, Math.ceil(byteEnd / 3) * 4);
      return { start: toText(from), end: toText(to) };
    },
  };
}

/**
 * Printable text: at most 1 in 20 bytes a control character, none a NUL, and (when `utf8`, for
 * a whole blob rather than its first bytes, which may end inside a character) valid UTF-8.
 */
function looksLikeText(bytes: Buffer, utf8: boolean): boolean {
  if (bytes.length < 12) return false;
  let control = 0;
  for (const byte of bytes) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) control += 1;
    else if (byte === 0x7f) control += 1;
  }
  if (control * 20 > bytes.length) return false;
  // high bytes must be valid UTF-8: random binary almost never is
  return !utf8 || !bytes.some((byte) => byte >= 0x80) || Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
}
