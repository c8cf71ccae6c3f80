/** Native timestamps → RFC 3339 strings and epoch milliseconds. */

export interface TimeRules {
  /** a number is epoch milliseconds (default) or seconds */
  epoch?: 'ms' | 's';
  /** a string is kept only when Date.parse reads it; by default any non-empty string is kept as written */
  checkStrings?: boolean;
  /** zero and negative numbers are times too (by default they mean "no time") */
  anyNumber?: boolean;
}

/** A native time (epoch number or date string) as RFC 3339; undefined when there is none.  */
export function isoTime(value: unknown, rules: TimeRules = {}): string | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || (value <= 0 && !rules.anyNumber)) return undefined;
    const date = new Date(rules.epoch === 's' ? value * 1000 : value);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  }
  if (typeof value !== 'string' || value.length === 0) return undefined;
  if (rules.checkStrings && Number.isNaN(Date.parse(value))) return undefined;
  return value;
}

/** Epoch milliseconds of an RFC 3339 time, or null when there is none or it does not parse. */
export function timeMs(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

/** A duration for the Transcript: whole milliseconds, never negative or NaN. */
export function durationMs(value: number | null | undefined): number | undefined {
  return value !== undefined && value !== null && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

/** Milliseconds from `startMs` to the RFC 3339 time `end`, when both are known and in order. */
export function elapsedMs(startMs: number | null | undefined, end: string | null | undefined): number | undefined {
  const endMs = timeMs(end);
  return startMs === null || startMs === undefined || endMs === null ? undefined : durationMs(endMs - startMs);
}
