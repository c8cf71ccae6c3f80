import { describe, expect, it } from 'vitest';
import { startsAtKeyword } from '../redaction/pattern-start.js';
import { BUILTIN_RULES } from '../redaction/rules/index.js';
import { compileRules } from '../redaction/scanner.js';
import type { Rule } from '../redaction/types.js';

describe('startsAtKeyword: patterns tried only where their keywords start', () => {
  it('takes a literal prefix that a keyword begins, after look-behinds and inside the groups it opens', () => {
    expect(startsAtKeyword(/(?<![A-Za-z0-9_](?<!\\[nrt]))ghp_[A-Za-z0-9]{36}/, ['ghp_'])).toBe(true);
    expect(startsAtKeyword(/(?<![\w.-])(?<secret>glpat-[\w-]{20})/, ['glpat-'])).toBe(true);
    expect(startsAtKeyword(/(?:heroku[\w .-]{0,20}?(?:token|key))=(\S+)/i, ['heroku'])).toBe(true);
    expect(startsAtKeyword(/sk\.eyJ[\w-]{20}/, ['sk.eyj'])).toBe(true);
  });

  it('spells out classes of a few literal characters and groups of literal alternatives: every spelling must begin with a keyword', () => {
    expect(startsAtKeyword(/gh[us]_\w{36}/, ['ghu_', 'ghs_'])).toBe(true);
    expect(startsAtKeyword(/(?:ghp_|gho_)\w{36}/, ['ghp_', 'gho_'])).toBe(true);
    expect(startsAtKeyword(/(?<![\w-])(?<secret>dckr_(?:pat|oat)_\w{27})/, ['dckr_pat_', 'dckr_oat_'])).toBe(true);
    expect(startsAtKeyword(/(?:live|test)_[a-f0-9]{35}/i, ['live_', 'test_'])).toBe(true);
    expect(startsAtKeyword(/gh[usr]_\w{36}/, ['ghu_', 'ghs_'])).toBe(false); // `ghr_` begins with no keyword
    expect(startsAtKeyword(/gh[a-b]_\w{36}/, ['gha_', 'ghb_'])).toBe(false); // a range: not spelled out
    expect(startsAtKeyword(/gh[^us]_\w{36}/, ['gha_', 'ghb_'])).toBe(false); // a negated class
    expect(startsAtKeyword(/gh[us]?_\w{36}/, ['ghu', 'ghs'])).toBe(false); // the class may match nothing
    expect(startsAtKeyword(/(?:ghp_|gho_)?\w{36}/, ['ghp_', 'gho_'])).toBe(false); // the group may match nothing
    expect(startsAtKeyword(/(?:ghp_|)\w{36}/, ['ghp_'])).toBe(false); // an empty alternative
    expect(startsAtKeyword(/(?:ghp_|\d+)\w{36}/, ['ghp_'])).toBe(false); // an alternative that is not literal
  });

  it('refuses what could match elsewhere or skip the literal', () => {
    expect(startsAtKeyword(/ghp_\w{36}|gho_\w{36}/, ['ghp_', 'gho_'])).toBe(false); // an alternative at the top
    expect(startsAtKeyword(/(?:ghp_\w{36}|gho_\w{36})/, ['ghp_', 'gho_'])).toBe(false); // an alternative around the literal
    expect(startsAtKeyword(/(?:tok_)?\w{36}/, ['tok_'])).toBe(false); // the group holding it may match nothing
    expect(startsAtKeyword(/abc?d/, ['abc'])).toBe(false); // only `ab` is sure
    expect(startsAtKeyword(/gh[us]_\w{36}/, ['gh_'])).toBe(false); // `ghu_` does not begin with `gh_`
    expect(startsAtKeyword(/(?=\d)tok_\w+/, ['tok_'])).toBe(false); // a look-ahead first: not read
    expect(startsAtKeyword(/tok_\w+/iu, ['tok_'])).toBe(false); // Unicode case folding (`ſ` for `s`)
    expect(startsAtKeyword(/tél_\w+/, ['tél_'])).toBe(false); // keywords outside ASCII are found another way
  });

  it('finds with every built-in rule exactly what a search of the whole string finds', () => {
    const anchored = BUILTIN_RULES.filter((rule) => rule.pattern && !rule.detector && !rule.keywordStarts && startsAtKeyword(rule.pattern, rule.keywords));
    expect(anchored.length).toBeGreaterThan(50);
    for (const rule of anchored) {
      // the same rule with a keyword no text holds: selected only through it, never tried at its keywords
      const searched: Rule = { ...rule, keywords: [] };
      const tried = compileRules([rule]);
      const whole = compileRules([searched]);
      for (const example of rule.examples?.match ?? []) {
        const text = `say ${example} and ${example.toUpperCase()}, ${example}`;
        expect(tried.scan(text), `${rule.id}: ${example}`).toEqual(whole.scan(text));
        expect(tried.scan(text).length, `${rule.id}: ${example}`).toBeGreaterThan(0);
      }
    }
  });
});
