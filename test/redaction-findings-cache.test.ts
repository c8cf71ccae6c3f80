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
  it('scans a long string once, and a short one every time', () => {
    const cache = new FindingsCache(10_000, 256);
    const { scan, scanned } = counting();
    const long = PROSE;
    const first = cache.findings(long, scan);
    expect(cache.findings(`${long}`, scan)).toBe(first);
    cache.findings('short text', scan);
    cache.findings('short text', scan);
    expect(scanned).toEqual([long, 'short text', 'short text']);
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
    const texts = ['a', 'b', 'c', 'd'].map((letter) => letter.repeat(300));
    cache.findings(texts[0]!, scan);
    cache.findings(texts[1]!, scan);
    cache.findings(texts[2]!, scan);
    cache.findings(texts[0]!, scan); // used again: now the most recent
    cache.findings(texts[3]!, scan); // 1200 > 1000: the least recent (b) goes
    expect(cache.heldChars).toBeLessThanOrEqual(1000);
    expect(cache.size).toBe(3);
    cache.findings(texts[0]!, scan);
    cache.findings(texts[1]!, scan);
    expect(scanned).toEqual([texts[0], texts[1], texts[2], texts[3], texts[1]]);
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
