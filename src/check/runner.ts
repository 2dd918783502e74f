import type { AnalysisResult } from '../core/index.js';
import type { CheckRow, InputItem } from '../inputs/index.js';
import { HostScheduler, type Slot } from './host-scheduler.js';
import type { Attempt } from './result.js';
import { attemptRow, type RetryPolicy } from './row-attempt.js';
import type { RowCache } from './row-cache.js';

/** How many rows run at once and how they are retried. */
export interface RunLimits extends RetryPolicy {
  /** Rows analysed at once, over all hosts. */
  concurrency: number;
  /** Rows analysed at once on one host (of the source URL), so that a migration check does not hammer one site. */
  perHost: number;
  /** Rows read ahead of the oldest undelivered one (default `max(64, concurrency × 8)`): the memory bound. */
  window?: number;
}

/** How rows are scheduled and retried, what analyses them, and what stops them. */
export interface RunnerConfig extends RunLimits {
  /** Analyses one URL (options and Ctrl-C signal already bound). */
  analyze: (url: string) => Promise<AnalysisResult>;
  /** Stops the run: no new rows start, rows in flight are dropped, finished rows are still delivered. */
  signal?: AbortSignal;
  /** Earlier answers (`--cache`): a row it answers is not requested; what the others answer is remembered. */
  cache?: RowCache | undefined;
}

/** What the runner delivers, in input order: an analysed row, or an input line passed through. */
export type RunnerEvent = { kind: 'checked'; attempt: Attempt } | Exclude<InputItem, { kind: 'row' }>;

type RowSlot = Slot<InputItem, Attempt>;

/** The host of a URL the WHATWG parser wrote (lower case, no default port), credentials left out. */
const CANONICAL_HOST = /^https?:\/\/(?:[^/?#@]*@)?([a-z0-9.\-[\]:]+)(?=[/?#]|$)/;

function hostOf(row: CheckRow): string {
  // The readers hand over each source as the parser wrote it, so its host is read from the text: this runs for every
  // row, and the URL is parsed again to be analysed.
  const canonical = CANONICAL_HOST.exec(row.source);
  if (canonical !== null) return canonical[1]!;
  try {
    return new URL(row.source).host;
  } catch {
    return row.source;
  }
}

/** Reads the input one item at a time, only when asked, into the scheduler's window. */
class ReadAhead {
  private readonly iterator: AsyncIterator<InputItem>;
  private reading = false;
  /** The input is exhausted, or failed with {@link error}. */
  done = false;
  error: unknown;

  constructor(
    items: AsyncIterable<InputItem>,
    private readonly scheduler: HostScheduler<InputItem, Attempt>,
  ) {
    this.iterator = items[Symbol.asyncIterator]();
  }

  /** Whether every item has been read (or the input failed). */
  get finished(): boolean {
    return this.done && !this.reading;
  }

  /** Reads the next item, unless a read is under way or the input is over. */
  next(): void {
    if (this.done || this.reading) return;
    this.reading = true;
    this.iterator.next().then(
      (next) => {
        this.reading = false;
        if (next.done) {
          this.done = true;
          this.scheduler.notify();
        } else {
          const item = next.value;
          this.scheduler.add(item, item.kind === 'row' ? hostOf(item.row) : undefined);
        }
      },
      (error: unknown) => {
        this.reading = false;
        this.done = true;
        this.error = error;
        this.scheduler.notify();
      },
    );
  }

  /** Lets go of an input that is not finished; not awaited, since a read of standard input may never end. */
  abandon(): void {
    if (!this.done) void this.iterator.return?.(undefined)?.catch(() => {});
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
  const { signal } = config;
  const stopped = () => signal?.aborted === true;
  const window = config.window ?? Math.max(64, config.concurrency * 8);
  const scheduler = new HostScheduler<InputItem, Attempt>({ ...config, window });
  const input = new ReadAhead(items, scheduler);
  const start = (slot: RowSlot) => {
    const { row } = slot.item as InputItem & { kind: 'row' };
    const onRateLimited = (waitMs: number) => scheduler.pause(slot.host, waitMs);
    // A row the cache answers takes its place in the window like any other (delivery stays in input order), but
    // makes no request.
    const cached = config.cache?.answer(row);
    const done = cached === undefined ? attemptRow(row, config, onRateLimited) : Promise.resolve(cached);
    void done.then((attempt) => scheduler.finish(slot, attempt, stopped()));
  };
  signal?.addEventListener('abort', scheduler.notify, { once: true });
  try {
    for (;;) {
      if (stopped()) scheduler.dropPending();
      else {
        if (scheduler.hasRoom) input.next();
        for (const slot of scheduler.dispatch()) start(slot);
      }
      let delivered = false;
      for (const slot of scheduler.deliver()) {
        delivered = true;
        if (slot.dropped) continue;
        yield slot.item.kind === 'row' ? { kind: 'checked', attempt: slot.done! } : slot.item;
      }
      if (scheduler.isEmpty && (stopped() || input.finished)) break;
      // Delivering made room in the window: read and dispatch again before waiting for news.
      if (!delivered) await scheduler.news();
    }
    if (input.error !== undefined && !stopped()) throw input.error;
  } finally {
    scheduler.close();
    signal?.removeEventListener('abort', scheduler.notify);
    input.abandon();
  }
}
