/** How long lint holds the thread before it gives the event loop a turn. */
const SLICE_MS = 20;

/**
 * Lint's matching in slices. Matching a rules file runs on this thread (bounded in steps, not time:
 * src/inputs/patterns/server-regex.ts), a second or more for a file of runaway patterns on a loaded machine. Between
 * slices the event loop reads what came meanwhile: Ctrl-C and SIGTERM reach the CLI's usual handlers (which abort
 * `signal`), and the MCP server keeps answering. Where a turn is given depends on the clock; what is found does not.
 */
export class TimeSlices {
  #since = performance.now();
  readonly #signal: AbortSignal | undefined;

  constructor(signal?: AbortSignal) {
    this.#signal = signal;
  }

  /** Gives the event loop a turn if this slice is used up; rejects with the signal's reason once it is aborted. */
  async next(): Promise<void> {
    if (performance.now() - this.#since >= SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      this.#since = performance.now();
    }
    this.#signal?.throwIfAborted();
  }
}
