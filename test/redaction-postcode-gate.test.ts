import { describe, expect, it } from 'vitest';
import { localityPattern, mayHoldLocality, POSTCODE_ADDRESS_RULE } from '../redaction/rules/postcode-address.js';

/** Texts with localities of every shape, and their near misses. */
const TEXTS = [
  ...POSTCODE_ADDRESS_RULE.examples.match,
  ...POSTCODE_ADDRESS_RULE.examples.noMatch,
  'shipped from 10115 Berlin today',
  'note:\\nLondon SW1A 1AA\\n',
  'addr=\\tParis 75001',
  'kod 00-950 Warszawa, tel',
  'Τ.Κ. 10563 Αθήνα',
  '546 23 Thessaloniki',
  'Dublin 6W, D6W Y2K8',
  'x-Berlin 10115 y',
  'é12345 Madrid',
  'SW1A 1AA',
  'build 4821 passed, 1234 AB Amsterdam',
];

describe('postcode-address: the window gate is a necessary condition of a locality', () => {
  it('every locality holds a capital or a character outside ASCII where the gate looks for one', () => {
    const pattern = localityPattern();
    let localities = 0;
    for (const text of TEXTS) {
      // every place a search could start from, so that matches inside others are seen too
      for (let from = 0; from < text.length; from++) {
        pattern.lastIndex = from;
        const match = pattern.exec(text);
        if (!match) break;
        localities += 1;
        // the window may start at the match (nothing before it is seen) or anywhere before it
        expect(mayHoldLocality(text, match.index, match.index, match.index + match[0].length), text).toBe(true);
        expect(mayHoldLocality(text, 0, match.index, match.index + match[0].length), text).toBe(true);
        from = match.index;
      }
    }
    expect(localities).toBeGreaterThan(50);
  });

  it('turns away a stretch of digits and lower-case words, and a capital inside a word', () => {
    expect(mayHoldLocality('at 12345 and 678 more', 0, 0, 21)).toBe(false);
    expect(mayHoldLocality('id a1B2c3 4567', 0, 0, 14)).toBe(false);
    expect(mayHoldLocality('id a1B2c3 4567', 4, 4, 14)).toBe(false);
    expect(mayHoldLocality('x 10115 Berlin', 0, 0, 14)).toBe(true);
    expect(mayHoldLocality('B 10115', 0, 0, 7)).toBe(true);
  });
});
