/**
 * How the v8 and later holdouts turn their categories into cases: each category draws from its
 * own generator, seeded `<version>:<kind>:<category>` (sfc32 from the first 128 bits of its
 * sha256), and a text already drawn anywhere in the corpus is drawn again.
 */
import { createHash } from 'node:crypto';
import type { CorpusCategory } from './corpus-kit.js';
import { caseId, type EvalCase, type EvalKind } from './redaction-eval/corpus.js';
import { type RandomDraws, Sfc32 } from './random.js';

/** A category of drawn texts, each with the substrings a redactor must remove. */
export type DrawnCategory = CorpusCategory<RandomDraws, { text: string; targets: readonly string[] }>;

/** One kind of case: its id prefix, its categories, and whether they are documentation examples. */
export interface CorpusPart {
  kind: EvalKind;
  prefix: string;
  categories: readonly DrawnCategory[];
  docExample?: boolean;
}

const MAX_REDRAWS = 200;

function seeded(seed: string): Sfc32 {
  const h = createHash('sha256').update(seed).digest();
  return new Sfc32([h.readUInt32LE(0), h.readUInt32LE(4), h.readUInt32LE(8), h.readUInt32LE(12)], 16);
}

export function expandCorpusParts(version: string, parts: readonly CorpusPart[]): EvalCase[] {
  const seen = new Set<string>();
  return parts.flatMap((part) =>
    part.categories.flatMap((cat) => {
      const rng = seeded(`${version}:${part.kind}:${cat.category}`);
      return Array.from({ length: cat.count }, (_, i): EvalCase => {
        let drawn = cat.gen(rng);
        for (let tries = 0; seen.has(drawn.text); tries++) {
          if (tries > MAX_REDRAWS) throw new Error(`category ${cat.category}: fewer than ${cat.count} distinct texts`);
          drawn = cat.gen(rng);
        }
        seen.add(drawn.text);
        const targets = part.kind === 'negative' ? [] : [...new Set(drawn.targets)];
        const c: EvalCase = { id: caseId(part.prefix, cat.category, i + 1), kind: part.kind, category: cat.category, text: drawn.text, targets };
        return part.docExample ? { ...c, docExample: true } : c;
      });
    }),
  );
}
