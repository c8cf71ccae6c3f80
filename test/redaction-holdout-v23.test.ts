/**
 * The blind v23 redaction holdout is sound and frozen (test/blind-holdout.ts), and its captures
 * are what the loader expects: one file per listed category, labels where they belong, nothing
 * of the recording machine. Structure only: no case text is printed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturesDir, generateHoldoutV23Corpus, HOLDOUT_V23_VERSION, holdoutV23Digest, PARTS_V23, readCaptures } from '../bench/redaction-holdout-v23/corpus.js';
import { describeBlindHoldout } from './blind-holdout.js';

describeBlindHoldout({
  folder: 'redaction-holdout-v23',
  version: HOLDOUT_V23_VERSION,
  generate: generateHoldoutV23Corpus,
  digest: holdoutV23Digest,
  minCases: 875,
  minSecretShare: 0.39,
});

describe('redaction-holdout-v23 captures', () => {
  it('has one capture file per listed category, and no other', () => {
    const listed = PARTS_V23.flatMap((p) => p.categories.map((c) => `${p.folder}/${c}.jsonl`)).sort();
    const onDisk = PARTS_V23.map((p) => p.folder)
      .filter((f, i, all) => all.indexOf(f) === i)
      .flatMap((f) => readdirSync(join(capturesDir(), f)).map((name) => `${f}/${name}`))
      .sort();
    expect(onDisk).toEqual(listed);
  });

  it('labels no negative capture, and every positive one', () => {
    for (const part of PARTS_V23) {
      for (const category of part.categories) {
        const caps = readCaptures(part.folder, category);
        const wrong = caps.filter((c) => (part.kind === 'negative') !== (c.targets.length === 0)).length;
        expect(wrong, `${part.folder}/${category}`).toBe(0);
      }
    }
  });

  it('finds every planted value, whole, in its own capture', () => {
    const missing = generateHoldoutV23Corpus()
      .filter((c) => c.targets.some((t) => !c.text.includes(t)))
      .map((c) => c.id);
    expect(missing).toEqual([]);
  });

  it('holds nothing of the recording machine: no temp directory, real home or worktree path', () => {
    const leaks = generateHoldoutV23Corpus()
      .filter((c) => /atx-v23-rec-|\/root\/|\/work\/|\/tmp\/|\.rustup/.test(c.text))
      .map((c) => c.id);
    expect(leaks).toEqual([]);
  });

  it("keeps Kea's, Icinga's, PowerDNS's, Rust's, GDB's and the checks' clocks and process ids on their stand-ins", () => {
    const moving = generateHoldoutV23Corpus()
      .filter((c) =>
        /^(?!2026-11-28 09:00:00\.000 )20\d\d-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} |\[kea-[\w.-]+\/(?!4242\.140245091415872\])\d+\.\d+\]|, pid: (?!4242\b)\d+|"pid": (?!4242\b)\d+|\[(?!2026-11-28 09:00:00 \+0000\])20\d\d-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}\]|^(?!Nov 28 09:00:00 )(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d\d:\d\d:\d\d |thread '[^']*' \((?!48213\))\d+\)|\(process (?!31337\))\d+\)|^Date: (?!Sat, 28 Nov 2026 09:00:00 GMT)|\|time=(?!0\.000212s;)\d|\bin (?!0\.004 second)\d+\.\d+ second|(?<!0\.000 )second response time on/m.test(
          c.text,
        ),
      )
      .map((c) => c.id);
    expect(moving).toEqual([]);
  });

  it("keeps Kea's control agent on its stand-in port, also for the checks", () => {
    const kea = ['secret/kea-ca-config-get', 'pii/kea-ca-user-context', 'negative/kea-ca-commands-clean'].flatMap((p) => {
      const [folder, category] = p.split('/') as ['secret' | 'pii' | 'negative', string];
      return readCaptures(folder, category);
    });
    expect(kea.filter((c) => /^\$ curl -s .* http:\/\/127\.0\.0\.1:8000\/$/m.test(c.text)).length).toBe(kea.length);
    expect(kea.filter((c) => /127\.0\.0\.1:(?!8000\/)\d{4,5}\b|"http-port": (?!8000\b)\d+/.test(c.text)).length).toBe(0);
    const checks = [...readCaptures('secret', 'nagios-check-http-auth'), ...readCaptures('negative', 'nagios-plugins-clean')];
    expect(checks.filter((c) => /^\$ \/usr\/lib\/nagios\/plugins\/check_\w+ -H 127\.0\.0\.1 -p 8000(?: |$)/m.test(c.text)).length).toBe(checks.length);
    expect(checks.filter((c) => /-p (?!8000\b)\d+|127\.0\.0\.1:(?!8000\b)\d+|port (?!8000\b)\d+/.test(c.text)).length).toBe(0);
  });

  it('types no password on the clean Kea calls and checks and shows PowerDNS keys only as scrypt hashes', () => {
    const kea = readCaptures('negative', 'kea-ca-commands-clean');
    expect(kea.filter((c) => / -u |Authorization:|"password": /.test(c.text)).length).toBe(0);
    const checks = readCaptures('negative', 'nagios-plugins-clean');
    expect(checks.filter((c) => / -a |Authorization: Basic/.test(c.text)).length).toBe(0);
    const pdns = readCaptures('negative', 'pdns-config-clean');
    const keyed = pdns.filter((c) => /^(?:api-key|webserver-password)=/m.test(c.text));
    expect(keyed.length).toBeGreaterThan(0);
    expect(keyed.filter((c) => /^(?:api-key|webserver-password)=(?!\$scrypt\$ln=\d+,p=\d+,r=\d+\$[\w+/=]+\$[\w+/=]+$)/m.test(c.text)).length).toBe(0);
  });
});
