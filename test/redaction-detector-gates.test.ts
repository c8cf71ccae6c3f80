/**
 * Detectors' gates made cheaper for speed: each new condition must answer as the old one did. The
 * old condition is kept here and both are asked about generated texts built from the pieces the
 * condition reads (and about the rule's own examples), so that a case where they part can fail.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../bench/redaction/prng.js';
import { BUILTIN_RULES } from '../redaction/rules/index.js';
import { matchesNear } from '../redaction/anchored.js';
import { LABELLED_ROW_DELIMITERS, rowDelimiters, twoPipes } from '../redaction/rules/secret-columns.js';
import { CONNECTED_QUOTE, NAMED_VALUE_REACH, PROSE_NAMED_VALUE, placesWithConnectedQuote } from '../redaction/rules/structural.js';
import type { Rule } from '../redaction/types.js';

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng.next() * items.length)]!;

/** Where the rule's keywords start, in any case, in order: what the scanner gives the detector. */
function keywordStarts(rule: Rule, text: string): number[] {
  const lower = text.toLowerCase();
  const starts: number[] = [];
  for (let at = 0; at < lower.length; at++) if (rule.keywords.some((keyword) => lower.startsWith(keyword, at))) starts.push(at);
  return starts;
}

describe('detector gates answer as the conditions they replace', () => {
  it('prose-named-value asks for a connecting word and a quote per stretch of its keywords: the windows searched give the matches the whole-range gate gave', () => {
    const rule = BUILTIN_RULES.find((r) => r.id === 'prose-named-value')!;
    const rng = new Rng('prose-named-value-stretches');
    const names = ['`STRIPE_WEBHOOK_SECRET`', '"api_token"', "'db_password'", 'SECRET_KEY', 'AUTH_TOKEN', '\\"session_key\\"', 'the token', 'keyboard'];
    const links = [' to ', ' is ', ' was now ', ' as ', ' set to ', ' =  ', '\t is\t', ' we generated yesterday for the billing service is ', ' (rotated, see the runbook) was '];
    const values = ['`Wq6tundraLm3z8`', '"Tz4marbleKq9w"', "'short'", '\\"Gh7saddleRm2p\\"', '`x`', 'plain9Qk2Lm7Zx'];
    // prose with a rare quote: most stretches hold no connecting word before a quote
    const filler = (length: number) => Array.from({ length }, () => pick(rng, ['a ', 'word ', rng.next() < 0.1 ? '\n' : ' ', 'is ', 'x', 'as', rng.next() < 0.02 ? '"' : 'q'])).join('');
    const texts = [...rule.examples.match, ...rule.examples.noMatch];
    for (let i = 0; i < 3000; i++) {
      const parts: string[] = [];
      // how often a name is given a value in this text: some texts give none
      const given = rng.next() < 0.4 ? 0 : rng.next();
      for (let k = 0, n = 1 + Math.floor(rng.next() * 5); k < n; k++) {
        parts.push(filler(Math.floor(rng.next() ** 2 * 700)));
        const roll = rng.next();
        // a named value, a name alone, or a connecting word and a quote with no keyword near (`it was "done"`)
        parts.push(roll < given * 0.8 ? `${pick(rng, names)}${pick(rng, links)}${pick(rng, values)}` : roll < 0.7 ? pick(rng, names) : `it${pick(rng, links)}${pick(rng, values)}`);
      }
      parts.push(filler(Math.floor(rng.next() * 300)));
      texts.push(parts.join(pick(rng, [' ', '\n', ''])));
    }
    const withQuote = (window: string) => CONNECTED_QUOTE.test(window);
    let kept = 0;
    let dropped = 0;
    let matched = 0;
    for (const text of texts) {
      const places = keywordStarts(rule, text);
      if (places.length === 0) continue;
      // the gate as it was: one stretch from the first place's reach to the last one's
      const from = Math.max(0, places[0]! - NAMED_VALUE_REACH.before);
      const to = Math.min(text.length, places.at(-1)! + NAMED_VALUE_REACH.after);
      const before = withQuote(text.slice(from, to)) ? matchesNear(new RegExp(PROSE_NAMED_VALUE.source, 'g'), text, places, NAMED_VALUE_REACH) : [];
      const gated = placesWithConnectedQuote(text, places);
      const after = gated.length === 0 ? [] : matchesNear(new RegExp(PROSE_NAMED_VALUE.source, 'g'), text, gated, NAMED_VALUE_REACH);
      const at = (found: typeof before) => found.map(({ match, offset }) => [offset + match.index, match[0]]);
      expect(at(after), JSON.stringify(text)).toEqual(at(before));
      matched += before.length;
      if (gated.length < places.length && gated.length > 0) kept += 1;
      if (gated.length === 0 && before.length === 0 && withQuote(text.slice(from, to))) dropped += 1;
    }
    // the cases that tell the two apart are common: stretches left out of texts that still match, texts the old gate let through for nothing
    expect(matched).toBeGreaterThan(300);
    expect(kept).toBeGreaterThan(100);
    expect(dropped).toBeGreaterThan(20);
  });

  it("secret-column-cell's line: pipes and row delimiters counted by native searches as a walk over the line counts them", () => {
    const rng = new Rng('secret-column-lines');
    const pieces = ['|', '│', '┃', '┆', '\t', ',', ';', ' ', 'a', 'api_key', ':', '"', '\r', 'é', '—'];
    const oneDelimiter = new RegExp(LABELLED_ROW_DELIMITERS.source);
    const delimiter = (char: string) => oneDelimiter.test(char);
    let capped = 0;
    for (let i = 0; i < 20000; i++) {
      const line = Array.from({ length: Math.floor(rng.next() * 14) }, () => pick(rng, pieces)).join('');
      let pipes = 0;
      let delimiters = 0;
      for (const char of line) {
        if (char === '|') pipes += 1;
        if (delimiter(char)) delimiters += 1;
      }
      expect(twoPipes(line), JSON.stringify(line)).toBe(pipes >= 2);
      for (const most of [0, 1, 4]) expect(rowDelimiters(line, most), JSON.stringify(line)).toBe(Math.min(delimiters, most + 1));
      if (delimiters > 5) capped += 1;
    }
    expect(capped).toBeGreaterThan(1000);
  });
});
