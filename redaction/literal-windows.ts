/**
 * Many literals found in a text at once, at a cost that does not grow with their number: each
 * literal is filed under a hash of its first WINDOW characters, and the text is read once with a
 * rolling hash of the same width; only where a hash is filed is a literal compared. (A regular
 * expression of alternatives costs one search per few dozen literals; this, one pass for all.)
 */

/** Every literal is at least this long (the placeholder book files none shorter). */
export const WINDOW = 8;
const BASE = 0x01000193;
/** BASE^(WINDOW-1) mod 2^32: what the character leaving the window weighs */
const LEAVING_WEIGHT = (() => {
  let weight = 1;
  for (let i = 1; i < WINDOW; i++) weight = Math.imul(weight, BASE);
  return weight;
})();
const FILTER_BITS = 16;
const FILTER_MASK = (1 << FILTER_BITS) - 1;

export interface LiteralMatch {
  readonly start: number;
  readonly end: number;
  readonly literal: string;
}

export class LiteralWindows {
  /** a quick no for most places: is any literal's hash filed under these low bits? */
  private readonly filter = new Uint8Array(1 << FILTER_BITS);
  /** literals by the hash of their first WINDOW characters, longest first */
  private readonly byHash = new Map<number, string[]>();
  private count = 0;

  /** Files a literal of at least WINDOW characters (a shorter one is refused). */
  add(literal: string): void {
    if (literal.length < WINDOW) throw new RangeError(`a literal shorter than ${WINDOW} characters cannot be filed`);
    const hash = hashAt(literal, 0);
    this.filter[hash & FILTER_MASK] = 1;
    const filed = this.byHash.get(hash);
    if (filed?.includes(literal)) return;
    if (!filed) this.byHash.set(hash, [literal]);
    else {
      filed.push(literal);
      filed.sort((a, b) => b.length - a.length);
    }
    this.count += 1;
  }

  get size(): number {
    return this.count;
  }

  /**
   * Where the literals stand in `text`: at each place the longest one starting there, when it
   * reaches past the end of the last one reported (an overlapping longer copy is reported, so none
   * is left in part; the caller merges overlaps).
   */
  find(text: string): LiteralMatch[] {
    const found: LiteralMatch[] = [];
    if (this.count === 0 || text.length < WINDOW) return found;
    let hash = hashAt(text, 0);
    let reported = 0;
    for (let at = 0; ; at++) {
      if (this.filter[hash & FILTER_MASK] === 1) {
        const filed = this.byHash.get(hash);
        if (filed) {
          for (const literal of filed) {
            if (at + literal.length > reported && text.startsWith(literal, at)) {
              found.push({ start: at, end: at + literal.length, literal });
              reported = at + literal.length;
              break;
            }
          }
        }
      }
      if (at + WINDOW >= text.length) break;
      hash = (Math.imul(hash - Math.imul(text.charCodeAt(at), LEAVING_WEIGHT), BASE) + text.charCodeAt(at + WINDOW)) | 0;
    }
    return found;
  }
}

function hashAt(text: string, at: number): number {
  let hash = 0;
  for (let i = at; i < at + WINDOW; i++) hash = (Math.imul(hash, BASE) + text.charCodeAt(i)) | 0;
  return hash;
}
