/** The blind v6 redaction holdout is sound and frozen (test/blind-holdout.ts). */
import { generateHoldoutV6Corpus, HOLDOUT_V6_VERSION, holdoutV6Digest } from '../bench/redaction-holdout-v6/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v6',
  version: HOLDOUT_V6_VERSION,
  generate: generateHoldoutV6Corpus,
  digest: holdoutV6Digest,
  minCases: 700,
  minSecretShare: 0.35,
});
