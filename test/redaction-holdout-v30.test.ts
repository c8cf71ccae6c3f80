/**
 * The blind v30 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV30Corpus, HOLDOUT_V30_VERSION, holdoutV30Digest, PARTS_V30, readCaptures } from '../bench/redaction-holdout-v30/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v30',
  version: HOLDOUT_V30_VERSION,
  generate: generateHoldoutV30Corpus,
  digest: holdoutV30Digest,
  minCases: 700,
  minSecretShare: 0.35,
});

describe('redaction-holdout-v30 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V30.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V30.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V30) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV30Corpus()
      .filter((c) => c.targets.some((t) => !c.text.includes(t)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV30Corpus()
      .filter((c) => /atx-v30-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it('starts every case on the command a user types', () => {
    const cases = generateHoldoutV30Corpus();
    const start = /^\$ (?:cd \S+\n\$ )?(?:[A-Z_]+=\S+ )*(?:GIT_TRACE=1 (?:GIT_TRACE_PACKET=1 )?)?(?:printf '[^']*' \| )?(?:git|make|cmake|zsh|fish|dash|direnv|yarn|pnpm|npm|gem|bundle|twine|python3|cat) /;
    expect(cases.filter((c) => !start.test(c.text)).map((c) => c.id)).toEqual([]);
  });

  it('keeps the clocks and ports on their stand-ins', () => {
    const cases = generateHoldoutV30Corpus();
    const traced = cases.filter((c) => /^\$ (?:cd \S+\n\$ )?GIT_TRACE=1 /.test(c.text));
    expect(traced.length).toBeGreaterThan(0);
    expect(traced.filter((c) => /^\d\d:\d\d:\d\d\.\d{6} /m.test(c.text) && !/^09:00:00\.000000 /m.test(c.text)).length).toBe(0);
    const served = cases.filter((c) => c.text.includes('127.0.0.1:') && c.category.startsWith('git-'));
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((c) => /127\.0\.0\.1(?::|%3a)(?!3000\b)\d+/.test(c.text)).length).toBe(0);
    expect(cases.filter((c) => /fetch-pack \d+ on (?!devbox)/.test(c.text)).length).toBe(0);
    const indexed = cases.filter((c) => c.category.startsWith('twine-pip-'));
    expect(indexed.length).toBeGreaterThan(0);
    expect(indexed.filter((c) => /127\.0\.0\.1:(?!8080\b)\d+/.test(c.text)).length).toBe(0);
  });

  it('keeps what Bundler masks masked in its clean captures', () => {
    const clean = readCaptures('negative', 'bundle-config-redacted').filter((c) => /^\$ (?:cd \S+\n\$ )?bundle /.test(c.text));
    expect(clean.length).toBeGreaterThan(0);
    expect(clean.filter((c) => !/\[REDACTED\]/.test(c.text)).length).toBe(0);
  });
});
