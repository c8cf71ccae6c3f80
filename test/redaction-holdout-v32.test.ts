/**
 * The blind v32 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV32Corpus, HOLDOUT_V32_VERSION, holdoutV32Digest, PARTS_V32, readCaptures } from '../bench/redaction-holdout-v32/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v32',
  version: HOLDOUT_V32_VERSION,
  generate: generateHoldoutV32Corpus,
  digest: holdoutV32Digest,
  minCases: 600,
  minSecretShare: 0.35,
});

describe('redaction-holdout-v32 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V32.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V32.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V32) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV32Corpus()
      .filter((c) => c.targets.some((t) => !c.text.includes(t)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV32Corpus()
      .filter((c) => /atx-v32-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it('starts every case on the command a user types', () => {
    const cases = generateHoldoutV32Corpus();
    const start = /^\$ (?:[A-Z_]+=\S+ )?(?:aws|gcloud|kubectl|psql|pg_dump|pg_dumpall|cat) /;
    expect(cases.filter((c) => !start.test(c.text)).map((c) => c.id)).toEqual([]);
  });

  it('keeps the stand-ins on their usual ports', () => {
    const cases = generateHoldoutV32Corpus();
    const served = cases.filter((c) => c.text.includes('127.0.0.1:'));
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((c) => /127\.0\.0\.1:(?!4566\b|8085\b|5432\b|6443\b)\d+/.test(c.text)).length).toBe(0);
    expect(cases.filter((c) => /(?<![-\w])port[ =](?!5432\b|6432\b|5433\b)\d{4,5}\b/.test(c.text)).length).toBe(0);
  });

  it('keeps what the programs mask masked in the clean captures', () => {
    const listed = readCaptures('negative', 'aws-configure-clean').filter((c) => c.text.includes('$ aws configure list\n') || c.text.includes('$ aws configure list --profile'));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((c) => !/\*{16}[A-Za-z0-9/+]{4}/.test(c.text)).length).toBe(0);
    const viewed = readCaptures('negative', 'kubectl-config-clean').filter((c) => /^\$ kubectl config view$/m.test(c.text));
    expect(viewed.length).toBeGreaterThan(0);
    expect(viewed.filter((c) => !/DATA\+OMITTED|REDACTED/.test(c.text)).length).toBe(0);
  });
});
