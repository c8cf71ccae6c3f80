/**
 * The holdout corpus for the redaction engine: measured only, never used to tune a rule.
 *
 * `generateHoldoutCorpus()` is deterministic (fixed seeds inside); `corpus.sha256` holds the digest
 * of its canonical JSON. The texts are generated at run time: only the generators are committed.
 */
import { corpusProblems, digestOf, type EvalCase, type EvalKind } from '../redaction-eval/corpus.js';
import { Rng } from '../redaction/prng.js';
import { DOC_EXAMPLES } from './docs.js';
import { NEGATIVE_CATEGORIES } from './negatives.js';
import { PII_CATEGORIES } from './pii.js';
import { SECRET_CATEGORIES } from './secrets.js';
import type { CategoryGen } from './util.js';

/** Bump only together with a deliberate regeneration (and a new `corpus.sha256`). */
export const HOLDOUT_VERSION = 'atx-redaction-holdout-v1';

const KIND_PREFIX: Record<EvalKind, string> = { secret: 'hs', pii: 'hp', negative: 'hn' };

function expand(kind: EvalKind, gens: CategoryGen[]): EvalCase[] {
  const out: EvalCase[] = [];
  for (const g of gens) {
    // One seeded generator per category: resizing one category never changes another.
    const rng = new Rng(`${HOLDOUT_VERSION}:${kind}:${g.category}`);
    const seen = new Set<string>();
    for (let i = 0; i < g.count; i++) {
      // Draw again while the text repeats one already in this category (small template pools).
      let s = g.gen(rng);
      for (let tries = 0; seen.has(s.text); tries++) {
        if (tries > 500) throw new Error(`category ${g.category}: fewer than ${g.count} distinct texts`);
        s = g.gen(rng);
      }
      seen.add(s.text);
      out.push({ id: `${KIND_PREFIX[kind]}-${g.category}-${String(i + 1).padStart(3, '0')}`, kind, category: g.category, text: s.text, targets: kind === 'negative' ? [] : [...new Set(s.targets)] });
    }
  }
  return out;
}

export function generateHoldoutCorpus(): EvalCase[] {
  return [
    ...expand('secret', SECRET_CATEGORIES),
    ...expand('pii', PII_CATEGORIES),
    ...expand('negative', NEGATIVE_CATEGORIES),
    ...DOC_EXAMPLES.map((d, i): EvalCase => ({ id: `hd-${d.category}-${String(i + 1).padStart(3, '0')}`, kind: 'secret', category: d.category, text: d.text, targets: [...new Set(d.targets)], docExample: true })),
  ];
}

export function holdoutDigest(cases: EvalCase[] = generateHoldoutCorpus()): string {
  return digestOf(cases);
}

/** Structural problems (a target missing from its text, duplicate ids, …), without quoting any case. */
export function holdoutProblems(cases: EvalCase[]): string[] {
  return corpusProblems(cases, { minTargetLength: 6, blind: true });
}
