import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Answer } from '../src/upload/http-client.js';
import { classify, DEFAULT_RETRY_POLICY, nextDelayMs, parseRetryAfter, planRetry, type RetryPolicy } from '../src/upload/retry.js';

const http = (status: number, retryAfterMs?: number): Answer => ({ kind: 'http', status, body: null, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
const network = (code: string): Answer => ({ kind: 'network', code, message: code });
const policy: RetryPolicy = { maxAttempts: 6, maxTotalMs: 120_000, baseDelayMs: 250, maxDelayMs: 30_000 };

describe('classify', () => {
  it.each([
    [201, 'answered'], [200, 'answered'], [202, 'answered'], [204, 'answered'],
    [408, 'retry'], [429, 'retry'], [500, 'retry'], [502, 'retry'], [503, 'retry'], [504, 'retry'], [507, 'retry'], [520, 'retry'], [599, 'retry'],
    [400, 'refused'], [401, 'refused'], [403, 'refused'], [404, 'refused'], [405, 'refused'], [409, 'refused'],
    [410, 'refused'], [413, 'refused'], [415, 'refused'], [422, 'refused'], [451, 'refused'],
    [301, 'refused'], [307, 'refused'], [308, 'refused'],
  ] as const)('%i → %s', (status, expected) => {
    expect(classify(http(status))).toBe(expected);
  });

  it('a success whose answer broke off is retried: only a replay can tell what happened', () => {
    expect(classify({ kind: 'http', status: 201, body: null, text: '{"transcr', bodyBrokeOff: true })).toBe('retry');
  });

  it.each(['ECONNRESET', 'ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_SOCKET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'])(
    'network %s → retry', (code) => {
      expect(classify(network(code))).toBe('retry');
    });
});

describe('nextDelayMs', () => {
  it('doubles from the base and stops at the cap (random = 1 is the upper bound)', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((attempt) => nextDelayMs(attempt, http(503), policy, () => 1));
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(nextDelayMs(5000, http(503), policy, () => 1)).toBe(30_000);
  });

  it('jitter stays within [0.5, 1.0] of the backoff', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 40 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, unit) => {
      const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      const delay = nextDelayMs(attempt, network('ECONNRESET'), policy, () => unit);
      return delay >= Math.floor(ceiling / 2) && delay <= ceiling;
    }));
    expect(nextDelayMs(3, http(500), policy, () => 0)).toBe(500);
  });

  it('waits at least as long as Retry-After, never less', () => {
    expect(nextDelayMs(1, http(503, 10_000), policy, () => 1)).toBe(10_000);
    expect(nextDelayMs(8, http(429, 1000), policy, () => 1)).toBe(30_000);
    expect(nextDelayMs(1, http(429, 0), policy, () => 1)).toBe(250);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('1', now)).toBe(1000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(['7', '9'], now)).toBe(7000);
  });

  it('reads an HTTP date, and a past one as 0', () => {
    expect(parseRetryAfter(new Date(now + 30_000).toUTCString(), now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    for (const value of [undefined, '', '-5', '1.5', 'soon', '12abc', '2026-01-01']) {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    }
  });
});

describe('planRetry', () => {
  it('stops after maxAttempts tries in all', () => {
    const plans = [1, 2, 3, 4, 5, 6].map((attempt) => planRetry(attempt, http(500), 0, policy, () => 1));
    expect(plans.slice(0, 5).every((plan) => plan.retry)).toBe(true);
    expect(plans[5]).toEqual({ retry: false, reason: 'attempts' });
    expect(planRetry(1, http(500), 0, { ...policy, maxAttempts: 1 }, () => 1)).toEqual({ retry: false, reason: 'attempts' });
  });

  it('stops when the next wait would pass the total budget', () => {
    const small = { ...policy, maxTotalMs: 1000 };
    expect(planRetry(1, http(503), 700, small, () => 1)).toEqual({ retry: true, delayMs: 250 });
    expect(planRetry(1, http(503), 800, small, () => 1)).toEqual({ retry: false, reason: 'budget' });
    expect(planRetry(1, http(503, 3_600_000), 0, policy, () => 1)).toEqual({ retry: false, reason: 'budget' });
  });

  it('gives up at once on a certificate problem', () => {
    expect(planRetry(1, network('DEPTH_ZERO_SELF_SIGNED_CERT'), 0, policy, () => 1)).toEqual({ retry: false, reason: 'permanent' });
  });

  it('the default policy is the documented one', () => {
    expect(DEFAULT_RETRY_POLICY).toEqual(policy);
  });
});
