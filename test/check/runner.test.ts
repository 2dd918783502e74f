import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter } from '../../src/check/retry.js';
import { type RunnerConfig, type RunnerEvent, runChecks } from '../../src/check/runner.js';
import { HoplensError } from '../../src/core/errors.js';
import type { AnalysisResult } from '../../src/core/types.js';
import type { InputItem } from '../../src/inputs/index.js';

function result(url: string, status = 200, headers: Record<string, string> = {}): AnalysisResult {
  return {
    success: true,
    url,
    chain: [{ url, status, statusText: '', responseTime: 1, headers }],
    summary: { totalHops: 1, finalUrl: url, finalStatus: status, totalTime: 1, hasLoop: false, issues: [] },
  };
}

const row = (line: number, source: string): InputItem => ({ kind: 'row', row: { line, source } });

async function* from(items: InputItem[], onPull?: () => void): AsyncGenerator<InputItem> {
  for (const item of items) {
    onPull?.();
    yield item;
  }
}

const base: Omit<RunnerConfig, 'analyze'> = {
  concurrency: 4,
  perHost: 2,
  retries: 0,
  retryDelayMs: 10,
  maxRetryAfterMs: 5000,
  rateLimitRetries: 3,
};

async function collect(events: AsyncIterable<RunnerEvent>): Promise<RunnerEvent[]> {
  const out: RunnerEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lines = (events: RunnerEvent[]) =>
  events.map((event) => (event.kind === 'checked' ? event.attempt.row.line : event.line));

describe('runChecks scheduling', () => {
  it('delivers in input order while bounding concurrency overall and per host', async () => {
    const inFlight = new Map<string, number>();
    let total = 0;
    let maxTotal = 0;
    let maxPerHost = 0;
    const items: InputItem[] = [];
    // Most rows on one host, so that only the per-host limit keeps it at two.
    for (let i = 0; i < 40; i++) items.push(row(i + 1, `http://h${i % 4 === 3 ? 1 : 0}.test/${i}`));
    items.splice(
      5,
      0,
      { kind: 'invalid', line: 100, message: 'bad' },
      { kind: 'skipped', line: 101, text: '/x/*', reason: 'splat' },
    );
    const events = await collect(
      runChecks(from(items), {
        ...base,
        analyze: async (url) => {
          const host = new URL(url).host;
          inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
          total++;
          maxTotal = Math.max(maxTotal, total);
          maxPerHost = Math.max(maxPerHost, inFlight.get(host)!);
          // Later rows finish sooner, so that delivery order must be restored.
          await delay(Number(new URL(url).pathname.slice(1)) % 2 === 0 ? 15 : 2);
          inFlight.set(host, inFlight.get(host)! - 1);
          total--;
          return result(url);
        },
      }),
    );
    expect(lines(events)).toEqual(items.map((item) => (item.kind === 'row' ? item.row.line : item.line)));
    expect(maxTotal).toBe(4);
    expect(maxPerHost).toBe(2);
  });

  it('reads no further ahead than its window while the oldest row is stuck', async () => {
    let pulled = 0;
    let release: () => void = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const items = Array.from({ length: 1000 }, (_, i) => row(i + 1, `http://h${i}.test/`));
    const run = collect(
      runChecks(
        from(items, () => pulled++),
        {
          ...base,
          concurrency: 2,
          perHost: 1,
          window: 16,
          analyze: async (url) => {
            if (url === 'http://h0.test/') await stuck;
            return result(url);
          },
        },
      ),
    );
    await delay(100);
    expect(pulled).toBeLessThanOrEqual(17);
    release();
    const events = await run;
    expect(events).toHaveLength(1000);
  });

  it('passes an input error on after delivering the rows before it', async () => {
    async function* failing(): AsyncGenerator<InputItem> {
      yield row(1, 'http://a.test/');
      throw new HoplensError('INPUT_ERROR', 'boom');
    }
    const seen: RunnerEvent[] = [];
    await expect(
      (async () => {
        for await (const event of runChecks(failing(), { ...base, analyze: async (url) => result(url) })) {
          seen.push(event);
        }
      })(),
    ).rejects.toMatchObject({ code: 'INPUT_ERROR' });
    expect(lines(seen)).toEqual([1]);
  });

  it('stops on abort: finished rows are delivered, rows in flight and unread ones are not', async () => {
    const controller = new AbortController();
    const started: string[] = [];
    const items = Array.from({ length: 50 }, (_, i) => row(i + 1, `http://h${i}.test/`));
    const events = await collect(
      runChecks(from(items), {
        ...base,
        concurrency: 3,
        signal: controller.signal,
        analyze: (url) => {
          started.push(url);
          if (url === 'http://h0.test/') return Promise.resolve(result(url));
          if (started.length === 3) setTimeout(() => controller.abort(), 20);
          return new Promise<AnalysisResult>((_, reject) => {
            controller.signal.addEventListener('abort', () => reject(new HoplensError('ABORTED', 'aborted')));
          });
        },
      }),
    );
    expect(lines(events)).toEqual([1]);
    expect(started.length).toBeLessThanOrEqual(4);
  });
});

describe('runChecks retries', () => {
  it('retries network errors with growing backoff, up to --retries', async () => {
    const calls: number[] = [];
    const started = Date.now();
    const [event] = await collect(
      runChecks(from([row(1, 'http://a.test/')]), {
        ...base,
        retries: 3,
        retryDelayMs: 40,
        random: () => 1,
        analyze: async (url) => {
          calls.push(Date.now() - started);
          if (calls.length < 3) throw new HoplensError('CONNECTION_RESET', 'reset');
          return result(url);
        },
      }),
    );
    expect(event).toMatchObject({ kind: 'checked', attempt: { attempts: 3, result: expect.anything() } });
    // 40 ms, then 80 ms (full delay with random() = 1).
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(38);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(78);
  });

  it('gives up after --retries, and never retries errors that would repeat', async () => {
    let calls = 0;
    const events = await collect(
      runChecks(from([row(1, 'http://a.test/'), row(2, 'http://b.test/')]), {
        ...base,
        retries: 2,
        retryDelayMs: 1,
        analyze: async (url) => {
          calls++;
          throw new HoplensError(url.includes('a.test') ? 'TIMEOUT' : 'TLS_ERROR', 'no');
        },
      }),
    );
    expect(events.map((event) => event.kind === 'checked' && event.attempt.attempts)).toEqual([3, 1]);
    expect(calls).toBe(4);
  });

  it('waits out a 429 for its Retry-After, pausing the host but not the others', async () => {
    const starts: Array<[string, number]> = [];
    const t0 = Date.now();
    let limited = false;
    const events = await collect(
      runChecks(from([row(1, 'http://a.test/1'), row(2, 'http://a.test/2'), row(3, 'http://b.test/3')]), {
        ...base,
        perHost: 2,
        analyze: async (url) => {
          starts.push([url, Date.now() - t0]);
          if (url === 'http://a.test/1' && !limited) {
            limited = true;
            return result(url, 429, { 'retry-after': '1' });
          }
          // Row 2 starts together with row 1, before the 429 is known; it is slow enough to see the pause.
          if (url === 'http://a.test/2') await delay(5);
          return result(url);
        },
      }),
    );
    expect(events.map((event) => event.kind === 'checked' && event.attempt.result?.summary.finalStatus)).toEqual([
      200, 200, 200,
    ]);
    expect(events[0]).toMatchObject({ attempt: { attempts: 2 } });
    const retry = starts.filter(([url]) => url === 'http://a.test/1')[1]![1];
    expect(retry).toBeGreaterThanOrEqual(990);
    expect(starts.find(([url]) => url === 'http://b.test/3')![1]).toBeLessThan(500);
  });

  it('pauses new rows of a rate-limited host until its Retry-After has passed', async () => {
    const starts: Array<[string, number]> = [];
    const t0 = Date.now();
    let limited = false;
    await collect(
      runChecks(from([row(1, 'http://a.test/1'), row(2, 'http://a.test/2'), row(3, 'http://a.test/3')]), {
        ...base,
        perHost: 2,
        analyze: async (url) => {
          starts.push([url, Date.now() - t0]);
          if (!limited) {
            limited = true;
            await delay(30);
            return result(url, 429, { 'retry-after': '1' });
          }
          if (url === 'http://a.test/2') await delay(60);
          return result(url);
        },
      }),
    );
    // Row 2 was already running; row 3 had a free slot at once but had to wait for the host's pause to end.
    expect(starts.find(([url]) => url === 'http://a.test/2')![1]).toBeLessThan(500);
    expect(starts.find(([url]) => url === 'http://a.test/3')![1]).toBeGreaterThanOrEqual(990);
  });

  it('does not wait longer than --max-retry-after, and retries a 429 a bounded number of times', async () => {
    let calls = 0;
    const [long] = await collect(
      runChecks(from([row(1, 'http://a.test/')]), {
        ...base,
        maxRetryAfterMs: 2000,
        analyze: async (url) => {
          calls++;
          return result(url, 429, { 'retry-after': '3600' });
        },
      }),
    );
    expect(calls).toBe(1);
    expect(long).toMatchObject({ attempt: { attempts: 1, result: { summary: { finalStatus: 429 } } } });

    calls = 0;
    const [bounded] = await collect(
      runChecks(from([row(1, 'http://a.test/')]), {
        ...base,
        rateLimitRetries: 2,
        analyze: async (url) => {
          calls++;
          return result(url, 429, { 'retry-after': '0' });
        },
      }),
    );
    expect(calls).toBe(3);
    expect(bounded).toMatchObject({ attempt: { attempts: 3 } });
  });
});

describe('retry helpers', () => {
  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(backoffDelay(1, 100, () => 0)).toBe(50);
    expect(backoffDelay(1, 100, () => 1)).toBe(100);
    expect(backoffDelay(3, 100, () => 1)).toBe(400);
    expect(backoffDelay(30, 100, () => 1)).toBe(30_000);
  });
});
