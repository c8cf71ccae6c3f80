/** The blind v7 redaction holdout is sound and frozen (test/blind-holdout.ts). */
import { generateHoldoutV7Corpus, HOLDOUT_V7_VERSION, holdoutV7Digest } from '../bench/redaction-holdout-v7/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v7',
  version: HOLDOUT_V7_VERSION,
  generate: generateHoldoutV7Corpus,
  digest: holdoutV7Digest,
  minCases: 700,
  minSecretShare: 0.35,
});
