/**
 * The blind v28 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV28Corpus, HOLDOUT_V28_VERSION, holdoutV28Digest, PARTS_V28, readCaptures } from '../bench/redaction-holdout-v28/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v28',
  version: HOLDOUT_V28_VERSION,
  generate: generateHoldoutV28Corpus,
  digest: holdoutV28Digest,
  minCases: 700,
  minSecretShare: 0.35,
});

describe('redaction-holdout-v28 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V28.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V28.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V28) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV28Corpus()
      .filter((c) => c.targets.some((t) => !c.text.includes(t)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV28Corpus()
      .filter((c) => /atx-v28-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it('starts every case on the command a user types', () => {
    const cases = generateHoldoutV28Corpus();
    expect(cases.filter((c) => !/^\$ (?:offlineimap|s-nail|getmail|newsboat|vdirsyncer|syncthing cli) /.test(c.text)).map((c) => c.id)).toEqual([]);
  });

  it('keeps the clocks and ports on their stand-ins', () => {
    const cases = generateHoldoutV28Corpus();
    expect(cases.filter((c) => /127\.0\.0\.1:(?!(?:110|143|587|8080|8443|8384)\b)\d+/.test(c.text)).map((c) => c.id)).toEqual([]);
    const newsboat = cases.filter((c) => /^\$ newsboat -x reload/.test(c.text));
    expect(newsboat.length).toBeGreaterThan(0);
    expect(newsboat.filter((c) => /^\[(?!2026-11-28 09:00:00\])20\d\d-/m.test(c.text)).length).toBe(0);
    expect(newsboat.filter((c) => /\bign = 0x(?!7ffd5e3c1a40\b)/.test(c.text)).length).toBe(0);
    const imap = cases.filter((c) => c.category.startsWith('offlineimap-'));
    expect(imap.length).toBeGreaterThan(0);
    expect(imap.filter((c) => /^ \[imap\]: {3}(?!09:00\.00 )\d\d:\d\d\.\d\d /m.test(c.text)).length).toBe(0);
    expect(cases.filter((c) => /^s-nail: >>> Date: (?!Sat, 28 Nov 2026 09:00:00 \+0000$)/m.test(c.text)).length).toBe(0);
  });

  it('shows the getmail dumps with the password masked, as getmail prints it', () => {
    const dumps = readCaptures('negative', 'getmail-clean').filter((c) => c.text.includes('getmail configuration:'));
    expect(dumps.length).toBeGreaterThan(0);
    expect(dumps.filter((c) => !c.text.includes('password="*"')).length).toBe(0);
  });
});
