import { type ServiceError, serviceError } from './errors.js';

/** Settings of a {@link ConcurrencyGate}. */
export interface ConcurrencyGateOptions {
  /** Holders allowed at once. */
  limit: number;
  /** Callers allowed to wait; one more is refused at once. */
  maxQueue: number;
  /** Longest wait for a slot, in ms. */
  timeoutMs: number;
}

/** Gives the slot back. Idempotent. */
export type Release = () => void;

interface Waiter {
  grant: (release: Release) => void;
  fail: (error: unknown) => void;
}

/**
 * Bounds the analyses in flight. Past the limit, callers wait in arrival order for a bounded time and a bounded
 * queue, then are refused with `OVERLOADED`, so a flood costs a timer and a closure per waiter, never a connection.
 */
export class ConcurrencyGate {
  private readonly options: ConcurrencyGateOptions;
  private active = 0;
  // A Set keeps arrival order and lets a waiter that gives up leave from the middle in O(1).
  private readonly waiters = new Set<Waiter>();

  constructor(options: ConcurrencyGateOptions) {
    this.options = options;
  }

  /** Slots in use. */
  get inFlight(): number {
    return this.active;
  }

  /** Callers waiting for a slot. */
  get waiting(): number {
    return this.waiters.size;
  }

  /** Seconds a refused caller is told to wait before trying again. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.options.timeoutMs / 1000));
  }

  private overloaded(message: string): ServiceError {
    return serviceError('OVERLOADED', message, { retryAfter: this.retryAfterSeconds });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.values().next();
      if (next.done) {
        this.active--;
        return;
      }
      // Hand the slot straight to the oldest waiter: `active` stays the same.
      this.waiters.delete(next.value);
      next.value.grant(this.releaser());
    };
  }

  /**
   * Takes a slot, waiting if needed. Rejects with `OVERLOADED` when the queue is full or the wait times out, and with
   * the signal's reason when `signal` aborts while waiting.
   */
  acquire(signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.active < this.options.limit) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiters.size >= this.options.maxQueue) {
      return Promise.reject(this.overloaded('The service is at capacity; try again shortly'));
    }
    return new Promise<Release>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiters.delete(waiter);
      };
      const waiter: Waiter = {
        grant: (release) => {
          leave();
          resolve(release);
        },
        fail: (error) => {
          leave();
          reject(error);
        },
      };
      const onAbort = () => waiter.fail(signal?.reason);
      const timer = setTimeout(
        () => waiter.fail(this.overloaded(`No analysis slot became free within ${this.options.timeoutMs} ms`)),
        this.options.timeoutMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.add(waiter);
    });
  }
}
