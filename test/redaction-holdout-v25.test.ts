/**
 * The blind v25 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV25Corpus, HOLDOUT_V25_VERSION, holdoutV25Digest, PARTS_V25, readCaptures } from '../bench/redaction-holdout-v25/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v25',
  version: HOLDOUT_V25_VERSION,
  generate: generateHoldoutV25Corpus,
  digest: holdoutV25Digest,
  minCases: 760,
  minSecretShare: 0.35,
});

describe('redaction-holdout-v25 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V25.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V25.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V25) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV25Corpus()
      .filter((c) => c.targets.some((t) => !c.text.includes(t)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV25Corpus()
      .filter((c) => /atx-v25-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it('keeps every Node.js case on the command a user types', () => {
    const cases = generateHoldoutV25Corpus().filter((c) => !c.id.includes('-brz-'));
    expect(cases.filter((c) => !/^\$ node (?:main\.js|-p process\.env)\n/.test(c.text)).map((c) => c.id)).toEqual([]);
  });

  it("keeps Breezy's commit time on its stand-in", () => {
    const logs = [...readCaptures('pii', 'brz-log-committer'), ...readCaptures('negative', 'brz-log-clean')];
    expect(logs.filter((c) => /^timestamp: Sat 2026-11-28 09:00:00 \+0000$/m.test(c.text)).length).toBe(logs.length);
    expect(logs.filter((c) => /^timestamp: (?!Sat 2026-11-28 09:00:00 \+0000$)/m.test(c.text)).length).toBe(0);
  });

  it('sets no secret-named variable to a value on the clean process.env prints', () => {
    const env = readCaptures('negative', 'node-env-clean');
    expect(env.length).toBeGreaterThan(0);
    expect(env.filter((c) => /^ {2}[A-Z_]*(?:TOKEN|PASSWORD|SECRET|API_KEY)[A-Z_]*: '(?!env:|\/run\/secrets\/|vault:)/m.test(c.text)).length).toBe(0);
  });
});
