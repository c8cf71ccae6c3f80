/**
 * Score the redaction engine on the blind v3 holdout. Prints aggregates and per-category counts
 * only: never the missed or changed cases (the holdout must stay unseen by rule authors).
 *
 *   node dist/bench/redaction-holdout-v3/score.js [--json] [--write]
 *
 * `--write` rewrites corpus.sha256 (source tree) with the digest of the generated corpus.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatEvalScore, scoreEval, type EvalScore, type ProfileScore } from '../redaction-eval/score.js';
import { isMain } from '../util.js';
import { generateHoldoutV3Corpus, holdoutV3Digest } from './corpus.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const DIST = `${sep}dist${sep}`;

/** `corpus.sha256` in the source tree (the scorer runs from dist/bench/redaction-holdout-v3/). */
export function holdoutV3DigestPath(): string {
  const i = HERE.lastIndexOf(DIST);
  const dir = i >= 0 ? HERE.slice(0, i) + sep + HERE.slice(i + DIST.length) : HERE;
  return join(dir, 'corpus.sha256');
}

export function readHoldoutV3Digest(): string | null {
  const p = holdoutV3DigestPath();
  return existsSync(p) ? readFileSync(p, 'utf8').trim() : null;
}

function blindProfile(p: ProfileScore): ProfileScore {
  return { ...p, misses: [], falsePositives: [] };
}

/** The score with every case-level detail removed. */
export function blindScore(s: EvalScore): EvalScore {
  return {
    ...s,
    frozenDigest: readHoldoutV3Digest(),
    standard: blindProfile(s.standard),
    research: blindProfile(s.research),
    docExamples: { ...s.docExamples, cases: [] },
  };
}

function jsonView(s: EvalScore): unknown {
  const strip = (p: ProfileScore) => {
    const { misses: _m, falsePositives: _f, ...rest } = p;
    return rest;
  };
  const { cases: _c, ...docs } = s.docExamples;
  return { ...s, standard: strip(s.standard), research: strip(s.research), docExamples: docs };
}

function main(): void {
  const args = process.argv.slice(2);
  const cases = generateHoldoutV3Corpus();
  if (args.includes('--write')) {
    writeFileSync(holdoutV3DigestPath(), holdoutV3Digest(cases) + '\n');
    process.stderr.write(`wrote ${holdoutV3DigestPath()}\n`);
  }
  const s = blindScore(scoreEval(cases));
  if (args.includes('--json')) process.stdout.write(JSON.stringify(jsonView(s), null, 2) + '\n');
  else process.stdout.write(formatEvalScore(s, { misses: false }) + '\n');
}

if (isMain(import.meta.url)) main();
