/**
 * The blind v24 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV24Corpus, HOLDOUT_V24_VERSION, holdoutV24Digest, PARTS_V24, readCaptures } from '../bench/redaction-holdout-v24/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v24',
  version: HOLDOUT_V24_VERSION,
  generate: generateHoldoutV24Corpus,
  digest: holdoutV24Digest,
  minCases: 660,
  minSecretShare: 0.35,
});

describe('redaction-holdout-v24 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V24.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V24.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V24) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV24Corpus()
      .filter((c) => c.targets.some((t) => !c.text.includes(t)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV24Corpus()
      .filter((c) => /atx-v24-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it('keeps ipmitool on its stand-in port and klist on its stand-in clock', () => {
    const ipmi = [...readCaptures('secret', 'ipmitool-password-flag'), ...readCaptures('negative', 'ipmitool-errors-clean')];
    expect(ipmi.filter((c) => / -H 127\.0\.0\.1 -p 6230 /.test(c.text)).length).toBe(ipmi.length);
    const klist = [...readCaptures('secret', 'ktutil-klist-keys'), ...readCaptures('negative', 'klist-keytab-clean')];
    expect(klist.filter((c) => /\b\d\d\/\d\d\/\d\d (?!09:00:00)\d\d:\d\d:\d\d\b/.test(c.text)).length).toBe(0);
  });

  it('shows no password on the clean ipmitool and borg runs', () => {
    const clean = [...readCaptures('negative', 'ipmitool-errors-clean'), ...readCaptures('negative', 'borg-info-clean')];
    expect(clean.filter((c) => / -P |IPMI_PASSWORD=|BORG_PASSPHRASE=/.test(c.text)).length).toBe(0);
  });
});
