/**
 * The blind v9 redaction holdout: idioms observed in real public text (issues, Q&A threads, bug
 * reports), rewritten with synthetic values (see README.md). `generateHoldoutV9Corpus()` is
 * deterministic; `corpus.sha256` freezes its digest.
 */
import { expandCorpusParts } from '../holdout-parts.js';
import { digestOf, type EvalCase } from '../redaction-eval/corpus.js';
import { DOC_EXAMPLE_CATEGORIES } from './docs.js';
import type { PasteCategory } from './kit.js';
import { LOG_NEGATIVE_CATEGORIES } from './negatives-logs.js';
import { TALK_NEGATIVE_CATEGORIES } from './negatives-talk.js';
import { PII_CATEGORIES_V9 } from './pii.js';
import { LOG_SECRET_CATEGORIES } from './secrets-logs.js';
import { TALK_SECRET_CATEGORIES } from './secrets-talk.js';

/** Bump only together with a deliberate regeneration (and a new `corpus.sha256`). */
export const HOLDOUT_V9_VERSION = 'atx-redaction-holdout-v9';

export const SECRET_CATEGORIES_V9: readonly PasteCategory[] = [...LOG_SECRET_CATEGORIES, ...TALK_SECRET_CATEGORIES];
export const NEGATIVE_CATEGORIES_V9: readonly PasteCategory[] = [...LOG_NEGATIVE_CATEGORIES, ...TALK_NEGATIVE_CATEGORIES];

export function generateHoldoutV9Corpus(): EvalCase[] {
  return expandCorpusParts(HOLDOUT_V9_VERSION, [
    { kind: 'secret', prefix: 's', categories: SECRET_CATEGORIES_V9 },
    { kind: 'pii', prefix: 'p', categories: PII_CATEGORIES_V9 },
    { kind: 'negative', prefix: 'n', categories: NEGATIVE_CATEGORIES_V9 },
    { kind: 'secret', prefix: 'd', categories: DOC_EXAMPLE_CATEGORIES, docExample: true },
  ]);
}

export function holdoutV9Digest(cases: EvalCase[] = generateHoldoutV9Corpus()): string {
  return digestOf(cases);
}
