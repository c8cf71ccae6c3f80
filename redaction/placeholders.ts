/**
 * Typed, numbered placeholders, stable within one transcript: the same secret everywhere gets
 * the same `[REDACTED:<label>#<n>]`. The book also remembers the secrets it has seen (in memory
 * only, never written) so that a later bare copy of one, in a place no rule would recognise,
 * is replaced too.
 */
import type { Finding, FindingType } from './types.js';

/** Secrets shorter than this are not searched for literally: too likely to occur by chance. */
const MIN_PROPAGATED_LENGTH = 8;
const MAX_REMEMBERED = 4096;

interface Known {
  readonly ruleId: string;
  readonly type: FindingType;
  readonly label: string;
}

export class PlaceholderBook {
  private readonly numbers = new Map<string, Map<string, number>>();
  private readonly known = new Map<string, Known>();
  private readonly reserved = new Map<string, number>();
  private knownPattern: RegExp | null = null;
  private knownPatternStale = false;

  /**
   * Numbers already used in the text (a transcript redacted before): new secrets get numbers
   * after them, so one placeholder never names two secrets.
   */
  reserveExisting(text: string): void {
    for (const match of text.matchAll(/\[REDACTED:([a-z0-9-]{1,48})#(\d{1,9})\]/g)) {
      const label = match[1]!;
      const n = Number(match[2]);
      this.reserved.set(label, Math.max(this.reserved.get(label) ?? 0, n));
    }
  }

  placeholder(finding: Finding, secret: string): string {
    let byValue = this.numbers.get(finding.label);
    if (!byValue) {
      byValue = new Map();
      this.numbers.set(finding.label, byValue);
    }
    let n = byValue.get(secret);
    if (n === undefined) {
      n = byValue.size + 1 + (this.reserved.get(finding.label) ?? 0);
      byValue.set(secret, n);
    }
    if (secret.length >= MIN_PROPAGATED_LENGTH && !this.known.has(secret) && this.known.size < MAX_REMEMBERED) {
      this.known.set(secret, { ruleId: finding.ruleId, type: finding.type, label: finding.label });
      this.knownPatternStale = true;
    }
    return `[REDACTED:${finding.label}#${n}]`;
  }

  /** Copies of secrets already found elsewhere in this transcript. */
  occurrences(text: string): Finding[] {
    if (this.known.size === 0) return [];
    if (this.knownPatternStale) {
      const alternatives = [...this.known.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
      this.knownPattern = new RegExp(alternatives.join('|'), 'g');
      this.knownPatternStale = false;
    }
    const pattern = this.knownPattern!;
    const found: Finding[] = [];
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const info = this.known.get(match[0])!;
      found.push({ start: match.index, end: match.index + match[0].length, ...info });
    }
    return found;
  }

  /** How many distinct values were replaced, by label. */
  get distinct(): number {
    let total = 0;
    for (const values of this.numbers.values()) total += values.size;
    return total;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
