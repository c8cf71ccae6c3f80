/**
 * The blind v19 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV19Corpus, HOLDOUT_V19_VERSION, holdoutV19Digest, PARTS_V19, readCaptures } from '../bench/redaction-holdout-v19/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v19',
  version: HOLDOUT_V19_VERSION,
  generate: generateHoldoutV19Corpus,
  digest: holdoutV19Digest,
  minCases: 740,
  minSecretShare: 0.38,
});

describe('redaction-holdout-v19 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V19.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V19.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V19) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV19Corpus().filter((c) => c.targets.some((t) => !c.text.includes(t))).map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV19Corpus()
      .filter((c) => /atx-v19-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it("keeps the servers on their stand-in ports, the clients on one stand-in port (OpenVPN's remote ports are configured)", () => {
    const ports = generateHoldoutV19Corpus()
      .filter((c) => /127\.0\.0\.1[: ](?!8080\b|6081\b|6082\b|9000\b|6697\b|6667\b|54321\b|119[457]\b)\d{4,5}\b/.test(c.text))
      .map((c) => c.id);
    expect(ports).toEqual([]);
  });

  it('keeps clocks and process ids on their stand-ins (Apache, Varnish, ZNC)', () => {
    const clocks = generateHoldoutV19Corpus()
      .filter((c) => /\[\w{3} \w{3} \d\d (?!09:00:00\.000000)[\d:.]+ 20\d\d\]|Timestamp +\w+: (?!1795856400\.000000)\d|\[pid (?!41727)\d+|\[20\d\d-\d\d-\d\d (?!09:00:00\.000000\])/.test(c.text))
      .map((c) => c.id);
    expect(clocks).toEqual([]);
  });

  it("shows KeePassXC's masked password on the masked negatives and no PASS on ZNC's clean ones", () => {
    const masked = readCaptures('negative', 'keepassxc-show-masked');
    expect(masked.filter((c) => /^Password: PROTECTED$/m.test(c.text)).length).toBe(masked.length);
    const clean = readCaptures('negative', 'znc-debug-clean');
    expect(clean.filter((c) => / ZNC -> IRC \[PASS /.test(c.text)).length).toBe(0);
    expect(clean.filter((c) => / ZNC -> IRC \[USER /.test(c.text)).length).toBe(clean.length);
  });
});
