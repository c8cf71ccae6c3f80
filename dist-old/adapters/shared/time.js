/** Native timestamps → RFC 3339 strings and epoch milliseconds. */
/** A native time (epoch number or date string) as RFC 3339; undefined when there is none.  */
export function isoTime(value, rules = {}) {
    if (typeof value === 'number') {
        if (!Number.isFinite(value) || (value <= 0 && !rules.anyNumber))
            return undefined;
        const date = new Date(rules.epoch === 's' ? value * 1000 : value);
        return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
    }
    if (typeof value !== 'string' || value.length === 0)
        return undefined;
    if (rules.checkStrings && Number.isNaN(Date.parse(value)))
        return undefined;
    return value;
}
/** Epoch milliseconds of an RFC 3339 time, or null when there is none or it does not parse. */
export function timeMs(iso) {
    if (!iso)
        return null;
    const ms = Date.parse(iso);
    return Number.isFinite(ms) ? ms : null;
}
/** A duration for the Transcript: whole milliseconds, never negative or NaN. */
export function durationMs(value) {
    return value !== undefined && value !== null && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}
/** Milliseconds from `startMs` to the RFC 3339 time `end`, when both are known and in order. */
export function elapsedMs(startMs, end) {
    const endMs = timeMs(end);
    return startMs === null || startMs === undefined || endMs === null ? undefined : durationMs(endMs - startMs);
}
//# sourceMappingURL=time.js.map