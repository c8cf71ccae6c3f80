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
