import { describe, expect, it } from 'vitest';
import { BUILTIN_RULES } from '../redaction/rules/index.js';
import { compileRules } from '../redaction/scanner.js';

describe('every built-in rule', () => {
  it('has a unique kebab-case id, keywords in lower case and examples of both kinds', () => {
    const ids = new Set<string>();
    for (const rule of BUILTIN_RULES) {
      expect(rule.id, rule.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(ids.has(rule.id), `duplicate ${rule.id}`).toBe(false);
      ids.add(rule.id);
      for (const keyword of rule.keywords) expect(keyword, rule.id).toBe(keyword.toLowerCase());
      expect(Boolean(rule.pattern) !== Boolean(rule.detector), `${rule.id}: exactly one of pattern and detector`).toBe(true);
      expect(rule.examples.match.length, `${rule.id} needs examples that match`).toBeGreaterThan(0);
      expect(rule.examples.noMatch.length, `${rule.id} needs examples that must not match`).toBeGreaterThan(0);
    }
  });

  it('searching a whole text, never opens an alternative with a lookbehind that can reach far back (it would be tried at every position)', () => {
    // a keywordStarts rule is tried at its keywords only, so its lookbehinds run once a place
    const offenders = BUILTIN_RULES.filter((rule) => rule.pattern && !rule.keywordStarts && alternatives(rule.pattern.source).some(opensWithLongLookbehind)).map((rule) => rule.id);
    expect(offenders).toEqual([]);
  });

  for (const rule of BUILTIN_RULES) {
    describe(rule.id, () => {
      const alone = compileRules([rule]);
      it.each(rule.examples.match.map((text) => [text]))('finds a secret in %j', (text) => {
        expect(alone.scan(text).length).toBeGreaterThan(0);
      });
      it.each(rule.examples.noMatch.map((text) => [text]))('finds nothing in %j', (text) => {
        expect(alone.scan(text)).toEqual([]);
      });
    });
  }
});

/** Each structural character of a regex source (outside classes, not escaped) with the group depth after it. */
function* structure(source: string, from = 0): Generator<{ at: number; char: string; depth: number }> {
  let depth = 0;
  let inClass = false;
  for (let i = from; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\\') i++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else {
      if (char === '(') depth++;
      else if (char === ')') depth--;
      yield { at: i, char, depth };
    }
  }
}

/** The top-level alternatives of a regex source (`|` outside groups and classes). */
function alternatives(source: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const { at, char, depth } of structure(source)) {
    if (char !== '|' || depth !== 0) continue;
    parts.push(source.slice(start, at));
    start = at + 1;
  }
  parts.push(source.slice(start));
  return parts;
}

/** Whether the alternative starts with a lookbehind whose body repeats something other than blanks without a small bound (`*`, `+`, `{n,}` or `{n,m}` with m > 16). */
function opensWithLongLookbehind(alternative: string): boolean {
  const opening = /^\^?\(\?<[=!]/.exec(alternative);
  if (!opening) return false;
  const openAt = opening[0].length - 4;
  let end = alternative.length;
  for (const { at, depth } of structure(alternative, openAt)) {
    if (depth === 0) {
      end = at;
      break;
    }
  }
  // a run of blanks is short in any real text: `[ \t]*` before a word costs nothing
  const body = alternative
    .slice(opening[0].length, end)
    .replace(/(?:\[ \\t\]|\\s)(?:[*+]|\{\d+,\d*\})/g, 'x')
    .replace(/\\./g, 'x').replace(/\[[^\]]*\]/g, 'x');
  return /[*+]|\{\d+,\}/.test(body) || [...body.matchAll(/\{\d+,(\d+)\}/g)].some((m) => Number(m[1]) > 16);
}
