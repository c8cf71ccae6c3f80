/**
 * The blind v7 holdout: secrets and personal data as they reach a coding agent's log through a
 * carrier or an encoding (README.md). Deterministic: each category draws from its own sfc32,
 * seeded from `<version>:<kind>:<category>`.
 */
import { createHash } from 'node:crypto';
import { caseId, digestOf, type EvalCase, type EvalKind } from '../redaction-eval/corpus.js';
import { Sfc32 } from '../random.js';
import { DOC_EXAMPLE_CATEGORIES } from './docs.js';
import type { V7Category } from './kit.js';
import { NEGATIVE_CATEGORIES } from './negatives.js';
import { PII_CATEGORIES } from './pii.js';
import { SECRET_CATEGORIES } from './secrets.js';

export const HOLDOUT_V7_VERSION = 'atx-redaction-holdout-v7';

function seededRng(seed: string): Sfc32 {
  const h = createHash('sha256').update(seed).digest();
  return new Sfc32([h.readUInt32LE(0), h.readUInt32LE(4), h.readUInt32LE(8), h.readUInt32LE(12)], 16);
}

/** One kind's cases; a text already drawn anywhere in the corpus is drawn again. */
function expand(kind: EvalKind, prefix: string, categories: readonly V7Category[], seen: Set<string>, docExample = false): EvalCase[] {
  const out: EvalCase[] = [];
  for (const c of categories) {
    const rng = seededRng(`${HOLDOUT_V7_VERSION}:${kind}:${c.category}`);
    for (let i = 0; i < c.count; i++) {
      let drawn = c.gen(rng);
      for (let tries = 0; seen.has(drawn.text); tries++) {
        if (tries > 500) throw new Error(`category ${c.category}: fewer than ${c.count} distinct texts`);
        drawn = c.gen(rng);
      }
      seen.add(drawn.text);
      const targets = kind === 'negative' ? [] : [...new Set(drawn.targets)];
      out.push({ id: caseId(prefix, c.category, i + 1), kind, category: c.category, text: drawn.text, targets, ...(docExample ? { docExample: true } : {}) });
    }
  }
  return out;
}

export function generateHoldoutV7Corpus(): EvalCase[] {
  const seen = new Set<string>();
  return [
    ...expand('secret', 's', SECRET_CATEGORIES, seen),
    ...expand('pii', 'p', PII_CATEGORIES, seen),
    ...expand('negative', 'n', NEGATIVE_CATEGORIES, seen),
    ...expand('secret', 'd', DOC_EXAMPLE_CATEGORIES, seen, true),
  ];
}

export function holdoutV7Digest(cases: EvalCase[] = generateHoldoutV7Corpus()): string {
  return digestOf(cases);
}
