/**
 * Finds secrets and personal data in one string. One case-insensitive pass over the text finds
 * which rule keywords occur; only the rules behind those keywords run their patterns (the
 * prefilter gitleaks and trufflehog use), so the number of rules costs little speed.
 */
import { shannonEntropy } from './entropy.js';
import { isShielded } from './shields.js';
import type { Finding, Rule, Span } from './types.js';
import { VALIDATORS } from './validators.js';

interface CompiledRule {
  readonly rule: Rule;
  readonly pattern?: RegExp;
  readonly label: string;
  /** a more specific rule wins an overlap against a generic one */
  readonly rank: number;
}

export interface RuleSet {
  readonly rules: readonly Rule[];
  /** literal values never redacted (a profile's allowlist) */
  readonly allowValues: ReadonlySet<string>;
  scan(text: string): Finding[];
}

export interface RuleSetOptions {
  allowValues?: Iterable<string>;
}

export function compileRules(rules: readonly Rule[], options: RuleSetOptions = {}): RuleSet {
  const allowValues = new Set(options.allowValues ?? []);
  const compiled: CompiledRule[] = rules.map((rule) => ({
    rule,
    label: rule.label ?? rule.id,
    rank: rule.shield ? 0 : 1,
    ...(rule.pattern ? { pattern: globalWithIndices(rule.pattern) } : {}),
  }));
  const always: CompiledRule[] = [];
  const byKeyword = new Map<string, CompiledRule[]>();
  for (const entry of compiled) {
    if (entry.rule.keywords.length === 0) {
      always.push(entry);
      continue;
    }
    for (const keyword of entry.rule.keywords) {
      const key = keyword.toLowerCase();
      const list = byKeyword.get(key) ?? [];
      list.push(entry);
      byKeyword.set(key, list);
    }
  }
  // Longer keywords first, so that one that contains another is still seen.
  const keywords = [...byKeyword.keys()].sort((a, b) => b.length - a.length);
  const keywordPattern = keywords.length > 0 ? new RegExp(keywords.map(escapeRegExp).join('|'), 'gi') : null;

  function selectRules(text: string): CompiledRule[] {
    const selected = new Set<CompiledRule>(always);
    if (keywordPattern) {
      keywordPattern.lastIndex = 0;
      const seen = new Set<string>();
      for (let match = keywordPattern.exec(text); match; match = keywordPattern.exec(text)) {
        const keyword = match[0].toLowerCase();
        if (seen.has(keyword)) continue;
        seen.add(keyword);
        for (const entry of byKeyword.get(keyword) ?? []) selected.add(entry);
        // A keyword contained in a longer one at the same place is hidden by it; look for it too.
        for (const shorter of keywords) {
          if (shorter.length < keyword.length && !seen.has(shorter) && keyword.includes(shorter)) {
            seen.add(shorter);
            for (const entry of byKeyword.get(shorter) ?? []) selected.add(entry);
          }
        }
      }
    }
    return [...selected];
  }

  return {
    rules,
    allowValues,
    scan(text: string): Finding[] {
      if (text.length === 0) return [];
      const found: Array<Finding & { rank: number }> = [];
      for (const entry of selectRules(text)) {
        for (const span of candidateSpans(entry, text)) {
          if (!accepts(entry, text, span, allowValues)) continue;
          found.push({ ...span, ruleId: entry.rule.id, type: entry.rule.type, label: entry.label, rank: entry.rank });
        }
      }
      return resolveOverlaps(found);
    },
  };
}

function* candidateSpans(entry: CompiledRule, text: string): Iterable<Span> {
  if (entry.rule.detector) {
    yield* entry.rule.detector(text);
    return;
  }
  const pattern = entry.pattern!;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0].length === 0) {
      pattern.lastIndex += 1;
      continue;
    }
    const group = match.indices?.groups?.secret;
    if (group) yield { start: group[0], end: group[1] };
    else if (match.groups?.secret === undefined) yield { start: match.index, end: match.index + match[0].length };
  }
}

function accepts(entry: CompiledRule, text: string, span: Span, allowValues: ReadonlySet<string>): boolean {
  if (span.end <= span.start) return false;
  const secret = text.slice(span.start, span.end);
  const { rule } = entry;
  if (allowValues.has(secret)) return false;
  if (rule.allow?.some((pattern) => pattern.test(secret))) return false;
  if (rule.entropy !== undefined && shannonEntropy(secret) < rule.entropy) return false;
  if (rule.validator && !VALIDATORS[rule.validator](secret)) return false;
  return !isShielded(secret, rule.shield);
}

/**
 * Overlapping findings become one: the union of their spans (so no piece of either secret is
 * left), labelled by the more specific rule.
 */
function resolveOverlaps(found: Array<Finding & { rank: number }>): Finding[] {
  if (found.length === 0) return [];
  found.sort((a, b) => a.start - b.start || b.end - a.end || b.rank - a.rank);
  const result: Array<Finding & { rank: number }> = [];
  for (const next of found) {
    const last = result[result.length - 1];
    if (!last || next.start >= last.end) {
      result.push(next);
      continue;
    }
    const winner = next.rank > last.rank || (next.rank === last.rank && next.end - next.start > last.end - last.start) ? next : last;
    result[result.length - 1] = { ...winner, start: last.start, end: Math.max(last.end, next.end) };
  }
  return result.map(({ rank: _rank, ...finding }) => finding);
}

function globalWithIndices(pattern: RegExp): RegExp {
  let flags = pattern.flags;
  if (!flags.includes('g')) flags += 'g';
  if (!flags.includes('d') && pattern.source.includes('(?<secret>')) flags += 'd';
  return new RegExp(pattern.source, flags);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
