/**
 * The blind v29 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV29Corpus, HOLDOUT_V29_VERSION, holdoutV29Digest, PARTS_V29, readCaptures } from '../bench/redaction-holdout-v29/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v29',
  version: HOLDOUT_V29_VERSION,
  generate: generateHoldoutV29Corpus,
  digest: holdoutV29Digest,
  minCases: 700,
  minSecretShare: 0.35,
});

describe('redaction-holdout-v29 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V29.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V29.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V29) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV29Corpus()
      .filter((c) => c.targets.some((t) => !c.text.includes(t)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV29Corpus()
      .filter((c) => /atx-v29-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it('starts every case on the command a user types', () => {
    const cases = generateHoldoutV29Corpus();
    const start = /^\$ (?:SSHPASS=\S+ |SSHPASS="\$\([^)]*\)" |PURE_PASSWDFILE=\S+ |printf '[^']*' \| )?(?:tor|socat|qemu-img|sshpass|virsh|iscsiadm|pure-pw|bacula-dir|bacula-fd|bacula-sd|bconsole|amtool|sssctl) /;
    expect(cases.filter((c) => !start.test(c.text)).map((c) => c.id)).toEqual([]);
  });

  it('keeps the clocks and ports on their stand-ins', () => {
    const cases = generateHoldoutV29Corpus();
    const tor = cases.filter((c) => c.category.startsWith('tor-'));
    expect(tor.length).toBeGreaterThan(0);
    expect(tor.filter((c) => /^[A-Z][a-z]{2} [ 0-9]\d \d\d:\d\d:\d\d\.\d{3} \[/m.test(c.text) && !/^Nov 28 09:00:00\.000 \[/m.test(c.text)).length).toBe(0);
    expect(tor.filter((c) => c.category.startsWith('tor-control') && !/TCP:127\.0\.0\.1:9051\n/.test(c.text)).length).toBe(0);
    const bacula = cases.filter((c) => c.category.startsWith('bacula-'));
    expect(bacula.filter((c) => /^\d\d-[A-Z][a-z]{2} \d\d:\d\d (?:bacula-|bconsole)/m.test(c.text) && !/^28-Nov 09:00 /m.test(c.text)).length).toBe(0);
    const amtool = cases.filter((c) => /^(?:alertmanager|amtool)-|^doc-/.test(c.category));
    expect(amtool.filter((c) => !/127\.0\.0\.1:9093/.test(c.text)).length).toBe(0);
  });

  it('keeps what Alertmanager masks masked in the clean captures', () => {
    const clean = readCaptures('negative', 'alertmanager-config-clean');
    expect(clean.length).toBeGreaterThan(0);
    expect(clean.filter((c) => !/: <secret>$/m.test(c.text)).length).toBe(0);
  });
});
