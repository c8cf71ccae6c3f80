/**
 * The blind v18 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV18Corpus, HOLDOUT_V18_VERSION, holdoutV18Digest, PARTS_V18, readCaptures } from '../bench/redaction-holdout-v18/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v18',
  version: HOLDOUT_V18_VERSION,
  generate: generateHoldoutV18Corpus,
  digest: holdoutV18Digest,
  minCases: 850,
  minSecretShare: 0.38,
});

describe('redaction-holdout-v18 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V18.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V18.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V18) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV18Corpus().filter((c) => c.targets.some((t) => !c.text.includes(t))).map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV18Corpus()
      .filter((c) => /atx-v18-rec-|\/root\/|\/work\/|\/tmp\//.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it('keeps the servers on their stand-in ports (8080 for the origin, 3128 for squid, 631 for cupsd, 5672 for RabbitMQ, 6432 for PgBouncer, 51842 for its client)', () => {
    const ports = generateHoldoutV18Corpus()
      .filter((c) => /(127\.0\.0\.1|localhost):(?!8080\b|3128\b|631\b|5672\b|6432\b|51842\b)\d{3,5}\b/.test(c.text))
      .map((c) => c.id);
    expect(ports).toEqual([]);
  });

  it("shows squid's default access log without the query, CUPS's URIs without userinfo, and exim's routing on every -bt capture", () => {
    const stripped = readCaptures('negative', 'squid-access-stripped');
    expect(stripped.filter((c) => /TCP_MISS\/200 \d+ GET http:\/\/127\.0\.0\.1:8080\/\S+\? /.test(c.text)).length).toBe(stripped.length);
    const uris = readCaptures('negative', 'cups-device-uri-stripped');
    expect(uris.filter((c) => /ipps?:\/\/[^\s/@]+\//.test(c.text) && !/ipps?:\/\/[^\s/]*@/.test(c.text)).length).toBe(uris.length);
    const routed = readCaptures('pii', 'exim-address-test-redirect');
    expect(routed.filter((c) => c.text.includes('router = smarthost, transport = remote_smtp')).length).toBe(routed.length);
  });
});
