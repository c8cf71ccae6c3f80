import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../bench/redaction/corpus.js';
import { FindingsCache } from '../redaction/findings-cache.js';
import { builtinProfile, type Profile } from '../redaction/profiles.js';
import { Redactor } from '../redaction/redactor.js';
import { TranscriptRedactor } from '../redaction/transcript-redactor.js';
import type { Finding } from '../redaction/types.js';
import type { TranscriptEvent } from '../src/transcript/index.js';

const profile = (name: string): Profile => builtinProfile(name)!;
const salt = Buffer.alloc(16, 1);
const SECRET = 'ghp_Q7vLm2Xk9Rt4Wb8Nz3Hd6Jf1Gc5Ys0Pa7Ke2Mu';
const PROSE = 'The nightly job rebuilt the index and wrote its summary to the usual folder.\n'.repeat(4);

function counting(): { scan: (text: string) => readonly Finding[]; scanned: string[] } {
  const scanned: string[] = [];
  return { scanned, scan: (text) => { scanned.push(text); return [{ start: 0, end: 1, ruleId: 'x', type: 'secret', label: 'x' }]; } };
}

describe('the findings cache', () => {
  it('keeps a long string seen a second time (not the first: most never come again), and never a short one', () => {
    const cache = new FindingsCache(10_000, 256);
    const { scan, scanned } = counting();
    const long = PROSE;
    cache.findings(long, scan);
    expect(cache.size).toBe(0);
    const second = cache.findings(`${long}`, scan);
    expect(cache.size).toBe(1);
    expect(cache.findings(`${long}`, scan)).toBe(second);
    cache.findings('short text', scan);
    cache.findings('short text', scan);
    expect(scanned).toEqual([long, long, 'short text', 'short text']);
  });

  it('keys on the whole string: strings of one length that differ in one character are scanned apart', () => {
    const cache = new FindingsCache(10_000, 256);
    const { scan, scanned } = counting();
    const a = `${PROSE}token ${SECRET}`;
    const b = `${PROSE}token ${SECRET.slice(0, -1)}X`;
    cache.findings(a, scan);
    cache.findings(b, scan);
    expect(scanned).toEqual([a, b]);
  });

  it('holds at most its characters, dropping the least recently used first', () => {
    const cache = new FindingsCache(1000, 300);
    const { scan, scanned } = counting();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((letter) => letter.repeat(300)) as [string, string, string, string];
    for (const text of [a, a, b, b, c, c]) cache.findings(text, scan); // each kept when seen again
    cache.findings(a, scan); // used again: now the most recent
    cache.findings(d, scan);
    cache.findings(d, scan); // 1200 > 1000: the least recent (b) goes
    expect(cache.heldChars).toBeLessThanOrEqual(1000);
    expect(cache.size).toBe(3);
    cache.findings(a, scan);
    cache.findings(b, scan);
    expect(scanned).toEqual([a, a, b, b, c, c, d, d, b]);
  });

  it('redacts as without a cache: the same values and receipts, placeholders numbered anew in each transcript', () => {
    const texts = generateCorpus('findings-cache', 'small').slice(0, 200).map((c) => `${PROSE}${c.text}`);
    const shared = new FindingsCache();
    const run = (cache: FindingsCache | null) => {
      const out: unknown[] = [];
      // the same strings in two transcripts: the second finds them all in a shared cache
      for (const transcript of [0, 1]) {
        const redactor = new TranscriptRedactor(profile('research'), { salt, saltSource: 'per-transcript', findingsCache: cache });
        texts.forEach((text, index) => out.push(redactor.event({ id: `ev_${index}`, seq: index + 1, timestamp: null, type: 'assistant_message', role: 'assistant', text } as TranscriptEvent)));
        out.push(transcript);
      }
      return out;
    };
    const uncached = run(null);
    expect(run(shared)).toEqual(uncached);
    expect(shared.size).toBeGreaterThan(150);
    expect(JSON.stringify(uncached)).toContain('[REDACTED:');
  });

  it('a redactor without a cache and one with the shared default find the same', () => {
    const text = `${PROSE}export GITHUB_TOKEN=${SECRET}\n`;
    const plain = new Redactor(profile('standard'), salt, { findingsCache: null }).redact(text, 'text');
    const viaDefault = new Redactor(profile('standard'), salt).redact(text, 'text');
    const again = new Redactor(profile('standard'), salt).redact(text, 'text');
    expect(viaDefault).toEqual(plain);
    expect(again).toEqual(plain);
    expect(plain.value).not.toContain(SECRET);
  });
});
