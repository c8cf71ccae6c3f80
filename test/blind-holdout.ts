/**
 * The checks every blind redaction holdout passes: sound and frozen. Structure only: no score is
 * asserted and no case text is ever printed (see each holdout's README).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusProblems, type EvalCase } from '../bench/redaction-eval/corpus.js';

export interface BlindHoldout {
  /** its folder under bench/, e.g. redaction-holdout-v2 */
  folder: string;
  version: string;
  generate: () => EvalCase[];
  digest: (cases: EvalCase[]) => string;
  minCases: number;
  /** the least share of secret cases */
  minSecretShare: number;
}

export function describeBlindHoldout(holdout: BlindHoldout): void {
  const cases = holdout.generate();
  const frozen = readFileSync(new URL(`../bench/${holdout.folder}/corpus.sha256`, import.meta.url), 'utf8').trim();

  describe(`${holdout.folder} (blind)`, () => {
    it('has its version constant', () => {
      expect(holdout.version).toBe(`atx-${holdout.folder}`);
    });

    it('is deterministic and matches the frozen digest', () => {
      const digest = holdout.digest(cases);
      expect(holdout.digest(holdout.generate())).toBe(digest);
      expect(digest === frozen, 'corpus.sha256 is stale: regenerate it deliberately with score.js --write').toBe(true);
    });

    it('has no structural problems', () => {
      const problems = corpusProblems(cases, { minTargetLength: 6, blind: true });
      expect(problems.length, problems.slice(0, 5).join('\n')).toBe(0);
    });

    it(`has ${holdout.minCases} to 1,000 cases: about 45 % negatives, at least ${holdout.minSecretShare * 100} % secrets and 10 % PII`, () => {
      expect(cases.length).toBeGreaterThanOrEqual(holdout.minCases);
      expect(cases.length).toBeLessThanOrEqual(1000);
      const share = (k: string) => cases.filter((c) => c.kind === k).length / cases.length;
      expect(share('negative')).toBeGreaterThan(0.4);
      expect(share('negative')).toBeLessThan(0.5);
      expect(share('secret')).toBeGreaterThanOrEqual(holdout.minSecretShare);
      expect(share('pii')).toBeGreaterThanOrEqual(0.1);
    });

    it('has at least 8 cases in every category, and at least 8 doc examples', () => {
      const counts = new Map<string, number>();
      for (const c of cases) counts.set(c.category, (counts.get(c.category) ?? 0) + 1);
      const thin = [...counts].filter(([, n]) => n < 8).map(([cat]) => cat);
      expect(thin).toEqual([]);
      expect(cases.filter((c) => c.docExample).length).toBeGreaterThanOrEqual(8);
    });

    it('keeps targets only on positives, and doc examples only on secrets', () => {
      const bad = cases.filter((c) => (c.kind === 'negative') !== (c.targets.length === 0)).length;
      expect(bad).toBe(0);
      expect(cases.filter((c) => c.docExample && c.kind !== 'secret').length).toBe(0);
    });

    it('has unique case texts', () => {
      expect(new Set(cases.map((c) => c.text)).size).toBe(cases.length);
    });
  });
}
