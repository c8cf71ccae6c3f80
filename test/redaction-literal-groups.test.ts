/**
 * LiteralGroups finds several groups' words in one pass: each group must get exactly what a search
 * with the alternation of its words (the longest first) finds, as the rules searched before.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../bench/redaction/prng.js';
import { LiteralGroups, type LiteralMatch } from '../redaction/literal-groups.js';
import { literalAlternation } from '../redaction/literals.js';

function alternationMatches(text: string, words: readonly string[]): LiteralMatch[] {
  const pattern = literalAlternation(words);
  return [...text.matchAll(pattern)].map((match) => ({ start: match.index, literal: match[0] }));
}

// words that overlap, contain one another, share prefixes and suffixes, and differ only in case or accents
const GROUPS = [
  ['tel', 'tél', 'telefon', 'telefonnummer', 'phone', 'cell', 'call', 'called', 'reach me', 'my number', '电话', 'телефон'],
  ['sin', 'social', 'nas', 's.i.n', 'assurance'],
  ['id no', 'id number', 'sa id', 'rsa id', 'south african id', 'identity number', 'nif', 'contribuinte'],
  ['ss', 'ssn', 'ssn#', 'social'],
];
const PIECES = ['tel', 'Tel', 'TÉL', 'tél', 'efon', 'nummer', 'phone', 'cel', 'l', 'call', 'ed', ' ', 'reach', ' me', 'my ', 'number', 'sin', 'soc', 'ial', 's.i.n', 'nas', 'as', 'surance', 'id', ' no', ' n', 'umber', 'sa', 'r', 'south african', 'ss', 'n#', '电', '话', 'теле', 'фон', 'ТЕЛЕФОН', 'x', '\n', '1'];

describe('LiteralGroups', () => {
  it('gives each group the matches of its own alternation, from one pass over every group', () => {
    const groups = new LiteralGroups();
    const ids = GROUPS.map((words) => groups.add(words));
    const rng = new Rng('literal-groups');
    let matched = 0;
    for (let n = 0; n < 400; n++) {
      const text = Array.from({ length: 1 + Math.floor(rng.next() * 30) }, () => PIECES[Math.floor(rng.next() * PIECES.length)]).join('');
      GROUPS.forEach((words, g) => {
        const expected = alternationMatches(text, words);
        expect(groups.matches(text, ids[g]!), `${JSON.stringify(text)} group ${g}`).toEqual(expected);
        matched += expected.length;
      });
    }
    expect(matched).toBeGreaterThan(1000);
  });

  it('answers a group added after a string was read', () => {
    const groups = new LiteralGroups();
    const first = groups.add(['phone']);
    expect(groups.matches('phone or fax', first)).toEqual([{ start: 0, literal: 'phone' }]);
    const second = groups.add(['fax', 'or']);
    expect(groups.matches('phone or fax', second)).toEqual([{ start: 6, literal: 'or' }, { start: 9, literal: 'fax' }]);
  });
});
