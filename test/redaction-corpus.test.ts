import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, corpusBytes, generateCorpus, type CorpusCase } from '../bench/redaction/corpus.js';
import {
  base62, crc32, dniValid, hasValidTokenChecksum, ibanValid, luhnValid, ssnValid, steuerIdCheck,
} from '../bench/redaction/formats.js';
import { REDACTION_TARGETS, scoreRedaction, type RedactionScore } from '../bench/redaction/score.js';

const SEEDS = ['1', '2'] as const;
const corpora = new Map<string, CorpusCase[]>(SEEDS.map((s) => [s, generateCorpus(s, 'small')]));

function corpus(seed: string): CorpusCase[] {
  const c = corpora.get(seed);
  if (!c) throw new Error(`no corpus for ${seed}`);
  return c;
}

function targetsOf(seed: string, category: string): string[] {
  return corpus(seed).filter((c) => c.category === category).flatMap((c) => c.targets);
}

describe('the generated redaction corpus', () => {
  it('is deterministic for a seed and different for another seed', () => {
    expect(generateCorpus('1', 'small')).toEqual(corpus('1'));
    const texts1 = new Set(corpus('1').map((c) => c.text));
    expect(corpus('2').some((c) => texts1.has(c.text))).toBe(false);
    const targets1 = new Set(corpus('1').flatMap((c) => c.targets));
    expect(corpus('2').flatMap((c) => c.targets).filter((t) => targets1.has(t))).toEqual([]);
  });

  it('generates at the promised sizes', () => {
    const again = generateCorpus('small-sizes', 'small');
    expect(corpusBytes(again)).toBeGreaterThanOrEqual(300_000);
    expect(corpusBytes(again)).toBeLessThan(420_000);
    expect(corpusBytes(generateCorpus('1', 'full'))).toBeGreaterThanOrEqual(3_000_000);
  });

  it.each(SEEDS)('seed %s covers >= 40 secret and >= 7 PII categories, with negatives >= positives', (seed) => {
    const cases = corpus(seed);
    const present = (kind: CorpusCase['kind']): Set<string> => new Set(cases.filter((c) => c.kind === kind).map((c) => c.category));
    expect(CATEGORIES.secret.length).toBeGreaterThanOrEqual(45);
    expect(CATEGORIES.pii.length).toBeGreaterThanOrEqual(7);
    expect([...present('secret')].sort()).toEqual([...CATEGORIES.secret].sort());
    expect([...present('pii')].sort()).toEqual([...CATEGORIES.pii].sort());
    expect([...present('negative')].sort()).toEqual([...CATEGORIES.negative].sort());
    const positives = cases.filter((c) => c.kind !== 'negative').length;
    expect(cases.filter((c) => c.kind === 'negative').length).toBeGreaterThanOrEqual(positives);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it.each(SEEDS)('seed %s: every target occurs in its case, positives have targets, negatives none', (seed) => {
    for (const c of corpus(seed)) {
      if (c.kind === 'negative') {
        expect(c.targets, c.id).toEqual([]);
        continue;
      }
      expect(c.targets.length, `${c.id} ${c.category}`).toBeGreaterThan(0);
      for (const t of c.targets) {
        expect(c.text.includes(t), `${c.id} ${c.category}: ${t}`).toBe(true);
        expect(t.length, `${c.id} ${c.category}: ${t}`).toBeGreaterThanOrEqual(8);
        expect(t.includes('\n'), `${c.id}: target spans lines`).toBe(false);
      }
    }
  });

  it('checks CRC32/base62 token checksums correctly', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(base62(61, 6)).toBe('00000z');
    expect(base62(0xffffffff, 6)).toBe('4gfFC3');
  });

  it.each(SEEDS)('seed %s: GitHub classic-family and npm tokens carry valid checksums', (seed) => {
    let checked = 0;
    for (const category of ['github-pat-classic', 'github-oauth-token', 'github-app-token', 'npm-token']) {
      for (const t of targetsOf(seed, category)) {
        expect(t, category).toMatch(/^(gh[pousr]|npm)_[0-9A-Za-z]{36}$/);
        expect(hasValidTokenChecksum(t), t).toBe(true);
        const last = t.slice(-1);
        expect(hasValidTokenChecksum(t.slice(0, -1) + (last === 'a' ? 'b' : 'a')), `tampered ${t}`).toBe(false);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it.each(SEEDS)('seed %s: cards pass Luhn, IBANs mod-97, and national ids their own checks', (seed) => {
    const cards = targetsOf(seed, 'payment-card');
    expect(cards.length).toBeGreaterThan(0);
    for (const t of cards) expect(luhnValid(t), t).toBe(true);
    const ibans = targetsOf(seed, 'iban');
    expect(ibans.length).toBeGreaterThan(0);
    for (const t of ibans) {
      expect(ibanValid(t), t).toBe(true);
      expect(ibanValid(t.replace(/\d(?=\D*$)/, (d) => String((Number(d) + 1) % 10))), `tampered ${t}`).toBe(false);
    }
    for (const t of targetsOf(seed, 'us-ssn')) expect(ssnValid(t), t).toBe(true);
    for (const t of targetsOf(seed, 'es-dni')) expect(dniValid(t), t).toBe(true);
    for (const t of targetsOf(seed, 'uk-nino')) expect(t.replace(/ /g, ''), t).toMatch(/^(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/);
    for (const t of targetsOf(seed, 'de-tax-id')) {
      const d = t.replace(/ /g, '');
      expect(d, t).toMatch(/^[1-9]\d{10}$/);
      expect(steuerIdCheck(d.slice(0, 10)), t).toBe(Number(d[10]));
    }
  });
});

describe('the redaction engine on the corpus (targets from the issue)', () => {
  let score: RedactionScore;
  beforeAll(() => {
    score = scoreRedaction({ seeds: [...SEEDS], size: 'small', timing: false });
  }, 60_000);

  const seedScore = (seed: string): RedactionScore['seeds'][number] => {
    const s = score.seeds.find((x) => x.seed === seed);
    if (!s) throw new Error(`no score for seed ${seed}`);
    return s;
  };
  const missed = (seed: string, kind: 'secret' | 'pii' | 'negative'): string =>
    [...new Set(seedScore(seed).misses.filter((m) => m.kind === kind).map((m) => m.category))].join(', ');

  it.each(SEEDS)(`seed %s: secret recall >= ${REDACTION_TARGETS.secretRecall} with research`, (seed) => {
    expect(seedScore(seed).secretRecall, `missed: ${missed(seed, 'secret')}`).toBeGreaterThanOrEqual(REDACTION_TARGETS.secretRecall);
  });

  it.each(SEEDS)(`seed %s: PII recall >= ${REDACTION_TARGETS.piiRecall} with research`, (seed) => {
    expect(seedScore(seed).piiRecall, `missed: ${missed(seed, 'pii')}`).toBeGreaterThanOrEqual(REDACTION_TARGETS.piiRecall);
  });

  it.each(SEEDS)(`seed %s: at most ${REDACTION_TARGETS.negativeChangedStandard * 100}% of negatives changed with standard`, (seed) => {
    expect(seedScore(seed).negativeChangedStandard, `changed: ${missed(seed, 'negative')}`).toBeLessThanOrEqual(REDACTION_TARGETS.negativeChangedStandard);
  });
});
