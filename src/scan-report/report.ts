/**
 * What `atx scan` found, as every report format reads it. A finding names a rule, a field and a
 * place, never the secret (nor a hash of it): no format can print what the scan never kept.
 */
import { familyOf, type Rule, type RuleFamily } from '../../redaction/index.js';

/** One finding: where, and which rule. */
export interface ScanFinding {
  input: string;
  /** native file and line the event came from, when reading a native log */
  file?: string;
  line?: number;
  /** null for the session header */
  event: string | null;
  seq: number | null;
  field: string;
  ruleId: string;
  type: 'secret' | 'pii';
}

export interface ScanReport {
  profile: string;
  /** inputs read */
  inputs: number;
  /** inputs that could not be read */
  skipped: number;
  /** every finding, listed or not */
  count: number;
  /** the findings listed (the first ones, when there are very many) */
  findings: readonly ScanFinding[];
  /** whether the profile looks for personal data at all */
  looksForPii: boolean;
  /** the working folder, which file locations are given relative to */
  cwd: string;
  describeRule: (ruleId: string) => RuleSummary;
}

export interface RuleSummary {
  family: RuleFamily;
  /** the rule's description without its examples of the format (which could start like a real value) */
  summary: string;
}

/**
 * Receipts that no rule of the table makes: the redactor names these itself (a value under a
 * key such as `password` in a tool's JSON input is removed whole).
 */
const RECEIPT_ONLY_RULES: Record<string, RuleSummary> = {
  'sensitive-field': { family: 'generic', summary: 'a value under a sensitive key name (password, token, secret, ...) in structured tool input' },
};

/** Looks a rule id up among the rules the profile ran. */
export function ruleDescriber(rules: readonly Rule[]): (ruleId: string) => RuleSummary {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  return (ruleId) => {
    const rule = byId.get(ruleId);
    if (rule) return { family: familyOf(rule), summary: shortDescription(rule.description) };
    return RECEIPT_ONLY_RULES[ruleId] ?? { family: 'custom', summary: `rule ${ruleId}` };
  };
}

/**
 * A description up to its first `: ` or `; `, without parentheses: those hold the format
 * ("sk_live_/sk_test_", "ghp_ + 36"), and a vendor prefix is the start of every real value.
 */
export function shortDescription(description: string): string {
  let text = description;
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(/\s*\([^()]*\)/g, '');
  }
  return text.split(/: |; /)[0]!.replace(/\s+/g, ' ').trim();
}
