/**
 * Score the redaction engine on the blind v34 holdout. Prints aggregates and per-category counts
 * only, never a missed or changed case.
 *
 *   node dist/bench/redaction-holdout-v34/score.js [--json] [--write]
 *
 * `--write` rewrites corpus.sha256 (source tree) with the digest of the loaded corpus.
 */
import { runBlindScorer } from '../redaction-eval/blind.js';
import { isMain } from '../util.js';
import { generateHoldoutV34Corpus, holdoutV34Digest } from './corpus.js';

if (isMain(import.meta.url)) {
  runBlindScorer({ scorerUrl: import.meta.url, generate: generateHoldoutV34Corpus, digest: holdoutV34Digest }, process.argv.slice(2));
}
