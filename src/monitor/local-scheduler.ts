import type { Housekeeping } from './housekeeping.js';
import type { MonitorRunnerParts } from './monitor-runner.js';
import { runMonitor } from './monitor-runner.js';
import type { Scheduler } from './scheduler.js';

/** Runs at once per claim; the tick claims again while monitors remain due. */
const CONCURRENCY = 16;

/** What a scheduler reports to (the service's logger). */
export interface SchedulerLog {
  error(facts: object, message: string): void;
}

/**
 * The embedded database's scheduler: a timer in this process. The embedded database belongs to one process by
 * definition (PGlite holds its directory), so there is no other instance to share work with, and a job queue would be
 * a second copy of `hoplens_monitors.next_run_at`. Each tick claims the due monitors (moving their next run an
 * interval ahead) and runs them, then does the housekeeping.
 */
export class LocalScheduler implements Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly parts: MonitorRunnerParts,
    private readonly housekeeping: Housekeeping,
    private readonly options: { tickMs: number; log: SchedulerLog },
  ) {}

  async start(): Promise<void> {
    this.timer = setInterval(() => {
      this.tick().catch((error: unknown) => this.options.log.error({ err: error }, 'monitor tick failed'));
    }, this.options.tickMs);
    this.timer.unref();
  }

  /** One pass; a tick asked for while one runs waits for that one instead of starting another. */
  tick(): Promise<void> {
    this.ticking ??= this.pass().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopping.abort();
    await this.ticking?.catch(() => {});
  }

  private async pass(): Promise<void> {
    const { store, now } = this.parts;
    for (;;) {
      if (this.stopping.signal.aborted) return;
      const ids = await store.claimDue(now(), CONCURRENCY, async () => {});
      await Promise.all(ids.map((id) => this.runOne(id)));
      if (ids.length < CONCURRENCY) break;
    }
    await this.housekeeping.run();
  }

  private async runOne(id: string): Promise<void> {
    try {
      await runMonitor(this.parts, id, this.stopping.signal);
    } catch (error) {
      this.options.log.error({ err: error, monitor: id }, 'monitor run failed');
    }
  }
}
