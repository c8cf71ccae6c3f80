/** The built-in rule table. Profiles pick from it by type; the version is stamped into receipts. */
import type { Rule } from '../types.js';
import { PII_RULES } from './pii.js';
import { STRUCTURAL_RULES } from './structural.js';
import { VENDOR_RULES } from './vendors.js';

/** Bump when a rule is added, removed or changes what it matches. */
export const RULESET_VERSION = '2026.11.1';

export const BUILTIN_RULES: readonly Rule[] = [...VENDOR_RULES, ...STRUCTURAL_RULES, ...PII_RULES];

export function rulesOfType(type: Rule['type']): Rule[] {
  return BUILTIN_RULES.filter((rule) => rule.type === type);
}
