/**
 * Scores the redaction engine on the holdout corpus, printing aggregate figures and per-category
 * counts only: the case texts and the individual misses are never printed, so the rule authors stay
 * blind to them.
 *
 *   node dist/bench/redaction-holdout/score.js [--json] [--write]
 *
 * `--write` rewrites `bench/redaction-holdout/corpus.sha256` from the current generator. Exits 0
 * whatever the figures (2 on a bad option).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatEvalScore, scoreEval } from '../redaction-eval/score.js';
import { isMain } from '../util.js';
import { generateHoldoutCorpus, holdoutDigest, HOLDOUT_VERSION } from './corpus.js';
const HERE = dirname(fileURLToPath(import.meta.url));
/** `corpus.sha256` next to the sources (the scorer runs from dist/bench/redaction-holdout/). */
export function holdoutDigestPath() {
    const fromDist = join(HERE, '..', '..', '..', 'bench', 'redaction-holdout', 'corpus.sha256');
    return HERE.includes(join('dist', 'bench')) ? fromDist : join(HERE, 'corpus.sha256');
}
export function readHoldoutDigest() {
    try {
        return readFileSync(holdoutDigestPath(), 'utf8').trim().split(/\s+/)[0] ?? null;
    }
    catch {
        return null;
    }
}
/** The score with every per-case detail removed (ids, misses, false positives, doc-example rows). */
export function blindScore(s) {
    const strip = (p) => ({ ...p, misses: undefined, falsePositives: undefined });
    return {
        ...s,
        frozenDigest: readHoldoutDigest(),
        standard: strip(s.standard),
        research: strip(s.research),
        docExamples: { n: s.docExamples.n, redactedStandard: s.docExamples.redactedStandard, redactedResearch: s.docExamples.redactedResearch },
    };
}
export function formatHoldoutScore(s) {
    const frozen = readHoldoutDigest();
    const note = frozen === null ? 'no corpus.sha256' : frozen === s.digest ? 'matches corpus.sha256' : `DIFFERS from corpus.sha256 (${frozen.slice(0, 12)})`;
    // formatEvalScore without misses prints aggregates and per-category counts only.
    const body = formatEvalScore(s, { misses: false }).split('\n').slice(1);
    return [`redaction HOLDOUT corpus (${HOLDOUT_VERSION}): ${s.cases} cases, sha256 ${s.digest.slice(0, 12)} (${note})`, ...body].join('\n');
}
function main() {
    const args = process.argv.slice(2);
    const known = new Set(['--json', '--write']);
    const bad = args.filter((a) => !known.has(a));
    if (bad.length > 0) {
        process.stderr.write(`unknown option ${bad.join(' ')}\nusage: node dist/bench/redaction-holdout/score.js [--json] [--write]\n`);
        process.exit(2);
    }
    if (args.includes('--write')) {
        const digest = holdoutDigest();
        writeFileSync(holdoutDigestPath(), `${digest}\n`);
        process.stderr.write(`wrote ${holdoutDigestPath()}: ${digest}\n`);
    }
    const score = scoreEval(generateHoldoutCorpus());
    if (args.includes('--json'))
        process.stdout.write(JSON.stringify(blindScore(score), null, 2) + '\n');
    else
        process.stdout.write(formatHoldoutScore(score) + '\n');
}
if (isMain(import.meta.url))
    main();
//# sourceMappingURL=score.js.map