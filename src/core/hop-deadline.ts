import { HoplensError } from './errors.js';

/** What the deadline ends: a hop's exchange in flight. */
export interface Abortable {
  abort(reason: Error): void;
}

/**
 * The per-hop timeout of one analysis: one timer for the whole chain, restarted for each hop (a timer per hop is a
 * measurable share of the work on a fast target). It ends the exchange in flight when it fires, or when the caller
 * aborts.
 */
export class HopDeadline {
  private timer: NodeJS.Timeout | undefined;
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
    if (this.timer === undefined) this.timer = setTimeout(() => this.expire(), this.timeout);
    else this.timer.refresh();
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

  private expire(): void {
    // Between hops there is nothing to time out; the next `watch` restarts the timer.
    if (this.current === undefined) return;
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
