/**
 * The holdout corpus for the redaction engine: measured only, never used to tune a rule.
 *
 * `generateHoldoutCorpus()` is deterministic (fixed seeds inside); `corpus.sha256` holds the digest
 * of its canonical JSON. The texts are generated at run time: only the generators are committed.
 */
import { caseId, corpusProblems, digestOf, expandCategories } from '../redaction-eval/corpus.js';
import { DOC_EXAMPLES } from './docs.js';
import { NEGATIVE_CATEGORIES } from './negatives.js';
import { PII_CATEGORIES } from './pii.js';
import { SECRET_CATEGORIES } from './secrets.js';
/** Bump only together with a deliberate regeneration (and a new `corpus.sha256`). */
export const HOLDOUT_VERSION = 'atx-redaction-holdout-v1';
export function generateHoldoutCorpus() {
    return [
        // a small template pool could repeat a text: each category's texts are distinct
        ...expandCategories(HOLDOUT_VERSION, 'secret', 'hs', SECRET_CATEGORIES, true),
        ...expandCategories(HOLDOUT_VERSION, 'pii', 'hp', PII_CATEGORIES, true),
        ...expandCategories(HOLDOUT_VERSION, 'negative', 'hn', NEGATIVE_CATEGORIES, true),
        ...DOC_EXAMPLES.map((d, i) => ({ id: caseId('hd', d.category, i + 1), kind: 'secret', category: d.category, text: d.text, targets: [...new Set(d.targets)], docExample: true })),
    ];
}
export function holdoutDigest(cases = generateHoldoutCorpus()) {
    return digestOf(cases);
}
/** Structural problems (a target missing from its text, duplicate ids, …), without quoting any case. */
export function holdoutProblems(cases) {
    return corpusProblems(cases, { minTargetLength: 6, blind: true });
}
//# sourceMappingURL=corpus.js.map