/**
 * The blind v20 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV20Corpus, HOLDOUT_V20_VERSION, holdoutV20Digest, PARTS_V20, readCaptures } from '../bench/redaction-holdout-v20/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v20',
  version: HOLDOUT_V20_VERSION,
  generate: generateHoldoutV20Corpus,
  digest: holdoutV20Digest,
  minCases: 755,
  minSecretShare: 0.38,
});

describe('redaction-holdout-v20 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V20.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V20.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V20) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV20Corpus()
      .filter((c) => c.targets.some((t) => !c.text.includes(t)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV20Corpus()
      .filter((c) => /atx-v20-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it("keeps the rsync daemon on its stand-in port and the daemons' clocks and pids on their stand-ins", () => {
    const varying = generateHoldoutV20Corpus()
      .filter((c) => /127\.0\.0\.1:(?!873\/)\d{2,5}\b|\d\d:\d\d:\d\d,(?!000 devbox proftpd\[41727\])\d{3}|20\d\d\/\d\d\/\d\d (?!09:00:00 \[41727\])\d/.test(c.text))
      .map((c) => c.id);
    expect(varying).toEqual([]);
  });

  it("shows ngIRCd's masked key-file password as <secret>, Fossil's remote without its password and Prosody's hashed accounts without one", () => {
    const keys = readCaptures('secret', 'ngircd-configtest-keys');
    expect(keys.filter((c) => /^ {2}KeyFilePassword = (<secret>)?$/m.test(c.text)).length).toBe(keys.length);
    const remote = readCaptures('negative', 'fossil-remote-masked');
    expect(remote.filter((c) => /^https:\/\/[\w-]+@fossil\.example\.net\//m.test(c.text)).length).toBe(remote.length);
    const hashed = readCaptures('negative', 'prosody-account-hashed');
    expect(hashed.filter((c) => /\["password"\]/.test(c.text)).length).toBe(0);
    expect(hashed.filter((c) => /\["stored_key"\] = "[0-9a-f]{40}"/.test(c.text)).length).toBe(hashed.length);
  });
});
