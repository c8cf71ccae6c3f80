/**
 * The blind v8 redaction holdout: whole conversational turns of a debugging session (see
 * README.md). `generateHoldoutV8Corpus()` is deterministic; `corpus.sha256` freezes its digest.
 */
import { expandCorpusParts } from '../holdout-parts.js';
import { digestOf, type EvalCase } from '../redaction-eval/corpus.js';
import { docExampleCategories } from './docs.js';
import { TALK_NEGATIVE_CATEGORIES } from './negatives-talk.js';
import { TOOL_NEGATIVE_CATEGORIES } from './negatives-tools.js';
import { PII_CATEGORIES_V8 } from './pii.js';
import { AGENT_SECRET_CATEGORIES } from './secrets-agent.js';
import { TOOL_SECRET_CATEGORIES } from './secrets-tools.js';
import type { TurnCategory } from './turn.js';
import { USER_SECRET_CATEGORIES } from './secrets-user.js';

/** Bump only together with a deliberate regeneration (and a new `corpus.sha256`). */
export const HOLDOUT_V8_VERSION = 'atx-redaction-holdout-v8';

export const SECRET_CATEGORIES_V8: readonly TurnCategory[] = [...USER_SECRET_CATEGORIES, ...AGENT_SECRET_CATEGORIES, ...TOOL_SECRET_CATEGORIES];
export const NEGATIVE_CATEGORIES_V8: readonly TurnCategory[] = [...TALK_NEGATIVE_CATEGORIES, ...TOOL_NEGATIVE_CATEGORIES];

export function generateHoldoutV8Corpus(): EvalCase[] {
  return expandCorpusParts(HOLDOUT_V8_VERSION, [
    { kind: 'secret', prefix: 's', categories: SECRET_CATEGORIES_V8 },
    { kind: 'pii', prefix: 'p', categories: PII_CATEGORIES_V8 },
    { kind: 'negative', prefix: 'n', categories: NEGATIVE_CATEGORIES_V8 },
    { kind: 'secret', prefix: 'd', categories: docExampleCategories(), docExample: true },
  ]);
}

export function holdoutV8Digest(cases: EvalCase[] = generateHoldoutV8Corpus()): string {
  return digestOf(cases);
}
