/**
 * The `prose-value-then-word` rule tries its pattern only before `is`/`was`/`as`, and given where
 * its keywords start, only before the words for a secret: it must find what a search of the whole text finds.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../bench/redaction/prng.js';
import { BUILTIN_RULES } from '../redaction/rules/index.js';
import { compileRules } from '../redaction/scanner.js';
import type { ValueThenWordDetector } from '../redaction/rules/value-then-word.js';
import type { Span } from '../redaction/types.js';

const rule = BUILTIN_RULES.find((r) => r.id === 'prose-value-then-word')!;
const detector = rule.detector as ValueThenWordDetector;

/** Where the rule's keywords and start literals start, in any case, in order: what the scanner gives the detector. */
function keywordStarts(text: string): number[] {
  const lower = text.toLowerCase();
  const literals = [...rule.keywords, ...(rule.startLiterals ?? [])];
  const starts: number[] = [];
  for (let at = 0; at < lower.length; at++) if (literals.some((literal) => lower.startsWith(literal, at))) starts.push(at);
  return starts;
}

function searchWhole(text: string): Span[] {
  const pattern = new RegExp(detector.shape.pattern.source, 'gd');
  return [...text.matchAll(pattern)].map((match) => {
    const [start, end] = match.indices!.groups!.secret!;
    return { start, end };
  });
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng.next() * items.length)]!;
const BLANKS = [' ', ' ', '  ', '\t', ' \t', '', `${' '.repeat(90)}\t`];

/** A phrase of the rule's form with each part drawn from variants, some of which break it. */
function phrase(rng: Rng): string {
  const before = pick(rng, ['', ' ', 'use ', 'Use\t', 'reuse ', 'x.', 'a/', 'k=', '!', '#', '\n', 'then ']);
  const value = pick(rng, ['Tq8vLm2Kz9Wn4Rb', 'Rb5!kQz8Lm', 'Wq7Lm3Kz9Vx2', 'OAuth2Token', 'ab12', 'Ab1'.repeat(66), `Q${'Ab1'.repeat(67)}`, 'x=Tq8vLm2Kz9', 'Aa1-Bb2/Cc3+']);
  const connector = pick(rng, ['is my', 'was the', 'as the', 'is a', 'as your', 'is as the', 'was', 'is not my', 'IS my', ', the', ', our', ',the', ', a', ' (the', '(my', ' — the', " — that's the", ' – it\'s my', ' —the']);
  const words = Array.from({ length: Math.floor(rng.next() * 5) }, () => pick(rng, ['admin', 'old', 'deploy', 'of', 'for', 'staging-1', 'x', 'a'.repeat(20), 'b'.repeat(21), "it's"])).join(pick(rng, [' ', ' ', '  ', ' \n ']));
  const word = pick(rng, ['api key', 'password', 'token', 'KEY', 'Secret', 'pwd', 'keys', 'word', 'passwd', 'PW', 'api_key', 'Api-Key', 'apikey', 'PASSWD']);
  const after = pick(rng, ['', '.', ', keep it', ' for now', ' now', ' expires', '\n', ' of the']);
  return [before, value, pick(rng, BLANKS), connector, pick(rng, BLANKS), words, words ? ' ' : '', word, after].join('');
}

function randomText(rng: Rng): string {
  const count = 1 + Math.floor(rng.next() * 3);
  return Array.from({ length: count }, () => phrase(rng)).join(pick(rng, [' ', '', '; ', '\n']));
}

describe('prose-value-then-word, tried before its connecting words only', () => {
  it('finds in the rule examples and in random text exactly what a search of the whole text finds', () => {
    const texts = [
      'Tq8vLm2Kz9Wn4Rb is my api key, keep it private', 'use Rb5!kQz8Lm as the password for now', 'x.Tq8vLm2Kz9Wn4Rb is my api key',
      'a=Tq8vLm2Kz9Wn4Rb is my api key', 'use \t Rb5!kQz8Lm  as\tthe password', 'Wq7Lm3Kz9Vx2 is as the secret', `${'Ab1'.repeat(70)} is my token`,
      `Q${'Ab1'.repeat(66)} is my token`, 'reuse Rb5!kQz8Lm as the password', 'Rb5!kQz8Lm is my token; Wq7Lm3Kz9Vx2 was the old deploy token',
      'reset to Rb5!kQz8Lm, the admin password', 'Rb5!kQz8Lm , the token', 'x,Rb5!kQz8Lm, my  api key',
      // the farthest a connector stands from the keyword: 75 characters besides spaces and tabs
      `Rb5!kQz8Lm — that is your ${'a'.repeat(20)} ${'b'.repeat(20)} ${'c'.repeat(20)} api_key`,
      `Rb5!kQz8Lm   —\tthat   is  your  ${'a'.repeat(20)}   ${'b'.repeat(20)}\t${'c'.repeat(20)}   API-KEY now`,
    ];
    const rng = new Rng('prose-value-then-word');
    for (let i = 0; i < 4000; i++) texts.push(randomText(rng));
    let found = 0;
    for (const text of texts) {
      const whole = searchWhole(text);
      expect([...detector(text)], JSON.stringify(text)).toEqual(whole);
      expect([...detector(text, keywordStarts(text))], `${JSON.stringify(text)} at its keywords`).toEqual(whole);
      found += whole.length;
    }
    expect(found).toBeGreaterThan(400);
  });

  it('is told by the scanner where its start literals (`pw`, `passwd`) begin, which select no rule', () => {
    expect(rule.startLiterals).toEqual(['pw', 'passwd']);
    const rules = compileRules([rule]);
    const text = 'Tq8vLm2Kz9Wn4Rb is my pw for the box; Wq7Lm3Kz9Vx2 was the old PASSWD, and the token comes later';
    expect(rules.scan(text).map((f) => text.slice(f.start, f.end))).toEqual(['Tq8vLm2Kz9Wn4Rb', 'Wq7Lm3Kz9Vx2']);
    // without one of its keywords the rule does not run
    expect(rules.scan('Tq8vLm2Kz9Wn4Rb is my pw for the box')).toEqual([]);
  });
});
