/** The blind v2 redaction holdout is sound and frozen (test/blind-holdout.ts). */
import { generateHoldoutV2Corpus, holdoutV2Digest, HOLDOUT_V2_VERSION } from '../bench/redaction-holdout-v2/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v2',
  version: HOLDOUT_V2_VERSION,
  generate: generateHoldoutV2Corpus,
  digest: holdoutV2Digest,
  minCases: 600,
  minSecretShare: 0.33,
});
