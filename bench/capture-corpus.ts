/**
 * Corpora of captured program output (v10 and later): `captures/<folder>/<category>.jsonl`, one
 * `{"text","targets"}` per line, turned into `EvalCase`s in the listed category order. Each
 * corpus's own `corpus.ts` lists its categories and calls `captureCorpus` for the rest.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { frozenDigestPath } from './redaction-eval/blind.js';
import { caseId, digestOf, type EvalCase, type EvalKind } from './redaction-eval/corpus.js';

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

/** What a capture corpus's module exports besides its categories. */
export interface CaptureCorpus {
  /** the captures' folder in the source tree (also when the corpus's module runs from dist/) */
  capturesDir(): string;
  readCaptures(folder: CaptureFolder, category: string): Capture[];
  parts: readonly CapturePart[];
  generate(): EvalCase[];
  digest(cases?: EvalCase[]): string;
}

/** The loader of the capture corpus whose `corpus.ts` has `moduleUrl` (its `import.meta.url`) and these categories. */
export function captureCorpus(moduleUrl: string, secret: readonly string[], pii: readonly string[], negative: readonly string[], doc: readonly string[]): CaptureCorpus {
  const capturesDir = () => join(dirname(frozenDigestPath(moduleUrl)), 'captures');
  const parts = captureParts(secret, pii, negative, doc);
  const generate = () => casesFromCaptures(capturesDir(), parts);
  return {
    capturesDir,
    readCaptures: (folder, category) => readCaptureFile(capturesDir(), folder, category),
    parts,
    generate,
    digest: (cases = generate()) => digestOf(cases),
  };
}
