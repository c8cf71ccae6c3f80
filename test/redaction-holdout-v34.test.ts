/**
 * The blind v34 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV34Corpus, HOLDOUT_V34_VERSION, holdoutV34Digest, PARTS_V34, readCaptures } from '../bench/redaction-holdout-v34/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v34',
  version: HOLDOUT_V34_VERSION,
  generate: generateHoldoutV34Corpus,
  digest: holdoutV34Digest,
  minCases: 350,
  minSecretShare: 0.35,
});

describe('redaction-holdout-v34 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V34.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V34.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V34) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV34Corpus()
      .filter((c) => c.targets.some((t) => !c.text.includes(t)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV34Corpus()
      .filter((c) => /atx-v34-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it('starts every case on the command a user types', () => {
    const cases = generateHoldoutV34Corpus();
    const start = /^\$ (?:[A-Z][A-Z0-9_]*=(?:'[^']*'|\S+) )*(?:wrangler|dotenvx|pm2|serverless|cat) /;
    expect(cases.filter((c) => !start.test(c.text)).map((c) => c.id)).toEqual([]);
  });

  it('keeps what the programs hide hidden in the clean captures', () => {
    // wrangler names a .dev.vars secret's type only; dotenvx's encrypted files hold ciphertext
    const typed = readCaptures('negative', 'wrangler-dev-vars-clean').filter((c) => c.text.includes('$ cat worker-configuration.d.ts'));
    expect(typed.length).toBeGreaterThan(0);
    expect(typed.filter((c) => !/: string;/.test(c.text)).length).toBe(0);
    const encrypted = readCaptures('negative', 'dotenvx-encrypted-clean').filter((c) => /^\$ cat \.env/m.test(c.text));
    expect(encrypted.length).toBeGreaterThan(0);
    expect(encrypted.filter((c) => !c.text.includes('"encrypted:') && !c.text.includes('=encrypted:')).length).toBe(0);
  });
});
