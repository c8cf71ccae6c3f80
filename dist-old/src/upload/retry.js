export const DEFAULT_RETRY_POLICY = Object.freeze({
    maxAttempts: 6,
    maxTotalMs: 120_000,
    baseDelayMs: 250,
    maxDelayMs: 30_000,
});
/** Statuses that mean "not now" rather than "not this": the item is retried, then queued. */
const RETRY_STATUSES = new Set([408, 429, 503, 500, 502, 504, 507]);
export function classify(answer) {
    if (answer.kind === 'network')
        return 'retry';
    const { status } = answer;
    // the answer to a success broke off: only another try (a replay) can tell what happened
    if (status >= 200 && status < 300)
        return answer.bodyBrokeOff ? 'retry' : 'answered';
    if (RETRY_STATUSES.has(status) || (status >= 500 && status < 600))
        return 'retry';
    // every other 4xx, and 1xx/3xx (a POST is never redirected silently): the server will not
    // change its mind, so a person has to act
    return 'refused';
}
/**
 * Network failures that another try cannot fix (a certificate the system does not trust, a
 * host name that does not match): the item is queued at once instead of after minutes of tries.
 */
const HOPELESS_NETWORK_CODES = new Set([
    'CERT_HAS_EXPIRED',
    'CERT_NOT_YET_VALID',
    'CERT_REVOKED',
    'CERT_UNTRUSTED',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_GET_ISSUER_CERT',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'ERR_SSL_WRONG_VERSION_NUMBER',
    'ERR_INVALID_PROXY',
]);
export function isHopelessNetworkCode(code) {
    return HOPELESS_NETWORK_CODES.has(code);
}
/**
 * `Retry-After` as milliseconds from now: delay-seconds ("120") or an HTTP date. Undefined when
 * absent or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(value, nowMs) {
    const text = (Array.isArray(value) ? value[0] : value)?.trim();
    if (!text)
        return undefined;
    if (/^\d+$/.test(text)) {
        const seconds = Number(text);
        return Number.isSafeInteger(seconds) ? seconds * 1000 : undefined;
    }
    if (!/[A-Za-z]/.test(text))
        return undefined;
    const at = Date.parse(text);
    if (Number.isNaN(at))
        return undefined;
    return Math.max(0, at - nowMs);
}
/**
 * Wait before try number `attempt + 1`: base·2^(attempt−1), capped at maxDelayMs, times a
 * random factor in [0.5, 1.0] so many clients do not come back in step; never less than the
 * server's Retry-After.
 */
export function nextDelayMs(attempt, answer, policy, random) {
    const exponent = Math.max(0, attempt - 1);
    const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 52));
    const unit = Math.min(1, Math.max(0, random()));
    const jittered = Math.round(backoff * (0.5 + 0.5 * unit));
    const retryAfter = answer.kind === 'http' ? answer.retryAfterMs : undefined;
    return retryAfter === undefined ? jittered : Math.max(jittered, retryAfter);
}
/** After try number `attempt` failed with a retryable answer, `elapsedMs` after the first try began. */
export function planRetry(attempt, answer, elapsedMs, policy, random) {
    if (answer.kind === 'network' && isHopelessNetworkCode(answer.code))
        return { retry: false, reason: 'permanent' };
    if (attempt >= policy.maxAttempts)
        return { retry: false, reason: 'attempts' };
    const delayMs = nextDelayMs(attempt, answer, policy, random);
    if (elapsedMs + delayMs > policy.maxTotalMs)
        return { retry: false, reason: 'budget' };
    return { retry: true, delayMs };
}
//# sourceMappingURL=retry.js.map