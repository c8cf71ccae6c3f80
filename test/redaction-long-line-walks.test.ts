/**
 * No rule searches to a long line's end (or the text's) at every hit: on one line four times as
 * long, the characters that the rules' string searches (indexOf, lastIndexOf, includes) read grow
 * about four times, not sixteen. Counted, not timed: the searches are wrapped for the test.
 * The lines are the long-lines bench's shapes and two made of what the rules look for: all their
 * examples on one line, all their keywords on one line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LONG_LINE_SHAPES } from '../bench/redaction/long-lines.js';
import { builtinProfile, compileRules, rulesFor } from '../redaction/index.js';

const SMALL = 10_000;
/**
 * Linear is 4, a search to the line's end at every hit 16. Reaches bounded at a few thousand
 * characters, which the small line does not fill yet, make it a little over 4 (6.3 at most here now);
 * before the searches were bounded five shapes gave 10 to 13.
 */
const MAX_GROWTH = 8;

const native = { indexOf: String.prototype.indexOf, lastIndexOf: String.prototype.lastIndexOf, includes: String.prototype.includes };

/** Runs `run` with the string searches counting the characters they read; returns the count. */
function charactersSearched(run: () => void): number {
  let read = 0;
  String.prototype.indexOf = function (this: string, search: string, position = 0) {
    const found = native.indexOf.call(this, search, position);
    read += (found === -1 ? this.length : found) - Math.max(0, position);
    return found;
  };
  String.prototype.lastIndexOf = function (this: string, search: string, position = Number.POSITIVE_INFINITY) {
    const found = native.lastIndexOf.call(this, search, position);
    read += Math.min(this.length, position) - (found === -1 ? 0 : found);
    return found;
  };
  String.prototype.includes = function (this: string, search: string, position = 0) {
    const found = native.indexOf.call(this, search, position);
    read += (found === -1 ? this.length : found) - Math.max(0, position);
    return found !== -1;
  };
  try {
    run();
  } finally {
    Object.assign(String.prototype, native);
  }
  return read;
}

function repeated(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

describe('rules on long lines', () => {
  afterEach(() => {
    Object.assign(String.prototype, native);
  });

  const profile = builtinProfile('research')!;
  const rules = rulesFor(profile);
  const examples = rules.flatMap((rule) => [...(rule.examples?.match ?? []), ...(rule.examples?.noMatch ?? [])]);
  const keywords = [...new Set(rules.flatMap((rule) => rule.keywords))].filter((keyword) => !keyword.includes('\n'));
  const shapes: Record<string, (size: number) => string> = {
    ...LONG_LINE_SHAPES,
    'rule examples': (size) => repeated(`${examples.join(' ').replace(/\r?\n/g, ' ')} `, size),
    'rule keywords': (size) => repeated(keywords.map((keyword, i) => `${keyword} x${i} `).join(''), size),
  };

  it('search a line four times as long about four times as much, in every shape', () => {
    const set = compileRules(rules, { allowValues: profile.allow });
    const growths: Record<string, number> = {};
    for (const [shape, make] of Object.entries(shapes)) {
      const small = make(SMALL);
      const large = make(4 * SMALL);
      const smallRead = charactersSearched(() => set.scan(small));
      const largeRead = charactersSearched(() => set.scan(large));
      growths[shape] = Math.round((largeRead / Math.max(smallRead, 1)) * 10) / 10;
    }
    const superlinear = Object.entries(growths).filter(([, growth]) => growth >= MAX_GROWTH);
    expect(superlinear, JSON.stringify(growths)).toEqual([]);
  });
});
