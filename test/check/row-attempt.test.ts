import { describe, expect, it } from 'vitest';
import { attemptRow, type RetryPolicy } from '../../src/check/row-attempt.js';
import { HoplensError } from '../../src/core/errors.js';
import type { AnalysisResult } from '../../src/core/types.js';

function result(url: string, status: number, headers: Record<string, string> = {}): AnalysisResult {
  return {
    success: true,
    url,
    chain: [{ url, status, statusText: '', responseTime: 1, headers }],
    summary: { totalHops: 1, finalUrl: url, finalStatus: status, totalTime: 1, hasLoop: false, issues: [] },
  };
}

const policy: RetryPolicy = { retries: 2, retryDelayMs: 1, maxRetryAfterMs: 5000, rateLimitRetries: 3 };
const row = { line: 1, source: 'http://a.test/' };

describe('attemptRow', () => {
  it('tells the host how long a 429 asked to wait, then tries again', async () => {
    const waits: number[] = [];
    let calls = 0;
    const attempt = await attemptRow(
      row,
      {
        ...policy,
        // RFC 9110 §10.2.3: Retry-After in seconds.
        analyze: async (url) => (++calls === 1 ? result(url, 429, { 'retry-after': '0' }) : result(url, 200)),
      },
      (waitMs) => waits.push(waitMs),
    );
    expect(waits).toEqual([0]);
    expect(attempt).toMatchObject({ row, attempts: 2, result: { summary: { finalStatus: 200 } } });
  });

  it('returns the error instead of throwing, without retrying once the run is stopped', async () => {
    const stop = new AbortController();
    stop.abort();
    let calls = 0;
    const attempt = await attemptRow(row, {
      ...policy,
      signal: stop.signal,
      analyze: async () => {
        calls++;
        throw new HoplensError('CONNECTION_RESET', 'reset');
      },
    });
    expect(calls).toBe(1);
    expect(attempt).toMatchObject({ attempts: 1, error: { code: 'CONNECTION_RESET' } });
    expect(attempt.result).toBeUndefined();
  });

  it('does not wait out a 429 once the run is stopped', async () => {
    const stop = new AbortController();
    stop.abort();
    const waits: number[] = [];
    const attempt = await attemptRow(
      row,
      { ...policy, signal: stop.signal, analyze: async (url) => result(url, 429, { 'retry-after': '0' }) },
      (waitMs) => waits.push(waitMs),
    );
    expect(waits).toEqual([]);
    expect(attempt).toMatchObject({ attempts: 1, result: { summary: { finalStatus: 429 } } });
  });
});

describe('attemptRow behind a bot wall (--retry-inconclusive)', () => {
  const walled = (url: string): AnalysisResult => {
    const answer = result(url, 403);
    answer.chain[0]!.wall = { vendor: 'cloudflare', action: 'challenge', signal: 'cf-mitigated: challenge' };
    return answer;
  };

  it('takes the wall as the answer unless told to retry', async () => {
    let calls = 0;
    const analyze = async (url: string) => {
      calls++;
      return walled(url);
    };
    const attempt = await attemptRow(row, { ...policy, analyze });
    expect(calls).toBe(1);
    expect(attempt.result?.chain[0]?.wall?.vendor).toBe('cloudflare');
  });

  it('retries up to inconclusiveRetries times, each after a backoff from inconclusiveBackoffMs, doubled', async () => {
    const started: number[] = [];
    const attempt = await attemptRow(row, {
      ...policy,
      inconclusiveRetries: 2,
      inconclusiveBackoffMs: 40,
      random: () => 1,
      analyze: async (url) => {
        started.push(performance.now());
        return started.length < 3 ? walled(url) : result(url, 200);
      },
    });
    expect(attempt).toMatchObject({ attempts: 3, result: { summary: { finalStatus: 200 } } });
    // With no jitter (random 1) the waits are the whole backoff: 40 ms, then 80 ms (timers never fire early).
    expect(started[1]! - started[0]!).toBeGreaterThanOrEqual(39);
    expect(started[2]! - started[1]!).toBeGreaterThanOrEqual(79);
  });
});
