/**
 * The blind v4 redaction holdout: secrets, personal data and look-alikes as they are written in the
 * files of many ecosystems. `generateHoldoutV4Corpus()` is deterministic (one seed per category);
 * `corpus.sha256` freezes the digest of its canonical JSON. See README.md: never tune on it.
 */
import { digestOf } from '../redaction-eval/corpus.js';
import { DOC_SAMPLES } from './docs.js';
import { NEGATIVE_CATEGORIES } from './negatives.js';
import { PII_CATEGORIES } from './pii.js';
import { Rng } from './rng.js';
import { SECRET_CATEGORIES } from './secrets.js';
import { view } from './views.js';
export const HOLDOUT_V4_VERSION = 'atx-redaction-holdout-v4';
const ID_PREFIX = { secret: 's', pii: 'p', negative: 'n' };
function caseId(prefix, category, n) {
    return `${prefix}-${category}-${String(n).padStart(3, '0')}`;
}
/** A category's cases in order; a text drawn twice is drawn again, so ids stay dense. */
function* casesOf(kind, c) {
    const rng = new Rng(`${HOLDOUT_V4_VERSION}/${kind}/${c.category}`);
    const texts = new Set();
    for (let i = 0; texts.size < c.count && i < c.count * 10; i++) {
        const s = view(rng, c.gen(rng, i));
        if (texts.has(s.text))
            continue;
        texts.add(s.text);
        yield { id: caseId(ID_PREFIX[kind], c.category, texts.size), kind, category: c.category, text: s.text, targets: [...new Set(s.targets)] };
    }
}
const expand = (kind, categories) => categories.flatMap((c) => [...casesOf(kind, c)]);
export function generateHoldoutV4Corpus() {
    return [
        ...expand('secret', SECRET_CATEGORIES),
        ...expand('pii', PII_CATEGORIES),
        ...expand('negative', NEGATIVE_CATEGORIES),
        ...DOC_SAMPLES.map((d, i) => ({ id: caseId('d', 'doc-examples', i + 1), kind: 'secret', category: 'doc-examples', text: d.text, targets: d.targets, docExample: true })),
    ];
}
export function holdoutV4Digest(cases = generateHoldoutV4Corpus()) {
    return digestOf(cases);
}
//# sourceMappingURL=corpus.js.map