/** The wallet-mnemonic rule's gate (redaction/rules/structural.ts): a walk that refuses texts its search cannot match in. */
import { describe, expect, it } from 'vitest';
import { MNEMONIC, mayHoldMnemonic } from '../redaction/rules/structural.js';

const NAMES = ['seed phrase: ', 'mnemonic=', '24-word backup ', 'recovery words are ', 'MNEMONIC="'];
/** words of 3 to 8 letters, then others */
const WORDS = ['cab', 'Lamp', 'orbit', 'velvet', 'harvest', 'TIMBERS', 'overlong'];
const OTHERS = ['ox', 'overlongs', 'x9', 'é', 'ſeed', 'Kelvin'];
const SEPARATORS = ['  ', '\t', '\n', ',', '.', '-', '1', '"', "'", ' \t'];

describe('the wallet mnemonic gate', () => {
  it('holds wherever the mnemonic search matches, and refuses texts it cannot match in', () => {
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return Math.floor((seed / 0x80000000) * n);
    };
    let matched = 0;
    let refused = 0;
    for (let i = 0; i < 20000; i++) {
      const parts: string[] = [];
      const length = 5 + next(40);
      for (let k = 0; k < length; k++) {
        if (next(20) === 0) parts.push(NAMES[next(NAMES.length)]!);
        else parts.push(next(40) === 0 ? OTHERS[next(OTHERS.length)]! : WORDS[next(WORDS.length)]!, next(40) === 0 ? SEPARATORS[next(SEPARATORS.length)]! : ' ');
      }
      const text = parts.join('');
      MNEMONIC.lastIndex = 0;
      const matches = MNEMONIC.test(text);
      if (matches) {
        matched += 1;
        expect(mayHoldMnemonic(text), JSON.stringify(text)).toBe(true);
      } else if (!mayHoldMnemonic(text)) refused += 1;
    }
    expect(matched).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
  });

  it('refuses prose with short words and accepts a phrase after its name', () => {
    expect(mayHoldMnemonic('write the 12 words down on paper and keep them offline, never in a file or a chat')).toBe(false);
    expect(mayHoldMnemonic('seed: lobster gravity inmate sugar orbit velvet cabin tribe harvest mango evoke plunge')).toBe(true);
    expect(mayHoldMnemonic('lobster gravity inmate sugar orbit velvet cabin tribe harvest mango evoke  plunge')).toBe(false);
  });
});
