import { lineBreakAfter, lineBreakBefore } from './line-bounds.js';
/**
 * Matches of a sticky (`y`) pattern tried only at given places (where a rule's keywords start),
 * as a search from left to right would find them: a place inside the previous match is skipped.
 */
export function matchesAt(pattern: RegExp, text: string, places: readonly number[]): RegExpExecArray[] {
  // an array, not a generator: this runs for every place of every rule tried at its keywords
  const matches: RegExpExecArray[] = [];
  let after = 0;
  for (const at of places) {
    if (at < after) continue;
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match || match[0].length === 0) continue;
    after = at + match[0].length;
    matches.push(match);
  }
  return matches;
}

/**
 * Matches of a sticky (`y`) pattern whose every match reaches one of the given places (ascending)
 * between `reach.min` and `reach.max` characters in: tried at each position that far before one,
 * from left to right, as a search of the whole text would find them.
 */
export function matchesReaching(pattern: RegExp, text: string, places: readonly number[], reach: { min: number; max: number }): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  /** the first position not tried yet, and not inside a match */
  let next = 0;
  for (const place of places) {
    const last = place - reach.min;
    let at = Math.max(next, place - reach.max, 0);
    while (at <= last) {
      pattern.lastIndex = at;
      const match = pattern.exec(text);
      if (match && match[0].length > 0) {
        matches.push(match);
        at += match[0].length;
      } else at += 1;
    }
    next = Math.max(next, at);
  }
  return matches;
}

/**
 * Matches of a global (`g`) pattern searched only near given places: from the start of each
 * place's line (at most `before` characters back) to the end of the line `linesAfter` lines on
 * (at most `after` characters on). Windows that overlap are searched as one. For rules whose
 * match does not start at their keyword (`kubectl … | base64 -d`, "`NAME` … to `value`") but
 * stays on its lines: a search of those lines costs far less than a search of the whole text.
 */
export function matchesNear(pattern: RegExp, text: string, places: readonly number[], reach: { before: number; after: number; linesAfter?: number }): Array<{ match: RegExpExecArray; offset: number }> {
  // an array, not a generator, and the reach read once: each worker isolate optimises this once
  const found: Array<{ match: RegExpExecArray; offset: number }> = [];
  const before = reach.before;
  const after = reach.after;
  const linesAfter = reach.linesAfter ?? 0;
  let index = 0;
  while (index < places.length) {
    const from = lineStart(text, places[index]!, before);
    let to = lineEnd(text, places[index]!, after, linesAfter);
    index += 1;
    while (index < places.length && places[index]! <= to) {
      to = Math.max(to, lineEnd(text, places[index]!, after, linesAfter));
      index += 1;
    }
    const window = from === 0 && to === text.length ? text : text.slice(from, to);
    pattern.lastIndex = 0;
    for (let match = pattern.exec(window); match; match = pattern.exec(window)) {
      if (match[0].length === 0) pattern.lastIndex += 1;
      else found.push({ match, offset: from });
    }
  }
  return found;
}

/** Where the line that holds `at` starts (after a real or a JSON-escaped line break), at most `limit` back. */
function lineStart(text: string, at: number, limit: number): number {
  const floor = Math.max(0, at - limit);
  for (let i = at - 1; i >= floor; i--) {
    if (text.charCodeAt(i) === 10 || (text.charCodeAt(i) === 110 && i > 0 && text.charCodeAt(i - 1) === 92)) return i + 1;
  }
  return floor;
}

/** Where the line `lines` lines after the one holding `at` ends, at most `limit` on. */
function lineEnd(text: string, at: number, limit: number, lines: number): number {
  const ceiling = Math.min(text.length, at + limit);
  let left = lines;
  for (let i = at; i < ceiling; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 92 && i + 1 < text.length && text.charCodeAt(i + 1) === 110)) {
      // counted down before the test: the subtraction runs for every line break, so the rules that read one line give it type feedback too
      left -= 1;
      if (left < 0) return i;
    }
  }
  return ceiling;
}

/**
 * Matches of a global (`g`) pattern none of whose matches holds a line break (`\n`), on the lines
 * that hold one of the given places (ascending): every match on those lines, not only those
 * holding a place. The lines are searched, each
 * with its line break (a look-ahead after the match reads it), as a search of the whole text
 * would find them, and with the offset of the searched lines in `text`. Each line is found once
 * (linear on a long line with many places). Without places, the whole text is searched.
 */
export function matchesOnLines(pattern: RegExp, text: string, places: readonly number[] | undefined): Array<{ match: RegExpExecArray; offset: number }> {
  const found: Array<{ match: RegExpExecArray; offset: number }> = [];
  let done = 0;
  for (const at of places ?? [0]) {
    if (at < done) continue;
    const start = places && at > 0 ? lineBreakBefore(text, at - 1) + 1 : 0;
    const newline = places ? lineBreakAfter(text, at) : -1;
    done = newline === -1 ? text.length : newline + 1;
    const lines = start === 0 && done === text.length ? text : text.slice(start, done);
    pattern.lastIndex = 0;
    for (let match = pattern.exec(lines); match; match = pattern.exec(lines)) {
      if (match[0].length === 0) pattern.lastIndex += 1;
      else found.push({ match, offset: start });
    }
  }
  return found;
}
