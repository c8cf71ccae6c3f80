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
