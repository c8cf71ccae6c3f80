/**
 * The blind v22 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV22Corpus, HOLDOUT_V22_VERSION, holdoutV22Digest, PARTS_V22, readCaptures } from '../bench/redaction-holdout-v22/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v22',
  version: HOLDOUT_V22_VERSION,
  generate: generateHoldoutV22Corpus,
  digest: holdoutV22Digest,
  minCases: 880,
  minSecretShare: 0.38,
});

describe('redaction-holdout-v22 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V22.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V22.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V22) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV22Corpus()
      .filter((c) => c.targets.some((t) => !c.text.includes(t)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV22Corpus()
      .filter((c) => /atx-v22-rec-|\/root\/|\/work\/|\/tmp\/|\/var\/lib\/monit\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it("keeps Tinyproxy's clock and pid and MPD's and Tinyproxy's ports on their stand-ins", () => {
    const cases = generateHoldoutV22Corpus();
    const proxy = cases.filter((c) => c.text.startsWith('$ tinyproxy '));
    expect(proxy.length).toBe(readCaptures('secret', 'tinyproxy-request-log').length + readCaptures('negative', 'tinyproxy-request-clean').length);
    expect(proxy.filter((c) => /^[A-Z]+ +(?!Nov 28 09:00:00\.000 \[4211\]:)\w{3} [ \d]\d \d\d:/m.test(c.text)).length).toBe(0);
    expect(proxy.filter((c) => /127\.0\.0\.1:(?!8080\b)\d+/.test(c.text)).length).toBe(0);
    const mpd = cases.filter((c) => c.text.startsWith('$ mpd '));
    expect(mpd.length).toBe(readCaptures('secret', 'mpd-verbose-password').length + readCaptures('negative', 'mpd-verbose-clean').length);
    expect(mpd.filter((c) => /opened from 127\.0\.0\.1:(?!51234\n)/.test(c.text)).length).toBe(0);
  });

  it('shows no private key and types no password in the clean Yggdrasil, MPD and pgpool captures', () => {
    expect(readCaptures('negative', 'yggdrasil-public-clean').filter((c) => c.text.includes('PrivateKey')).length).toBe(0);
    expect(readCaptures('negative', 'mpc-status-clean').filter((c) => /MPD_HOST=|-h \S+@/.test(c.text)).length).toBe(0);
    expect(readCaptures('negative', 'mpd-verbose-clean').filter((c) => c.text.includes('process command "password')).length).toBe(0);
    const pool = readCaptures('negative', 'pgpool-pool-passwd');
    expect(pool.filter((c) => /^\$ pg_md5 (-m -f \S+ -i |--md5auth --config-file=\S+ --input-file=)users\.txt$/m.test(c.text)).length).toBe(pool.length);
    expect(pool.filter((c) => /^[\w-]+:md5[0-9a-f]{32}$/m.test(c.text)).length).toBe(pool.length);
  });

  it("shows only public keys in the clean age and certtool captures, and age's clock on its stand-in", () => {
    expect(readCaptures('negative', 'age-public-recipient').filter((c) => c.text.includes('AGE-SECRET-KEY')).length).toBe(0);
    expect(readCaptures('negative', 'certtool-certificate-info').filter((c) => /PRIVATE KEY|private key:/.test(c.text)).length).toBe(0);
    const created = generateHoldoutV22Corpus().filter((c) => c.text.includes('# created: '));
    expect(created.length).toBeGreaterThan(0);
    expect(created.filter((c) => /# created: (?!2026-11-28T09:00:00Z)/.test(c.text)).length).toBe(0);
  });
});
