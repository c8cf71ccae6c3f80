/**
 * Typed, numbered placeholders, stable within one transcript: the same secret everywhere gets
 * the same `[REDACTED:<label>#<n>]`. The book also remembers the secrets it has seen (in memory
 * only, never written) so that a later bare copy of one, in a place no rule would recognise,
 * is replaced too.
 */
import { LiteralWindows, WINDOW } from './literal-windows.js';
import { literalAlternation } from './literals.js';
import type { Finding, FindingType } from './types.js';

/** Secrets shorter than this are not searched for literally: too likely to occur by chance. */
const MIN_PROPAGATED_LENGTH = WINDOW;
/** Longer ones (key blocks, long JWTs) are recognised again by their own rules. */
const MAX_PROPAGATED_LENGTH = 128;
/**
 * The first secrets remembered are searched for with regular expressions (fastest for a few, as
 * a session holds); past this many, the rest are filed in one rolling-hash index (literal-windows.ts),
 * read in one pass whatever their number, so no secret's copies are ever left for want of room.
 */
const PATTERN_REMEMBERED = 256;
/**
 * Remembered secrets are searched for in patterns of this many alternatives: only the newest
 * pattern is rebuilt when a secret is added, so the others stay compiled (V8 interprets a
 * regular expression for its first runs and slows down sharply past a few hundred alternatives).
 */
const PATTERN_CHUNK = 32;

/**
 * Plain words are never searched for as copies: a value wrongly taken for a secret once must not
 * be replaced everywhere else it occurs (in a file path, say, breaking a tool call).
 */
const WORDS = /^[A-Za-z]+(?:[-_ .][A-Za-z]+)*[.,;:!?]?$/;

interface Known {
  readonly ruleId: string;
  readonly type: FindingType;
  readonly label: string;
}

export class PlaceholderBook {
  private readonly numbers = new Map<string, Map<string, number>>();
  private readonly known = new Map<string, Known>();
  private readonly reserved = new Map<string, number>();
  /** full chunks, compiled once */
  private readonly sealedPatterns: RegExp[] = [];
  /** the secrets of the chunk being filled, and its pattern (rebuilt when stale) */
  private openChunk: string[] = [];
  private openPattern: RegExp | null = null;
  /** the secrets past PATTERN_REMEMBERED; made when the first one comes (its filter is 64 KiB, and a transcript rarely needs it) */
  private windows: LiteralWindows | null = null;

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
    if (secret.length >= MIN_PROPAGATED_LENGTH && secret.length <= MAX_PROPAGATED_LENGTH && !WORDS.test(secret) && !this.known.has(secret)) {
      this.remember(secret, { ruleId: finding.ruleId, type: finding.type, label: finding.label });
    }
    return `[REDACTED:${finding.label}#${n}]`;
  }

  /** Copies of secrets already found elsewhere in this transcript (possibly overlapping; the redactor merges them). */
  occurrences(text: string): Finding[] {
    if (this.known.size === 0) return [];
    if (this.openChunk.length > 0 && !this.openPattern) this.openPattern = literalAlternation(this.openChunk);
    const found: Finding[] = [];
    for (const pattern of this.openPattern ? [...this.sealedPatterns, this.openPattern] : this.sealedPatterns) {
      pattern.lastIndex = 0;
      for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
        const info = this.known.get(match[0])!;
        found.push({ start: match.index, end: match.index + match[0].length, ...info });
      }
    }
    for (const match of this.windows?.find(text) ?? []) found.push({ start: match.start, end: match.end, ...this.known.get(match.literal)! });
    return found;
  }

  private remember(secret: string, info: Known): void {
    this.known.set(secret, info);
    if (this.known.size > PATTERN_REMEMBERED) {
      (this.windows ??= new LiteralWindows()).add(secret);
      return;
    }
    this.openChunk.push(secret);
    this.openPattern = null;
    if (this.openChunk.length === PATTERN_CHUNK) {
      this.sealedPatterns.push(literalAlternation(this.openChunk));
      this.openChunk = [];
    }
  }

  /** How many secrets are remembered for finding their copies. */
  get size(): number {
    return this.known.size;
  }
}
