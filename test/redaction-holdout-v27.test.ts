/**
 * The blind v27 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV27Corpus, HOLDOUT_V27_VERSION, holdoutV27Digest, PARTS_V27, readCaptures } from '../bench/redaction-holdout-v27/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v27',
  version: HOLDOUT_V27_VERSION,
  generate: generateHoldoutV27Corpus,
  digest: holdoutV27Digest,
  minCases: 700,
  minSecretShare: 0.35,
});

describe('redaction-holdout-v27 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V27.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V27.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V27) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV27Corpus()
      .filter((c) => c.targets.some((t) => !c.text.includes(t)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV27Corpus()
      .filter((c) => /atx-v27-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it('starts every case on the command a user types', () => {
    const cases = generateHoldoutV27Corpus();
    expect(cases.filter((c) => !/^\$ (?:FACTER_\w+=\S+ )*(?:skopeo|puppet|facter|cloud-init|zabbix_agentd|isql-fb|yt-dlp|nzbget|collectd|duplicity) /.test(c.text)).map((c) => c.id)).toEqual([]);
  });

  it('keeps the clocks, ports and kernel on their stand-ins', () => {
    const cases = generateHoldoutV27Corpus();
    const collectd = cases.filter((c) => c.category.startsWith('collectd-'));
    expect(collectd.length).toBeGreaterThan(0);
    expect(collectd.filter((c) => /^\[(?!2026-11-28 09:00:00\])20\d\d-/m.test(c.text)).length).toBe(0);
    const ytdlp = cases.filter((c) => c.category.startsWith('ytdlp-'));
    expect(ytdlp.filter((c) => /^header: Date: (?!Sat, 28 Nov 2026 09:00:00 GMT$)/m.test(c.text)).length).toBe(0);
    expect(ytdlp.filter((c) => !/127\.0\.0\.1:8080\//.test(c.text)).length).toBe(0);
    const puppet = cases.filter((c) => /^(?:puppet|facter)-/.test(c.category));
    expect(puppet.filter((c) => /Facter: Permission denied|Applied catalog in (?!0\.05 seconds)/.test(c.text)).length).toBe(0);
    const duplicity = cases.filter((c) => c.category.startsWith('duplicity-'));
    expect(duplicity.filter((c) => !/^Linux devbox 6\.1\.0-28-amd64 /m.test(c.text)).length).toBe(0);
  });

  it('plants no password in the clean yt-dlp command lines: they pass it from the shell', () => {
    const clean = readCaptures('negative', 'ytdlp-private-clean');
    expect(clean.length).toBeGreaterThan(0);
    expect(clean.filter((c) => !/'(?:--password|--video-password)', 'PRIVATE'/.test(c.text)).length).toBe(0);
  });
});
