/**
 * The bounded line searches (redaction/line-bounds.ts) give what an unbounded search gives when
 * the break is within reach, and -1 when it is not (so a rule never walks a long line's length).
 */
import { describe, expect, it } from 'vitest';
import { indexUpTo, lastIndexFrom, lineBreakAfter, lineBreakBefore, lineEndWithin, lineStartWithin } from '../redaction/line-bounds.js';

function randomText(seed: number, length: number): string {
  let x = seed;
  let text = '';
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    text += (x >>> 24) % 9 === 0 ? '\n' : 'ab '[(x >>> 8) % 3];
  }
  return text;
}

describe('line bounds', () => {
  it('agree with lastIndexOf/indexOf within the limit, and say -1 past it', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const text = randomText(seed, 200);
      for (const limit of [1, 3, 8, 50, 500]) {
        for (let pos = 0; pos <= text.length; pos++) {
          const start = pos === 0 ? 0 : text.lastIndexOf('\n', pos - 1) + 1;
          // a break counts when it is among the `limit` characters before pos; the text's start when pos is within `limit` of it
          const startInReach = start > 0 ? pos - start < limit : pos <= limit;
          expect(lineStartWithin(text, pos, limit)).toBe(startInReach ? start : -1);
          const found = text.indexOf('\n', pos);
          const endInReach = found >= 0 ? found - pos < limit : text.length - pos <= limit;
          expect(lineEndWithin(text, pos, limit)).toBe(endInReach ? (found >= 0 ? found : text.length) : -1);
        }
      }
    }
  });

  it('find the break before and after a position as lastIndexOf/indexOf do, on short texts and on long ones (listed once)', () => {
    for (let seed = 1; seed <= 6; seed++) {
      // long enough to be listed; a long line in the middle and a text with no break at all
      const texts = [randomText(seed, 9000), `${randomText(seed, 300)}${'x'.repeat(8000)}${randomText(seed + 50, 300)}`, 'y'.repeat(5000), randomText(seed, 60)];
      for (const text of texts) {
        for (let pos = -2; pos <= text.length + 2; pos += pos > 400 && pos < text.length - 400 ? 7 : 1) {
          expect(lineBreakAfter(text, pos)).toBe(text.indexOf('\n', pos));
          expect(lineBreakBefore(text, pos)).toBe(text.lastIndexOf('\n', pos));
        }
      }
    }
  });

  it('search within a reach as lastIndexOf/indexOf do, and say -1 when the find is beyond it', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const text = randomText(seed, 160);
      for (const search of ['a', 'ab', '\n', 'b a']) {
        for (let pos = -3; pos <= text.length + 3; pos++) {
          for (const reach of [0, 1, 2, 5, 40, 400]) {
            const before = text.lastIndexOf(search, pos);
            expect(lastIndexFrom(text, search, pos, pos - reach)).toBe(before >= pos - reach ? before : -1);
            const after = text.indexOf(search, pos);
            expect(indexUpTo(text, search, pos, pos + reach)).toBe(after !== -1 && after <= pos + reach ? after : -1);
          }
        }
      }
    }
  });
});
