import { hostname } from 'node:os';
import type { Database } from '../../database/index.js';
import type {
  CrawlStore,
  CutRecord,
  FrontierEntry,
  Leased,
  LinkRecord,
  PageRecord,
  StoreCounts,
  TargetRecord,
} from '../crawl-store.js';
import { LeaseKeeper } from './lease-keeper.js';
import {
  finishRow,
  type LeasedTable,
  leaseOf,
  releaseRow,
  releaseRows,
  type TakenRow,
  takeRows,
} from './leased-table.js';
import { retrying } from './retrying.js';
import { PgSharedLimits, type SharedLimitSettings } from './shared-limits.js';

const FRONTIER: LeasedTable = 'hoplens_crawl_frontier';
const TARGETS: LeasedTable = 'hoplens_crawl_targets';

/** Records read per query when a report walks a table. */
const PAGE_SIZE = 1000;

interface FrontierRow extends TakenRow {
  entry: FrontierEntry;
}

/** Rows in the order they were taken (RETURNING keeps no order). */
const byId = <Row extends TakenRow>(rows: Row[]) => rows.sort((a, b) => Number(a.id) - Number(b.id));

/**
 * A crawl's store in a shared PostgreSQL (src/crawl/pg/schema.ts): every worker of the crawl opens one on the same
 * crawl id. The frontier's unique URL key is the seen set, so a URL two workers find at once is queued once; each
 * entry is fetched by the worker holding its lease, and its page recorded only under that lease. Leases are renewed
 * while this process lives (src/crawl/pg/lease-keeper.ts).
 */
export class PgCrawlStore implements CrawlStore {
  private readonly keeper: LeaseKeeper;

  constructor(
    private readonly db: Database,
    readonly crawlId: string,
    /** This worker's name in the tables' `holder` column: its host and process id by default. */
    readonly holder = `${hostname()}:${process.pid}`,
  ) {
    this.keeper = new LeaseKeeper(db);
  }

  /** The crawl's `--max-pages`, `--per-host` and `--rate`, held with every other worker of it. */
  sharedLimits(settings: SharedLimitSettings): PgSharedLimits {
    return new PgSharedLimits(this.db, this.crawlId, settings);
  }

  async enqueue(entries: readonly FrontierEntry[]): Promise<FrontierEntry[]> {
    if (entries.length === 0) return [];
    // Rows are inserted in key order, the same in every worker, so that two inserts wait on each other in one order.
    const rows = await retrying(() =>
      this.db.query<{ url: string }>(
        `INSERT INTO hoplens_crawl_frontier (crawl_id, url_key, url, entry)
         SELECT $1, md5(e.value->>'url'), e.value->>'url', e.value
         FROM json_array_elements($2::json) AS e(value)
         ORDER BY md5(e.value->>'url')
         ON CONFLICT (crawl_id, url_key) DO NOTHING RETURNING url`,
        [this.crawlId, JSON.stringify(entries)],
      ),
    );
    return firstOf(entries, (entry) => entry.url, rows);
  }

  async take(count: number, leaseMs: number): Promise<Leased<FrontierEntry>[]> {
    const args = { crawlId: this.crawlId, count, leaseMs, holder: this.holder };
    const rows = await retrying(() => takeRows<FrontierRow>(this.db, FRONTIER, 't.entry', args));
    const taken = byId(rows).map((row) => ({
      item: row.entry,
      lease: leaseOf(row),
      until: row.lease_until.getTime(),
    }));
    this.keeper.hold(
      FRONTIER,
      taken.map((entry) => entry.lease),
      leaseMs,
    );
    return taken;
  }

  complete(lease: string, page: PageRecord, links: readonly LinkRecord[]): Promise<boolean> {
    this.keeper.drop(lease);
    return retrying(() =>
      this.db.transaction(async (tx) => {
        const id = await finishRow(tx, FRONTIER, lease);
        if (id === undefined) return false;
        await tx.query('INSERT INTO hoplens_crawl_pages (frontier_id, crawl_id, record) VALUES ($1, $2, $3::json)', [
          id,
          this.crawlId,
          JSON.stringify(page),
        ]);
        if (links.length > 0) {
          await tx.query(
            `INSERT INTO hoplens_crawl_links (crawl_id, frontier_id, record)
             SELECT $1, $2, l.value FROM json_array_elements($3::json) WITH ORDINALITY AS l(value, n) ORDER BY l.n`,
            [this.crawlId, id, JSON.stringify(links)],
          );
        }
        return true;
      }),
    );
  }

  async release(lease: string, notBefore?: number): Promise<void> {
    this.keeper.drop(lease);
    await retrying(() => releaseRow(this.db, FRONTIER, lease, notBefore));
  }

  async addTargets(urls: readonly string[]): Promise<string[]> {
    if (urls.length === 0) return [];
    const rows = await retrying(() =>
      this.db.query<{ url: string }>(
        `INSERT INTO hoplens_crawl_targets (crawl_id, url_key, url)
         SELECT $1, md5(u.url), u.url FROM unnest($2::text[]) AS u(url) ORDER BY md5(u.url)
         ON CONFLICT (crawl_id, url_key) DO NOTHING RETURNING url`,
        [this.crawlId, [...urls]],
      ),
    );
    return firstOf(urls, (url) => url, rows);
  }

  async takeTargets(count: number, leaseMs: number): Promise<Leased<string>[]> {
    const args = { crawlId: this.crawlId, count, leaseMs, holder: this.holder };
    const rows = await retrying(() => takeRows<TakenRow & { url: string }>(this.db, TARGETS, 't.url', args));
    const taken = byId(rows).map((row) => ({ item: row.url, lease: leaseOf(row), until: row.lease_until.getTime() }));
    this.keeper.hold(
      TARGETS,
      taken.map((target) => target.lease),
      leaseMs,
    );
    return taken;
  }

  async saveTarget(lease: string, record: TargetRecord): Promise<boolean> {
    this.keeper.drop(lease);
    const set = `, record = $3::json, done_seq = nextval('hoplens_crawl_targets_done_seq')`;
    const id = await retrying(() => finishRow(this.db, TARGETS, lease, set, [JSON.stringify(record)]));
    return id !== undefined;
  }

  async releaseTarget(lease: string, notBefore?: number): Promise<void> {
    this.keeper.drop(lease);
    await retrying(() => releaseRow(this.db, TARGETS, lease, notBefore));
  }

  async cut(record: CutRecord): Promise<void> {
    // Two workers may cut one URL for one reason: the report names it once.
    await retrying(() =>
      this.db.query(
        `INSERT INTO hoplens_crawl_cuts (crawl_id, url_key, reason, record) VALUES ($1, md5($2), $3, $4::json)
         ON CONFLICT (crawl_id, url_key, reason) DO NOTHING`,
        [this.crawlId, record.url, record.reason, JSON.stringify(record)],
      ),
    );
  }

  async counts(): Promise<StoreCounts> {
    const [row] = await this.db.query<Record<keyof StoreCounts, string>>(
      `SELECT
         (SELECT count(*) FROM hoplens_crawl_frontier WHERE crawl_id = $1 AND state = 'queued'
            AND (lease_until IS NULL OR lease_until < now())) AS queued,
         (SELECT count(*) FROM hoplens_crawl_frontier WHERE crawl_id = $1 AND state = 'queued'
            AND lease_until >= now()) AS leased,
         (SELECT count(*) FROM hoplens_crawl_pages WHERE crawl_id = $1) AS pages,
         (SELECT count(*) FROM hoplens_crawl_targets WHERE crawl_id = $1 AND state = 'queued') AS "targetsQueued",
         (SELECT count(*) FROM hoplens_crawl_targets WHERE crawl_id = $1 AND state = 'done') AS "targetsDone",
         (SELECT count(*) FROM hoplens_crawl_frontier WHERE crawl_id = $1) AS seen`,
      [this.crawlId],
    );
    const count = (key: keyof StoreCounts) => Number(row?.[key] ?? 0);
    return {
      queued: count('queued'),
      leased: count('leased'),
      pages: count('pages'),
      targetsQueued: count('targetsQueued'),
      targetsDone: count('targetsDone'),
      seen: count('seen'),
    };
  }

  entries(): AsyncIterable<FrontierEntry> {
    return this.walk<FrontierEntry>('hoplens_crawl_frontier', 'id', '', 'entry');
  }

  pages(): AsyncIterable<PageRecord> {
    return this.walk<PageRecord>('hoplens_crawl_pages', 'seq', '');
  }

  links(): AsyncIterable<LinkRecord> {
    return this.walk<LinkRecord>('hoplens_crawl_links', 'seq', '');
  }

  targets(): AsyncIterable<TargetRecord> {
    return this.walk<TargetRecord>('hoplens_crawl_targets', 'done_seq', "AND state = 'done'");
  }

  cuts(): AsyncIterable<CutRecord> {
    return this.walk<CutRecord>('hoplens_crawl_cuts', 'seq', '');
  }

  /**
   * Gives back the leases this worker still holds (stopped by Ctrl-C mid-page: the others need not wait a lease for
   * them), then closes its connections.
   */
  async close(): Promise<void> {
    try {
      for (const [table, leases] of this.keeper.stop()) await releaseRows(this.db, table, leases);
    } finally {
      await this.db.close();
    }
  }

  /** A table's records in the order they were recorded, a page of rows per query (keyset, not OFFSET). */
  private async *walk<T>(table: string, order: string, where: string, column = 'record'): AsyncGenerator<T> {
    let after = '0';
    for (;;) {
      const rows = await this.db.query<{ at: string; record: T }>(
        `SELECT ${order}::text AS at, ${column} AS record FROM ${table}
         WHERE crawl_id = $1 ${where} AND ${order} > $2::bigint ORDER BY ${order} LIMIT $3`,
        [this.crawlId, after, PAGE_SIZE],
      );
      for (const row of rows) yield row.record;
      const last = rows.at(-1);
      if (last === undefined || rows.length < PAGE_SIZE) return;
      after = last.at;
    }
  }
}

/** The items whose key the insert returned, each once, in the order given. */
function firstOf<T>(items: readonly T[], key: (item: T) => string, rows: readonly { url: string }[]): T[] {
  const added = new Set(rows.map((row) => row.url));
  return items.filter((item) => added.delete(key(item)));
}
