/**
 * Score the redaction engine on the blind v4 holdout. Prints aggregates and per-category counts
 * only, never a missed or changed case.
 *
 *   node dist/bench/redaction-holdout-v4/score.js [--json] [--write]
 *
 * `--write` rewrites corpus.sha256 (source tree) with the digest of the generated corpus.
 */
import { runBlindScorer } from '../redaction-eval/blind.js';
import { isMain } from '../util.js';
import { generateHoldoutV4Corpus, holdoutV4Digest } from './corpus.js';
if (isMain(import.meta.url)) {
    runBlindScorer({ scorerUrl: import.meta.url, generate: generateHoldoutV4Corpus, digest: holdoutV4Digest }, process.argv.slice(2));
}
//# sourceMappingURL=score.js.map