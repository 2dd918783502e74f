import type { AlertSettings } from './alert-message.js';
import { AlertOutbox, type AlertRecord } from './alert-outbox.js';
import { BossScheduler, type BossTimings } from './boss-scheduler.js';
import type { Database } from './database.js';
import { monitorError } from './errors.js';
import { Housekeeping } from './housekeeping.js';
import { LocalScheduler } from './local-scheduler.js';
import { migrate } from './migrations.js';
import { type Monitor, parseMonitorInput } from './monitor.js';
import { type MonitorRunnerParts, runMonitor } from './monitor-runner.js';
import { MonitorStore } from './monitor-store.js';
import type { SchedulerLog } from './periodic-pass.js';
import { openPgDatabase } from './pg-database.js';
import { openPgliteDatabase } from './pglite-database.js';
import { type Run, runPage } from './run-history.js';
import type { MonitorRunContext } from './run-once.js';
import { type RunTicks, ticksSince } from './run-ticks.js';
import type { Scheduler } from './scheduler.js';

/** The instance's monitor settings (read from the environment by src/service/config.ts). */
export interface MonitorConfig extends AlertSettings {
  /** `HOPLENS_DATA_DIR`: where the embedded database lives (in its `monitors` subdirectory). */
  dataDir: string;
  /** `DATABASE_URL`: a shared PostgreSQL instead of the embedded database. */
  databaseUrl?: string | undefined;
  /** `HOPLENS_HISTORY_DAYS`: runs older than this are deleted. */
  historyDays: number;
  /** `HOPLENS_WEBHOOK_SECRET`: the key of the generic webhook's signature. */
  webhookSecret?: string | undefined;
}

/** Seams for tests and embedding. */
export interface MonitorSystemDeps {
  /** The clock (ms) the schedule and history are written with (default `Date.now`). */
  now?: () => number;
  /** How often the scheduler ticks, in ms (default 1 s). */
  tickMs?: number;
  /** pg-boss's timings (defaults: expiry past the analysis timeout, maintenance every 30 s, polling every 2 s). */
  boss?: Partial<BossTimings>;
  log?: SchedulerLog;
}

/**
 * Default scheduler period: a monitor runs within this of being due. A tick is one indexed query for due monitors
 * and one for due alerts, so a second costs little and keeps runs close to their schedule.
 */
const TICK_MS = 1000;

/** The monitors of an instance: the store, the scheduler and the alerts, over one database. */
export class MonitorSystem {
  private started = false;

  private constructor(
    private readonly db: Database,
    private readonly parts: MonitorRunnerParts,
    private readonly outbox: AlertOutbox,
    private readonly scheduler: Scheduler,
  ) {}

  /**
   * Opens the database (the embedded one under `dataDir`, or `databaseUrl`'s) and migrates it. Nothing is scheduled
   * until {@link start}.
   */
  static async open(
    config: MonitorConfig,
    check: MonitorRunContext,
    deps: MonitorSystemDeps = {},
  ): Promise<MonitorSystem> {
    const db =
      config.databaseUrl === undefined ? await openPgliteDatabase(config.dataDir) : openPgDatabase(config.databaseUrl);
    try {
      await migrate(db);
    } catch (error) {
      await db.close().catch(() => {});
      throw error;
    }
    const now = deps.now ?? Date.now;
    const log = deps.log ?? { error: () => {} };
    const store = new MonitorStore(db);
    const outbox = new AlertOutbox(db);
    const parts: MonitorRunnerParts = { db, store, outbox, check, alerts: config, now };
    const housekeeping = new Housekeeping(db, outbox, {
      now,
      historyDays: config.historyDays,
      webhookSecret: config.webhookSecret,
    });
    const tickMs = deps.tickMs ?? TICK_MS;
    const scheduler =
      config.databaseUrl === undefined
        ? new LocalScheduler(parts, housekeeping, { tickMs, log })
        : new BossScheduler(parts, housekeeping, {
            databaseUrl: config.databaseUrl,
            tickMs,
            log,
            timings: {
              expireInSeconds: Math.ceil(check.analysisTimeoutMs / 1000) + 60,
              maintenanceIntervalSeconds: 30,
              pollingIntervalSeconds: 2,
              ...deps.boss,
            },
          });
    return new MonitorSystem(db, parts, outbox, scheduler);
  }

  /** Where the monitors live: `embedded` (PGlite) or `postgres`. */
  get kind(): Database['kind'] {
    return this.db.kind;
  }

  /** Starts scheduling (the service does so in `hoplens serve` / `npm start`, not in `buildApp`). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.scheduler.start();
  }

  /** One scheduler pass now: for tests, which drive the clock. */
  tick(): Promise<void> {
    return this.scheduler.tick();
  }

  /** Stops scheduling and closes the database. */
  /** Whether the database answers a trivial query (the service's readiness probe asks). */
  async isReachable(): Promise<boolean> {
    try {
      await this.db.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.started) await this.scheduler.stop();
    await this.db.close();
  }

  list(): Promise<Monitor[]> {
    return this.parts.store.list();
  }

  get(id: string): Promise<Monitor> {
    return this.parts.store.get(id);
  }

  /** Creates a monitor from a caller's body (`MONITOR_INVALID` naming the field when it is wrong). */
  create(body: unknown): Promise<Monitor> {
    return this.parts.store.create(parseMonitorInput(body), this.parts.now());
  }

  replace(id: string, body: unknown): Promise<Monitor> {
    return this.parts.store.replace(id, parseMonitorInput(body), this.parts.now());
  }

  remove(id: string): Promise<void> {
    return this.parts.store.remove(id);
  }

  setPaused(id: string, paused: boolean): Promise<Monitor> {
    return this.parts.store.setPaused(id, paused, this.parts.now());
  }

  /** Runs a monitor at once, outside its schedule, and records the run like a scheduled one. */
  async runNow(id: string): Promise<Run> {
    const run = await runMonitor(this.parts, id);
    // Only a monitor deleted while it ran leaves nothing recorded.
    if (run === undefined) throw monitorError('MONITOR_NOT_FOUND', `No monitor ${JSON.stringify(id)}`);
    return run;
  }

  /** A page of a monitor's history, newest first. */
  async runs(id: string, limit: number, before?: string): Promise<{ runs: Run[]; next: string | null }> {
    await this.parts.store.get(id);
    return runPage(this.db, id, limit, before);
  }

  /** Every run of a monitor over the last `days` days, oldest first: for charts and uptime. */
  async ticks(id: string, days: number): Promise<RunTicks> {
    await this.parts.store.get(id);
    return ticksSince(this.db, id, this.parts.now() - days * 24 * 60 * 60 * 1000);
  }

  /** The alerts of a monitor and how their delivery went. */
  alerts(id: string): Promise<AlertRecord[]> {
    return this.outbox.of(id);
  }
}
