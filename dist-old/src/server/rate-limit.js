export class RateLimiter {
    perMinute;
    now;
    buckets = new Map();
    perMs;
    /** perMinute 0 turns the limit off. */
    constructor(perMinute, now = () => performance.now()) {
        this.perMinute = perMinute;
        this.now = now;
        this.perMs = perMinute / 60_000;
    }
    take(key) {
        return this.decide(key, true);
    }
    /** Whether take() would be allowed now, without using a token (failed authentications are counted only when they fail). */
    peek(key) {
        return this.decide(key, false);
    }
    decide(key, take) {
        if (this.perMinute <= 0)
            return { allowed: true };
        const now = this.now();
        const known = this.buckets.get(key);
        if (!known && !take)
            return { allowed: true };
        const bucket = known ?? { tokens: this.perMinute, at: now };
        bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.perMs);
        bucket.at = now;
        if (!known) {
            if (this.buckets.size > 10_000)
                this.forgetFullBuckets(now);
            this.buckets.set(key, bucket);
        }
        if (bucket.tokens >= 1) {
            if (take)
                bucket.tokens -= 1;
            return { allowed: true };
        }
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)) };
    }
    /** A full bucket is the same as no bucket: dropping those bounds memory to the keys active lately. */
    forgetFullBuckets(now) {
        for (const [key, bucket] of this.buckets) {
            if (bucket.tokens + (now - bucket.at) * this.perMs >= this.perMinute)
                this.buckets.delete(key);
        }
    }
}
//# sourceMappingURL=rate-limit.js.map