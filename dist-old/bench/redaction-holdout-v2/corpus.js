/**
 * Blind redaction holdout, version 2. Generated deterministically at run time; never tune rules
 * on it (see README.md). `generateHoldoutV2Corpus()` is the whole corpus.
 */
import { caseId, digestOf } from '../redaction-eval/corpus.js';
import { DOC_TEMPLATES } from './docs.js';
import { NEGATIVE_SPECS } from './negatives.js';
import { PII_SPECS } from './pii.js';
import { SECRET_SPECS } from './secrets.js';
import { Rng, frame } from './util.js';
export const HOLDOUT_V2_VERSION = 'atx-redaction-holdout-v2';
export const DOC_CATEGORY = 'vendor-doc-examples';
function build(kind, spec, seen, docExample = false) {
    const r = new Rng(`${HOLDOUT_V2_VERSION}/${kind}/${spec.category}`);
    const out = [];
    for (let i = 0; i < spec.n; i++) {
        let m = null;
        for (let attempt = 0; attempt < 12; attempt++) {
            const base = spec.templates[(i + attempt) % spec.templates.length](r);
            const cand = r.chance(0.5) ? frame(r, base) : base;
            if (!seen.has(cand.text)) {
                m = cand;
                break;
            }
        }
        if (!m)
            throw new Error(`holdout-v2: could not make a distinct case for ${spec.category} #${i}`);
        if (kind === 'negative' && m.targets.length)
            throw new Error(`holdout-v2: negative with targets in ${spec.category}`);
        if (kind !== 'negative' && !m.targets.length)
            throw new Error(`holdout-v2: positive without targets in ${spec.category}`);
        seen.add(m.text);
        const c = {
            id: caseId(`hv2-${kind}`, spec.category, i + 1),
            kind,
            category: spec.category,
            text: m.text,
            targets: [...new Set(m.targets)],
        };
        if (docExample)
            c.docExample = true;
        out.push(c);
    }
    return out;
}
export function generateHoldoutV2Corpus() {
    const seen = new Set();
    const cases = [];
    for (const s of SECRET_SPECS)
        cases.push(...build('secret', s, seen));
    cases.push(...build('secret', { category: DOC_CATEGORY, n: DOC_TEMPLATES.length, templates: DOC_TEMPLATES }, seen, true));
    for (const s of PII_SPECS)
        cases.push(...build('pii', s, seen));
    for (const s of NEGATIVE_SPECS)
        cases.push(...build('negative', s, seen));
    return cases;
}
export function holdoutV2Digest(cases = generateHoldoutV2Corpus()) {
    return digestOf(cases);
}
//# sourceMappingURL=corpus.js.map