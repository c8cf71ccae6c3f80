/**
 * Score the redaction engine on the blind v29 holdout. Prints aggregates and per-category counts
 * only, never a missed or changed case.
 *
 *   node dist/bench/redaction-holdout-v29/score.js [--json] [--write]
 *
 * `--write` rewrites corpus.sha256 (source tree) with the digest of the loaded corpus.
 */
import { runBlindScorer } from '../redaction-eval/blind.js';
import { isMain } from '../util.js';
import { generateHoldoutV29Corpus, holdoutV29Digest } from './corpus.js';

if (isMain(import.meta.url)) {
  runBlindScorer({ scorerUrl: import.meta.url, generate: generateHoldoutV29Corpus, digest: holdoutV29Digest }, process.argv.slice(2));
}
