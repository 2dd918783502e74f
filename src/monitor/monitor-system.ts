import type { Resolver } from '../core/index.js';
import { type Database, openPgDatabase } from '../database/index.js';
import type { AlertSettings } from './alerts/index.js';
import {
  AlertGuard,
  AlertOutbox,
  type AlertRecord,
  DELIVERY,
  isRedactedUrl,
  redactMonitor,
  redactRecord,
  restoreRedacted,
} from './alerts/index.js';
import { monitorError } from './errors.js';
import { type Monitor, type MonitorSettings, parseMonitorInput } from './monitor.js';
import { type MonitorObserver, NO_OBSERVER, tell } from './monitor-observer.js';
import type { MonitorRunContext } from './runner/index.js';
import { type MonitorRunnerParts, runMonitor } from './runner/index.js';
import type { Scheduler, SchedulerLog } from './scheduling/index.js';
import { BossScheduler, type BossTimings, Housekeeping, LocalScheduler } from './scheduling/index.js';
import {
  MonitorStore,
  migrate,
  openPgliteDatabase,
  type Run,
  type RunTicks,
  runPage,
  SCHEMA_VERSION,
  ticksSince,
} from './storage/index.js';

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
  /** `HOPLENS_ALERT_BLOCK_PRIVATE`: chat and webhook alerts held to the analyses' address policy (default off). */
  alertBlockPrivate?: boolean | undefined;
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
  /** Told of runs, alert deliveries, migrations and the scheduler's start and stop (the service's log and metrics). */
  observer?: MonitorObserver;
  /** Host name resolution of alert deliveries under `HOPLENS_ALERT_BLOCK_PRIVATE` (default the system's). */
  resolver?: Resolver;
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
    private readonly observer: MonitorObserver,
    private readonly guard: AlertGuard,
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
    const observer = deps.observer ?? NO_OBSERVER;
    try {
      const applied = await migrate(db);
      tell(observer, 'migrated', { applied, version: SCHEMA_VERSION, database: db.kind });
    } catch (error) {
      await db.close().catch(() => {});
      throw error;
    }
    const now = deps.now ?? Date.now;
    const log = deps.log ?? { error: () => {} };
    const store = new MonitorStore(db);
    const outbox = new AlertOutbox(db);
    const parts: MonitorRunnerParts = { db, store, outbox, check, alerts: config, now, observer };
    const guard = new AlertGuard({
      blockPrivate: config.alertBlockPrivate === true,
      allowNetworks: check.allowNetworks,
      resolver: deps.resolver,
      connectTimeout: DELIVERY.timeoutMs,
    });
    const housekeeping = new Housekeeping(db, outbox, {
      now,
      historyDays: config.historyDays,
      delivery: { webhookSecret: config.webhookSecret, smtpUrl: config.smtpUrl, dispatcher: guard.dispatcher },
      observer,
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
    return new MonitorSystem(db, parts, outbox, scheduler, observer, guard);
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
    tell(this.observer, 'schedulerStarted', { scheduler: this.schedulerName });
  }

  /** The scheduler's name in log lines: `local` (a timer) or `pg-boss`. */
  private get schedulerName(): 'local' | 'pg-boss' {
    return this.db.kind === 'embedded' ? 'local' : 'pg-boss';
  }

  /** One scheduler pass now: for tests, which drive the clock. */
  tick(): Promise<void> {
    return this.scheduler.tick();
  }

  /** Whether the database answers a trivial query (the service's readiness probe asks). */
  async isReachable(): Promise<boolean> {
    try {
      await this.db.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  /** Alerts waiting to be delivered, of every monitor (the outbox's depth, for the operator's metrics). */
  pendingAlerts(): Promise<number> {
    return this.outbox.pendingCount();
  }

  /** Stops scheduling and closes the database. */
  async close(): Promise<void> {
    if (this.started) {
      await this.scheduler.stop();
      tell(this.observer, 'schedulerStopped', { scheduler: this.schedulerName });
    }
    await this.db.close();
    await this.guard.close();
  }

  /** Every monitor, as the API shows them (alert URLs redacted: src/monitor/alerts/redaction.ts). */
  async list(): Promise<Monitor[]> {
    return (await this.parts.store.list()).map(redactMonitor);
  }

  async get(id: string): Promise<Monitor> {
    return redactMonitor(await this.parts.store.get(id));
  }

  /** Creates a monitor from a caller's body (`MONITOR_INVALID` naming the field when it is wrong). */
  async create(body: unknown): Promise<Monitor> {
    const settings = this.deliverable(parseMonitorInput(body));
    return redactMonitor(await this.parts.store.create(settings, this.parts.now()));
  }

  /** Replaces a monitor's settings; an alert URL sent back redacted, as `get` showed it, keeps the stored one. */
  async replace(id: string, body: unknown): Promise<Monitor> {
    const parsed = parseMonitorInput(body);
    const settings = this.deliverable(restoreRedacted(parsed, await this.parts.store.get(id)));
    return redactMonitor(await this.parts.store.replace(id, settings, this.parts.now()));
  }

  remove(id: string): Promise<void> {
    return this.parts.store.remove(id);
  }

  async setPaused(id: string, paused: boolean): Promise<Monitor> {
    return redactMonitor(await this.parts.store.setPaused(id, paused, this.parts.now()));
  }

  /** Refuses an e-mail channel this instance could not send: no SMTP server, or nobody to send to. */
  private deliverable(settings: MonitorSettings): MonitorSettings {
    const { smtpUrl, emailTo } = this.parts.alerts;
    for (const [index, channel] of (settings.alerts ?? []).entries()) {
      // A URL as the API shows it (redacted) that matched no stored one, say an export imported elsewhere, would be
      // kept and never deliver: refused, so that nothing is lost without a word.
      if ('url' in channel && isRedactedUrl(channel.url)) {
        throw monitorError(
          'MONITOR_INVALID',
          `Invalid field "alerts.${index}.url": it is redacted, as the API shows webhook URLs; give the full URL`,
          { parameter: `alerts.${index}.url` },
        );
      }
      const refused = 'url' in channel ? this.guard.refusal(channel.url) : undefined;
      if (refused !== undefined) {
        throw monitorError('MONITOR_INVALID', `Invalid field "alerts.${index}.url": ${refused}`, {
          parameter: `alerts.${index}.url`,
        });
      }
      if (channel.type !== 'email') continue;
      const why =
        smtpUrl === undefined
          ? 'e-mail alerts need HOPLENS_SMTP_URL on this instance'
          : (channel.to ?? emailTo ?? []).length === 0
            ? 'names no recipient ("to"), and HOPLENS_ALERT_EMAIL_TO is not set'
            : undefined;
      if (why !== undefined) {
        throw monitorError('MONITOR_INVALID', `Invalid field "alerts.${index}": ${why}`, {
          parameter: `alerts.${index}`,
        });
      }
    }
    return settings;
  }

  /** Runs a monitor at once, outside its schedule, and records the run like a scheduled one. */
  async runNow(id: string): Promise<Run> {
    const run = await runMonitor(this.parts, id, undefined, 'manual');
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
  async alerts(id: string): Promise<AlertRecord[]> {
    return (await this.outbox.of(id)).map(redactRecord);
  }
}
