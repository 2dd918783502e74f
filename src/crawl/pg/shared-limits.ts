/**
 * `--max-pages`, the sitemap budgets, `--per-host` and `--rate` held across every worker of a shared crawl, in its
 * PostgreSQL (src/crawl/shared-limits.ts says why). Each budget is a counter on the crawl's row, read and raised
 * under that row's lock (`SELECT ... FOR UPDATE`), so two workers admitting at once take turns and never pass it
 * together. A host's
 * turns are rows `(host, slot)`, one per `--per-host` turn, each held under a lease (a token and a time, as frontier
 * entries are): a killed worker's slot frees itself when its lease runs out. The rate is the crawl's next free moment:
 * each request moves it on by 1/rate seconds in one UPDATE and waits until the moment it got. Times are the
 * database's clock, the one every worker shares (https://www.postgresql.org/docs/current/explicit-locking.html#LOCKING-ROWS).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../database/index.js';
import type { FrontierEntry } from '../crawl-store.js';
import type { PacingGate, PageBudget, SitemapAllowance } from '../shared-limits.js';
import { renewalPeriod } from './lease-keeper.js';
import { retrying } from './retrying.js';

/** The crawl row's counter of each sitemap budget (a fixed name each: never a value put into the statement). */
const SITEMAP_COLUMNS: Readonly<Record<SitemapAllowance, string>> = {
  sitemaps: 'sitemaps_taken',
  sitemapUrls: 'sitemap_urls_taken',
};

/** How often a worker waiting for a host's turn asks again. */
const POLL_MS = 10;

export interface SharedLimitSettings {
  /** Requests per second over the whole crawl; undefined: no cap. */
  readonly rate?: number | undefined;
  /** How long a host's turn is held when its worker dies before it ends it (renewed while its worker lives). */
  readonly leaseMs: number;
}

export class PgSharedLimits implements PageBudget, PacingGate {
  constructor(
    private readonly db: Database,
    private readonly crawlId: string,
    private readonly settings: SharedLimitSettings,
  ) {}

  admitPages(entries: readonly FrontierEntry[], maxPages: number) {
    return retrying(() =>
      this.db.transaction(async (tx) => {
        const [row] = await tx.query<{ pages_admitted: string }>(
          'SELECT pages_admitted FROM hoplens_crawls WHERE id = $1 FOR UPDATE',
          [this.crawlId],
        );
        const room = Math.max(0, maxPages - Number(row?.pages_admitted ?? 0));
        // Only entries never seen are offered, in the order given, as many as there is room for.
        const unseen = await tx.query<{ url: string }>(
          `SELECT e.value->>'url' AS url FROM json_array_elements($2::json) WITH ORDINALITY AS e(value, n)
           WHERE NOT EXISTS (SELECT 1 FROM hoplens_crawl_frontier f
                             WHERE f.crawl_id = $1 AND f.url_key = md5(e.value->>'url'))
           ORDER BY e.n`,
          [this.crawlId, JSON.stringify(entries)],
        );
        const wanted = new Set(unseen.map((found) => found.url));
        const offered = entries.filter((entry) => wanted.delete(entry.url));
        const admitted = offered.slice(0, room);
        const inserted = await tx.query<{ url: string }>(
          `INSERT INTO hoplens_crawl_frontier (crawl_id, url_key, url, entry)
           SELECT $1, md5(e.value->>'url'), e.value->>'url', e.value FROM json_array_elements($2::json) AS e(value)
           ORDER BY md5(e.value->>'url')
           ON CONFLICT (crawl_id, url_key) DO NOTHING RETURNING url`,
          [this.crawlId, JSON.stringify(admitted)],
        );
        await tx.query('UPDATE hoplens_crawls SET pages_admitted = pages_admitted + $2 WHERE id = $1', [
          this.crawlId,
          inserted.length,
        ]);
        const added = new Set(inserted.map((found) => found.url));
        return { fresh: admitted.filter((entry) => added.has(entry.url)), capped: offered.slice(room) };
      }),
    );
  }

  async takeSitemapRoom(allowance: SitemapAllowance, wanted: number, max: number): Promise<number> {
    if (wanted <= 0) return 0;
    const column = SITEMAP_COLUMNS[allowance];
    // The row locked, read and raised in one statement: two workers taking room at once take turns on the row.
    const [row] = await retrying(() =>
      this.db.query<{ granted: string }>(
        `WITH before AS (SELECT ${column} AS taken FROM hoplens_crawls WHERE id = $1 FOR UPDATE)
         UPDATE hoplens_crawls c SET ${column} = least(before.taken + $2, greatest(before.taken, $3))
         FROM before WHERE c.id = $1 RETURNING c.${column} - before.taken AS granted`,
        [this.crawlId, wanted, max],
      ),
    );
    return Number(row?.granted ?? 0);
  }

  async enter(host: string, limit: number, signal?: AbortSignal): Promise<() => void> {
    const token = randomUUID();
    let slot: number | undefined;
    while (slot === undefined) {
      signal?.throwIfAborted();
      slot = await this.takeSlot(host, limit, token);
      if (slot === undefined) await sleep(POLL_MS, undefined, { signal });
    }
    try {
      await this.underRate(signal);
    } catch (error) {
      this.freeSlot(host, slot, token);
      throw error;
    }
    const taken = slot;
    // Renewed while held, as frontier leases are (src/crawl/pg/lease-keeper.ts): a request slower than the lease must
    // not let another worker in; a killed worker stops renewing, and its turn frees itself one lease later.
    const renewal = setInterval(
      () => void this.renewSlot(host, taken, token).catch(() => {}),
      renewalPeriod(this.settings.leaseMs),
    );
    renewal.unref();
    return () => {
      clearInterval(renewal);
      this.freeSlot(host, taken, token);
    };
  }

  private async renewSlot(host: string, slot: number, token: string): Promise<void> {
    await this.db.query(
      `UPDATE hoplens_crawl_host_slots SET lease_until = now() + make_interval(secs => $5::float8)
       WHERE crawl_id = $1 AND host = $2 AND slot = $3 AND token = $4`,
      [this.crawlId, host, slot, token, this.settings.leaseMs / 1000],
    );
  }

  /** One of the host's free slots (never taken, ended, or whose lease ran out), now under `token`. */
  private async takeSlot(host: string, limit: number, token: string): Promise<number | undefined> {
    const [row] = await retrying(() =>
      this.db.query<{ slot: number }>(
        `INSERT INTO hoplens_crawl_host_slots AS s (crawl_id, host, slot, token, lease_until)
         SELECT $1, $2, n, $3, now() + make_interval(secs => $4::float8) FROM generate_series(0, $5::int - 1) AS n
         ON CONFLICT (crawl_id, host, slot) DO UPDATE SET token = EXCLUDED.token, lease_until = EXCLUDED.lease_until
           WHERE s.token IS NULL OR s.lease_until < now()
         RETURNING slot`,
        [this.crawlId, host, token, this.settings.leaseMs / 1000, limit],
      ),
    );
    if (row === undefined) return undefined;
    // The statement may have taken several free slots at once: the first is kept, the others given back.
    await this.db.query(
      'UPDATE hoplens_crawl_host_slots SET token = NULL, lease_until = NULL WHERE crawl_id = $1 AND host = $2 AND token = $3 AND slot <> $4',
      [this.crawlId, host, token, row.slot],
    );
    return row.slot;
  }

  private freeSlot(host: string, slot: number, token: string): void {
    // Not awaited: the turn is over for this worker either way, and a slot not freed frees itself at its lease's end.
    void this.db
      .query(
        'UPDATE hoplens_crawl_host_slots SET token = NULL, lease_until = NULL WHERE crawl_id = $1 AND host = $2 AND slot = $3 AND token = $4',
        [this.crawlId, host, slot, token],
      )
      .catch(() => {});
  }

  /** Waits for the crawl's next moment under its rate, having moved that moment on for the next request. */
  private async underRate(signal?: AbortSignal): Promise<void> {
    const rate = this.settings.rate;
    if (rate === undefined) return;
    const [row] = await retrying(() =>
      this.db.query<{ wait_ms: number }>(
        `UPDATE hoplens_crawls SET rate_next_at = greatest(coalesce(rate_next_at, now()), now()) + make_interval(secs => $2::float8)
         WHERE id = $1
         RETURNING (extract(epoch FROM rate_next_at - now()) * 1000)::float8 - $2::float8 * 1000 AS wait_ms`,
        [this.crawlId, 1 / rate],
      ),
    );
    const wait = row?.wait_ms ?? 0;
    if (wait > 0) await sleep(wait, undefined, { signal });
  }
}
