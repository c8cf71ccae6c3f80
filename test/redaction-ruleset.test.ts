/** The rule table by family, and the ruleset version derived from its data. */
import { describe, expect, it } from 'vitest';
import { BUILTIN_RULES, familiesOf, familyOf, RULE_FAMILIES, RULESET_VERSION } from '../redaction/rules/index.js';
import { rulesetVersion } from '../redaction/rules/ruleset-version.js';
import { valueThenWord, type ValueShape } from '../redaction/rules/value-then-word.js';
import type { Rule } from '../redaction/types.js';

describe('rule families', () => {
  it('every built-in rule is in exactly one family, and ids are unique', () => {
    const ids = Object.values(RULE_FAMILIES).flatMap((rules) => rules.map((rule) => rule.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(BUILTIN_RULES.length);
    for (const [family, rules] of Object.entries(RULE_FAMILIES)) {
      for (const rule of rules) expect(familyOf(rule)).toBe(family);
    }
  });

  it('a rule a config file adds is `custom`, even when it reuses a built-in id', () => {
    const custom: Rule = { ...BUILTIN_RULES[0]!, description: 'mine' };
    expect(familyOf(custom)).toBe('custom');
    expect(familiesOf([custom, RULE_FAMILIES.pii[0]!])).toEqual(['pii', 'custom']);
  });
});

describe('the ruleset version', () => {
  const base = rulesetVersion(BUILTIN_RULES);
  const changed = (mutate: (rule: Rule) => Rule, at = 17) => rulesetVersion(BUILTIN_RULES.map((rule, index) => (index === at ? mutate(rule) : rule)));

  it('is derived from the rule data, not typed by hand', () => {
    expect(RULESET_VERSION).toBe(base);
    expect(base).toMatch(/^\d+\.[0-9a-f]{12}$/);
  });

  it.each<[string, (rule: Rule) => Rule]>([
    ['a keyword', (rule) => ({ ...rule, keywords: [...rule.keywords, 'zzz'] })],
    ['the pattern', (rule) => ({ ...rule, pattern: new RegExp(`${rule.pattern?.source ?? ''}x`) })],
    ['the pattern flags', (rule) => ({ ...rule, pattern: new RegExp(rule.pattern?.source ?? 'x', 'im') })],
    ['the validator', (rule) => ({ ...rule, validator: 'luhn' })],
    ['the entropy floor', (rule) => ({ ...rule, entropy: (rule.entropy ?? 0) + 0.5 })],
    ['the allowlist', (rule) => ({ ...rule, allow: [...(rule.allow ?? []), /x/] })],
    ['the shield', (rule) => ({ ...rule, shield: rule.shield === 'values' ? 'identifiers' : 'values' })],
    ['the label', (rule) => ({ ...rule, label: 'other' })],
    ['the type', (rule) => ({ ...rule, type: rule.type === 'secret' ? 'pii' : 'secret' })],
    ['the id', (rule) => ({ ...rule, id: `${rule.id}-2` })],
  ])('changes when %s of one rule changes', (_what, mutate) => {
    expect(changed(mutate)).not.toBe(base);
  });

  it('changes when the pattern a detector carries changes (prose-value-then-word)', () => {
    const at = BUILTIN_RULES.findIndex((rule) => rule.id === 'prose-value-then-word');
    expect(at).toBeGreaterThanOrEqual(0);
    const withPattern = (rule: Rule, pattern: RegExp): Rule => {
      const shape = (rule.detector as unknown as { shape: ValueShape }).shape;
      return { ...rule, detector: valueThenWord({ ...shape, pattern }) };
    };
    const rule = BUILTIN_RULES[at]!;
    const same = (rule.detector as unknown as { shape: ValueShape }).shape.pattern;
    expect(changed((r) => withPattern(r, same), at)).toBe(base);
    expect(changed((r) => withPattern(r, new RegExp(`${same.source}x`)), at)).not.toBe(base);
  });

  it('changes when a rule is added, removed or moved', () => {
    expect(rulesetVersion(BUILTIN_RULES.slice(1))).not.toBe(base);
    expect(rulesetVersion([...BUILTIN_RULES, BUILTIN_RULES[0]!])).not.toBe(base);
    expect(rulesetVersion([BUILTIN_RULES[1]!, BUILTIN_RULES[0]!, ...BUILTIN_RULES.slice(2)])).not.toBe(base);
  });

  it('does not change with a rule\'s description or examples (they do not change what it matches)', () => {
    expect(changed((rule) => ({ ...rule, description: 'reworded', examples: { match: [], noMatch: [] } }))).toBe(base);
  });
});
