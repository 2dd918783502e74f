import PgBoss from 'pg-boss';
import type { Queryable } from '../../database/index.js';
import { type MonitorRunnerParts, runMonitor } from '../runner/index.js';
import type { Housekeeping } from './housekeeping.js';
import { PeriodicPass, type SchedulerLog } from './periodic-pass.js';
import type { Scheduler } from './scheduler.js';

/** The pg-boss queue of monitor runs. */
export const RUN_QUEUE = 'hoplens-monitor-run';

/** Monitors claimed per tick; the tick claims again while monitors remain due. */
const CLAIM_BATCH = 500;

/** pg-boss's timings: the knobs the tests turn down. */
export interface BossTimings {
  /** How long a run may stay active before pg-boss deems its instance dead and hands it to another. */
  expireInSeconds: number;
  /** How often an instance runs pg-boss's maintenance (expiring such runs among it). */
  maintenanceIntervalSeconds: number;
  /** How often an idle worker asks for jobs. */
  pollingIntervalSeconds: number;
}

/** The job of one due run. */
interface RunJob {
  monitorId: string;
}

/**
 * The shared PostgreSQL's scheduler, on pg-boss (docs/monitors.md says why pg-boss). Every instance ticks: a tick
 * claims the due monitors and queues one pg-boss job per run in the same transaction that moves their next run
 * ahead, so a due run is queued once whatever the number of instances. pg-boss hands each job to one worker; a run
 * whose instance dies stays active until it expires and is then retried on another (`retryLimit`). The queue is
 * `stately` with the monitor's id as `singletonKey`: a monitor whose run is still waiting gets no second one.
 */
export class BossScheduler implements Scheduler {
  private workerId: string | undefined;
  private readonly boss: PgBoss;
  private readonly periodic: PeriodicPass;

  constructor(
    private readonly parts: MonitorRunnerParts,
    private readonly housekeeping: Housekeeping,
    private readonly options: { databaseUrl: string; tickMs: number; timings: BossTimings; log: SchedulerLog },
  ) {
    const { maintenanceIntervalSeconds } = options.timings;
    this.boss = new PgBoss({
      connectionString: options.databaseUrl,
      max: 4,
      maintenanceIntervalSeconds,
      schedule: false,
    });
    this.boss.on('error', (error) => options.log.error({ err: error }, 'pg-boss error'));
    this.periodic = new PeriodicPass((signal) => this.pass(signal), options);
  }

  async start(): Promise<void> {
    const { timings } = this.options;
    await this.boss.start();
    await this.ensureQueue();
    this.workerId = await this.boss.work<RunJob>(
      RUN_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: timings.pollingIntervalSeconds },
      async ([job]) => {
        // A run abandoned at stop throws, so that pg-boss retries it rather than calling it done.
        if (job !== undefined) await runMonitor(this.parts, job.data.monitorId, this.periodic.signal);
        if (this.periodic.signal.aborted) throw new Error('stopped before the run was recorded');
      },
    );
    this.periodic.start();
  }

  tick(): Promise<void> {
    return this.periodic.tick();
  }

  async stop(): Promise<void> {
    await this.periodic.stop();
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }

  /** Creates the queue unless another instance has; two instances creating it at once is harmless. */
  private async ensureQueue(): Promise<void> {
    if ((await this.boss.getQueue(RUN_QUEUE)) !== null) return;
    const { expireInSeconds } = this.options.timings;
    await this.boss
      .createQueue(RUN_QUEUE, { name: RUN_QUEUE, policy: 'stately', retryLimit: 3, retryDelay: 0, expireInSeconds })
      .catch(async (error: unknown) => {
        if ((await this.boss.getQueue(RUN_QUEUE)) === null) throw error;
      });
  }

  private async pass(signal: AbortSignal): Promise<void> {
    const { store, now } = this.parts;
    const { expireInSeconds } = this.options.timings;
    for (;;) {
      if (signal.aborted) return;
      const ids = await store.claimDue(now(), CLAIM_BATCH, async (tx, claimed) => {
        const jobs = claimed.map((monitorId) => ({
          name: RUN_QUEUE,
          data: { monitorId },
          singletonKey: monitorId,
          expireInSeconds,
          retryLimit: 3,
          retryDelay: 0,
        }));
        await this.boss.insert(jobs, { db: asBossDb(tx) });
      });
      if (ids.length > 0 && this.workerId !== undefined) this.boss.notifyWorker(this.workerId);
      if (ids.length < CLAIM_BATCH) break;
    }
    await this.housekeeping.run();
  }
}

/** A transaction as pg-boss's `db` option wants it, so its insert commits with the claim. */
function asBossDb(tx: Queryable): PgBoss.Db {
  return { executeSql: async (text, values) => ({ rows: await tx.query(text, values) }) };
}
