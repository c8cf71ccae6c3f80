/**
 * What a rule's keyword gate costs it: the engine runs a rule only where one of its keywords
 * occurs (and, for some, only where a keyword starts its match, or passes its keyword gate or
 * words). A rule whose pattern accepts a spelling its keywords do not cover finds that spelling
 * only when some keyword happens to be near: silently. This module runs a rule twice, as the
 * engine runs it and with every keyword condition removed, and reports what only the second run
 * finds. `keyword-gate-diff.ts` does it over real text, `test/redaction-keyword-coverage.test.ts`
 * over strings drawn from each rule's pattern.
 */
import { compileRules, type RuleSet } from '../../redaction/scanner.js';
import type { Rule, Span } from '../../redaction/types.js';

/** The rule with no keyword condition: it runs on every string and searches the whole of it. */
export function ungatedRule(rule: Rule): Rule {
  const { keywordGate: _gate, keywordWords: _words, keywordStarts: _starts, ...rest } = rule;
  return { ...rest, keywords: [] };
}

/** The rule's pattern as it stands, without the checks of what it matched (validator, entropy, allowlist, shields). */
export function unjudgedRule(rule: Rule): Rule {
  const { validator: _validator, entropy: _entropy, allow: _allow, shield: _shield, ...rest } = rule;
  return rest;
}

/**
 * Whether running the rule without its keywords can show anything: a detector told where its
 * keywords start (keywordStarts) is given none when it has none, so it finds nothing ungated; its
 * matches start at a keyword by construction.
 */
export function comparable(rule: Rule): boolean {
  return rule.keywords.length > 0 && !(rule.detector && rule.keywordStarts === true);
}

export interface GatePair {
  readonly rule: Rule;
  readonly gated: RuleSet;
  readonly ungated: RuleSet;
}

export function gatePair(rule: Rule): GatePair {
  return { rule, gated: compileRules([rule]), ungated: compileRules([ungatedRule(rule)]) };
}

/** What the ungated rule finds in `text` that the gated one does not cover. */
export function missedByGate(pair: GatePair, text: string): Span[] {
  const ungated = pair.ungated.scan(text);
  if (ungated.length === 0) return [];
  const gated = pair.gated.scan(text);
  return ungated.filter((found) => !gated.some((kept) => kept.start <= found.start && kept.end >= found.end)).map(({ start, end }) => ({ start, end }));
}
