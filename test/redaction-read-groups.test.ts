/**
 * The record readers' blanking in one copy (redaction/rules/read-groups.ts) gives the text that
 * replacing each group in turn gave.
 */
import { describe, expect, it } from 'vitest';
import { blankedBody, type Replacement, underscored, withReplacements } from '../redaction/rules/read-groups.js';

function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x / 2 ** 32;
  };
}

describe('read groups', () => {
  it('replace the groups in one copy as one copy per group did', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const next = random(seed);
      const text = Array.from({ length: 300 }, () => 'ab{}( )x'[Math.floor(next() * 8)]).join('');
      const replacements: Replacement[] = [];
      for (let at = 1 + Math.floor(next() * 5); at < text.length - 12; at += 2 + Math.floor(next() * 20)) {
        const length = Math.floor(next() * 10);
        replacements.push(next() < 0.5 ? blankedBody(at + 1, length) : underscored(at, length + 1));
        at += length + 2;
      }
      let oneByOne = text;
      for (const { start, end, by } of replacements) oneByOne = `${oneByOne.slice(0, start)}${by}${oneByOne.slice(end)}`;
      expect(withReplacements(text, replacements)).toBe(oneByOne);
      expect(withReplacements(text, replacements).length).toBe(text.length);
    }
    expect(withReplacements('abc', [])).toBe('abc');
  });
});
