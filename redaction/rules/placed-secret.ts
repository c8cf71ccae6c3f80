/**
 * The builder of the `generic` rules that find a secret by its place (a tool's flag, a call's
 * argument, a label, a header): what differs from rule to rule, with the defaults of the kind.
 */
import type { Detector, KeywordGate, Rule, RuleExamples, ShieldLevel, ValidatorName } from '../types.js';

export interface PlacedFacts {
  readonly keywords: readonly string[];
  readonly keywordStarts?: boolean;
  readonly keywordGate?: RegExp | KeywordGate;
  readonly keywordWords?: readonly string[];
  readonly startLiterals?: readonly string[];
  readonly label?: string;
  readonly validator?: ValidatorName;
  readonly entropy?: number;
  readonly allow?: readonly RegExp[];
  /** `values` unless said: a value found by its place may still be a word, a number or a path */
  readonly shield?: ShieldLevel;
}

/** A secret found by its place: by a pattern whose `secret` group is the value, or by a detector. */
export function placedSecret(id: string, description: string, facts: PlacedFacts, locate: RegExp | Detector, examples: RuleExamples): Rule {
  const { shield = 'values', ...rest } = facts;
  const how = locate instanceof RegExp ? { pattern: locate } : { detector: locate };
  return { id, type: 'secret', description, ...rest, ...how, shield, examples };
}
