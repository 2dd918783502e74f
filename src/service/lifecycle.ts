import { setMaxListeners } from 'node:events';
import { serviceError } from './errors.js';

/**
 * The service's shutdown state. Closing starts a grace period: requests already inside keep running; when it ends,
 * every analysis still running or waiting is aborted with `SHUTTING_DOWN`, so closing is bounded whatever the
 * targets do.
 */
export class Lifecycle {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private closingSince: number | undefined;

  constructor() {
    // Every analysis in flight or waiting listens here; a thousand of them are expected, not a leak.
    setMaxListeners(0, this.controller.signal);
  }

  /** Aborts, with a `SHUTTING_DOWN` error as its reason, when the grace period after {@link beginShutdown} ends. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether shutdown has begun (new requests are refused). */
  get closing(): boolean {
    return this.closingSince !== undefined;
  }

  /** Starts the grace period. Idempotent. */
  beginShutdown(graceMs: number): void {
    if (this.closingSince !== undefined) return;
    this.closingSince = Date.now();
    this.timer = setTimeout(() => this.cutOff(), graceMs);
    // The grace timer must not be what keeps the process alive once everything else has finished.
    this.timer.unref();
  }

  /** Aborts everything still running now. */
  cutOff(): void {
    clearTimeout(this.timer);
    if (this.controller.signal.aborted) return;
    this.controller.abort(
      serviceError('SHUTTING_DOWN', 'The service is shutting down; the analysis was stopped', { retryAfter: 5 }),
    );
  }

  /** Stops the grace timer (once the server has closed). */
  dispose(): void {
    clearTimeout(this.timer);
  }
}
