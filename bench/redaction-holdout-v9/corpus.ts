/**
 * The blind v9 redaction holdout: idioms observed in real public text (issues, Q&A threads, bug
 * reports), rewritten with synthetic values (see README.md). `generateHoldoutV9Corpus()` is
 * deterministic; `corpus.sha256` freezes its digest.
 */
import { createHash } from 'node:crypto';
import { caseId, digestOf, type EvalCase, type EvalKind } from '../redaction-eval/corpus.js';
import { Sfc32 } from '../random.js';
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

/** sfc32 seeded from the first 128 bits of sha256(`seed`). */
function seeded(seed: string): Sfc32 {
  const h = createHash('sha256').update(seed).digest();
  return new Sfc32([h.readUInt32LE(0), h.readUInt32LE(4), h.readUInt32LE(8), h.readUInt32LE(12)], 16);
}

const MAX_REDRAWS = 200;

interface Part {
  kind: EvalKind;
  prefix: string;
  categories: readonly PasteCategory[];
  docExample?: boolean;
}

/**
 * The cases of one part. Each category draws from its own generator, seeded
 * `<version>:<kind>:<category>`; a text already drawn anywhere in the corpus (`seen`) is drawn again.
 */
function expandPart(part: Part, seen: Set<string>): EvalCase[] {
  return part.categories.flatMap((cat) => {
    const rng = seeded(`${HOLDOUT_V9_VERSION}:${part.kind}:${cat.category}`);
    return Array.from({ length: cat.count }, (_, i): EvalCase => {
      let p = cat.gen(rng);
      for (let tries = 0; seen.has(p.text); tries++) {
        if (tries > MAX_REDRAWS) throw new Error(`category ${cat.category}: fewer than ${cat.count} distinct texts`);
        p = cat.gen(rng);
      }
      seen.add(p.text);
      const targets = part.kind === 'negative' ? [] : [...new Set(p.targets)];
      const c: EvalCase = { id: caseId(part.prefix, cat.category, i + 1), kind: part.kind, category: cat.category, text: p.text, targets };
      return part.docExample ? { ...c, docExample: true } : c;
    });
  });
}

export function generateHoldoutV9Corpus(): EvalCase[] {
  const parts: Part[] = [
    { kind: 'secret', prefix: 's', categories: SECRET_CATEGORIES_V9 },
    { kind: 'pii', prefix: 'p', categories: PII_CATEGORIES_V9 },
    { kind: 'negative', prefix: 'n', categories: NEGATIVE_CATEGORIES_V9 },
    { kind: 'secret', prefix: 'd', categories: DOC_EXAMPLE_CATEGORIES, docExample: true },
  ];
  const seen = new Set<string>();
  return parts.flatMap((part) => expandPart(part, seen));
}

export function holdoutV9Digest(cases: EvalCase[] = generateHoldoutV9Corpus()): string {
  return digestOf(cases);
}
