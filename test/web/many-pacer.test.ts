/**
 * The many-URLs mode's pace (src/web/client/many/pacer.ts) against the answers the service really sends: the
 * X-RateLimit-* headers and a 429's Retry-After (RFC 6585 §4, https://www.rfc-editor.org/rfc/rfc6585#section-4), read by
 * the page's own API client (classify). A clock is injected; nothing waits.
 */
import { describe, expect, it } from 'vitest';
import { classify } from '../../src/web/client/api-client.js';
import { LONG_WAIT_MS, RatePacer } from '../../src/web/client/many/pacer.js';

const T0 = 1_800_000_000_000;

function clock(start = T0) {
  const time = { now: start };
  return { time, now: () => time.now };
}

const limit = (remaining: number, resetInS: number, now = T0) => ({
  limit: 5,
  remaining,
  reset: Math.ceil((now + resetInS * 1000) / 1000),
});

describe('the many-URLs pacer', () => {
  it('starts one request while it knows nothing, then as many as remain, never more than two', () => {
    const { now } = clock();
    const pacer = new RatePacer(now);
    expect(pacer.turn()).toEqual({ kind: 'go' });
    expect(pacer.turn()).toEqual({ kind: 'wait', ms: 0 });
    pacer.settle(limit(4, 3));
    expect(pacer.turn()).toEqual({ kind: 'go' });
    expect(pacer.turn()).toEqual({ kind: 'go' });
    expect(pacer.turn().kind).toBe('wait');
  });

  it('waits for the window to reset once the answers say nothing is left, without a 429', () => {
    const { time, now } = clock();
    const pacer = new RatePacer(now);
    pacer.turn();
    pacer.settle(limit(0, 3));
    expect(pacer.turn()).toEqual({ kind: 'wait', ms: 3000 });
    time.now += 3000;
    // The window has reset: one request to learn what is left.
    expect(pacer.turn()).toEqual({ kind: 'go' });
    expect(pacer.turn()).toEqual({ kind: 'wait', ms: 0 });
  });

  it("waits out a minute 429's Retry-After, and stops on one for the day", () => {
    const { time, now } = clock();
    const pacer = new RatePacer(now);
    const minute = classify(429, new Headers({ 'retry-after': '12' }), {
      success: false,
      error: { code: 'RATE_LIMITED', message: 'slow down', retryAfter: 12, limit: 'minute' },
    });
    if (minute.kind !== 'rate-limited') throw new Error(minute.kind);
    pacer.turn();
    pacer.settle(undefined, { retryAfter: minute.retryAfter, limit: 'minute' });
    expect(pacer.turn()).toEqual({ kind: 'wait', ms: 12_000 });
    time.now += 12_000;
    expect(pacer.turn()).toEqual({ kind: 'go' });
    const day = classify(429, new Headers({ 'retry-after': '80000' }), {
      success: false,
      error: { code: 'RATE_LIMITED', message: 'tomorrow', retryAfter: 80_000, limit: 'day' },
    });
    if (day.kind !== 'rate-limited' || day.limit !== 'day') throw new Error(day.kind);
    pacer.settle(undefined, { retryAfter: day.retryAfter, limit: day.limit });
    expect(pacer.turn()).toEqual({ kind: 'spent', resetMs: 80_000_000 });
  });

  it('calls a quota spent when the headers say none is left until far away, before any 429', () => {
    const { now } = clock();
    const pacer = new RatePacer(now);
    pacer.turn();
    pacer.settle(limit(0, LONG_WAIT_MS / 1000 + 60));
    const turn = pacer.turn();
    expect(turn.kind).toBe('spent');
  });

  it('does not let a late answer give back budget a newer one spent', () => {
    const { now } = clock();
    const pacer = new RatePacer(now);
    pacer.turn();
    pacer.settle(limit(3, 3));
    pacer.turn();
    pacer.turn();
    pacer.settle(limit(1, 3));
    pacer.settle(limit(2, 3));
    expect(pacer.turn()).toEqual({ kind: 'go' });
    expect(pacer.turn().kind).toBe('wait');
  });
});
