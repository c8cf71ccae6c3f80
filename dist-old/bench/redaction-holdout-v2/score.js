/**
 * Score the redaction engine on the blind v2 holdout. Prints aggregates and per-category counts
 * only: never the missed or changed cases (the holdout must stay unseen by rule authors).
 *
 *   node dist/bench/redaction-holdout-v2/score.js [--json] [--write]
 *
 * `--write` rewrites corpus.sha256 (source tree) with the digest of the generated corpus.
 */
import { runBlindScorer } from '../redaction-eval/blind.js';
import { isMain } from '../util.js';
import { generateHoldoutV2Corpus, holdoutV2Digest } from './corpus.js';
if (isMain(import.meta.url)) {
    runBlindScorer({ scorerUrl: import.meta.url, generate: generateHoldoutV2Corpus, digest: holdoutV2Digest }, process.argv.slice(2));
}
//# sourceMappingURL=score.js.map