/**
 * The rules' findings in long strings seen before. Agents' logs repeat long strings (a file read
 * twice, system reminders, tool descriptions in every session, a tool's output written both in
 * the message and in its result), and a rule set's findings are a function of the string alone:
 * a repeated string need not be scanned again. Only the findings are kept, never a redacted text
 * (placeholder numbers and anonymized stand-ins depend on what came before, and are made anew).
 *
 * The key is the whole string (a Map compares string keys by content), never a hash of it: a
 * collision would hand one string's findings to another and leak its secret. Memory is bounded by
 * the characters held; the least recently used strings go first.
 */
import type { RuleSet } from './scanner.js';
import type { Finding } from './types.js';

/** Characters held at most (the strings' own, up to 8 MiB in memory). A 400 MB session converted with `standard` peaks at ~167 MiB without the cache, ~180 with this bound, ~187 with twice it (the goal is < 200). */
export const FINDINGS_CACHE_CHARS = 4 * 1024 * 1024;
/** Shorter strings cost too little to scan to be worth keeping (and are many). */
export const MIN_CACHED_LENGTH = 256;

export class FindingsCache {
  private readonly entries = new Map<string, readonly Finding[]>();
  private chars = 0;

  constructor(readonly maxChars = FINDINGS_CACHE_CHARS, readonly minLength = MIN_CACHED_LENGTH) {}

  /** strings held */
  get size(): number {
    return this.entries.size;
  }

  /** characters held */
  get heldChars(): number {
    return this.chars;
  }

  /** The findings in `text` from the cache, else from `scan` (and then kept). */
  findings(text: string, scan: (text: string) => readonly Finding[]): readonly Finding[] {
    if (text.length < this.minLength || text.length > this.maxChars) return scan(text);
    const kept = this.entries.get(text);
    if (kept !== undefined) {
      // most recently used last: the Map's order is the eviction order
      this.entries.delete(text);
      this.entries.set(text, kept);
      return kept;
    }
    const found = scan(text);
    this.chars += text.length;
    for (const [oldest] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= oldest.length;
    }
    // a copy: a string cut from a larger one (a line split from a read buffer) keeps the whole of
    // it alive, and the bound by characters would not hold (structuredClone of a string copies it)
    this.entries.set(structuredClone(text), found);
    return found;
  }

  clear(): void {
    this.entries.clear();
    this.chars = 0;
  }
}

/** A rule set whose scans go through `cache` (the findings returned are shared: never mutated by callers). */
export function cachedRuleSet(rules: RuleSet, cache: FindingsCache): RuleSet {
  const scan = (text: string) => rules.scan(text);
  return {
    rules: rules.rules,
    scan: (text) => cache.findings(text, scan),
  };
}
