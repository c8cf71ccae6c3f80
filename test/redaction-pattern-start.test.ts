import { describe, expect, it } from 'vitest';
import { keywordReach, literalStarts, startsAtKeyword } from '../redaction/pattern-start.js';
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

  it('reads every alternative, at the top and in the groups it opens with, after `\\b` and look-behinds', () => {
    expect(startsAtKeyword(/ghp_\w{36}|gho_\w{36}/, ['ghp_', 'gho_'])).toBe(true);
    expect(startsAtKeyword(/(?:ghp_\w{36}|gho_\w{36})/, ['ghp_', 'gho_'])).toBe(true);
    expect(startsAtKeyword(/(?:\bnew[ \t]+PDO|\bmysqli_connect|\.getConnection)\(x|\bEnv\.(?:Prod|Qa)[ \t]*,/, ['new', 'mysqli', '.get', 'env.'])).toBe(true);
    expect(literalStarts(/(?:\bnew[ \t]+PDO|\bmysqli_connect|\.getConnection)\(x|\bEnv\.(?:Prod|Qa)[ \t]*,/)).toEqual(['new', 'mysqli_connect', '.getConnection', 'Env.Prod', 'Env.Qa']); // a group one of whose alternatives stops early ends the literal
    expect(literalStarts(/(?<![\w-])(?:sk|rk)_(?:live|test)_\w+/)).toEqual(['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_']);
    expect(literalStarts(/x(?:abc|)y/)).toEqual(['xabcy', 'xy']); // an empty alternative inside: both spellings
    expect(literalStarts(/(?:abc|)y/)).toEqual(['abcy', 'y']);
    expect(literalStarts(/abc|/)).toBeNull(); // an empty alternative at the top matches anywhere
    expect(literalStarts(/abc|(?=x)def/)).toBeNull(); // a look-ahead first: not read
    expect(literalStarts(/(?:abc)?def/)).toBeNull();
  });

  it('refuses what could match elsewhere or skip the literal', () => {
    expect(startsAtKeyword(/ghp_\w{36}|\w{40}/, ['ghp_'])).toBe(false); // an alternative at the top that is not literal
    expect(startsAtKeyword(/(?:ghp_\w{36}|gho_\w{36})/, ['ghp_'])).toBe(false); // an alternative whose literal no keyword begins
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

  it('tries a pattern whose keywords are not its start literals where those literals start, and finds what a search finds', () => {
    const started = BUILTIN_RULES.filter((rule) => rule.pattern && !rule.detector && !rule.keywordStarts && !startsAtKeyword(rule.pattern, rule.keywords)
      && (literalStarts(rule.pattern) ?? []).some((start) => start.length >= 2));
    expect(started.map((rule) => rule.id)).toEqual(expect.arrayContaining(['call-password-argument', 'printed-token', 'twilio-api-key-sid', 'cli-secret-value-flag']));
    for (const rule of started) {
      // a look-ahead first: the pattern's start is not read, and it is searched
      const searched: Rule = { ...rule, pattern: new RegExp(`(?=[\\s\\S])(?:${rule.pattern!.source})`, rule.pattern!.flags) };
      const tried = compileRules([rule]);
      const whole = compileRules([searched]);
      for (const example of [...rule.examples.match, ...rule.examples.noMatch]) {
        const text = `say ${example} and ${example.toUpperCase()}, ${example}`;
        expect(tried.scan(text), `${rule.id}: ${example}`).toEqual(whole.scan(text));
      }
      for (const example of rule.examples.match) expect(tried.scan(example).length, `${rule.id}: ${example}`).toBeGreaterThan(0);
    }
  });
});

describe('keywordReach: patterns tried a few characters before their keywords', () => {
  it('reads how far in a keyword starts after characters and classes of a bounded count', () => {
    expect(keywordReach(/(?<![A-Za-z0-9.-])[A-Za-z][A-Za-z0-9+.-]{1,20}:\/\/(?<user>[^\s:@]{0,100}):(?<secret>[^\s@]{1,200})@/, ['://'])).toEqual({ min: 2, max: 21 });
    expect(keywordReach(/[A-Za-z0-9_~.]{3}\dQ~[\w.-]{31,34}/, ['q~'])).toEqual({ min: 4, max: 4 });
    expect(keywordReach(/\bx?\w{2}\.?token=\S+/i, ['token='])).toEqual({ min: 2, max: 4 });
    expect(keywordReach(/"sensitive":true|random_password\{/, ['"sensitive"', 'random_password'])).toEqual({ min: 0, max: 0 });
    expect(keywordReach(/ab|\w{5}cd/, ['ab', 'cd'])).toEqual({ min: 0, max: 5 });
  });

  it('refuses what could reach a keyword from far away, or match without one', () => {
    expect(keywordReach(/\w+:\/\//, ['://'])).toBeNull(); // unbounded
    expect(keywordReach(/\w{1,}:\/\//, ['://'])).toBeNull();
    expect(keywordReach(/\w{1,80}:\/\//, ['://'])).toBeNull(); // too far to be worth it
    expect(keywordReach(/(?:ab)?:\/\//, ['://'])).toBeNull(); // a group is not read
    expect(keywordReach(/\w{2}:\/?\//, ['://'])).toBeNull(); // `:/` and `:` are all that is sure
    expect(keywordReach(/\w{2}:\/\/|\w{3}x/, ['://'])).toBeNull(); // an alternative without the keyword
    expect(keywordReach(/(\w)\1:\/\//, ['://'])).toBeNull(); // a back-reference
    expect(keywordReach(/.{2}:\/\//u, ['://'])).toBeNull(); // with `u`, a character may take two code units
    expect(keywordReach(/\w{2}тел/, ['тел'])).toBeNull(); // keywords outside ASCII are found another way
  });

  it('finds with every built-in rule it reads exactly what a search of the whole string finds', () => {
    const reaching = BUILTIN_RULES.filter((rule) => rule.pattern && !rule.detector && !rule.keywordStarts && !startsAtKeyword(rule.pattern, rule.keywords) && keywordReach(rule.pattern, rule.keywords));
    expect(reaching.map((rule) => rule.id)).toEqual(expect.arrayContaining(['url-credentials']));
    for (const rule of reaching) {
      const searched: Rule = { ...rule, pattern: new RegExp(`(?=[\\s\\S])(?:${rule.pattern!.source})`, rule.pattern!.flags) };
      const tried = compileRules([rule]);
      const whole = compileRules([searched]);
      for (const example of [...rule.examples.match, ...rule.examples.noMatch]) {
        // matches next to each other and overlapping tries: "a://b:c@d://e:f@"
        const text = `say ${example} and ${example.toUpperCase()}, ${example}${example} ${example.slice(1)}`;
        expect(tried.scan(text), `${rule.id}: ${example}`).toEqual(whole.scan(text));
      }
      for (const example of rule.examples.match) expect(tried.scan(example).length, `${rule.id}: ${example}`).toBeGreaterThan(0);
    }
  });

  it('tries each place once and takes matches from left to right, as a search does', async () => {
    const { matchesReaching } = await import('../redaction/anchored.js');
    const pattern = /\w{1,3}:\/\/\w*/y;
    const text = 'ab://cd://ef x://y';
    const places = [...text.matchAll(/:\/\//g)].map((m) => m.index);
    const found = matchesReaching(pattern, text, places, { min: 1, max: 3 }).map((m) => `${m.index}:${m[0]}`);
    const searched = [...text.matchAll(/\w{1,3}:\/\/\w*/g)].map((m) => `${m.index}:${m[0]}`);
    expect(found).toEqual(searched);
    expect(found).toEqual(['0:ab://cd', '13:x://y']);
  });
});
