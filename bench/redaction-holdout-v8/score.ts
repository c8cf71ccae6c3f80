/**
 * Score the redaction engine on the blind v8 holdout. Prints aggregates and per-category counts
 * only, never a missed or changed case.
 *
 *   node dist/bench/redaction-holdout-v8/score.js [--json] [--write]
 *
 * `--write` rewrites corpus.sha256 (source tree) with the digest of the generated corpus.
 */
import { runBlindScorer } from '../redaction-eval/blind.js';
import { isMain } from '../util.js';
import { generateHoldoutV8Corpus, holdoutV8Digest } from './corpus.js';

if (isMain(import.meta.url)) {
  runBlindScorer({ scorerUrl: import.meta.url, generate: generateHoldoutV8Corpus, digest: holdoutV8Digest }, process.argv.slice(2));
}
