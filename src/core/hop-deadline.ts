import { HoplensError } from './errors.js';
import type { HopExchange } from './hop-exchange.js';

/**
 * The per-hop timeout of one analysis: one timer for the whole chain, restarted for each hop (a timer per hop is a
 * measurable share of the work on a fast target). It ends the exchange in flight when it fires, or when the caller
 * aborts.
 */
export class HopDeadline {
  private timer: NodeJS.Timeout | undefined;
  private url = '';
  private current: HopExchange | undefined;
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
  watch(url: string, exchange: HopExchange): void {
    this.url = url;
    this.current = exchange;
    this.expired = false;
    if (this.timer === undefined) this.timer = setTimeout(() => this.expire(), this.timeout);
    else this.timer.refresh();
    if (this.callerSignal?.aborted) exchange.abort(callerAbortReason(this.callerSignal));
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
    const message = `No response from ${this.url} within ${this.timeout} ms`;
    this.current.abort(new HoplensError('TIMEOUT', message, { url: this.url }));
  }
}

function callerAbortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason));
}
