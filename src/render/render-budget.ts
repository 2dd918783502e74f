import type { RenderIncomplete } from '../core/index.js';
import type { RenderBounds } from './render-bounds.js';

/**
 * What one render has spent against its {@link RenderBounds}: requests made, decoded bytes given to the page, and
 * the turns of its requests in flight. The first bound passed stops the render, once, through `onStop`.
 */
export class RenderBudget {
  private requests = 0;
  private bytes = 0;
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private stopped = false;
  private readonly stopping = new AbortController();

  constructor(
    readonly bounds: RenderBounds,
    private readonly onStop: (incomplete: RenderIncomplete) => void,
  ) {}

  /** Whether a bound has stopped the render: nothing more is sent. */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** Aborted when a bound stops the render: requests in flight stop reading what the page will never be given. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /** Counts one request of the page; false (and the render stopped) past the limit. */
  countRequest(): boolean {
    if (this.stopped) return false;
    this.requests++;
    if (this.requests <= this.bounds.maxRequests) return true;
    this.stop({ reason: 'request_limit', detail: `more than ${this.bounds.maxRequests} requests` });
    return false;
  }

  /** The most decoded bytes the next response may have: the smaller of the per-response and the remaining budget. */
  get responseAllowance(): number {
    return Math.max(0, Math.min(this.bounds.maxResponseBytes, this.bounds.maxRenderBytes - this.bytes));
  }

  /** Counts decoded bytes; false (and the render stopped) once the render's bytes pass the bound. */
  countBytes(size: number): boolean {
    this.bytes += size;
    if (this.bytes < this.bounds.maxRenderBytes) return true;
    this.stop({ reason: 'byte_limit', detail: `${this.bounds.maxRenderBytes} decoded bytes reached` });
    return false;
  }

  /** Waits for a turn among the requests in flight; resolves with the function that gives it back. */
  turn(): Promise<() => void> {
    if (this.active < this.bounds.maxParallelRequests) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve) => this.waiting.push(() => resolve(this.releaser())));
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The turn passes straight to the oldest waiter: `active` stays the same.
      if (next === undefined) this.active--;
      else next();
    };
  }

  /** Stops the render for a reason of the caller's (its memory). */
  stop(incomplete: RenderIncomplete): void {
    if (this.stopped) return;
    this.stopped = true;
    this.stopping.abort();
    // Requests waiting for a turn go on, and find the render stopped.
    for (const wake of this.waiting.splice(0)) {
      this.active++;
      wake();
    }
    this.onStop(incomplete);
  }
}
