import { serviceError } from './errors.js';

/**
 * The service's shutdown state. Closing starts a grace period: requests already inside keep running; when it ends,
 * every analysis still running or waiting is stopped with `SHUTTING_DOWN`, so closing is bounded whatever the
 * targets do.
 */
export class Lifecycle {
  private timer: NodeJS.Timeout | undefined;
  private closingSince: number | undefined;
  /** The reason analyses were stopped with, once the grace period has ended. */
  private cutOffReason: unknown;
  /**
   * What to stop at the cut-off: every analysis in flight or waiting. A set rather than listeners on an AbortSignal:
   * one is added and removed per request, and an EventTarget's listeners cost the service's hot path several times
   * as much (BENCHMARKS.md, the API workload).
   */
  private readonly stoppers = new Set<(reason: unknown) => void>();

  /**
   * Calls `stop` with a `SHUTTING_DOWN` error when the grace period after {@link beginShutdown} ends (at once if it
   * has), unless the function returned is called first.
   */
  onCutOff(stop: (reason: unknown) => void): () => void {
    if (this.cutOffReason !== undefined) {
      stop(this.cutOffReason);
      return () => {};
    }
    this.stoppers.add(stop);
    return () => this.stoppers.delete(stop);
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

  /** Stops everything still running now. */
  cutOff(): void {
    clearTimeout(this.timer);
    if (this.cutOffReason !== undefined) return;
    this.cutOffReason = serviceError('SHUTTING_DOWN', 'The service is shutting down; the analysis was stopped', {
      retryAfter: 5,
    });
    const stoppers = [...this.stoppers];
    this.stoppers.clear();
    for (const stop of stoppers) stop(this.cutOffReason);
  }

  /** Stops the grace timer (once the server has closed). */
  dispose(): void {
    clearTimeout(this.timer);
  }
}
