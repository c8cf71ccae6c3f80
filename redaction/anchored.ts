/**
 * Matches of a sticky (`y`) pattern tried only at given places (where a rule's keywords start),
 * as a search from left to right would find them: a place inside the previous match is skipped.
 */
export function* matchesAt(pattern: RegExp, text: string, places: readonly number[]): Iterable<RegExpExecArray> {
  let after = 0;
  for (const at of places) {
    if (at < after) continue;
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match || match[0].length === 0) continue;
    after = at + match[0].length;
    yield match;
  }
}
