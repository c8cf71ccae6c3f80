/**
 * Which rules' patterns can only match where one of their keywords starts, read from the
 * pattern's source when the rules are compiled. Such a pattern is tried at those places only (a
 * sticky match at each, see anchored.ts) instead of searching the whole string: most vendor
 * tokens begin with their own prefix (`ghp_`, `glpat-`, `xoxb-`), which is also their keyword.
 */

const QUANTIFIER = /[?*+{]/;
const LITERAL_CHAR = /[A-Za-z0-9_-]/;
/** Escaped characters that stand for themselves in a literal prefix. */
const ESCAPED_LITERAL = /[./_-]/;

/**
 * True when every match of `pattern` starts with a literal that one of the (ASCII) `keywords`
 * begins (`starts`: its literalStarts, when they are known already).
 */
export function startsAtKeyword(pattern: RegExp, keywords: readonly string[], starts = literalStarts(pattern)): boolean {
  if (!starts) return false;
  const asciiKeywords = keywords.filter((keyword) => /^[\x00-\x7f]+$/.test(keyword)).map((keyword) => keyword.toLowerCase());
  return starts.every((start) => asciiKeywords.some((keyword) => start.toLowerCase().startsWith(keyword)));
}

/**
 * The literals every match of `pattern` starts with, read from its source, or null when this
 * reading does not understand it. Each alternative (at the top, or of a group the pattern opens
 * with) is read after its look-behinds and `\b` (they take no characters): literal characters,
 * classes of a few literal characters (`gh[us]_`) and groups read the same way, up to the first
 * anything else; a part with a quantifier after it is not sure and ends the literal. Every
 * alternative must give a literal (no empty one, none that starts with anything else).
 */
export function literalStarts(pattern: RegExp): string[] | null {
  const { source, flags } = pattern;
  // `v` changes how classes are written; with `iu`, Unicode case folding matches `ſ` for `s`
  if (flags.includes('v') || (flags.includes('i') && flags.includes('u'))) return null;
  const read = alternativesAt(source, 0, source.length, true);
  return read ? read.starts : null;
}

/** The most strings the starts are expanded to (`gh[us]_` is two). */
const MAX_PREFIXES = 32;

interface Read {
  starts: string[];
  /** every alternative was literal to its end (so what follows the group continues the literal) */
  whole: boolean;
}

/**
 * The starts of the alternatives between `from` and `to` (split at the `|` of that level), read
 * one by one. `nonEmpty`: an alternative with an empty start (it may start anywhere) ends the reading.
 */
function alternativesAt(source: string, from: number, to: number, nonEmpty = false): Read | null {
  const starts: string[] = [];
  let whole = true;
  for (let begin = from; ;) {
    const read = sequenceAt(source, begin, to);
    if (!read || (nonEmpty && read.starts.includes(''))) return null;
    starts.push(...read.starts);
    whole &&= read.whole;
    if (starts.length > MAX_PREFIXES) return null;
    // the rest of an alternative read only in part is skipped to its end
    const end = read.whole ? read.stop : alternativeEnd(source, read.stop, to);
    if (end >= to) break;
    begin = end + 1;
  }
  return { starts: [...new Set(starts)], whole };
}

/**
 * One alternative: zero-width look-behinds and `\b` first, then literal parts up to anything else,
 * with where the reading stopped (at the alternative's end, a `|` or `to`, when it is read whole).
 */
function sequenceAt(source: string, from: number, to: number): (Read & { stop: number }) | null {
  let at = from;
  for (;;) {
    if (source.startsWith('\\b', at)) at += 2;
    else if (source.startsWith('(?<!', at) || source.startsWith('(?<=', at)) at = groupEnd(source, at) + 1;
    else break;
    if (at <= 0) return null;
  }
  let starts = [''];
  while (at < to && source[at] !== '|') {
    const part = partAt(source, at, to);
    if (!part || QUANTIFIER.test(source[part.end] ?? '')) return { starts, whole: false, stop: at };
    if (starts.length * part.starts.length > MAX_PREFIXES) return null;
    if (part.starts.length === 1) {
      // the common case, one literal character: no new arrays
      for (let i = 0; i < starts.length; i++) starts[i] += part.starts[0]!;
    } else {
      starts = starts.flatMap((start) => part.starts.map((next) => start + next));
    }
    if (!part.whole) return { starts, whole: false, stop: at };
    at = part.end;
  }
  return { starts, whole: true, stop: at };
}

/** A literal character, a class of literal characters or a group (read as alternatives) at `at`, and where it ends. */
function partAt(source: string, at: number, to: number): (Read & { end: number }) | null {
  const literal = literalPart(source, at);
  if (literal) return { starts: literal.choices, whole: true, end: literal.end };
  if (source[at] !== '(') return null;
  const end = groupEnd(source, at);
  if (end < 0 || end >= to) return null;
  let inner: number;
  if (source.startsWith('(?:', at)) inner = at + 3;
  else if (/^\(\?<[A-Za-z]/.test(source.slice(at, at + 4))) inner = source.indexOf('>', at) + 1;
  else if (source[at + 1] !== '?') inner = at + 1;
  else return null; // a look-ahead or look-behind inside the literal: not read
  const read = alternativesAt(source, inner, end);
  return read ? { ...read, end: end + 1 } : null;
}

/** Where the alternative that begins at `from` ends: at the next `|` outside groups and classes, or at `to`. */
function alternativeEnd(source: string, from: number, to: number): number {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const char = source[i];
    if (char === '\\') i += 1;
    else if (char === '[') i = classEnd(source, i);
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === '|' && depth === 0) return i;
  }
  return to;
}

/** One literal character or a class of literal characters at `at`, and where it ends. */
function literalPart(source: string, at: number): { choices: string[]; end: number } | null {
  if (LITERAL_CHAR.test(source[at]!)) return { choices: [source[at]!], end: at + 1 };
  if (source[at] === '\\' && ESCAPED_LITERAL.test(source[at + 1] ?? '')) return { choices: [source[at + 1]!], end: at + 2 };
  if (source[at] === '[') {
    const end = classEnd(source, at);
    const members = literalRun(source.slice(at + 1, end));
    // a `-` between two members is a range, not a member
    if (end >= source.length || !members || members.length === 0 || /.-./.test(source.slice(at + 1, end))) return null;
    return { choices: [...new Set(members)], end: end + 1 };
  }
  return null;
}

/** The characters of `text` if it is literal characters only (escaped ones read as themselves), else null. */
function literalRun(text: string): string | null {
  let literal = '';
  for (let i = 0; i < text.length; i++) {
    if (LITERAL_CHAR.test(text[i]!)) literal += text[i];
    else if (text[i] === '\\' && ESCAPED_LITERAL.test(text[i + 1] ?? '')) literal += text[++i];
    else return null;
  }
  return literal;
}

/** The index of the `)` that closes the group opened at `open`, or -1. */
function groupEnd(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i += 1;
    else if (char === '[') i = classEnd(source, i);
    else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return i;
  }
  return -1;
}

/** The index of the `]` that closes the class opened at `open` (the end of the source if none). */
function classEnd(source: string, open: number): number {
  for (let i = open + 1; i < source.length; i++) {
    if (source[i] === '\\') i += 1;
    else if (source[i] === ']') return i;
  }
  return source.length;
}

/** How far into a match its keyword may start for the pattern to be tried around the keyword (see keywordReach). */
const MAX_REACH = 64;

/** How far into every match of a pattern one of its keywords starts: between `min` and `max` characters. */
export interface KeywordReach {
  readonly min: number;
  readonly max: number;
}

/**
 * For a pattern whose matches do not start with a keyword but reach one within a few characters
 * (`[A-Za-z][A-Za-z0-9+.-]{1,20}:\/\/`: a scheme, then `://`): how far in the keyword starts,
 * read from the source, or null when this reading does not understand it or the reach is long.
 * Each alternative at the top is read after its look-behinds and `\b`: characters and classes of
 * a bounded count (`x`, `[a-z]{1,20}`, `\w?`), then a literal that one of the (ASCII) `keywords` begins.
 */
export function keywordReach(pattern: RegExp, keywords: readonly string[]): KeywordReach | null {
  const { source, flags } = pattern;
  // with `u` a class or `.` may take two code units (a character outside the BMP)
  if (flags.includes('v') || flags.includes('u')) return null;
  const asciiKeywords = keywords.filter((keyword) => /^[\x00-\x7f]+$/.test(keyword)).map((keyword) => keyword.toLowerCase());
  if (asciiKeywords.length === 0) return null;
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (let begin = 0; ;) {
    const end = alternativeEnd(source, begin, source.length);
    const reach = alternativeReach(source.slice(begin, end), asciiKeywords);
    if (!reach) return null;
    min = Math.min(min, reach.min);
    max = Math.max(max, reach.max);
    if (end >= source.length) break;
    begin = end + 1;
  }
  return { min, max };
}

function alternativeReach(source: string, keywords: readonly string[]): KeywordReach | null {
  let at = 0;
  for (;;) {
    if (source.startsWith('\\b', at)) at += 2;
    else if (source.startsWith('(?<!', at) || source.startsWith('(?<=', at)) at = groupEnd(source, at) + 1;
    else break;
    if (at <= 0) return null;
  }
  let min = 0;
  let max = 0;
  while (at < source.length && max <= MAX_REACH) {
    const literal = plainLiteralAt(source, at).toLowerCase();
    if (keywords.some((keyword) => literal.startsWith(keyword))) return { min, max };
    const width = boundedAtom(source, at);
    if (!width) return null;
    min += width.min;
    max += width.max;
    at = width.end;
  }
  return null;
}

/** Characters that stand for themselves from `at` on (escaped punctuation too), up to one a quantifier makes unsure. */
function plainLiteralAt(source: string, at: number): string {
  let literal = '';
  for (let i = at; i < source.length;) {
    let char: string;
    let next: number;
    if (source[i] === '\\' && /[^A-Za-z0-9]/.test(source[i + 1] ?? 'a')) {
      char = source[i + 1]!;
      next = i + 2;
    } else if (!/[\\^$.|?*+()[\]{}]/.test(source[i]!)) {
      char = source[i]!;
      next = i + 1;
    } else break;
    if (QUANTIFIER.test(source[next] ?? '')) break;
    literal += char;
    i = next;
  }
  return literal;
}

/** One character, class or escape that takes one character, with its quantifier: how many characters it takes and where it ends. */
function boundedAtom(source: string, at: number): { min: number; max: number; end: number } | null {
  let end: number;
  const char = source[at]!;
  if (char === '[') end = classEnd(source, at) + 1;
  else if (char === '\\') {
    const escaped = source[at + 1] ?? '';
    if (/[dDwWsStnrfv]|[^A-Za-z0-9]/.test(escaped)) end = at + 2;
    else if (escaped === 'x' && /^[0-9A-Fa-f]{2}$/.test(source.slice(at + 2, at + 4))) end = at + 4;
    else if (escaped === 'u' && /^[0-9A-Fa-f]{4}$/.test(source.slice(at + 2, at + 6))) end = at + 6;
    else return null;
  } else if (/[()|^$?*+{}]/.test(char)) return null;
  else end = at + 1;
  if (end > source.length) return null;
  const quantifier = /^(?:\?|\{(\d+)(?:,(\d+))?\})\??/.exec(source.slice(end));
  if (!quantifier) return /[*+]/.test(source[end] ?? '') || source[end] === '{' ? null : { min: 1, max: 1, end };
  // `{m,}` does not match the quantifier read here: unbounded, as `*` and `+`
  const min = quantifier[1] === undefined ? 0 : Number(quantifier[1]);
  const max = quantifier[1] === undefined ? 1 : Number(quantifier[2] ?? quantifier[1]);
  return { min, max, end: end + quantifier[0].length };
}
