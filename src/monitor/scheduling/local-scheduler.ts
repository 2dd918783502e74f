import type { MonitorRunnerParts } from '../runner/index.js';
import { runMonitor } from '../runner/index.js';
import type { Housekeeping } from './housekeeping.js';
import { PeriodicPass, type SchedulerLog } from './periodic-pass.js';
import type { Scheduler } from './scheduler.js';

/** Runs at once per claim; the tick claims again while monitors remain due. */
const CONCURRENCY = 16;

/**
 * The embedded database's scheduler: a timer in this process. The embedded database belongs to one process by
 * definition (PGlite holds its directory), so there is no other instance to share work with, and a job queue would be
 * a second copy of `hoplens_monitors.next_run_at`. Each tick claims the due monitors (moving their next run an
 * interval ahead) and runs them, then does the housekeeping.
 */
export class LocalScheduler implements Scheduler {
  private readonly periodic: PeriodicPass;

  constructor(
    private readonly parts: MonitorRunnerParts,
    private readonly housekeeping: Housekeeping,
    private readonly options: { tickMs: number; log: SchedulerLog },
  ) {
    this.periodic = new PeriodicPass((signal) => this.pass(signal), options);
  }

  async start(): Promise<void> {
    this.periodic.start();
  }

  /** One pass; a tick asked for while one runs waits for that one instead of starting another. */
  tick(): Promise<void> {
    return this.periodic.tick();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  private async pass(signal: AbortSignal): Promise<void> {
    const { store, now } = this.parts;
    for (;;) {
      if (signal.aborted) return;
      const ids = await store.claimDue(now(), CONCURRENCY, async () => {});
      await Promise.all(ids.map((id) => this.runOne(id, signal)));
      if (ids.length < CONCURRENCY) break;
    }
    await this.housekeeping.run();
  }

  private async runOne(id: string, signal: AbortSignal): Promise<void> {
    try {
      await runMonitor(this.parts, id, signal);
    } catch (error) {
      this.options.log.error({ err: error, monitor: id }, 'monitor run failed');
    }
  }
}
