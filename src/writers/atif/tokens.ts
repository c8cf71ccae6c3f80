/**
 * Token counts, Transcript to ATIF. A Transcript's `input` leaves the cached tokens out (they are
 * `cacheRead` and `cacheWrite`); ATIF's `prompt_tokens` is the whole prompt, cached tokens
 * included, and `cached_tokens` the part read from the cache. `cacheWrite` and `reasoning`, which
 * ATIF has no field for, go into the metrics' `extra`.
 */
import type { TokenTotals, Usage } from '../../transcript/index.js';
import type { AtifFinalMetrics, AtifMetrics, Extra } from './types.js';

export function promptTokens(usage: TokenTotals): number {
  return usage.input + (usage.cacheRead ?? 0) + (usage.cacheWrite ?? 0);
}

function tokenExtra(usage: TokenTotals): Extra | undefined {
  const extra: Extra = {};
  if (usage.cacheWrite !== undefined) extra.cacheWrite = usage.cacheWrite;
  if (usage.reasoning !== undefined) extra.reasoning = usage.reasoning;
  return Object.keys(extra).length > 0 ? extra : undefined;
}

export function stepMetrics(usage: Usage): AtifMetrics {
  const extra = tokenExtra(usage);
  return {
    prompt_tokens: promptTokens(usage),
    completion_tokens: usage.output,
    ...(usage.cacheRead !== undefined ? { cached_tokens: usage.cacheRead } : {}),
    ...(extra ? { extra } : {}),
  };
}

/** The token fields of `final_metrics`, and what goes into its `extra`. */
export function finalTokens(totals: TokenTotals | undefined): { fields: Partial<AtifFinalMetrics>; extra: Extra } {
  if (!totals) return { fields: {}, extra: {} };
  return {
    fields: {
      total_prompt_tokens: promptTokens(totals),
      total_completion_tokens: totals.output,
      ...(totals.cacheRead !== undefined ? { total_cached_tokens: totals.cacheRead } : {}),
    },
    extra: tokenExtra(totals) ?? {},
  };
}

/** A running sum of usage; optional counters appear once one usage had them. */
export function addTokens(sum: TokenTotals | undefined, usage: Usage): TokenTotals {
  const next: TokenTotals = { input: (sum?.input ?? 0) + usage.input, output: (sum?.output ?? 0) + usage.output };
  for (const key of ['cacheRead', 'cacheWrite', 'reasoning'] as const) {
    if (sum?.[key] !== undefined || usage[key] !== undefined) next[key] = (sum?.[key] ?? 0) + (usage[key] ?? 0);
  }
  return next;
}
