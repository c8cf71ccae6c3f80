import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateHoldoutCorpus, holdoutDigest, holdoutProblems, HOLDOUT_VERSION } from '../bench/redaction-holdout/corpus.js';

// Structure only: this test never runs the redaction engine and asserts no score.
describe('redaction holdout corpus', () => {
  const cases = generateHoldoutCorpus();

  it('is versioned and matches the committed digest', () => {
    expect(HOLDOUT_VERSION).toBe('atx-redaction-holdout-v1');
    const frozen = readFileSync(join(import.meta.dirname, '..', 'bench', 'redaction-holdout', 'corpus.sha256'), 'utf8').trim().split(/\s+/)[0];
    expect(holdoutDigest(cases)).toBe(frozen);
  });

  it('is deterministic', () => {
    expect(holdoutDigest(generateHoldoutCorpus())).toBe(holdoutDigest(cases));
  });

  it('has between 800 and 1,300 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(800);
    expect(cases.length).toBeLessThanOrEqual(1300);
  });

  it('has unique ids', () => {
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it('has every positive target as a substring of its text', () => {
    for (const c of cases.filter((x) => x.kind !== 'negative')) {
      expect(c.targets.length, c.id).toBeGreaterThan(0);
      for (const t of c.targets) expect(c.text.includes(t), c.id).toBe(true);
    }
  });

  it('has no targets on negatives', () => {
    for (const c of cases.filter((x) => x.kind === 'negative')) expect(c.targets, c.id).toEqual([]);
  });

  it('reports no structural problems', () => {
    expect(holdoutProblems(cases)).toEqual([]);
  });

  it('has all three kinds, roughly 45 % negatives, and doc examples marked apart', () => {
    const neg = cases.filter((c) => c.kind === 'negative').length;
    expect(cases.some((c) => c.kind === 'secret' && !c.docExample)).toBe(true);
    expect(cases.some((c) => c.kind === 'pii')).toBe(true);
    expect(neg / cases.length).toBeGreaterThan(0.4);
    expect(neg / cases.length).toBeLessThan(0.5);
    for (const c of cases.filter((x) => x.docExample)) expect(c.kind).toBe('secret');
  });
});
