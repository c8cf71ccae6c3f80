/**
 * Where the words start that make a line worth reading as a table's header (assignment.ts,
 * tableColumns): a header worth splitting holds a sensitive word, and most lines with commas
 * are not headers. The words, in any case of their letters: `pass`, `secret`, `token`, `key`,
 * `pwd`, `cred`, `auth`, `pin`.
 *
 * All but `pin` are keywords of the assignment rules, so the scanner has found every place they
 * start already: for a stretch of a text the assignment rules were given those places for, they
 * are picked out of them, and only `pin` is searched for (a search for all eight cost as much as
 * the rest of the table reading).
 */
export const KEYWORD_HEADER_WORDS: readonly string[] = ['pass', 'secret', 'token', 'key', 'pwd', 'cred', 'auth'];

/** Written in both cases (`[Pp][Aa][Ss][Ss]`): V8 searches that faster than with the `i` flag. */
const ANY_HEADER_WORD = new RegExp([...KEYWORD_HEADER_WORDS, 'pin'].map(inEitherCase).join('|'), 'g');
const PIN = new RegExp(inEitherCase('pin'), 'g');

function inEitherCase(word: string): string {
  return [...word].map((letter) => `[${letter.toUpperCase()}${letter}]`).join('');
}

function matchStarts(pattern: RegExp, text: string): number[] {
  const starts: number[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) starts.push(match.index);
  return starts;
}

/** Where a header word starts in `text`, in order (searched). */
export function headerWordStarts(text: string): number[] {
  return matchStarts(ANY_HEADER_WORD, text);
}

/**
 * Where a header word starts in `text.slice(from, end)`, in its offsets and in order, given
 * `keywordStarts`: every place (in order) where a keyword of the assignment rules starts in `text`;
 * `pinStarts`, where `pin` starts in the stretch (its offsets), when they are known already.
 */
export function headerWordStartsWithin(text: string, keywordStarts: readonly number[], from: number, end: number, pinStarts?: readonly number[]): number[] {
  const fromKeywords: number[] = [];
  for (let k = firstAtOrAfter(keywordStarts, from); k < keywordStarts.length && keywordStarts[k]! < end; k++) {
    const at = keywordStarts[k]!;
    const length = keywordHeaderWordAt(text, at);
    if (length > 0 && at + length <= end) fromKeywords.push(at - from);
  }
  const pins = pinStarts ?? matchStarts(PIN, from === 0 && end === text.length ? text : text.slice(from, end));
  return pins.length === 0 ? fromKeywords : mergeSorted(fromKeywords, pins);
}

/** The index of the first of `sorted` at or after `at` (its length when none is). */
function firstAtOrAfter(sorted: readonly number[], at: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The length of the keyword header word at `at`, or 0. */
function keywordHeaderWordAt(text: string, at: number): number {
  for (const word of KEYWORD_HEADER_WORDS) if (startsInEitherCase(text, at, word)) return word.length;
  return 0;
}

/** `word` (lower-case letters) at `at`, in any case. */
function startsInEitherCase(text: string, at: number, word: string): boolean {
  if (at + word.length > text.length) return false;
  for (let i = 0; i < word.length; i++) if ((text.charCodeAt(at + i) | 0x20) !== word.charCodeAt(i)) return false;
  return true;
}

function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) merged.push(j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!);
  return merged;
}
