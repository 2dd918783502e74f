import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../database/index.js';
import { ALERT_POLICY } from '../../schemas/monitor.js';
import { monitorError } from '../errors.js';
import type { Monitor, MonitorSettings } from '../monitor.js';
import { isoTime, jsonValue, sqlTime } from './sql-values.js';

/** A row of `hoplens_monitors`. */
interface MonitorRow {
  id: string;
  url: string;
  settings: unknown;
  interval_s: number;
  paused: boolean;
  state: Monitor['state'];
  last_run_at: unknown;
  next_run_at: unknown;
  created_at: unknown;
  updated_at: unknown;
}

/** The settings kept as JSON: everything but what the scheduler queries by. */
type StoredSettings = Pick<
  MonitorSettings,
  'expect' | 'options' | 'labels' | 'alerts' | 'alertAfter' | 'alertAfterInconclusive' | 'remindEvery' | 'maintenance'
>;

const COLUMNS = 'id, url, settings, interval_s, paused, state, last_run_at, next_run_at, created_at, updated_at';

function toMonitor(row: MonitorRow): Monitor {
  const settings = jsonValue<StoredSettings>(row.settings);
  return {
    id: row.id,
    url: row.url,
    expect: settings.expect,
    interval: row.interval_s,
    options: settings.options,
    labels: settings.labels,
    paused: row.paused,
    ...(settings.alerts !== undefined && { alerts: settings.alerts }),
    // Monitors stored before alertAfter existed alerted on their first failing run.
    alertAfter: settings.alertAfter ?? 1,
    // Monitors stored before it existed take its default.
    alertAfterInconclusive: settings.alertAfterInconclusive ?? ALERT_POLICY.alertAfterInconclusive.default,
    ...(settings.remindEvery !== undefined && { remindEvery: settings.remindEvery }),
    ...(settings.maintenance !== undefined && { maintenance: settings.maintenance }),
    state: row.state,
    lastRunAt: row.last_run_at === null ? null : isoTime(row.last_run_at),
    nextRunAt: isoTime(row.next_run_at),
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

function storedSettings(settings: MonitorSettings): string {
  const { expect, options, labels, alerts, alertAfter, alertAfterInconclusive, remindEvery, maintenance } = settings;
  return JSON.stringify({
    expect,
    options,
    labels,
    ...(alerts !== undefined && { alerts }),
    alertAfter,
    alertAfterInconclusive,
    ...(remindEvery !== undefined && { remindEvery }),
    ...(maintenance !== undefined && { maintenance }),
  });
}

/** Monitors in the database: created, read, replaced, paused, deleted, and claimed when due. */
export class MonitorStore {
  constructor(private readonly db: Database) {}

  /** Stores a new monitor, due at once (its first run tells its state). */
  async create(settings: MonitorSettings, now: number): Promise<Monitor> {
    const rows = await this.db.query<MonitorRow>(
      `INSERT INTO hoplens_monitors (id, url, settings, interval_s, paused, next_run_at, created_at, updated_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6::timestamptz, $6::timestamptz, $6::timestamptz) RETURNING ${COLUMNS}`,
      [randomUUID(), settings.url, storedSettings(settings), settings.interval, settings.paused, sqlTime(now)],
    );
    return toMonitor(rows[0] as MonitorRow);
  }

  async list(): Promise<Monitor[]> {
    const rows = await this.db.query<MonitorRow>(`SELECT ${COLUMNS} FROM hoplens_monitors ORDER BY created_at, id`);
    return rows.map(toMonitor);
  }

  /** The monitor, or a `MONITOR_NOT_FOUND` error. */
  async get(id: string, on: Queryable = this.db): Promise<Monitor> {
    const rows = await on.query<MonitorRow>(`SELECT ${COLUMNS} FROM hoplens_monitors WHERE id = $1`, [id]);
    return toMonitor(found(rows[0], id));
  }

  /** Replaces a monitor's settings; a new URL or interval makes it due at once. */
  async replace(id: string, settings: MonitorSettings, now: number): Promise<Monitor> {
    const rows = await this.db.query<MonitorRow>(
      `UPDATE hoplens_monitors SET url = $2, settings = $3::jsonb, interval_s = $4, paused = $5,
         next_run_at = CASE WHEN url <> $2 OR interval_s <> $4 THEN $6::timestamptz ELSE next_run_at END,
         updated_at = $6::timestamptz
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, settings.url, storedSettings(settings), settings.interval, settings.paused, sqlTime(now)],
    );
    return toMonitor(found(rows[0], id));
  }

  /** Pauses or resumes; a resumed monitor is due at once. */
  async setPaused(id: string, paused: boolean, now: number): Promise<Monitor> {
    const rows = await this.db.query<MonitorRow>(
      `UPDATE hoplens_monitors SET paused = $2, updated_at = $3::timestamptz,
         next_run_at = CASE WHEN $2 THEN next_run_at ELSE $3::timestamptz END
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, paused, sqlTime(now)],
    );
    return toMonitor(found(rows[0], id));
  }

  /** Deletes a monitor with its history and pending alerts. */
  async remove(id: string): Promise<void> {
    const rows = await this.db.query<{ id: string }>('DELETE FROM hoplens_monitors WHERE id = $1 RETURNING id', [id]);
    found(rows[0], id);
  }

  /**
   * Claims up to `limit` due monitors and moves each one's next run to the first time of its schedule after `now`,
   * in one transaction; `enqueue` runs inside it, so a claim and what is done with it (a pg-boss job) commit together
   * or not at all. Rows another instance is claiming are skipped, not waited for: each due run is claimed once.
   * The schedule is the due time plus whole intervals, not the pick-up time plus one: a run picked up late does not
   * make every later run late too, and runs missed while nothing ran (a stopped service) are skipped, not caught up.
   */
  async claimDue(
    now: number,
    limit: number,
    enqueue: (tx: Queryable, ids: string[]) => Promise<void>,
  ): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string }>(
        `UPDATE hoplens_monitors AS m SET next_run_at = m.next_run_at + make_interval(secs => (m.interval_s *
           (floor(extract(epoch FROM $1::timestamptz - m.next_run_at) / m.interval_s) + 1))::double precision)
         WHERE m.id IN (
           SELECT id FROM hoplens_monitors WHERE NOT paused AND next_run_at <= $1::timestamptz
           ORDER BY next_run_at LIMIT $2 FOR UPDATE SKIP LOCKED
         ) RETURNING m.id`,
        [sqlTime(now), limit],
      );
      const ids = rows.map((row) => row.id);
      if (ids.length > 0) await enqueue(tx, ids);
      return ids;
    });
  }
}

function found<Row>(row: Row | undefined, id: string): Row {
  if (row === undefined) throw monitorError('MONITOR_NOT_FOUND', `No monitor ${JSON.stringify(id)}`);
  return row;
}
