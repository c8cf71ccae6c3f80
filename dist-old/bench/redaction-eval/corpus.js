/**
 * The frozen evaluation corpus for the redaction engine: `generateEvalCorpus()` is deterministic
 * (fixed seeds inside), and `corpus.sha256` holds the digest of its canonical JSON.
 */
import { createHash } from 'node:crypto';
import { Rng } from '../redaction/prng.js';
import { DOC_EXAMPLES } from './doc-examples.js';
import { NEGATIVE_CATEGORIES } from './negatives.js';
import { PII_CATEGORIES } from './pii.js';
import { SECRET_CATEGORIES } from './secrets.js';
/** Bump only together with a deliberate regeneration (and a new `corpus.sha256`). */
export const CORPUS_VERSION = 'atx-redaction-eval-v1';
/** A case's id: its kind's prefix, its category, and its number in the category (from 1). */
export function caseId(prefix, category, n) {
    return `${prefix}-${category}-${String(n).padStart(3, '0')}`;
}
/**
 * The cases of one kind, category by category. Each category draws from a generator of its own,
 * seeded `<version>:<kind>:<category>`, so that adding or resizing a category never changes the
 * others. With `distinctTexts`, a text that repeats one already in its category is drawn again.
 * Negatives never carry targets.
 */
export function expandCategories(version, kind, idPrefix, gens, distinctTexts = false) {
    const out = [];
    for (const g of gens) {
        const rng = new Rng(`${version}:${kind}:${g.category}`);
        const seen = new Set();
        for (let i = 0; i < g.count; i++) {
            let s = g.gen(rng);
            for (let tries = 0; distinctTexts && seen.has(s.text); tries++) {
                if (tries > 500)
                    throw new Error(`category ${g.category}: fewer than ${g.count} distinct texts`);
                s = g.gen(rng);
            }
            seen.add(s.text);
            out.push({ id: caseId(idPrefix, g.category, i + 1), kind, category: g.category, text: s.text, targets: kind === 'negative' ? [] : [...new Set(s.targets)] });
        }
    }
    return out;
}
export function generateEvalCorpus() {
    return [
        ...expandCategories(CORPUS_VERSION, 'secret', 's', SECRET_CATEGORIES),
        ...expandCategories(CORPUS_VERSION, 'pii', 'p', PII_CATEGORIES),
        ...expandCategories(CORPUS_VERSION, 'negative', 'n', NEGATIVE_CATEGORIES),
        ...DOC_EXAMPLES.map((d, i) => ({ id: caseId('d', d.category, i + 1), kind: 'secret', category: d.category, text: d.text, targets: d.targets, docExample: true })),
    ];
}
export const SECRET_CATEGORY_NAMES = SECRET_CATEGORIES.map((c) => c.category);
export const PII_CATEGORY_NAMES = PII_CATEGORIES.map((c) => c.category);
export const NEGATIVE_CATEGORY_NAMES = NEGATIVE_CATEGORIES.map((c) => c.category);
export const DOC_EXAMPLE_CATEGORY_NAMES = [...new Set(DOC_EXAMPLES.map((d) => d.category))];
/** Canonical JSON: fixed key order, `docExample` only when true, one case per line. */
export function canonicalJson(cases) {
    return cases
        .map((c) => JSON.stringify(c.docExample
        ? { id: c.id, kind: c.kind, category: c.category, text: c.text, targets: c.targets, docExample: true }
        : { id: c.id, kind: c.kind, category: c.category, text: c.text, targets: c.targets }))
        .join('\n') + '\n';
}
/** sha256 of the canonical JSON: what a corpus's `corpus.sha256` freezes. */
export function digestOf(cases) {
    return createHash('sha256').update(canonicalJson(cases)).digest('hex');
}
export function corpusDigest(cases = generateEvalCorpus()) {
    return digestOf(cases);
}
/** Structural problems (a target missing from its text, duplicate ids, …); empty when the corpus is sound. */
export function corpusProblems(cases, options = {}) {
    const problems = [];
    const ids = new Set();
    for (const c of cases) {
        if (ids.has(c.id))
            problems.push(`${c.id}: duplicate id`);
        ids.add(c.id);
        if (c.kind === 'negative' && c.targets.length > 0)
            problems.push(`${c.id}: negative with targets`);
        if (c.kind !== 'negative' && c.targets.length === 0)
            problems.push(`${c.id}: positive without targets`);
        for (const t of c.targets) {
            if (t.length === 0 || t.length < (options.minTargetLength ?? 1))
                problems.push(`${c.id}: target shorter than ${options.minTargetLength ?? 1} characters`);
            else if (!c.text.includes(t))
                problems.push(`${c.id}: target not in text${options.blind ? '' : `: ${t.slice(0, 40)}`}`);
        }
    }
    return problems;
}
//# sourceMappingURL=corpus.js.map