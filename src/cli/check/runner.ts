import { performance } from 'node:perf_hooks';
import type { AnalysisResult } from '../../core/types.js';
import type { CheckRow, InputItem } from '../inputs/item.js';
import type { Attempt } from './result.js';
import { backoffDelay, isRetryable, parseRetryAfter, sleep } from './retry.js';

/** How rows are scheduled and retried. */
export interface RunnerConfig {
  /** Rows analysed at once, over all hosts. */
  concurrency: number;
  /** Rows analysed at once on one host (of the source URL), so that a migration check does not hammer one site. */
  perHost: number;
  /** Retries of a row whose analysis failed with a network error. */
  retries: number;
  /** Base of the exponential backoff between network retries, in ms. */
  retryDelayMs: number;
  /** Longest `Retry-After` a 429 is waited out for; a longer one is reported as the row's result. */
  maxRetryAfterMs: number;
  /** How many times one row waits out a 429. */
  rateLimitRetries: number;
  /** Analyses one URL (options and Ctrl-C signal already bound). */
  analyze: (url: string) => Promise<AnalysisResult>;
  /** Stops the run: no new rows start, rows in flight are dropped, finished rows are still delivered. */
  signal?: AbortSignal;
  /** Rows read ahead of the oldest undelivered one (default `max(64, concurrency × 8)`): the memory bound. */
  window?: number;
  /** For tests: the jitter source. */
  random?: () => number;
}

/** What the runner delivers, in input order: an analysed row, or an input line passed through. */
export type RunnerEvent = { kind: 'checked'; attempt: Attempt } | Exclude<InputItem, { kind: 'row' }>;

interface Slot {
  item: InputItem;
  host: string;
  state: 'pending' | 'running' | 'done';
  attempt?: Attempt;
  /** Interrupted by Ctrl-C: not delivered, since it was not checked. */
  dropped?: boolean;
}

function hostOf(row: CheckRow): string {
  try {
    return new URL(row.source).host;
  } catch {
    return row.source;
  }
}

/**
 * Runs the rows of `items` with bounded concurrency, overall and per host, and delivers the results in input order
 * while later rows are still running.
 *
 * Memory stays bounded whatever the input size: at most `window` rows are held between being read and being
 * delivered, and the input is only read when there is room. A slow row holds the window back rather than letting it
 * grow. Network errors are retried with exponential backoff; a 429 at the end of a chain is retried after its
 * `Retry-After` (bounded by `maxRetryAfterMs`), and its host gets no new row until then.
 */
export async function* runChecks(items: AsyncIterable<InputItem>, config: RunnerConfig): AsyncGenerator<RunnerEvent> {
  const windowSize = config.window ?? Math.max(64, config.concurrency * 8);
  const signal = config.signal;
  const iterator = items[Symbol.asyncIterator]();
  const window: Slot[] = [];
  const running = new Map<string, number>();
  const pausedUntil = new Map<string, number>();
  let active = 0;
  let reading = false;
  let inputDone = false;
  let inputError: unknown;
  let timer: NodeJS.Timeout | undefined;

  // One pending wake-up: whatever changes (a row read or finished, a pause over, Ctrl-C) lets the loop go round.
  let wake: (() => void) | undefined;
  let woken = false;
  const notify = () => {
    if (wake === undefined) {
      woken = true;
      return;
    }
    const resolve = wake;
    wake = undefined;
    resolve();
  };
  const sleepUntilNotified = (): Promise<void> => {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      wake = resolve;
    });
  };
  const stopped = () => signal?.aborted === true;
  signal?.addEventListener('abort', notify, { once: true });

  const read = () => {
    reading = true;
    iterator.next().then(
      (next) => {
        reading = false;
        if (next.done) inputDone = true;
        else {
          const item = next.value;
          const slot: Slot =
            item.kind === 'row'
              ? { item, host: hostOf(item.row), state: 'pending' }
              : { item, host: '', state: 'done' };
          window.push(slot);
        }
        notify();
      },
      (error: unknown) => {
        reading = false;
        inputDone = true;
        inputError = error;
        notify();
      },
    );
  };

  const attempt = async (row: CheckRow, host: string): Promise<Attempt> => {
    const started = performance.now();
    let attempts = 0;
    let networkRetries = 0;
    let rateRetries = 0;
    for (;;) {
      attempts++;
      try {
        const result = await config.analyze(row.source);
        const last = result.chain[result.chain.length - 1];
        if (last?.status === 429 && rateRetries < config.rateLimitRetries && !stopped()) {
          const wait =
            parseRetryAfter(last.headers['retry-after']) ?? backoffDelay(rateRetries + 1, config.retryDelayMs);
          if (wait <= config.maxRetryAfterMs) {
            rateRetries++;
            // The whole host asked to slow down, not only this row.
            pausedUntil.set(host, Math.max(pausedUntil.get(host) ?? 0, Date.now() + wait));
            await sleep(wait, signal);
            continue;
          }
        }
        return { row, result, attempts, elapsed: performance.now() - started };
      } catch (error) {
        if (!stopped() && networkRetries < config.retries && isRetryable(error)) {
          networkRetries++;
          await sleep(backoffDelay(networkRetries, config.retryDelayMs, config.random), signal);
          continue;
        }
        return { row, error, attempts, elapsed: performance.now() - started };
      }
    }
  };

  const start = (slot: Slot) => {
    const row = (slot.item as InputItem & { kind: 'row' }).row;
    slot.state = 'running';
    active++;
    running.set(slot.host, (running.get(slot.host) ?? 0) + 1);
    void attempt(row, slot.host).then((done) => {
      slot.attempt = done;
      slot.state = 'done';
      if (stopped()) slot.dropped = true;
      active--;
      running.set(slot.host, (running.get(slot.host) ?? 1) - 1);
      notify();
    });
  };

  /** Starts every pending row that has a free slot overall and on its host; arms a timer for paused hosts. */
  const dispatch = () => {
    const now = Date.now();
    let nextResume = Number.POSITIVE_INFINITY;
    for (const slot of window) {
      if (active >= config.concurrency) break;
      if (slot.state !== 'pending' || (running.get(slot.host) ?? 0) >= config.perHost) continue;
      const resume = pausedUntil.get(slot.host);
      if (resume !== undefined && resume > now) {
        nextResume = Math.min(nextResume, resume);
        continue;
      }
      start(slot);
    }
    if (timer !== undefined) clearTimeout(timer);
    timer = Number.isFinite(nextResume) ? setTimeout(notify, nextResume - now + 1) : undefined;
  };

  try {
    for (;;) {
      if (stopped()) {
        for (const slot of window) {
          if (slot.state === 'pending') {
            slot.state = 'done';
            slot.dropped = true;
          }
        }
      } else {
        if (!inputDone && !reading && window.length < windowSize) read();
        dispatch();
      }
      let delivered = false;
      while (window[0]?.state === 'done') {
        const slot = window.shift()!;
        delivered = true;
        if (slot.dropped) continue;
        yield slot.item.kind === 'row' ? { kind: 'checked', attempt: slot.attempt! } : slot.item;
      }
      if (window.length === 0 && (stopped() || (inputDone && !reading))) break;
      // Delivering made room in the window: read and dispatch again before waiting for news.
      if (!delivered) await sleepUntilNotified();
    }
    if (inputError !== undefined && !stopped()) throw inputError;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', notify);
    // Not awaited: a read of standard input may be pending forever after Ctrl-C.
    if (!inputDone) void iterator.return?.(undefined)?.catch(() => {});
  }
}
