/** The blind v5 redaction holdout is sound and frozen (test/blind-holdout.ts). */
import { generateHoldoutV5Corpus, HOLDOUT_V5_VERSION, holdoutV5Digest } from '../bench/redaction-holdout-v5/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v5',
  version: HOLDOUT_V5_VERSION,
  generate: generateHoldoutV5Corpus,
  digest: holdoutV5Digest,
  minCases: 700,
  minSecretShare: 0.35,
});
