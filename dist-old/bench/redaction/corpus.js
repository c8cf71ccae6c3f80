/**
 * The labelled redaction corpus, generated from a seed (never committed: fake tokens with valid
 * checksums would trip secret scanners such as GitHub push protection).
 *
 *   generateCorpus('1', 'small')  ≈ 300 KB,  generateCorpus('1', 'full')  ≥ 3 MB
 *
 * Every case is `{ id, kind, category, text, targets }`: for secrets and PII, `targets` are the
 * exact substrings (as they appear in `text`, JSON-escaped where the wrapper escapes) that must be
 * gone after redaction; negatives have no targets and must come back unchanged.
 */
import { NEGATIVE_CATEGORIES } from './negatives.js';
import { PII_CATEGORIES } from './pii.js';
import { Rng } from './prng.js';
import { render } from './render.js';
import { SECRET_CATEGORIES } from './secrets.js';
/** Minimum UTF-8 bytes of case text per seed. */
export const SIZE_BYTES = { small: 300_000, full: 3_200_000 };
/** PII categories are drawn this many times per round (there are fewer of them than secret categories). */
const PII_WEIGHT = 4;
/** One extra negative after every this many positives, so negatives outnumber positives. */
const EXTRA_NEGATIVE_EVERY = 10;
export const CATEGORIES = {
    secret: SECRET_CATEGORIES.map((c) => c.id),
    pii: PII_CATEGORIES.map((c) => c.id),
    negative: NEGATIVE_CATEGORIES.map((c) => c.id),
};
function makeCase(rng, kind, def, id) {
    const caseRng = rng.fork(def.id);
    const generated = def.gen(caseRng);
    const rendered = render(caseRng, generated.snippet, generated.wrapper);
    return { id, kind, category: def.id, text: rendered.text, targets: [...new Set(rendered.targets)], wrapper: rendered.wrapper };
}
/**
 * Deterministic for a seed. Cases come in rounds: each round has every secret category once,
 * every PII category PII_WEIGHT times (in a seeded order), a negative after each positive
 * (rotating through the negative categories) and an extra negative every EXTRA_NEGATIVE_EVERY
 * positives. Generation stops once the size's byte budget is reached and at least one full round
 * is done, so every category is present.
 */
export function generateCorpus(seed, size = 'small') {
    const rng = new Rng(`atx-redaction-corpus/${seed}`);
    const budget = SIZE_BYTES[size];
    const cases = [];
    const counters = { secret: 0, pii: 0, negative: 0 };
    let bytes = 0;
    let negativeAt = rng.int(0, NEGATIVE_CATEGORIES.length - 1);
    const push = (kind, def) => {
        const c = makeCase(rng, kind, def, `${seed}-${kind[0]}${String(counters[kind]++).padStart(5, '0')}`);
        bytes += Buffer.byteLength(c.text, 'utf8');
        cases.push(c);
    };
    const nextNegative = () => NEGATIVE_CATEGORIES[negativeAt++ % NEGATIVE_CATEGORIES.length];
    for (let round = 0;; round++) {
        const positives = [
            ...SECRET_CATEGORIES.map((d) => ['secret', d]),
            ...Array.from({ length: PII_WEIGHT }, () => PII_CATEGORIES.map((d) => ['pii', d])).flat(),
        ];
        rng.shuffle(positives);
        let n = 0;
        for (const [kind, def] of positives) {
            push(kind, def);
            push('negative', nextNegative());
            if (++n % EXTRA_NEGATIVE_EVERY === 0)
                push('negative', nextNegative());
            if (round > 0 && bytes >= budget)
                return cases;
        }
        if (bytes >= budget)
            return cases;
    }
}
export function corpusBytes(cases) {
    let total = 0;
    for (const c of cases)
        total += Buffer.byteLength(c.text, 'utf8');
    return total;
}
//# sourceMappingURL=corpus.js.map