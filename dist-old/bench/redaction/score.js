/**
 * Scores the redaction engine on the generated corpus.
 *
 *   npm run score:redaction -- [--seed S ...] [--size small|full] [--json] [--misses] [--strict]
 *   (= node dist/bench/redaction/score.js ...; default seeds 1 and 2, size full)
 *
 * A secret/PII case is caught when none of its targets is left in the redacted text; a negative
 * case is changed when its redacted text differs from the input. MB/s is the input bytes of all
 * cases over the wall time of redacting them with the `research` profile in this process, after
 * the scoring passes have warmed the engine up (repeated until at least MIN_TIMING_MS elapsed).
 * Exit code 0 unless --strict and a target fails (or bad options).
 */
import { createTextRedactor } from '../../redaction/index.js';
import { isMain } from '../util.js';
import { CATEGORIES, corpusBytes, generateCorpus } from './corpus.js';
export const REDACTION_TARGETS = {
    secretRecall: 0.98,
    piiRecall: 0.95,
    negativeChangedStandard: 0.01,
    mbPerSecond: 20,
};
const MIN_TIMING_MS = 400;
const MB = 1_000_000;
function redactAll(profile, cases) {
    const redact = createTextRedactor(profile);
    return cases.map((c) => redact(c.text).text);
}
function ratio(n, d) {
    return d === 0 ? 1 : n / d;
}
export function scoreSeed(seed, size, timing = true) {
    const cases = generateCorpus(seed, size);
    const bytes = corpusBytes(cases);
    const out = { standard: redactAll('standard', cases), research: redactAll('research', cases) };
    const cats = new Map();
    const misses = [];
    const hit = { secret: { research: 0, standard: 0, n: 0 }, pii: { research: 0, standard: 0, n: 0 }, negative: { research: 0, standard: 0, n: 0 } };
    cases.forEach((c, i) => {
        const key = `${c.kind}/${c.category}`;
        let cat = cats.get(key);
        if (!cat)
            cats.set(key, (cat = { kind: c.kind, category: c.category, cases: 0, research: 0, standard: 0 }));
        cat.cases++;
        hit[c.kind].n++;
        for (const profile of ['research', 'standard']) {
            const redacted = out[profile][i];
            if (c.kind === 'negative') {
                const changed = redacted !== c.text;
                if (changed) {
                    cat[profile]++;
                    hit.negative[profile]++;
                    if (profile === 'standard')
                        misses.push({ seed, id: c.id, kind: c.kind, category: c.category, wrapper: c.wrapper, profile, leaked: [], text: c.text, redacted });
                }
            }
            else {
                const leaked = c.targets.filter((t) => redacted.includes(t));
                if (leaked.length === 0) {
                    cat[profile]++;
                    hit[c.kind][profile]++;
                }
                else if (profile === 'research') {
                    misses.push({ seed, id: c.id, kind: c.kind, category: c.category, wrapper: c.wrapper, profile, leaked, text: c.text, redacted });
                }
            }
        }
    });
    // Throughput: the scoring passes above were the warm-up.
    let passes = 0;
    let elapsed = 0;
    while (timing && (elapsed < MIN_TIMING_MS || passes < 2)) {
        const redact = createTextRedactor('research');
        const t0 = process.hrtime.bigint();
        for (const c of cases)
            redact(c.text);
        elapsed += Number(process.hrtime.bigint() - t0) / 1e6;
        passes++;
    }
    const order = { secret: 0, pii: 1, negative: 2 };
    return {
        seed, size, cases: cases.length, bytes,
        secretCases: hit.secret.n, piiCases: hit.pii.n, negativeCases: hit.negative.n,
        secretRecall: ratio(hit.secret.research, hit.secret.n),
        secretRecallStandard: ratio(hit.secret.standard, hit.secret.n),
        piiRecall: ratio(hit.pii.research, hit.pii.n),
        piiRecallStandard: ratio(hit.pii.standard, hit.pii.n),
        negativeChangedStandard: ratio(hit.negative.standard, hit.negative.n),
        negativeChangedResearch: ratio(hit.negative.research, hit.negative.n),
        mbPerSecond: timing ? (bytes * passes) / MB / (elapsed / 1000) : Number.NaN,
        timedPasses: passes,
        categories: [...cats.values()].sort((a, b) => order[a.kind] - order[b.kind] || a.category.localeCompare(b.category)),
        misses,
    };
}
export function scoreRedaction(options) {
    const seeds = options.seeds.map((s) => scoreSeed(s, options.size, options.timing ?? true));
    const worst = (pick, op) => seeds.map(pick).reduce((a, b) => (op === '>=' ? Math.min(a, b) : Math.max(a, b)));
    const spread = (pick) => Math.max(...seeds.map(pick)) - Math.min(...seeds.map(pick));
    const check = (label, op, threshold, pick) => {
        const value = worst(pick, op);
        return { label, op, threshold, value, pass: op === '>=' ? value >= threshold : value <= threshold };
    };
    const targets = [
        check('secret recall (research)', '>=', REDACTION_TARGETS.secretRecall, (s) => s.secretRecall),
        check('PII recall (research)', '>=', REDACTION_TARGETS.piiRecall, (s) => s.piiRecall),
        check('negatives changed (standard)', '<=', REDACTION_TARGETS.negativeChangedStandard, (s) => s.negativeChangedStandard),
    ];
    if (options.timing ?? true)
        targets.push(check('MB/s (research, in process)', '>=', REDACTION_TARGETS.mbPerSecond, (s) => s.mbPerSecond));
    return {
        size: options.size,
        seeds,
        targets,
        spread: {
            secretRecall: spread((s) => s.secretRecall),
            piiRecall: spread((s) => s.piiRecall),
            negativeChangedStandard: spread((s) => s.negativeChangedStandard),
        },
    };
}
// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------
function pct(x) {
    return (x * 100).toFixed(2) + '%';
}
function table(rows) {
    const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
    return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')).join('\n');
}
/** The human-readable report (also usable by `npm run bench`). */
export function formatRedactionScore(score, opts = {}) {
    const lines = [];
    lines.push(`Redaction corpus — size ${score.size}, seeds ${score.seeds.map((s) => s.seed).join(', ')}`);
    lines.push(`categories: ${CATEGORIES.secret.length} secret, ${CATEGORIES.pii.length} PII, ${CATEGORIES.negative.length} negative`);
    lines.push('');
    lines.push(table([
        ['seed', 'cases', 'secret', 'pii', 'neg', 'MB', 'secret recall', 'secret recall (std)', 'PII recall', 'PII recall (std)', 'neg changed (std)', 'neg changed (research)', 'MB/s'],
        ...score.seeds.map((s) => [
            s.seed, String(s.cases), String(s.secretCases), String(s.piiCases), String(s.negativeCases), (s.bytes / MB).toFixed(2),
            pct(s.secretRecall), pct(s.secretRecallStandard), pct(s.piiRecall), pct(s.piiRecallStandard),
            pct(s.negativeChangedStandard), pct(s.negativeChangedResearch), Number.isNaN(s.mbPerSecond) ? '-' : s.mbPerSecond.toFixed(1),
        ]),
    ]));
    lines.push('');
    for (const t of score.targets) {
        const v = t.label.startsWith('MB/s') ? t.value.toFixed(1) : pct(t.value);
        const th = t.label.startsWith('MB/s') ? String(t.threshold) : pct(t.threshold);
        lines.push(`${t.pass ? 'PASS' : 'FAIL'}  ${t.label} ${t.op} ${th}: worst seed ${v}`);
    }
    if (score.seeds.length > 1) {
        lines.push(`seed spread (max-min): secret recall ${pct(score.spread.secretRecall)}, PII recall ${pct(score.spread.piiRecall)}, negatives changed ${pct(score.spread.negativeChangedStandard)}`);
    }
    // Per category, pooled over seeds.
    const pooled = new Map();
    for (const s of score.seeds) {
        for (const c of s.categories) {
            const key = `${c.kind}/${c.category}`;
            const p = pooled.get(key) ?? { ...c, cases: 0, research: 0, standard: 0 };
            p.cases += c.cases;
            p.research += c.research;
            p.standard += c.standard;
            pooled.set(key, p);
        }
    }
    for (const kind of ['secret', 'pii', 'negative']) {
        const rows = [...pooled.values()].filter((c) => c.kind === kind);
        lines.push('');
        lines.push(kind === 'negative' ? 'negative categories (share changed; lower is better)' : `${kind === 'secret' ? 'secret' : 'PII'} categories (recall; pooled over seeds)`);
        lines.push(table([
            ['  category', 'cases', 'research', 'standard'],
            ...rows.map((c) => {
                const flag = kind === 'negative' ? (c.standard > 0 ? ' <' : '') : c.research < c.cases ? ' <' : '';
                return [`  ${c.category}${flag}`, String(c.cases), pct(c.research / c.cases), pct(c.standard / c.cases)];
            }),
        ]));
    }
    if (opts.misses) {
        const misses = score.seeds.flatMap((s) => s.misses);
        lines.push('');
        lines.push(`${misses.length} misses (positives missed with research, negatives changed with standard) — fake data:`);
        for (const m of misses) {
            lines.push('');
            lines.push(`── ${m.kind} ${m.category} [${m.id}, ${m.wrapper}]${m.leaked.length ? ` leaked: ${m.leaked.map((l) => JSON.stringify(l)).join(', ')}` : ''}`);
            lines.push(m.text);
            if (m.kind === 'negative') {
                lines.push('── redacted (standard):');
                lines.push(m.redacted);
            }
        }
    }
    return lines.join('\n');
}
function parseArgs(argv) {
    const seeds = [];
    let size = 'full';
    let json = false;
    let misses = false;
    let strict = false;
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        const value = () => {
            const v = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
            if (v === undefined)
                throw new Error(`${arg} needs a value`);
            return v;
        };
        if (arg === '--seed' || arg.startsWith('--seed='))
            seeds.push(value());
        else if (arg === '--size' || arg.startsWith('--size=')) {
            const v = value();
            if (v !== 'small' && v !== 'full')
                throw new Error(`--size must be small or full, got ${v}`);
            size = v;
        }
        else if (arg === '--json')
            json = true;
        else if (arg === '--misses')
            misses = true;
        else if (arg === '--strict')
            strict = true;
        else if (arg === '--help' || arg === '-h') {
            process.stdout.write('usage: score.js [--seed S ...] [--size small|full] [--json] [--misses] [--strict]\n');
            process.exit(0);
        }
        else
            throw new Error(`unknown option ${arg}`);
    }
    return { seeds: seeds.length ? seeds : ['1', '2'], size, json, misses, strict };
}
function main() {
    let args;
    try {
        args = parseArgs(process.argv.slice(2));
    }
    catch (err) {
        process.stderr.write(`${err.message}\n`);
        process.exit(2);
    }
    const score = scoreRedaction({ seeds: args.seeds, size: args.size });
    if (args.json) {
        const slim = { ...score, seeds: score.seeds.map((s) => (args.misses ? s : { ...s, misses: s.misses.length })) };
        process.stdout.write(JSON.stringify(slim, null, 2) + '\n');
    }
    else {
        process.stdout.write(formatRedactionScore(score, { misses: args.misses }) + '\n');
    }
    if (args.strict && score.targets.some((t) => !t.pass))
        process.exit(1);
}
if (isMain(import.meta.url))
    main();
//# sourceMappingURL=score.js.map