import type { Queryable } from '../../database/index.js';

/** The two tables whose rows are handed out under leases: pages to fetch and link targets to analyse. */
export type LeasedTable = 'hoplens_crawl_frontier' | 'hoplens_crawl_targets';

/** A row taken: its id, its new lease token and when the lease runs out (the database's clock). */
export interface TakenRow {
  id: string;
  lease: string;
  lease_until: Date;
}

/** A lease as the store hands it out: the row's id and its token, `42.7f3c...`. */
export function leaseOf(row: { id: string; lease: string }): string {
  return `${row.id}.${row.lease}`;
}

/** The row id and token of a lease given back; undefined for a string no store made. */
export function parseLease(lease: string): { id: string; token: string } | undefined {
  const dot = lease.indexOf('.');
  if (dot <= 0) return undefined;
  const id = lease.slice(0, dot);
  return /^\d+$/.test(id) ? { id, token: lease.slice(dot + 1) } : undefined;
}

/**
 * Takes up to `count` rows of a crawl that are queued and free (no lease, or one that ran out; past their
 * `not_before`), oldest first, and gives each a new lease token. `FOR UPDATE SKIP LOCKED` lets several workers take
 * at once without waiting on each other or taking the same row.
 */
export function takeRows<Row extends TakenRow>(
  db: Queryable,
  table: LeasedTable,
  columns: string,
  args: { crawlId: string; count: number; leaseMs: number; holder: string },
): Promise<Row[]> {
  return db.query<Row>(
    `WITH picked AS (
       SELECT id FROM ${table}
       WHERE crawl_id = $1 AND state = 'queued'
         AND (lease_until IS NULL OR lease_until < now()) AND (not_before IS NULL OR not_before <= now())
       ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     UPDATE ${table} t
     SET lease = gen_random_uuid()::text, lease_until = now() + make_interval(secs => $3), holder = $4
     FROM picked WHERE t.id = picked.id
     RETURNING t.id::text AS id, t.lease, t.lease_until, ${columns}`,
    [args.crawlId, args.count, args.leaseMs / 1000, args.holder],
  );
}

/**
 * Marks a leased row done if the lease is still its holder's: its token unchanged, which holds even after the lease
 * ran out as long as no other worker took the row since. Returns whether it did. `set` adds assignments (`$3`...).
 */
export async function finishRow(
  tx: Queryable,
  table: LeasedTable,
  lease: string,
  set = '',
  params: readonly unknown[] = [],
): Promise<string | undefined> {
  const parsed = parseLease(lease);
  if (parsed === undefined) return undefined;
  const rows = await tx.query<{ id: string }>(
    `UPDATE ${table} SET state = 'done', lease = NULL, lease_until = NULL${set}
     WHERE id = $1 AND lease = $2 AND state = 'queued' RETURNING id::text AS id`,
    [parsed.id, parsed.token, ...params],
  );
  return rows[0]?.id;
}

/** Gives a leased row back to the queue, not to be taken before `notBefore` (epoch ms) when given. */
export async function releaseRow(db: Queryable, table: LeasedTable, lease: string, notBefore?: number): Promise<void> {
  const parsed = parseLease(lease);
  if (parsed === undefined) return;
  await db.query(
    `UPDATE ${table} SET lease = NULL, lease_until = NULL, not_before = $3
     WHERE id = $1 AND lease = $2 AND state = 'queued'`,
    [parsed.id, parsed.token, notBefore === undefined ? null : new Date(notBefore)],
  );
}

/** Gives the given leases back at once, where they are still their holder's (a worker stopping). */
export async function releaseRows(db: Queryable, table: LeasedTable, leases: readonly string[]): Promise<void> {
  const parsed = leases.map(parseLease).filter((lease) => lease !== undefined);
  if (parsed.length === 0) return;
  await db.query(
    `UPDATE ${table} SET lease = NULL, lease_until = NULL
     WHERE id = ANY($1::bigint[]) AND lease = ANY($2::text[]) AND state = 'queued'`,
    [parsed.map((lease) => lease.id), parsed.map((lease) => lease.token)],
  );
}

/** Moves the end of the given leases `leaseMs` from now, where they are still their holder's. */
export async function renewRows(db: Queryable, table: LeasedTable, leases: readonly string[], leaseMs: number) {
  const parsed = leases.map(parseLease).filter((lease) => lease !== undefined);
  if (parsed.length === 0) return;
  await db.query(
    `UPDATE ${table} SET lease_until = now() + make_interval(secs => $3)
     WHERE id = ANY($1::bigint[]) AND lease = ANY($2::text[]) AND state = 'queued'`,
    [parsed.map((lease) => lease.id), parsed.map((lease) => lease.token), leaseMs / 1000],
  );
}
