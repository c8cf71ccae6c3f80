/**
 * Score the redaction engine on the blind v24 holdout. Prints aggregates and per-category counts
 * only, never a missed or changed case.
 *
 *   node dist/bench/redaction-holdout-v24/score.js [--json] [--write]
 *
 * `--write` rewrites corpus.sha256 (source tree) with the digest of the loaded corpus.
 */
import { runBlindScorer } from '../redaction-eval/blind.js';
import { isMain } from '../util.js';
import { generateHoldoutV24Corpus, holdoutV24Digest } from './corpus.js';

if (isMain(import.meta.url)) {
  runBlindScorer({ scorerUrl: import.meta.url, generate: generateHoldoutV24Corpus, digest: holdoutV24Digest }, process.argv.slice(2));
}
