/**
 * Score the redaction engine on the blind v9 holdout. Prints aggregates and per-category counts
 * only, never a missed or changed case.
 *
 *   node dist/bench/redaction-holdout-v9/score.js [--json] [--write]
 *
 * `--write` rewrites corpus.sha256 (source tree) with the digest of the generated corpus.
 */
import { runBlindScorer } from '../redaction-eval/blind.js';
import { isMain } from '../util.js';
import { generateHoldoutV9Corpus, holdoutV9Digest } from './corpus.js';

if (isMain(import.meta.url)) {
  runBlindScorer({ scorerUrl: import.meta.url, generate: generateHoldoutV9Corpus, digest: holdoutV9Digest }, process.argv.slice(2));
}
