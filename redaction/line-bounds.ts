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
