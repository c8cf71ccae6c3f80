/**
 * Scores the redaction engine on the frozen evaluation corpus.
 *
 *   node dist/bench/redaction-eval/score.js [--json] [--misses] [--write]
 *
 * `--write` rewrites `bench/redaction-eval/corpus.sha256` from the current generator. The scorer
 * reports; it exits 0 whatever the figures (2 on a bad option).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTextRedactor } from '../../redaction/index.js';
import { isMain } from '../util.js';
import { corpusDigest, generateEvalCorpus } from './corpus.js';
export const EVAL_TARGETS = {
    standardSecretRecall: 0.99,
    standardFpRate: 0.005,
    researchPiiRecall: 0.97,
    researchFpRate: 0.01,
};
const HERE = dirname(fileURLToPath(import.meta.url));
/** `corpus.sha256` next to the sources (the scorer runs from dist/bench/redaction-eval/). */
export function digestPath() {
    const fromDist = join(HERE, '..', '..', '..', 'bench', 'redaction-eval', 'corpus.sha256');
    return HERE.includes(`${join('dist', 'bench')}`) ? fromDist : join(HERE, 'corpus.sha256');
}
export function readFrozenDigest() {
    try {
        return readFileSync(digestPath(), 'utf8').trim().split(/\s+/)[0] ?? null;
    }
    catch {
        return null;
    }
}
function redactOne(profile, text) {
    return createTextRedactor(profile)(text).text;
}
/** The spans of `after` that differ from `before` (common prefix and suffix removed), for reports. */
function diffSnippet(before, after) {
    let i = 0;
    while (i < before.length && i < after.length && before[i] === after[i])
        i++;
    let j = 0;
    while (j < before.length - i && j < after.length - i && before[before.length - 1 - j] === after[after.length - 1 - j])
        j++;
    const was = before.slice(Math.max(0, i - 20), before.length - j + 10);
    const now = after.slice(Math.max(0, i - 20), after.length - j + 10);
    return `${JSON.stringify(was.slice(0, 160))} -> ${JSON.stringify(now.slice(0, 160))}`;
}
function scoreProfile(profile, positiveKind, cases) {
    const cats = new Map();
    const misses = [];
    const falsePositives = [];
    let positives = 0;
    let caught = 0;
    let negatives = 0;
    let changed = 0;
    for (const c of cases) {
        if (c.docExample)
            continue;
        if (c.kind !== positiveKind && c.kind !== 'negative')
            continue;
        const key = `${c.kind}:${c.category}`;
        const cat = cats.get(key) ?? { kind: c.kind, category: c.category, n: 0, hits: 0 };
        cats.set(key, cat);
        cat.n++;
        const out = redactOne(profile, c.text);
        if (c.kind === 'negative') {
            negatives++;
            if (out !== c.text) {
                changed++;
                cat.hits++;
                falsePositives.push({ id: c.id, profile, category: c.category, detail: [diffSnippet(c.text, out)] });
            }
        }
        else {
            positives++;
            const left = c.targets.filter((t) => out.includes(t));
            if (left.length === 0) {
                caught++;
                cat.hits++;
            }
            else {
                misses.push({ id: c.id, profile, category: c.category, detail: left.map((t) => (t.length > 60 ? `${t.slice(0, 57)}...` : t)) });
            }
        }
    }
    return {
        profile,
        positives,
        caught,
        recall: positives ? caught / positives : 1,
        negatives,
        changed,
        fpRate: negatives ? changed / negatives : 0,
        categories: [...cats.values()],
        misses,
        falsePositives,
    };
}
export function scoreEval(cases = generateEvalCorpus()) {
    const standard = scoreProfile('standard', 'secret', cases);
    const research = scoreProfile('research', 'pii', cases);
    const docs = cases.filter((c) => c.docExample).map((c) => {
        const gone = (p) => { const out = redactOne(p, c.text); return c.targets.every((t) => !out.includes(t)); };
        return { id: c.id, category: c.category, standard: gone('standard'), research: gone('research') };
    });
    const pct = (x) => `${(x * 100).toFixed(1)} %`;
    return {
        cases: cases.length,
        digest: corpusDigest(cases),
        frozenDigest: readFrozenDigest(),
        standard,
        research,
        docExamples: { n: docs.length, redactedStandard: docs.filter((d) => d.standard).length, redactedResearch: docs.filter((d) => d.research).length, cases: docs },
        targets: [
            { metric: 'standard secret recall', value: standard.recall, target: `>= ${EVAL_TARGETS.standardSecretRecall}`, pass: standard.recall >= EVAL_TARGETS.standardSecretRecall },
            { metric: 'standard FP rate', value: standard.fpRate, target: `<= ${pct(EVAL_TARGETS.standardFpRate)}`, pass: standard.fpRate <= EVAL_TARGETS.standardFpRate },
            { metric: 'research PII recall', value: research.recall, target: `>= ${EVAL_TARGETS.researchPiiRecall}`, pass: research.recall >= EVAL_TARGETS.researchPiiRecall },
            { metric: 'research FP rate', value: research.fpRate, target: `<= ${pct(EVAL_TARGETS.researchFpRate)}`, pass: research.fpRate <= EVAL_TARGETS.researchFpRate },
        ],
    };
}
export function formatEvalScore(s, opts = {}) {
    const lines = [];
    const digestNote = s.frozenDigest === null ? 'no corpus.sha256' : s.frozenDigest === s.digest ? 'matches corpus.sha256' : `DIFFERS from corpus.sha256 (${s.frozenDigest.slice(0, 12)})`;
    lines.push(`redaction eval corpus: ${s.cases} cases, sha256 ${s.digest.slice(0, 12)} (${digestNote})`);
    lines.push('');
    lines.push('metric                    value      target     result');
    for (const t of s.targets) {
        const v = t.metric.includes('FP') ? `${(t.value * 100).toFixed(2)} %` : t.value.toFixed(4);
        lines.push(`${t.metric.padEnd(25)} ${v.padEnd(10)} ${t.target.padEnd(10)} ${t.pass ? 'PASS' : 'FAIL'}`);
    }
    lines.push(`  standard: secrets ${s.standard.caught}/${s.standard.positives} caught, negatives ${s.standard.changed}/${s.standard.negatives} changed`);
    lines.push(`  research: PII ${s.research.caught}/${s.research.positives} caught, negatives ${s.research.changed}/${s.research.negatives} changed`);
    lines.push(`  doc examples (not in recall/FP): redacted ${s.docExamples.redactedStandard}/${s.docExamples.n} by standard, ${s.docExamples.redactedResearch}/${s.docExamples.n} by research`);
    lines.push('');
    const table = (title, rows, label) => {
        const shown = rows.filter((r) => (r.kind === 'negative' ? r.hits > 0 : r.hits < r.n));
        lines.push(`${title} (${label}; ${rows.length - shown.length} of ${rows.length} categories clean):`);
        for (const r of shown.sort((a, b) => a.category.localeCompare(b.category)))
            lines.push(`  ${r.category.padEnd(30)} ${String(r.hits).padStart(3)}/${r.n}`);
    };
    table('standard secrets', s.standard.categories.filter((c) => c.kind === 'secret'), 'caught/n shown where below n');
    table('standard negatives', s.standard.categories.filter((c) => c.kind === 'negative'), 'changed/n shown where above 0');
    table('research PII', s.research.categories.filter((c) => c.kind === 'pii'), 'caught/n shown where below n');
    table('research negatives', s.research.categories.filter((c) => c.kind === 'negative'), 'changed/n shown where above 0');
    if (opts.misses) {
        lines.push('');
        for (const [title, list] of [
            ['standard misses', s.standard.misses], ['standard false positives', s.standard.falsePositives],
            ['research misses', s.research.misses], ['research false positives', s.research.falsePositives],
        ]) {
            lines.push(`${title} (${list.length}):`);
            for (const m of list)
                lines.push(`  ${m.id}: ${m.detail.join(' | ')}`);
        }
        const docs = s.docExamples.cases.filter((d) => !d.standard || !d.research);
        lines.push(`doc examples kept (${docs.length}):`);
        for (const d of docs)
            lines.push(`  ${d.id}: standard ${d.standard ? 'redacted' : 'kept'}, research ${d.research ? 'redacted' : 'kept'}`);
    }
    return lines.join('\n');
}
function main() {
    const args = process.argv.slice(2);
    const known = new Set(['--json', '--misses', '--write']);
    const bad = args.filter((a) => !known.has(a));
    if (bad.length > 0) {
        process.stderr.write(`unknown option ${bad.join(' ')}\nusage: node dist/bench/redaction-eval/score.js [--json] [--misses] [--write]\n`);
        process.exit(2);
    }
    if (args.includes('--write')) {
        const digest = corpusDigest();
        writeFileSync(digestPath(), `${digest}\n`);
        process.stderr.write(`wrote ${digestPath()}: ${digest}\n`);
    }
    const score = scoreEval();
    if (args.includes('--json')) {
        const out = args.includes('--misses')
            ? score
            : { ...score, standard: { ...score.standard, misses: undefined, falsePositives: undefined }, research: { ...score.research, misses: undefined, falsePositives: undefined } };
        process.stdout.write(JSON.stringify(out, null, 2) + '\n');
    }
    else {
        process.stdout.write(formatEvalScore(score, { misses: args.includes('--misses') }) + '\n');
    }
}
if (isMain(import.meta.url))
    main();
//# sourceMappingURL=score.js.map