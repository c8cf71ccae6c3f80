/**
 * The blind v16 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV16Corpus, HOLDOUT_V16_VERSION, holdoutV16Digest, PARTS_V16, readCaptures } from '../bench/redaction-holdout-v16/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v16',
  version: HOLDOUT_V16_VERSION,
  generate: generateHoldoutV16Corpus,
  digest: holdoutV16Digest,
  minCases: 760,
  minSecretShare: 0.35,
});

describe('redaction-holdout-v16 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V16.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V16.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V16) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV16Corpus().filter((c) => c.targets.some((t) => !c.text.includes(t))).map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV16Corpus()
      .filter((c) => /atx-v16-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it("holds no name of the recording machine (mutt's hostname and root's GECOS realname are set)", () => {
    const leaks = generateHoldoutV16Corpus()
      .filter((c) => /^(hostname="(?!devbox")|realname="root")/m.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it('keeps hashed RPC passwords on transmission settings.json negatives, never a plaintext one', () => {
    const saved = readCaptures('negative', 'transmission-saved-settings');
    const hashed = saved.filter((c) => /"rpc-password": "\{[0-9a-f]{40}[^"]{8}"/.test(c.text)).length;
    expect(hashed).toBe(saved.length);
  });
});
