/**
 * The blind v26 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV26Corpus, HOLDOUT_V26_VERSION, holdoutV26Digest, PARTS_V26, readCaptures } from '../bench/redaction-holdout-v26/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v26',
  version: HOLDOUT_V26_VERSION,
  generate: generateHoldoutV26Corpus,
  digest: holdoutV26Digest,
  minCases: 660,
  minSecretShare: 0.35,
});

describe('redaction-holdout-v26 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V26.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V26.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V26) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV26Corpus()
      .filter((c) => c.targets.some((t) => !c.text.includes(t)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV26Corpus()
      .filter((c) => /atx-v26-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it('keeps every case on the command a user types', () => {
    const cases = generateHoldoutV26Corpus();
    expect(cases.filter((c) => !/^\$ \S/.test(c.text)).map((c) => c.id)).toEqual([]);
  });

  it('puts every clock and kernel on its stand-in', () => {
    const texts = generateHoldoutV26Corpus().map((c) => c.text);
    const clocks = texts.filter((t) => /\b20\d\d-\d\d-\d\d \d\d:\d\d:\d\d\b/.test(t) && !/2026-11-28 09:00:00/.test(t)).length;
    expect(clocks).toBe(0);
    const keepalived = texts.filter((t) => /^\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d 20\d\d: /m.test(t));
    expect(keepalived.length).toBeGreaterThan(0);
    expect(keepalived.filter((t) => /^(?!Sat Nov 28 09:00:00 2026: )\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d 20\d\d: /m.test(t)).length).toBe(0);
    expect(texts.filter((t) => /Running on Linux (?!6\.1\.0-28-amd64 )/.test(t)).length).toBe(0);
  });

  it('dumps no volume key in the clean and PII cryptsetup captures', () => {
    const dumps = [...readCaptures('negative', 'cryptsetup-luksdump-clean'), ...readCaptures('pii', 'cryptsetup-label-person')];
    expect(dumps.length).toBeGreaterThan(0);
    expect(dumps.filter((c) => /MK dump:/.test(c.text)).length).toBe(0);
  });

  it('prints no password in the clean openfortivpn and wpa_supplicant captures', () => {
    const ofv = readCaptures('negative', 'openfortivpn-clean');
    expect(ofv.length).toBeGreaterThan(0);
    expect(ofv.filter((c) => /Configuration password =/.test(c.text)).length).toBe(0);
    const wpa = readCaptures('negative', 'wpa-supplicant-debug-clean');
    expect(wpa.length).toBeGreaterThan(0);
    expect(wpa.filter((c) => /(?:PSK|password)[^\n]*hexdump[^\n]*:\s*\n\s+[0-9a-f]{2} /.test(c.text)).length).toBe(0);
  });
});
