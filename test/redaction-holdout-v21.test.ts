/**
 * The blind v21 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV21Corpus, HOLDOUT_V21_VERSION, holdoutV21Digest, PARTS_V21, readCaptures } from '../bench/redaction-holdout-v21/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v21',
  version: HOLDOUT_V21_VERSION,
  generate: generateHoldoutV21Corpus,
  digest: holdoutV21Digest,
  minCases: 820,
  minSecretShare: 0.38,
});

describe('redaction-holdout-v21 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V21.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V21.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V21) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV21Corpus()
      .filter((c) => c.targets.some((t) => !c.text.includes(t)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV21Corpus()
      .filter((c) => /atx-v21-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it("keeps coturn's log file name, Knot's key clocks and Icecast's start time on their stand-ins", () => {
    const clocks = generateHoldoutV21Corpus()
      .filter((c) => /turn_(?!41727_2026-11-28\.log)\d+_|(?:publish|ready|active)=(?!1795856400\b)1\d{9}\b|(?:<server_start>|"server_start":")(?!Sat, 28 Nov 2026 09:00:00 \+0000)|(?:<server_start_iso8601>|"server_start_iso8601":")(?!2026-11-28T09:00:00\+0000)/.test(c.text))
      .map((c) => c.id);
    expect(clocks).toEqual([]);
  });

  it('keeps Icecast on its stand-in port', () => {
    const icecast = readCaptures('pii', 'icecast-status-admin');
    expect(icecast.filter((c) => /^\$ curl -s (--netrc )?http:\/\/localhost:8000\//m.test(c.text)).length).toBe(icecast.length);
    expect(icecast.filter((c) => /:(?!8000\/)\d{4,5}\//.test(c.text)).length).toBe(0);
  });

  it("types no password on turnadmin's and NUT's clean listings and shows only hashes from smtpctl", () => {
    const listings = readCaptures('negative', 'turnadmin-listing');
    expect(listings.filter((c) => / -p /.test(c.text)).length).toBe(0);
    const ups = readCaptures('negative', 'nut-upsc-listing');
    expect(ups.filter((c) => / -p /.test(c.text)).length).toBe(0);
    expect(ups.filter((c) => /^\$ upsc [\w-]+@localhost\n/m.test(c.text)).length).toBe(ups.length);
    expect(listings.filter((c) => /^\$ turnadmin -l /m.test(c.text)).length).toBe(listings.length);
    const smtpd = readCaptures('negative', 'opensmtpd-config-check');
    const encrypted = smtpd.filter((c) => c.text.includes('$ smtpctl encrypt'));
    expect(encrypted.length).toBeGreaterThan(0);
    expect(encrypted.filter((c) => /^\$6\$[./\w]+\$[./\w]{86}$/m.test(c.text)).length).toBe(encrypted.length);
  });
});
