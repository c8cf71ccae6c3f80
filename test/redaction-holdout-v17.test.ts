/**
 * The blind v17 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV17Corpus, HOLDOUT_V17_VERSION, holdoutV17Digest, PARTS_V17, readCaptures } from '../bench/redaction-holdout-v17/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v17',
  version: HOLDOUT_V17_VERSION,
  generate: generateHoldoutV17Corpus,
  digest: holdoutV17Digest,
  minCases: 665,
  minSecretShare: 0.38,
});

describe('redaction-holdout-v17 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V17.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V17.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V17) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV17Corpus().filter((c) => c.targets.some((t) => !c.text.includes(t))).map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV17Corpus()
      .filter((c) => /atx-v17-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it("holds no name of the recording machine (neomutt's hostname and real_name are set)", () => {
    const leaks = generateHoldoutV17Corpus()
      .filter((c) => /^set (hostname = "(?!devbox")|real_name = "root")/m.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it('keeps the servers on their stand-in ports (8080, 8118, 11211)', () => {
    const ports = generateHoldoutV17Corpus()
      .filter((c) => /127\.0\.0\.1:(?!8080\b|3128\b|1080\b|9001\b|8118\b|11211\b)\d{4,5}\b/.test(c.text))
      .map((c) => c.id);
    expect(ports).toEqual([]);
  });

  it('shows masked passwords on neomutt -S negatives and snipped Authorization on aria2 negatives', () => {
    const masked = readCaptures('negative', 'neomutt-dump-masked');
    expect(masked.filter((c) => /^set imap_pass = "\*\*\*"$/m.test(c.text)).length).toBe(masked.length);
    const snipped = readCaptures('negative', 'aria2-auth-snipped');
    expect(snipped.filter((c) => c.text.includes('Authorization: <snip>')).length).toBe(snipped.length);
  });
});
