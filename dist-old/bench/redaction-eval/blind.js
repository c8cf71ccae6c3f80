/**
 * The scorer of a blind holdout: aggregates and per-category counts only, never a missed or
 * changed case (rule authors must stay blind to them). Each holdout's score.ts is this, given its
 * generator; `--write` rewrites its `corpus.sha256` in the source tree, `--json` prints the same
 * figures as JSON.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatEvalScore, scoreEval } from './score.js';
const DIST = `${sep}dist${sep}`;
/** `corpus.sha256` in the source tree, also when the scorer runs from dist/. */
export function frozenDigestPath(scorerUrl) {
    const here = dirname(fileURLToPath(scorerUrl));
    const i = here.lastIndexOf(DIST);
    const dir = i >= 0 ? here.slice(0, i) + sep + here.slice(i + DIST.length) : here;
    return join(dir, 'corpus.sha256');
}
function readFrozenDigest(scorerUrl) {
    const path = frozenDigestPath(scorerUrl);
    return existsSync(path) ? readFileSync(path, 'utf8').trim() : null;
}
/** The score with every case-level detail removed. */
export function blindScore(s, scorerUrl) {
    const blind = (p) => ({ ...p, misses: [], falsePositives: [] });
    return { ...s, frozenDigest: readFrozenDigest(scorerUrl), standard: blind(s.standard), research: blind(s.research), docExamples: { ...s.docExamples, cases: [] } };
}
function jsonView(s) {
    const strip = (p) => {
        const { misses: _m, falsePositives: _f, ...rest } = p;
        return rest;
    };
    const { cases: _c, ...docs } = s.docExamples;
    return { ...s, standard: strip(s.standard), research: strip(s.research), docExamples: docs };
}
export function runBlindScorer(holdout, args) {
    const cases = holdout.generate();
    if (args.includes('--write')) {
        const path = frozenDigestPath(holdout.scorerUrl);
        writeFileSync(path, holdout.digest(cases) + '\n');
        process.stderr.write(`wrote ${path}\n`);
    }
    const s = blindScore(scoreEval(cases), holdout.scorerUrl);
    if (args.includes('--json'))
        process.stdout.write(JSON.stringify(jsonView(s), null, 2) + '\n');
    else
        process.stdout.write(formatEvalScore(s, { misses: false }) + '\n');
}
//# sourceMappingURL=blind.js.map