/** The blind v3 redaction holdout is sound and frozen (test/blind-holdout.ts). */
import { generateHoldoutV3Corpus, holdoutV3Digest, HOLDOUT_V3_VERSION } from '../bench/redaction-holdout-v3/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v3',
  version: HOLDOUT_V3_VERSION,
  generate: generateHoldoutV3Corpus,
  digest: holdoutV3Digest,
  minCases: 700,
  minSecretShare: 0.35,
});
