/**
 * Name/value pairs as HAR files and browser exports write headers, cookies, query strings and
 * form fields: `{"name": "Cookie", "value": "sid=…"}`, often pretty-printed over several lines.
 * A rule that knows `Cookie: sid=…` or `password=…` does not see the name and the value together;
 * here each pair becomes a line `name: value`, with a way back to where the name and the value
 * are written.
 */
import type { DecodedText } from './carriers.js';

const PAIR = /"name"\s*:\s*"((?:[^"\\\n]|\\.){1,200})"\s*,\s*"value"\s*:\s*"((?:[^"\\\n]|\\.){1,8192})"/g;

/** decoded[decodedStart, …) was written at original[start, …), character for character. */
interface Piece {
  readonly decodedStart: number;
  readonly start: number;
  readonly length: number;
}

export function harPairs(text: string): DecodedText | null {
  if (!text.includes('"value"') || !text.includes('"name"')) return null;
  const parts: string[] = [];
  const pieces: Piece[] = [];
  let length = 0;
  PAIR.lastIndex = 0;
  for (let match = PAIR.exec(text); match; match = PAIR.exec(text)) {
    const [whole, name, value] = match as unknown as [string, string, string];
    const valueStart = match.index + whole.length - value.length - 1;
    const nameStart = match.index + whole.indexOf('"', whole.indexOf(':')) + 1;
    pieces.push({ decodedStart: length, start: nameStart, length: name.length });
    pieces.push({ decodedStart: length + name.length + 2, start: valueStart, length: value.length });
    parts.push(`${name}: ${value}\n`);
    length += name.length + value.length + 3;
  }
  if (pieces.length === 0) return null;
  /** the piece that holds decoded offset `at`, or the last one before it (a separator) */
  const pieceAt = (at: number): Piece => {
    let found = pieces[0]!;
    for (const piece of pieces) {
      if (piece.decodedStart > at) break;
      found = piece;
    }
    return found;
  };
  const original = (at: number): number => {
    const piece = pieceAt(at);
    return piece.start + Math.min(at - piece.decodedStart, piece.length);
  };
  const decoded = parts.join('');
  return {
    decoded,
    // the pairs are rewritten as lines: the decoded text is scanned whole
    changed: [{ start: 0, end: decoded.length }],
    toOriginal: (start, end) => (end > start ? { start: original(start), end: original(end - 1) + 1 } : null),
  };
}
