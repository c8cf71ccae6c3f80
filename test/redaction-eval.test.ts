import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  corpusDigest, corpusProblems, DOC_EXAMPLE_CATEGORY_NAMES, generateEvalCorpus, NEGATIVE_CATEGORY_NAMES, PII_CATEGORY_NAMES, SECRET_CATEGORY_NAMES,
} from '../bench/redaction-eval/corpus.js';
import { crc32, ibanValid, luhnValid, TEST_PANS, toBase62 } from '../bench/redaction-eval/values.js';

const ROOT = join(import.meta.dirname, '..');
const corpus = generateEvalCorpus();

describe('redaction evaluation corpus (frozen)', () => {
  it('matches the committed digest (regenerate deliberately with score.js --write)', () => {
    const frozen = readFileSync(join(ROOT, 'bench/redaction-eval/corpus.sha256'), 'utf8').trim().split(/\s+/)[0];
    expect(corpusDigest(corpus)).toBe(frozen);
  });

  it('is deterministic', () => {
    expect(corpusDigest(generateEvalCorpus())).toBe(corpusDigest(corpus));
  });

  it('has every target of every positive in its text, unique ids, and no targets on negatives', () => {
    expect(corpusProblems(corpus)).toEqual([]);
    for (const c of corpus) {
      if (c.kind === 'negative') expect(c.targets, c.id).toEqual([]);
      else for (const t of c.targets) expect(c.text.includes(t), `${c.id}: ${t}`).toBe(true);
    }
    expect(new Set(corpus.map((c) => c.id)).size).toBe(corpus.length);
  });

  it('has the expected size and mix', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(1100);
    expect(corpus.length).toBeLessThanOrEqual(1400);
    const scored = corpus.filter((c) => !c.docExample);
    const negShare = scored.filter((c) => c.kind === 'negative').length / scored.length;
    expect(negShare).toBeGreaterThan(0.4);
    expect(negShare).toBeLessThan(0.5);
    for (const c of corpus.filter((x) => x.docExample)) expect(c.kind).toBe('secret');
  });

  it('contains every category the README names', () => {
    const readme = readFileSync(join(ROOT, 'bench/redaction-eval/README.md'), 'utf8');
    const named = [...readme.matchAll(/^- `([a-z0-9-]+)`/gm)].map((m) => m[1]);
    const all = [...SECRET_CATEGORY_NAMES, ...PII_CATEGORY_NAMES, ...NEGATIVE_CATEGORY_NAMES, ...DOC_EXAMPLE_CATEGORY_NAMES];
    expect(named.length).toBe(all.length);
    const present = new Set(corpus.map((c) => c.category));
    for (const name of named) expect(present.has(name as string), name).toBe(true);
    for (const name of all) expect(named, name).toContain(name);
  });

  it('draws values that satisfy their documented checks', () => {
    const byCat = (cat: string) => corpus.filter((c) => c.category === cat && !c.docExample).flatMap((c) => c.targets);
    for (const t of byCat('github-pat-classic')) {
      expect(t).toMatch(/^ghp_[A-Za-z0-9]{36}$/);
      expect(t.slice(-6)).toBe(toBase62(crc32(t.slice(4, -6)), 6));
    }
    for (const t of byCat('payment-card')) {
      expect(luhnValid(t)).toBe(true);
      expect(TEST_PANS.has(t.replace(/\D/g, ''))).toBe(false);
    }
    for (const t of byCat('iban')) expect(ibanValid(t)).toBe(true);
    for (const c of corpus.filter((x) => x.category === 'azure-storage-key')) for (const t of c.targets) expect(t).toMatch(/^[A-Za-z0-9+/]{86}==$/);
  });
});
