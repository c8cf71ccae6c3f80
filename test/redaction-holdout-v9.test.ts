/** The blind v9 redaction holdout is sound and frozen (test/blind-holdout.ts). */
import { generateHoldoutV9Corpus, HOLDOUT_V9_VERSION, holdoutV9Digest } from '../bench/redaction-holdout-v9/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v9',
  version: HOLDOUT_V9_VERSION,
  generate: generateHoldoutV9Corpus,
  digest: holdoutV9Digest,
  minCases: 750,
  minSecretShare: 0.35,
});
