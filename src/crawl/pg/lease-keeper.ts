import type { Queryable } from '../../database/index.js';
import { type LeasedTable, renewRows } from './leased-table.js';

/** The shortest pause between two renewals, whatever the lease. */
const MIN_RENEW_MS = 100;

/** How often a lease of `leaseMs` is renewed while held: every third of it, so two renewals may fail in a row. */
export function renewalPeriod(leaseMs: number): number {
  return Math.max(MIN_RENEW_MS, Math.floor(leaseMs / 3));
}

/**
 * Keeps this process's leases alive while it works on them: every third of a lease it moves their end ahead. A page
 * slower to fetch than its lease is therefore not handed to a second worker while the first is alive, and a worker
 * that is killed stops renewing, so its entries come back one lease after its death. Renewal errors are left to the
 * next tick: a lease that lapses meanwhile is at worst fetched twice, never lost.
 */
export class LeaseKeeper {
  private readonly held = new Map<string, { table: LeasedTable; leaseMs: number }>();
  private timer: NodeJS.Timeout | undefined;
  private period = Number.POSITIVE_INFINITY;

  constructor(private readonly db: Queryable) {}

  hold(table: LeasedTable, leases: readonly string[], leaseMs: number): void {
    for (const lease of leases) this.held.set(lease, { table, leaseMs });
    const period = renewalPeriod(leaseMs);
    if (this.timer === undefined || period < this.period) {
      this.period = period;
      clearInterval(this.timer);
      this.timer = setInterval(() => void this.renew().catch(() => {}), period);
      this.timer.unref();
    }
  }

  drop(lease: string): void {
    this.held.delete(lease);
  }

  /** Stops renewing; returns the leases still held, per table, for the caller to give back. */
  stop(): Map<LeasedTable, string[]> {
    clearInterval(this.timer);
    this.timer = undefined;
    const held = new Map<LeasedTable, string[]>();
    for (const [lease, { table }] of this.held) held.set(table, [...(held.get(table) ?? []), lease]);
    this.held.clear();
    return held;
  }

  private async renew(): Promise<void> {
    const groups = new Map<string, { table: LeasedTable; leaseMs: number; leases: string[] }>();
    for (const [lease, { table, leaseMs }] of this.held) {
      const key = `${table} ${leaseMs}`;
      const group = groups.get(key) ?? { table, leaseMs, leases: [] };
      group.leases.push(lease);
      groups.set(key, group);
    }
    for (const { table, leaseMs, leases } of groups.values()) await renewRows(this.db, table, leases, leaseMs);
  }
}
