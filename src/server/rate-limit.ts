/**
 * Per-key rate limit: a token bucket per key that holds up to one minute's worth of requests
 * and refills continuously, so a client may burst and then settles at the configured rate.
 */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  /** perMinute 0 turns the limit off. */
  constructor(private readonly perMinute: number, private readonly now: () => number = () => performance.now()) {
    this.perMs = perMinute / 60_000;
  }

  take(key: string): RateDecision {
    return this.decide(key, true);
  }

  /** Whether take() would be allowed now, without using a token (failed authentications are counted only when they fail). */
  peek(key: string): RateDecision {
    return this.decide(key, false);
  }

  private decide(key: string, take: boolean): RateDecision {
    if (this.perMinute <= 0) return { allowed: true };
    const now = this.now();
    const known = this.buckets.get(key);
    if (!known && !take) return { allowed: true };
    const bucket = known ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    if (!known) {
      if (this.buckets.size > 10_000) this.forgetFullBuckets(now);
      this.buckets.set(key, bucket);
    }
    if (bucket.tokens >= 1) {
      if (take) bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)) };
  }

  /** A full bucket is the same as no bucket: dropping those bounds memory to the keys active lately. */
  private forgetFullBuckets(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.perMinute) this.buckets.delete(key);
    }
  }
}
