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

/** Characters held at most (the strings' own, up to 2 MiB in memory). Measured peaks, 1 GB Transcript through `upload --dry-run`: 145 MiB without the cache, 181 with this bound, 190 with 4 Mi; the fixtures as one batch run as fast with 1 Mi as with 8 Mi. */
export const FINDINGS_CACHE_CHARS = 1024 * 1024;
/** Shorter strings cost too little to scan to be worth keeping (and are many). */
export const MIN_CACHED_LENGTH = 256;

/** Fingerprints of strings seen once, at most (then forgotten all at once). */
const SEEN_ONCE_LIMIT = 65_536;
/** Characters a fingerprint samples, spread over the string. */
const SAMPLES = 16;

/**
 * Length and a few characters, mixed: only to tell whether a string may have been seen before.
 * It decides what is kept, never what is found (a lookup compares whole strings), so a collision
 * costs one string kept for nothing.
 */
function fingerprint(text: string): number {
  let hash = Math.imul(text.length, 0x9e3779b1);
  const step = Math.max(1, Math.floor(text.length / SAMPLES));
  for (let index = 0; index < text.length; index += step) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash;
}

export class FindingsCache {
  private readonly entries = new Map<string, readonly Finding[]>();
  /** strings seen once: one is kept only when it comes again (most long strings never do) */
  private readonly seenOnce = new Set<number>();
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

  /** The findings in `text` from the cache, else from `scan` (and kept when `text` is seen the second time). */
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
    // Keeping every long string copied it (below) and promoted the copy, only to drop it: a 1 GB
    // Transcript redacted with the cache peaked 46 MiB higher than without it.
    const print = fingerprint(text);
    if (!this.seenOnce.has(print)) {
      if (this.seenOnce.size >= SEEN_ONCE_LIMIT) this.seenOnce.clear();
      this.seenOnce.add(print);
      return found;
    }
    this.seenOnce.delete(print);
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
    this.seenOnce.clear();
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
