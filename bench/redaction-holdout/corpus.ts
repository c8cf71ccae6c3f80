/**
 * The holdout corpus for the redaction engine: measured only, never used to tune a rule.
 *
 * `generateHoldoutCorpus()` is deterministic (fixed seeds inside); `corpus.sha256` holds the digest
 * of its canonical JSON. The texts are generated at run time: only the generators are committed.
 */
import { createHash } from 'node:crypto';
import type { EvalCase, EvalKind } from '../redaction-eval/corpus.js';
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

/** Canonical JSON: fixed key order, `docExample` only when true, one case per line. */
export function canonicalJson(cases: EvalCase[]): string {
  return cases
    .map((c) => JSON.stringify(c.docExample
      ? { id: c.id, kind: c.kind, category: c.category, text: c.text, targets: c.targets, docExample: true }
      : { id: c.id, kind: c.kind, category: c.category, text: c.text, targets: c.targets }))
    .join('\n') + '\n';
}

export function holdoutDigest(cases: EvalCase[] = generateHoldoutCorpus()): string {
  return createHash('sha256').update(canonicalJson(cases)).digest('hex');
}

/** Structural problems (a target missing from its text, duplicate ids, …); empty when the corpus is sound. */
export function holdoutProblems(cases: EvalCase[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const c of cases) {
    if (ids.has(c.id)) problems.push(`${c.id}: duplicate id`);
    ids.add(c.id);
    if (c.kind === 'negative' && c.targets.length > 0) problems.push(`${c.id}: negative with targets`);
    if (c.kind !== 'negative' && c.targets.length === 0) problems.push(`${c.id}: positive without targets`);
    for (const t of c.targets) {
      if (t.length < 6) problems.push(`${c.id}: target shorter than 6 characters`);
      else if (!c.text.includes(t)) problems.push(`${c.id}: target not in text`);
    }
  }
  return problems;
}
