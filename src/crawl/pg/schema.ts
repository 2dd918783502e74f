import type { Schema } from '../../database/index.js';

/**
 * The shared crawl's tables, apart from the monitors' (their own ledger and lock), every row tagged with its crawl's
 * id so that one database holds several crawls. A URL's key is its MD5: PostgreSQL's btree refuses a key past about
 * 2.7 kB and URLs may be longer, and the key is what makes the seen set (`ON CONFLICT DO NOTHING`).
 *
 * A frontier or target row is `queued` until it is `done`. A queued row can be taken when it has no lease or its
 * lease ran out (`lease_until` in the past), and its `not_before` (a Retry-After) has passed; taking it writes a new
 * lease token, so the killed worker's late `complete` finds the token changed and records nothing. `holder` names the worker that took
 * it last (host and process id), for an operator asking who holds what. Times are the
 * database's clock (`now()`), the one clock every worker on every machine shares. Records are `json`, not `jsonb`: kept
 * as written, so a report from PostgreSQL lists each record's fields in the order a local crawl's report does; a
 * frontier entry is kept whole (`entry`), so that a field the crawl adds to it travels without a migration.
 */
export const CRAWL_SCHEMA: Schema = {
  ledger: 'hoplens_crawl_schema_migrations',
  // "hopc" in ASCII: a different lock from the monitors' ("hopl").
  lock: 0x686f7063,
  steps: [
    [
      `CREATE TABLE hoplens_crawls (
     id text PRIMARY KEY,
     settings json NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
      `CREATE TABLE hoplens_crawl_frontier (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     crawl_id text NOT NULL REFERENCES hoplens_crawls (id) ON DELETE CASCADE,
     url_key text NOT NULL,
     url text NOT NULL,
     entry json NOT NULL,
     state text NOT NULL DEFAULT 'queued',
     lease text,
     holder text,
     lease_until timestamptz,
     not_before timestamptz,
     UNIQUE (crawl_id, url_key)
   )`,
      `CREATE INDEX hoplens_crawl_frontier_queued ON hoplens_crawl_frontier (crawl_id, id) WHERE state = 'queued'`,
      `CREATE TABLE hoplens_crawl_pages (
     frontier_id bigint PRIMARY KEY REFERENCES hoplens_crawl_frontier (id) ON DELETE CASCADE,
     crawl_id text NOT NULL,
     seq bigint GENERATED ALWAYS AS IDENTITY,
     record json NOT NULL
   )`,
      `CREATE INDEX hoplens_crawl_pages_order ON hoplens_crawl_pages (crawl_id, seq)`,
      `CREATE TABLE hoplens_crawl_links (
     seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     crawl_id text NOT NULL,
     frontier_id bigint NOT NULL REFERENCES hoplens_crawl_frontier (id) ON DELETE CASCADE,
     record json NOT NULL
   )`,
      `CREATE INDEX hoplens_crawl_links_order ON hoplens_crawl_links (crawl_id, seq)`,
      `CREATE TABLE hoplens_crawl_targets (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     crawl_id text NOT NULL REFERENCES hoplens_crawls (id) ON DELETE CASCADE,
     url_key text NOT NULL,
     url text NOT NULL,
     state text NOT NULL DEFAULT 'queued',
     lease text,
     holder text,
     lease_until timestamptz,
     not_before timestamptz,
     done_seq bigint,
     record json,
     UNIQUE (crawl_id, url_key)
   )`,
      `CREATE INDEX hoplens_crawl_targets_queued ON hoplens_crawl_targets (crawl_id, id) WHERE state = 'queued'`,
      `CREATE INDEX hoplens_crawl_targets_done ON hoplens_crawl_targets (crawl_id, done_seq) WHERE state = 'done'`,
      `CREATE SEQUENCE hoplens_crawl_targets_done_seq`,
      `CREATE TABLE hoplens_crawl_cuts (
     seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     crawl_id text NOT NULL REFERENCES hoplens_crawls (id) ON DELETE CASCADE,
     url_key text NOT NULL,
     reason text NOT NULL,
     record json NOT NULL,
     UNIQUE (crawl_id, url_key, reason)
   )`,
    ],
    // Limits held across all workers (src/crawl/pg/shared-limits.ts): the pages admitted against --max-pages, the
    // next free moment under --rate, and each host's --per-host slots, each slot held under a lease of its own.
    [
      `ALTER TABLE hoplens_crawls ADD COLUMN pages_admitted bigint NOT NULL DEFAULT 0,
     ADD COLUMN rate_next_at timestamptz`,
      `CREATE TABLE hoplens_crawl_host_slots (
     crawl_id text NOT NULL REFERENCES hoplens_crawls (id) ON DELETE CASCADE,
     host text NOT NULL,
     slot integer NOT NULL,
     token text,
     lease_until timestamptz,
     PRIMARY KEY (crawl_id, host, slot)
   )`,
    ],
    // The sitemap budgets held across all workers (--max-sitemaps, --max-sitemap-urls: issue 41).
    [
      `ALTER TABLE hoplens_crawls ADD COLUMN sitemaps_taken bigint NOT NULL DEFAULT 0,
     ADD COLUMN sitemap_urls_taken bigint NOT NULL DEFAULT 0`,
    ],
  ],
};
