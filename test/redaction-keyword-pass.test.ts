/**
 * The keyword pass against plain reference searches on generated texts: every keyword occurrence
 * and every noted run of run characters, in the order of their ends; and the word groups a rule
 * set's pass finds for a detector (Rule.literalGroups), against the group's own search of the
 * lower-cased text.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../bench/redaction/prng.js';
import { KeywordIndex, type RunWatch } from '../redaction/keyword-index.js';
import { LiteralGroups } from '../redaction/literal-groups.js';
import { compileRules } from '../redaction/scanner.js';
import type { Rule } from '../redaction/types.js';

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng.next() * items.length)]!;

/** A text of pieces that hold the keywords, their neighbours, runs of run characters and blanks. */
function generatedText(rng: Rng, pieces: readonly string[]): string {
  return Array.from({ length: 1 + Math.floor(rng.next() * 40) }, () => pick(rng, pieces)).join('');
}

describe('the keyword pass', () => {
  const keywords = ['key', 'api key', 'token', 'ok', 'kt', 'tok', '"', 'x-api-key'];
  const runChars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const runLength = 6;
  const pieces = ['key', 'KEY', 'Api  Key', 'api\tkey', 'tOkEn', 'to', 'ken', 'x-api-key', '"', ' ', '\n', 'abcdefgh', 'Q9z', '-', 'kt', 'é', 'okok', 'Toke'];

  /** Every occurrence a case-insensitive search finds (a keyword's space taking a run of blanks), `id@start-end`, by end. */
  function referenceHits(text: string): string[] {
    const hits: Array<{ id: number; start: number; end: number }> = [];
    keywords.forEach((keyword, id) => {
      const sticky = new RegExp(keyword.split(' ').map((part) => part.replace(/[-]/g, '\\-')).join('[ \\t]+'), 'iy');
      for (let start = 0; start < text.length; start++) {
        sticky.lastIndex = start;
        if (sticky.test(text)) hits.push({ id, start, end: sticky.lastIndex - 1 });
      }
    });
    return hits.sort((a, b) => a.end - b.end || a.id - b.id).map(({ id, start, end }) => `${id}@${start}-${end}`);
  }

  /** Where each run of at least runLength run characters starts. */
  function referenceRuns(text: string): number[] {
    const starts: number[] = [];
    let run = 0;
    for (let i = 0; i < text.length; i++) {
      run = runChars.includes(text[i]!) ? run + 1 : 0;
      if (run === runLength) starts.push(i + 1 - runLength);
    }
    return starts;
  }

  it('reports every occurrence and every run a plain search finds, ends in order, on generated texts', () => {
    const index = new KeywordIndex(keywords, runChars);
    const rng = new Rng('keyword-pass');
    let hitsSeen = 0;
    let runsSeen = 0;
    for (let round = 0; round < 400; round++) {
      const text = generatedText(rng, pieces);
      const found: Array<{ id: number; start: number; end: number }> = [];
      const runs: RunWatch = { length: runLength, starts: [], nonAscii: false, digit: false };
      index.forEachFound(text, (id, end, start) => found.push({ id, start, end }), runs);
      const ends = found.map((hit) => hit.end);
      expect(ends, text).toEqual([...ends].sort((a, b) => a - b));
      const sorted = [...found].sort((a, b) => a.end - b.end || a.id - b.id).map(({ id, start, end }) => `${id}@${start}-${end}`);
      expect(sorted, JSON.stringify(text)).toEqual(referenceHits(text));
      expect(runs.starts, JSON.stringify(text)).toEqual(referenceRuns(text));
      expect(runs.nonAscii, JSON.stringify(text)).toBe(text.includes('é'));
      expect(runs.digit, JSON.stringify(text)).toBe(/\d/.test(text));
      hitsSeen += found.length;
      runsSeen += runs.starts.length;
    }
    expect(hitsSeen).toBeGreaterThan(1000);
    expect(runsSeen).toBeGreaterThan(100);
  });
});

describe("a detector's word groups found by the rule set's keyword pass (Rule.literalGroups)", () => {
  const words = ['tel', 'phone', 'reach me', 'tél', 'ssn', 'ss#', 'k', 'call'];
  const ascii = ['Tel', 'TEL:', 'tel', 'phone', 'PHONE', 'reach me', 'Reach  me', 'reach\tme', 'SSN', 'ss#', 'K', 'call', 'CALLS', ' ', '\n', '42', 'x'];
  // characters outside ASCII, rarer: a text with one is read by the group itself
  const pieces = [...ascii, ...ascii, ...ascii, ...ascii, ...ascii, 'tÉl', 'tél', '\u212a', 'İ', 'ρ'];

  it('gives the detector the matches the group finds in the lower-cased text, on generated texts', () => {
    const scanned = new LiteralGroups();
    const group = scanned.add(words);
    const alone = new LiteralGroups();
    const aloneGroup = alone.add(words);
    let fromScan = 0;
    let matched = 0;
    // the detector asks as contextHits does: the text itself when the scan found its words, else its lower-cased copy
    const detector = (text: string) => {
      const lower = text.toLowerCase().length === text.length ? text.toLowerCase() : text.replace(/[A-Z\u00C0-\u00DE]/g, (c) => c.toLowerCase());
      const viaScan = scanned.scanned(text);
      if (viaScan) fromScan += 1;
      const got = scanned.matches(viaScan ? text : lower, group);
      expect(got, JSON.stringify(text)).toEqual(alone.matches(lower, aloneGroup));
      matched += got.length;
      return [];
    };
    const rule: Rule = { id: 'grouped', type: 'pii', description: 'grouped', keywords: ['tel', 'ssn'], detector, literalGroups: scanned, examples: { match: [], noMatch: [] } };
    const rules = compileRules([rule]);
    const rng = new Rng('literal-groups');
    for (let round = 0; round < 400; round++) rules.scan(`tel ${generatedText(rng, pieces)}`);
    expect(fromScan).toBeGreaterThan(50);
    expect(fromScan).toBeLessThan(400);
    expect(matched).toBeGreaterThan(1000);
  });
});
