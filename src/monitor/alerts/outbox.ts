import type { Database, Queryable } from '../../database/index.js';
import { isoTime, msTime, sqlTime } from '../storage/index.js';
import type { AlertMessage } from './message.js';

/** An alert waiting to be delivered. */
export interface PendingAlert extends AlertMessage {
  id: string;
  monitorId: string;
  event: string;
  attempts: number;
  /** When it was queued (ms): delivery is given up an hour after. */
  createdAt: number;
}

/** What is recorded of an alert's delivery, for the API and tests. */
export interface AlertRecord {
  id: string;
  monitorId: string;
  event: string;
  channel: string;
  url: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  /** When it was queued and, once delivered, when (ISO). */
  createdAt: string;
  sentAt: string | null;
}

/**
 * The alerts' outbox: alerts are written in the transaction that records the run, and delivered from here by
 * whichever instance polls first, so an alert due while its receiver is down, or while the service restarts, is not
 * lost.
 */
export class AlertOutbox {
  constructor(private readonly db: Database) {}

  /**
   * Queues alerts (inside the run's transaction), due at `at`: now, or the close of a maintenance window. A held
   * alert counts as queued when it is released, so its hour of retries starts then.
   */
  async add(on: Queryable, monitorId: string, event: string, messages: readonly AlertMessage[], at: number) {
    for (const message of messages) {
      await on.query(
        `INSERT INTO hoplens_alerts (monitor_id, event, channel, url, body, created_at, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $6::timestamptz)`,
        [monitorId, event, message.channel, message.url, message.body, sqlTime(at)],
      );
    }
  }

  /**
   * Drops a monitor's alerts still held by a maintenance window at `now` (queued for later, never tried); returns
   * how many. An alert being sent has been claimed, not held: its `created_at` is in the past.
   */
  async dropHeld(on: Queryable, monitorId: string, now: number): Promise<number> {
    const rows = await on.query(
      `DELETE FROM hoplens_alerts WHERE monitor_id = $1 AND status = 'pending' AND attempts = 0
         AND created_at > $2::timestamptz RETURNING id`,
      [monitorId, sqlTime(now)],
    );
    return rows.length;
  }

  /**
   * Claims up to `limit` alerts due at `now` for `leaseMs`: another instance will not take them meanwhile, and takes
   * them after, should this one die while sending.
   */
  async claim(now: number, leaseMs: number, limit: number): Promise<PendingAlert[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `UPDATE hoplens_alerts SET next_attempt_at = $2::timestamptz
       WHERE id IN (
         SELECT id FROM hoplens_alerts WHERE status = 'pending' AND next_attempt_at <= $1::timestamptz
         ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED
       ) RETURNING id::text AS id, monitor_id, event, channel, url, body, attempts, created_at`,
      [sqlTime(now), sqlTime(now + leaseMs), limit],
    );
    return rows.map((row) => ({
      id: row.id as string,
      monitorId: row.monitor_id as string,
      event: row.event as string,
      channel: row.channel as AlertMessage['channel'],
      url: row.url as string,
      body: row.body as string,
      attempts: row.attempts as number,
      createdAt: msTime(row.created_at) ?? now,
    }));
  }

  /** Records an attempt: sent, to be tried again at `retryAt`, or given up (`retryAt` undefined). */
  async settle(id: string, sent: boolean, now: number, error?: string, retryAt?: number): Promise<void> {
    const status = sent ? 'sent' : retryAt === undefined ? 'failed' : 'pending';
    await this.db.query(
      `UPDATE hoplens_alerts SET status = $2, attempts = attempts + 1, last_error = $3,
         sent_at = CASE WHEN $2 = 'sent' THEN $4::timestamptz ELSE NULL END,
         next_attempt_at = COALESCE($5::timestamptz, next_attempt_at)
       WHERE id = $1::bigint`,
      [id, status, error ?? null, sqlTime(now), retryAt === undefined ? null : sqlTime(retryAt)],
    );
  }

  /** Alerts waiting to be delivered (the operator's outbox depth), of every monitor. */
  async pendingCount(): Promise<number> {
    const rows = await this.db.query<{ pending: number | string }>(
      `SELECT count(*)::integer AS pending FROM hoplens_alerts WHERE status = 'pending'`,
    );
    return Number(rows[0]?.pending ?? 0);
  }

  /** Every alert of a monitor, oldest first. */
  async of(monitorId: string): Promise<AlertRecord[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT id::text AS id, monitor_id, event, channel, url, status, attempts, last_error, created_at, sent_at
       FROM hoplens_alerts WHERE monitor_id = $1 ORDER BY id`,
      [monitorId],
    );
    return rows.map((row) => ({
      id: row.id as string,
      monitorId: row.monitor_id as string,
      event: row.event as string,
      channel: row.channel as string,
      url: row.url as string,
      status: row.status as AlertRecord['status'],
      attempts: row.attempts as number,
      lastError: (row.last_error as string | null) ?? null,
      createdAt: isoTime(row.created_at),
      sentAt: row.sent_at === null || row.sent_at === undefined ? null : isoTime(row.sent_at),
    }));
  }
}
