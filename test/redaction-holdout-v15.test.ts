/**
 * The blind v15 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV15Corpus, HOLDOUT_V15_VERSION, holdoutV15Digest, PARTS_V15, readCaptures } from '../bench/redaction-holdout-v15/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v15',
  version: HOLDOUT_V15_VERSION,
  generate: generateHoldoutV15Corpus,
  digest: holdoutV15Digest,
  minCases: 750,
  minSecretShare: 0.35,
});

describe('redaction-holdout-v15 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V15.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V15.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V15) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV15Corpus().filter((c) => c.targets.some((t) => !c.text.includes(t))).map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV15Corpus()
      .filter((c) => /atx-v15-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it('holds no credential of the recording itself (the plaintexts caddy hashed are never printed)', () => {
    const leaked = generateHoldoutV15Corpus()
      .filter((c) => c.text.includes('v15-recorder-'))
      .map((c) => c.id);
    expect(leaked).toEqual([]);
  });

  it("holds no batch separator (each category's cases come from one run split at a printed line)", () => {
    const joined = generateHoldoutV15Corpus()
      .filter((c) => c.text.includes('@@CASE-END@@'))
      .map((c) => c.id);
    expect(joined).toEqual([]);
  });
});
