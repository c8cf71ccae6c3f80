/**
 * Corpora of captured program output (v10, v11): `captures/<folder>/<category>.jsonl`, one
 * `{"text","targets"}` per line, turned into `EvalCase`s in the listed category order. Each
 * corpus's own `corpus.ts` lists its categories and where its captures are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { caseId, type EvalCase, type EvalKind } from './redaction-eval/corpus.js';

/** One recorded program output and the substrings of it that must disappear. */
export interface Capture {
  text: string;
  targets: string[];
}

/** The folder a kind of capture lives in: `secret`, `pii`, `negative` or `doc`. */
export type CaptureFolder = 'secret' | 'pii' | 'negative' | 'doc';

export interface CapturePart {
  folder: CaptureFolder;
  kind: EvalKind;
  prefix: string;
  categories: readonly string[];
  docExample?: boolean;
}

/** The four parts of a capture corpus, in the order their cases are numbered. */
export function captureParts(secret: readonly string[], pii: readonly string[], negative: readonly string[], doc: readonly string[]): readonly CapturePart[] {
  return [
    { folder: 'secret', kind: 'secret', prefix: 's', categories: secret },
    { folder: 'pii', kind: 'pii', prefix: 'p', categories: pii },
    { folder: 'negative', kind: 'negative', prefix: 'n', categories: negative },
    { folder: 'doc', kind: 'secret', prefix: 'd', categories: doc, docExample: true },
  ];
}

export function readCaptureFile(capturesDir: string, folder: CaptureFolder, category: string): Capture[] {
  const path = join(capturesDir, folder, `${category}.jsonl`);
  const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0);
  return lines.map((line, i) => {
    const v = JSON.parse(line) as Partial<Capture>;
    if (typeof v.text !== 'string' || !Array.isArray(v.targets) || !v.targets.every((t) => typeof t === 'string')) {
      throw new Error(`${folder}/${category}.jsonl line ${i + 1}: not a capture`);
    }
    return { text: v.text, targets: v.targets };
  });
}

export function casesFromCaptures(capturesDir: string, parts: readonly CapturePart[]): EvalCase[] {
  return parts.flatMap((part) =>
    part.categories.flatMap((category) =>
      readCaptureFile(capturesDir, part.folder, category).map((cap, i): EvalCase => {
        const targets = part.kind === 'negative' ? [] : [...new Set(cap.targets)];
        const c: EvalCase = { id: caseId(part.prefix, category, i + 1), kind: part.kind, category, text: cap.text, targets };
        return part.docExample ? { ...c, docExample: true } : c;
      }),
    ),
  );
}
