/**
 * The frozen evaluation corpus for the redaction engine: `generateEvalCorpus()` is deterministic
 * (fixed seeds inside), and `corpus.sha256` holds the digest of its canonical JSON.
 */
import { createHash } from 'node:crypto';
import { Rng } from '../redaction/prng.js';
import { DOC_EXAMPLES } from './doc-examples.js';
import { NEGATIVE_CATEGORIES } from './negatives.js';
import { PII_CATEGORIES } from './pii.js';
import { SECRET_CATEGORIES, type CategoryGen } from './secrets.js';

export type EvalKind = 'secret' | 'pii' | 'negative';

export interface EvalCase {
  id: string;
  kind: EvalKind;
  category: string;
  text: string;
  targets: string[];
  docExample?: boolean;
}

/** Bump only together with a deliberate regeneration (and a new `corpus.sha256`). */
export const CORPUS_VERSION = 'atx-redaction-eval-v1';

const KIND_PREFIX: Record<EvalKind, string> = { secret: 's', pii: 'p', negative: 'n' };

function expand(kind: EvalKind, gens: CategoryGen[]): EvalCase[] {
  const out: EvalCase[] = [];
  for (const g of gens) {
    // One generator per category: adding or resizing a category never changes the others.
    const rng = new Rng(`${CORPUS_VERSION}:${kind}:${g.category}`);
    for (let i = 0; i < g.count; i++) {
      const s = g.gen(rng);
      out.push({ id: `${KIND_PREFIX[kind]}-${g.category}-${String(i + 1).padStart(3, '0')}`, kind, category: g.category, text: s.text, targets: [...new Set(s.targets)] });
    }
  }
  return out;
}

export function generateEvalCorpus(): EvalCase[] {
  return [
    ...expand('secret', SECRET_CATEGORIES),
    ...expand('pii', PII_CATEGORIES),
    ...expand('negative', NEGATIVE_CATEGORIES),
    ...DOC_EXAMPLES.map((d, i): EvalCase => ({ id: `d-${d.category}-${String(i + 1).padStart(3, '0')}`, kind: 'secret', category: d.category, text: d.text, targets: d.targets, docExample: true })),
  ];
}

export const SECRET_CATEGORY_NAMES = SECRET_CATEGORIES.map((c) => c.category);
export const PII_CATEGORY_NAMES = PII_CATEGORIES.map((c) => c.category);
export const NEGATIVE_CATEGORY_NAMES = NEGATIVE_CATEGORIES.map((c) => c.category);
export const DOC_EXAMPLE_CATEGORY_NAMES = [...new Set(DOC_EXAMPLES.map((d) => d.category))];

/** Canonical JSON: fixed key order, `docExample` only when true, one case per line. */
export function canonicalJson(cases: EvalCase[]): string {
  return cases
    .map((c) => JSON.stringify(c.docExample
      ? { id: c.id, kind: c.kind, category: c.category, text: c.text, targets: c.targets, docExample: true }
      : { id: c.id, kind: c.kind, category: c.category, text: c.text, targets: c.targets }))
    .join('\n') + '\n';
}

/** sha256 of the canonical JSON: what a corpus's `corpus.sha256` freezes. */
export function digestOf(cases: EvalCase[]): string {
  return createHash('sha256').update(canonicalJson(cases)).digest('hex');
}

export function corpusDigest(cases: EvalCase[] = generateEvalCorpus()): string {
  return digestOf(cases);
}

export interface ProblemOptions {
  /** targets shorter than this are a problem too (default: only empty ones) */
  minTargetLength?: number;
  /** never quote a target (for a corpus whose cases must stay unseen) */
  blind?: boolean;
}

/** Structural problems (a target missing from its text, duplicate ids, …); empty when the corpus is sound. */
export function corpusProblems(cases: EvalCase[], options: ProblemOptions = {}): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const c of cases) {
    if (ids.has(c.id)) problems.push(`${c.id}: duplicate id`);
    ids.add(c.id);
    if (c.kind === 'negative' && c.targets.length > 0) problems.push(`${c.id}: negative with targets`);
    if (c.kind !== 'negative' && c.targets.length === 0) problems.push(`${c.id}: positive without targets`);
    for (const t of c.targets) {
      if (t.length === 0 || t.length < (options.minTargetLength ?? 1)) problems.push(`${c.id}: target shorter than ${options.minTargetLength ?? 1} characters`);
      else if (!c.text.includes(t)) problems.push(`${c.id}: target not in text${options.blind ? '' : `: ${t.slice(0, 40)}`}`);
    }
  }
  return problems;
}
