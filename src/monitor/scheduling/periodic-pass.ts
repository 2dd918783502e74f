/** What a scheduler reports to (the service's logger). */
export interface SchedulerLog {
  error(facts: object, message: string): void;
}

/**
 * A pass run every `tickMs`, never two at once: a tick asked for while a pass runs waits for that one instead of
 * starting another. Both schedulers tick this way; what a pass does is theirs. `stop` ends the timer, aborts the
 * signal the pass sees, and waits for the pass in flight.
 */
export class PeriodicPass {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly pass: (signal: AbortSignal) => Promise<void>,
    private readonly options: { tickMs: number; log: SchedulerLog },
  ) {}

  /** Aborted once `stop` is called: a pass stops claiming work, and a run in flight is abandoned. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.tick().catch((error: unknown) => this.options.log.error({ err: error }, 'monitor tick failed'));
    }, this.options.tickMs);
    this.timer.unref();
  }

  tick(): Promise<void> {
    this.ticking ??= this.pass(this.stopping.signal).finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopping.abort();
    await this.ticking?.catch(() => {});
  }
}
