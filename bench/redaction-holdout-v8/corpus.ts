/**
 * The blind v8 redaction holdout: whole conversational turns of a debugging session (see
 * README.md). `generateHoldoutV8Corpus()` is deterministic; `corpus.sha256` freezes its digest.
 */
import { createHash } from 'node:crypto';
import { caseId, digestOf, type EvalCase, type EvalKind } from '../redaction-eval/corpus.js';
import { Sfc32 } from '../random.js';
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

/** sfc32 seeded from the first 128 bits of sha256(`seed`). */
function seeded(seed: string): Sfc32 {
  const h = createHash('sha256').update(seed).digest();
  return new Sfc32([h.readUInt32LE(0), h.readUInt32LE(4), h.readUInt32LE(8), h.readUInt32LE(12)], 16);
}

const MAX_REDRAWS = 200;

/** One kind of case: its id prefix, its categories, and whether they are documentation examples. */
interface Part {
  kind: EvalKind;
  prefix: string;
  categories: readonly TurnCategory[];
  docExample?: boolean;
}

/**
 * The cases of one part. Each category draws from its own generator, seeded
 * `<version>:<kind>:<category>`; a text already drawn anywhere in the corpus (`seen`) is drawn again.
 */
function expandPart(part: Part, seen: Set<string>): EvalCase[] {
  return part.categories.flatMap((cat) => {
    const rng = seeded(`${HOLDOUT_V8_VERSION}:${part.kind}:${cat.category}`);
    return Array.from({ length: cat.count }, (_, i): EvalCase => {
      let t = cat.gen(rng);
      for (let tries = 0; seen.has(t.text); tries++) {
        if (tries > MAX_REDRAWS) throw new Error(`category ${cat.category}: fewer than ${cat.count} distinct texts`);
        t = cat.gen(rng);
      }
      seen.add(t.text);
      const targets = part.kind === 'negative' ? [] : [...new Set(t.targets)];
      const c: EvalCase = { id: caseId(part.prefix, cat.category, i + 1), kind: part.kind, category: cat.category, text: t.text, targets };
      return part.docExample ? { ...c, docExample: true } : c;
    });
  });
}

export function generateHoldoutV8Corpus(): EvalCase[] {
  const parts: Part[] = [
    { kind: 'secret', prefix: 's', categories: SECRET_CATEGORIES_V8 },
    { kind: 'pii', prefix: 'p', categories: PII_CATEGORIES_V8 },
    { kind: 'negative', prefix: 'n', categories: NEGATIVE_CATEGORIES_V8 },
    { kind: 'secret', prefix: 'd', categories: docExampleCategories(), docExample: true },
  ];
  const seen = new Set<string>();
  return parts.flatMap((part) => expandPart(part, seen));
}

export function holdoutV8Digest(cases: EvalCase[] = generateHoldoutV8Corpus()): string {
  return digestOf(cases);
}
