/**
 * Where the line around a position starts and ends, looking at most `limit` characters away.
 * `lastIndexOf`/`indexOf` would walk to the text's edge: on one long line (a pasted blob, minified
 * code), doing that at every keyword makes a rule quadratic in the line's length.
 */

/** The start of the line that holds `pos`, or -1 when no line break is within `limit` characters before it. */
export function lineStartWithin(text: string, pos: number, limit: number): number {
  const from = Math.max(0, pos - limit);
  for (let i = pos - 1; i >= from; i--) if (text.charCodeAt(i) === 10) return i + 1;
  return from === 0 ? 0 : -1;
}

/** The line break at or after `pos` (or the text's end), or -1 when neither is within `limit` characters. */
export function lineEndWithin(text: string, pos: number, limit: number): number {
  const to = Math.min(text.length, pos + limit);
  for (let i = pos; i < to; i++) if (text.charCodeAt(i) === 10) return i;
  return to === text.length ? text.length : -1;
}

/** A line of a text: `end` before its line break (and before a `\r` ending it). */
export interface TextLine {
  start: number;
  end: number;
}

/**
 * Each line holding one of a rule's keyword places, once, when its breaks lie within `limit`
 * characters of the place (a rule reading a line at its keyword, bounded on one very long line).
 */
export function* keywordLines(text: string, keywordStarts: readonly number[] | undefined, limit: number): Iterable<TextLine> {
  let lastLine = -1;
  for (const at of keywordStarts ?? []) {
    const start = lineStartWithin(text, at, limit);
    if (start === -1 || start === lastLine) continue;
    lastLine = start;
    const end = lineEndWithin(text, at, limit);
    if (end !== -1) yield { start, end };
  }
}

/** Whether the line around `at` is no longer than `limit`: its breaks are looked for that far only (natively, on a slice). */
export function lineWithin(text: string, at: number, limit: number): boolean {
  const from = Math.max(0, at - limit);
  if (from > 0 && text.slice(from, at).lastIndexOf('\n') === -1) return false;
  const to = Math.min(text.length, at + limit);
  return to === text.length || text.slice(at, to).indexOf('\n') !== -1;
}

/** The line that holds `at` (check lineWithin first where a line may be very long). */
export function lineAround(text: string, at: number): TextLine {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const newline = text.indexOf('\n', at);
  const end = newline === -1 ? text.length : newline;
  return { start, end: end > start && text[end - 1] === '\r' ? end - 1 : end };
}

export function nextLine(text: string, line: TextLine): TextLine | undefined {
  const newline = text.indexOf('\n', line.end);
  return newline === -1 ? undefined : lineAround(text, newline + 1);
}

export function previousLine(text: string, line: TextLine): TextLine | undefined {
  return line.start === 0 ? undefined : lineAround(text, line.start - 1);
}

/**
 * Texts at least this long have their line breaks listed once and looked up by halving: below it,
 * a native search is bounded by the text's length and costs less than the list.
 */
const INDEXED_LENGTH = 4096;

/** The line breaks of the texts asked about last (two: a rule may alternate between a text and a layer of it). */
const breakLists: Array<{ text: string; breaks: number[] }> = [];

function breaksOf(text: string): number[] {
  for (const entry of breakLists) if (entry.text === text) return entry.breaks;
  const breaks: number[] = [];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) breaks.push(at);
  breakLists.unshift({ text, breaks });
  if (breakLists.length > 2) breakLists.pop();
  return breaks;
}

/** The index of the first of `breaks` at or after `pos` (breaks.length when none is). */
function firstBreakFrom(breaks: readonly number[], pos: number): number {
  let low = 0;
  let high = breaks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (breaks[middle]! < pos) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * `text.indexOf('\n', pos)`, without walking a long line's length: for a rule that asks at every
 * keyword where its line ends, on a text of one long line.
 */
export function lineBreakAfter(text: string, pos: number): number {
  if (text.length < INDEXED_LENGTH) return text.indexOf('\n', pos);
  const breaks = breaksOf(text);
  const index = firstBreakFrom(breaks, Math.max(0, pos));
  return index < breaks.length ? breaks[index]! : -1;
}

/** `text.lastIndexOf('\n', pos)` (the last break at or before `pos`), without walking a long line's length. */
export function lineBreakBefore(text: string, pos: number): number {
  if (text.length < INDEXED_LENGTH) return text.lastIndexOf('\n', pos);
  const breaks = breaksOf(text);
  // lastIndexOf reads a negative position as 0
  const index = firstBreakFrom(breaks, Math.max(0, pos) + 1) - 1;
  return index >= 0 ? breaks[index]! : -1;
}

/**
 * `text.lastIndexOf(search, pos)` when that is at `from` or after, else -1: for a rule that takes
 * an opening bracket only within a reach of its keyword, reading no further back than the reach.
 */
export function lastIndexFrom(text: string, search: string, pos: number, from: number): number {
  const last = Math.min(Math.max(0, pos), text.length);
  const first = Math.max(0, from);
  if (last < first) return -1;
  const found = text.slice(first, last + search.length).lastIndexOf(search);
  return found === -1 ? -1 : first + found;
}

/** `text.indexOf(search, pos)` when that is at `to` or before, else -1: reading no further on than the reach. */
export function indexUpTo(text: string, search: string, pos: number, to: number): number {
  const first = Math.min(Math.max(0, pos), text.length);
  if (to < first) return -1;
  const found = text.slice(first, to + search.length).indexOf(search);
  return found === -1 ? -1 : first + found;
}
