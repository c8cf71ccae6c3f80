/**
 * The blind v4 redaction holdout is sound and frozen. Structure only: no score is asserted here
 * and no case text is ever printed (see bench/redaction-holdout-v4/README.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusProblems } from '../bench/redaction-eval/corpus.js';
import { generateHoldoutV4Corpus, HOLDOUT_V4_VERSION, holdoutV4Digest } from '../bench/redaction-holdout-v4/corpus.js';
import { ECOSYSTEMS } from '../bench/redaction-holdout-v4/ecosystems.js';
import { base62, crc32, ibanCheckDigits, luhnCheckDigit, Rng } from '../bench/redaction-holdout-v4/rng.js';
import { VENDORS } from '../bench/redaction-holdout-v4/vendors.js';

const cases = generateHoldoutV4Corpus();
const frozen = readFileSync(new URL('../bench/redaction-holdout-v4/corpus.sha256', import.meta.url), 'utf8').trim();
const count = (kind: string) => cases.filter((c) => c.kind === kind && !c.docExample).length;

describe('redaction holdout v4 (blind)', () => {
  it('is generated the same way twice, under its version, to the frozen digest', () => {
    expect(HOLDOUT_V4_VERSION).toBe('atx-redaction-holdout-v4');
    expect(holdoutV4Digest(generateHoldoutV4Corpus())).toBe(holdoutV4Digest(cases));
    expect(holdoutV4Digest(cases) === frozen, 'corpus.sha256 is stale: regenerate it deliberately with score.js --write').toBe(true);
  });

  it('has every target inside its text, targets on positives only, and no repeated id', () => {
    const problems = corpusProblems(cases, { minTargetLength: 6, blind: true });
    expect(problems.length, problems.slice(0, 5).join('\n')).toBe(0);
  });

  it.each([
    ['secret', 250],
    ['pii', 80],
    ['negative', 300],
  ])('has at least the asked number of %s cases (%i), 600 to 900 in all', (kind, least) => {
    expect(count(kind)).toBeGreaterThanOrEqual(least);
    expect(cases.length).toBeGreaterThanOrEqual(600);
    expect(cases.length).toBeLessThanOrEqual(900);
  });

  it('fills every category to its size, and has at least 8 doc examples', () => {
    const counts = new Map<string, number>();
    for (const c of cases) counts.set(c.category, (counts.get(c.category) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n < 8).map(([cat]) => cat)).toEqual([]);
    expect(cases.filter((c) => c.docExample).length).toBeGreaterThanOrEqual(8);
    expect(cases.filter((c) => c.docExample && c.kind !== 'secret').length).toBe(0);
  });

  it('has one secret category per ecosystem, 60 vendor shapes or more, and references for every ecosystem', () => {
    const categories = new Set(cases.map((c) => c.category));
    expect(ECOSYSTEMS.map((e) => `in-${e.name}`).filter((name) => !categories.has(name))).toEqual([]);
    expect(VENDORS.length).toBeGreaterThanOrEqual(60);
    for (const e of ECOSYSTEMS) expect(e.references.length, e.name).toBeGreaterThanOrEqual(3);
  });

  it('has unique case texts', () => {
    expect(new Set(cases.map((c) => c.text)).size).toBe(cases.length);
  });
});

describe('holdout v4 generator', () => {
  it('repeats a seed and differs across seeds', () => {
    const draw = (seed: string) => {
      const r = new Rng(seed);
      return Array.from({ length: 8 }, () => r.between(0, 1_000_000));
    };
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
  });

  it('computes the published checksums', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(base62(61, 2)).toBe('0z');
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(ibanCheckDigits('GB', 'WEST12345698765432')).toBe('82');
  });
});
