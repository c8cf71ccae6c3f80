/**
 * The ruleset version stamped into every receipt (`privacy.rulesetVersion`), derived from the
 * rule data so that it cannot be forgotten: any change to what a rule matches (id, type,
 * keywords, pattern, validator, entropy floor, allowlist, shield, label) gives a new version.
 * Changes to engine code that alter matching without touching rule data (shields, the assignment
 * grammar, validators) bump ENGINE_REVISION by hand.
 */
import { createHash } from 'node:crypto';
import type { Rule } from '../types.js';

export const ENGINE_REVISION = 21;

const regexp = (pattern: RegExp | undefined) => (pattern ? `${pattern.source}/${pattern.flags}` : null);

/**
 * A detector's name and the data it carries as properties (valueThenWord's `shape`: its pattern,
 * value class and lengths), so that changing a detector's pattern changes the version too.
 */
function detectorFingerprint(detector: Rule['detector']): unknown {
  if (!detector) return null;
  const data = JSON.stringify({ ...detector }, (_key, value: unknown) => (value instanceof RegExp ? regexp(value) : value));
  return [detector.name || 'detector', data === '{}' ? null : data];
}

/** The parts of a rule that decide what it matches, in a stable order. */
function fingerprintOf(rule: Rule): unknown[] {
  return [
    rule.id,
    rule.type,
    [...rule.keywords],
    regexp(rule.pattern),
    detectorFingerprint(rule.detector),
    rule.validator ?? null,
    rule.entropy ?? null,
    (rule.allow ?? []).map(regexp),
    rule.shield ?? null,
    rule.label ?? null,
  ];
}

export function rulesetVersion(rules: readonly Rule[]): string {
  const hash = createHash('sha256').update(JSON.stringify([ENGINE_REVISION, rules.map(fingerprintOf)])).digest('hex');
  return `${ENGINE_REVISION}.${hash.slice(0, 12)}`;
}
