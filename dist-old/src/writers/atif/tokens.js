export function promptTokens(usage) {
    return usage.input + (usage.cacheRead ?? 0) + (usage.cacheWrite ?? 0);
}
function tokenExtra(usage) {
    const extra = {};
    if (usage.cacheWrite !== undefined)
        extra.cacheWrite = usage.cacheWrite;
    if (usage.reasoning !== undefined)
        extra.reasoning = usage.reasoning;
    return Object.keys(extra).length > 0 ? extra : undefined;
}
export function stepMetrics(usage) {
    const extra = tokenExtra(usage);
    return {
        prompt_tokens: promptTokens(usage),
        completion_tokens: usage.output,
        ...(usage.cacheRead !== undefined ? { cached_tokens: usage.cacheRead } : {}),
        ...(extra ? { extra } : {}),
    };
}
/** The token fields of `final_metrics`, and what goes into its `extra`. */
export function finalTokens(totals) {
    if (!totals)
        return { fields: {}, extra: {} };
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
export function addTokens(sum, usage) {
    const next = { input: (sum?.input ?? 0) + usage.input, output: (sum?.output ?? 0) + usage.output };
    for (const key of ['cacheRead', 'cacheWrite', 'reasoning']) {
        if (sum?.[key] !== undefined || usage[key] !== undefined)
            next[key] = (sum?.[key] ?? 0) + (usage[key] ?? 0);
    }
    return next;
}
//# sourceMappingURL=tokens.js.map