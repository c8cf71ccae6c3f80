/** The blind v8 redaction holdout is sound and frozen (test/blind-holdout.ts). */
import { generateHoldoutV8Corpus, HOLDOUT_V8_VERSION, holdoutV8Digest } from '../bench/redaction-holdout-v8/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v8',
  version: HOLDOUT_V8_VERSION,
  generate: generateHoldoutV8Corpus,
  digest: holdoutV8Digest,
  minCases: 700,
  minSecretShare: 0.35,
});
