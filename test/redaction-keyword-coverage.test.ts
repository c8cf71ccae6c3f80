/**
 * Every spelling a rule's pattern accepts is one its keywords let the engine find: strings are
 * drawn from each pattern's syntax (test/support/regex-samples.ts) and the rule is run on each as
 * the engine runs it and with no keyword condition (bench/redaction/keyword-gate.ts, the same
 * case folding, keyword starts, gates and words the scanner uses). A match only the second run
 * finds is a spelling the rule catches only when another keyword happens to be near: silently.
 *
 * Rules with a detector have no pattern to draw from: those that search the whole text are
 * compared on real text by `bench/redaction/keyword-gate-diff.ts`; those told where their
 * keywords start find nothing away from them by construction.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gatePair, missedByGate, unjudgedRule } from '../bench/redaction/keyword-gate.js';
import { BUILTIN_RULES } from '../redaction/rules/index.js';
import type { Rule } from '../redaction/types.js';
import { parsePattern, sampleMatches } from './support/regex-samples.js';

/** Strings drawn per rule, and the fewest a rule's pattern must yield (else the generator cannot speak for it). */
const SAMPLES = 60;
const MIN_SAMPLES = 15;

/**
 * Rules whose keywords are the context their match needs, not part of it, reviewed by hand: the
 * match alone is no secret (a 52-character base32 word, a National Insurance number's shape), so
 * a word near it must say what it is, and the pattern cannot hold that word.
 */
const CONTEXT_KEYWORDS: Readonly<Record<string, string>> = {
  'azure-devops-pat': 'a bare 52-character base32 token is any base32 word: an Azure DevOps name near it says it is a PAT',
  'ably-api-key': 'app.key:secret is a common shape: the Ably name near it says what it is',
  'bitcoin-private-key': 'a WIF key is a base58 run like an address or a hash: a wallet word near it says it is a key',
  'uk-nino': 'two letters, six digits and a letter is also a part number: an insurance word near it says it is a NINO',
  'pgpass-password': 'host:port:db:user:password is any colon list unless the port is the standard one, a wildcard, or the file is named',
};

const drawable = BUILTIN_RULES.filter((rule) => rule.pattern !== undefined && rule.detector === undefined && rule.keywords.length > 0);

function seedOf(rule: Rule): number {
  return createHash('sha256').update(rule.id).digest().readUInt32LE(0);
}

/** The samples of `rule` that only the ungated rule finds something in. */
function gateMisses(rule: Rule): { samples: number; missed: string[] } {
  const pattern = rule.pattern!;
  const search = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  const pair = gatePair(unjudgedRule(rule));
  const samples = sampleMatches(pattern, SAMPLES, seedOf(rule))
    .map((sample) => sample.text)
    .filter((text) => search.test(text));
  return { samples: samples.length, missed: samples.filter((text) => missedByGate(pair, text).length > 0) };
}

describe('the regular-expression sampler', () => {
  it('parses every built-in pattern', () => {
    for (const rule of BUILTIN_RULES) if (rule.pattern) expect(() => parsePattern(rule.pattern!), rule.id).not.toThrow();
  });

  it('draws strings the pattern matches, and every choice of an alternation', () => {
    const samples = sampleMatches(/(?<=key[:=] )(?:ab|cd){2}\d{3}(?<word>[xyz]+)\k<word>/, 40, 7);
    expect(samples.length).toBeGreaterThan(20);
    for (const { text } of samples) expect(text).toMatch(/^key[:=] (?:ab|cd){2}\d{3}([xyz]+)\1$/);
    expect(samples.some(({ text }) => text.includes('ab'))).toBe(true);
    expect(samples.some(({ text }) => text.includes('cd'))).toBe(true);
  });

  it('finds a spelling a rule takes but its keywords do not', () => {
    const rule: Rule = {
      id: 'handmade-seed-words',
      type: 'secret',
      description: 'words of a wallet seed',
      keywords: ['seed phrase'],
      pattern: /seed[ _-]phrase: (?<secret>[a-z]{4,8}(?: [a-z]{4,8}){11})/,
      examples: { match: [], noMatch: [] },
    };
    const { samples, missed } = gateMisses(rule);
    expect(samples).toBeGreaterThanOrEqual(MIN_SAMPLES);
    expect(missed.length).toBeGreaterThan(0);
    for (const text of missed) expect(text).toMatch(/seed[_-]phrase/);
    expect(gateMisses({ ...rule, keywords: ['seed phrase', 'seed_phrase', 'seed-phrase'] }).missed).toEqual([]);
  });
});

describe('every rule with keywords and a pattern', () => {
  it('has a pattern the sampler draws from', () => {
    expect(drawable.length).toBeGreaterThan(200);
    for (const rule of drawable) expect(sampleMatches(rule.pattern!, MIN_SAMPLES, seedOf(rule), SAMPLES * 4).length, rule.id).toBe(MIN_SAMPLES);
  });

  // one test per rule: a rule's draws take a few milliseconds, all of them several seconds
  it.each(drawable.filter((rule) => !(rule.id in CONTEXT_KEYWORDS)).map((rule) => [rule.id, rule] as const))('%s runs wherever its pattern matches: its keywords cover every spelling drawn from it', (_id, rule) => {
    const { missed } = gateMisses(rule);
    expect(missed.slice(0, 3), `${missed.length} of ${SAMPLES} drawn found only without the keyword gate`).toEqual([]);
  });

  it('lists only rules the sampler still shows missed (the reviewed lists stay exact)', () => {
    for (const id of Object.keys(CONTEXT_KEYWORDS)) {
      const rule = drawable.find((candidate) => candidate.id === id);
      expect(rule, id).toBeDefined();
      expect(gateMisses(rule!).missed.length, `${id} no longer needs its entry`).toBeGreaterThan(0);
    }
  });
});
