import { performance } from 'node:perf_hooks';
import { HoplensError } from '../errors.js';

/** What the deadline ends: a hop's exchange in flight. */
export interface Abortable {
  abort(reason: Error): void;
}

/**
 * The per-hop timeout of one analysis: one timer for the whole chain (a timer per hop is a measurable share of the work
 * on a fast target). It ends the exchange in flight when it fires, or when the caller aborts.
 *
 * The timer is not restarted for each hop: each hop notes when it began, and a timer that fires early for the hop then
 * in flight (it was set for an earlier one) is set again for what is left of the hop's time. On a fast chain it never
 * fires, and the hops cost a clock read each instead of a re-insertion into Node's timer list (BENCHMARKS.md).
 */
export class HopDeadline {
  private timer: NodeJS.Timeout | undefined;
  /** Whether the timer is set (it is not between its firing with no hop in flight and the next `watch`). */
  private armed = false;
  /** When the hop in flight began (`performance.now()`). */
  private hopStarted = 0;
  private url = '';
  private current: Abortable | undefined;
  private expired = false;
  private readonly forward: (() => void) | undefined;

  constructor(
    private readonly timeout: number,
    private readonly callerSignal: AbortSignal | undefined,
  ) {
    // A listener per analysis rather than per request (undici's request() adds one for every signal it is given).
    if (callerSignal !== undefined) {
      this.forward = () => this.current?.abort(callerAbortReason(callerSignal));
      callerSignal.addEventListener('abort', this.forward, { once: true });
    }
  }

  /** Whether the hop's own timeout fired (rather than the caller aborting). */
  get timedOut(): boolean {
    return this.expired;
  }

  /** Starts the clock for `exchange`, a hop to `url`. */
  watch(url: string, exchange: Abortable): void {
    this.url = url;
    this.current = exchange;
    this.expired = false;
    this.hopStarted = performance.now();
    if (!this.armed) this.arm(this.timeout);
    if (this.callerSignal?.aborted) exchange.abort(callerAbortReason(this.callerSignal));
  }

  /** The hop goes on as `exchange` (its request sent again), under the clock as it stands. */
  swap(exchange: Abortable): void {
    this.current = exchange;
    if (this.expired) exchange.abort(this.timeoutError());
    else if (this.callerSignal?.aborted) exchange.abort(callerAbortReason(this.callerSignal));
  }

  /** The hop is over; the clock no longer matters until the next `watch`. */
  stop(): void {
    this.current = undefined;
  }

  /** The chain is over. */
  dispose(): void {
    clearTimeout(this.timer);
    if (this.forward !== undefined) this.callerSignal?.removeEventListener('abort', this.forward);
  }

  private arm(ms: number): void {
    this.armed = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.expire(), ms);
  }

  private expire(): void {
    this.armed = false;
    // Between hops there is nothing to time out; the next `watch` sets the timer again.
    if (this.current === undefined) return;
    // Set for an earlier hop: this one still has time left.
    const left = this.hopStarted + this.timeout - performance.now();
    if (left >= 1) {
      this.arm(Math.ceil(left));
      return;
    }
    this.expired = true;
    this.current.abort(this.timeoutError());
  }

  private timeoutError(): HoplensError {
    return new HoplensError('TIMEOUT', `No response from ${this.url} within ${this.timeout} ms`, { url: this.url });
  }
}

function callerAbortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason));
}
