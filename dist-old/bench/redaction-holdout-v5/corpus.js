import { digestOf } from '../redaction-eval/corpus.js';
import { DOC_SAMPLES } from './docs.js';
import { NEGATIVE_CATEGORIES } from './negatives.js';
import { PII_CATEGORIES } from './pii.js';
import { seeded } from './rng.js';
import { SECRET_CATEGORIES } from './secrets.js';
export const HOLDOUT_V5_VERSION = 'atx-redaction-holdout-v5';
const PREFIX = { secret: 's', pii: 'p', negative: 'n' };
const MAX_REDRAWS = 400;
const caseId = (prefix, category, n) => `${prefix}-${category}-${String(n).padStart(3, '0')}`;
/** A category's cases; a text already drawn (in any category) is drawn again, so every text is unique. */
function casesOf(kind, category, seen) {
    const rng = seeded(`${HOLDOUT_V5_VERSION}/${kind}/${category.category}`);
    const out = [];
    for (let redraws = 0; out.length < category.count;) {
        const s = category.gen(rng);
        if (seen.has(s.text)) {
            if (++redraws > MAX_REDRAWS)
                throw new Error(`${category.category}: fewer than ${category.count} distinct texts`);
            continue;
        }
        seen.add(s.text);
        out.push({ id: caseId(PREFIX[kind], category.category, out.length + 1), kind, category: category.category, text: s.text, targets: kind === 'negative' ? [] : [...new Set(s.targets)] });
    }
    return out;
}
const KINDS = [
    ['secret', SECRET_CATEGORIES],
    ['pii', PII_CATEGORIES],
    ['negative', NEGATIVE_CATEGORIES],
];
const docExample = (d, i) => ({ id: caseId('d', 'doc-examples', i + 1), kind: 'secret', category: 'doc-examples', text: d.text, targets: d.targets, docExample: true });
export function generateHoldoutV5Corpus() {
    const seen = new Set();
    const drawn = KINDS.flatMap(([kind, categories]) => categories.flatMap((c) => casesOf(kind, c, seen)));
    return [...drawn, ...DOC_SAMPLES.map(docExample)];
}
export function holdoutV5Digest(cases = generateHoldoutV5Corpus()) {
    return digestOf(cases);
}
//# sourceMappingURL=corpus.js.map