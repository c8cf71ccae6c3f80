/**
 * The blind v3 redaction holdout: cases built as they appear in coding-agent sessions.
 * `generateHoldoutV3Corpus()` is deterministic (seeded per category); `corpus.sha256` freezes
 * the digest of its canonical JSON. See README.md: never tune on it.
 */
import { caseId, digestOf } from '../redaction-eval/corpus.js';
import { DOC_CASES } from './docs.js';
import { frame } from './frames.js';
import { NEGATIVE_CATEGORIES, PROSE_NEGATIVE } from './negatives.js';
import { PII_CATEGORIES } from './pii.js';
import { PROSE_SECRET, SECRET_CATEGORIES } from './secrets.js';
import { Rng } from './util.js';
export const HOLDOUT_V3_VERSION = 'atx-redaction-holdout-v3';
const PREFIX = { secret: 's', pii: 'p', negative: 'n' };
function expand(kind, gens, prose) {
    const out = [];
    for (const g of gens) {
        const rng = new Rng(`${HOLDOUT_V3_VERSION}:${kind}:${g.category}`);
        const seen = new Set();
        let i = 0;
        let tries = 0;
        while (i < g.count && tries < g.count * 20) {
            tries++;
            const raw = g.gen(rng);
            const f = frame(rng, raw.text, kind === 'negative' ? [] : [...new Set(raw.targets)], prose.has(g.category));
            if (seen.has(f.text))
                continue;
            seen.add(f.text);
            i++;
            out.push({ id: caseId(PREFIX[kind], g.category, i), kind, category: g.category, text: f.text, targets: f.targets });
        }
    }
    return out;
}
export function generateHoldoutV3Corpus() {
    const rng = new Rng(`${HOLDOUT_V3_VERSION}:doc`);
    return [
        ...expand('secret', SECRET_CATEGORIES, PROSE_SECRET),
        ...expand('pii', PII_CATEGORIES, new Set()),
        ...expand('negative', NEGATIVE_CATEGORIES, PROSE_NEGATIVE),
        ...DOC_CASES.map((d, i) => {
            const f = frame(rng, d.text, d.targets);
            return { id: caseId('d', 'doc-examples', i + 1), kind: 'secret', category: 'doc-examples', text: f.text, targets: f.targets, docExample: true };
        }),
    ];
}
export function holdoutV3Digest(cases = generateHoldoutV3Corpus()) {
    return digestOf(cases);
}
export const HOLDOUT_V3_SECRET_CATEGORIES = SECRET_CATEGORIES.map((c) => c.category);
export const HOLDOUT_V3_PII_CATEGORIES = PII_CATEGORIES.map((c) => c.category);
export const HOLDOUT_V3_NEGATIVE_CATEGORIES = NEGATIVE_CATEGORIES.map((c) => c.category);
//# sourceMappingURL=corpus.js.map