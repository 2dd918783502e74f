/**
 * A shared crawl's limits hold for the whole crawl, not for each worker (src/crawl/pg/shared-limits.ts): two
 * `hoplens crawl --worker` processes of the built CLI on one real PostgreSQL (a private cluster, as in
 * two-workers.test.ts) crawl the synthetic graph site (test/fixtures/crawl-graph/site.mjs), which counts the requests
 * it has in flight and when they came. `--max-pages 30` must give 30 pages in all, not 30 each; `--per-host 1` must
 * never have two requests at the site at once; `--rate` must space every request of both workers by 1/rate. The budget
 * is a row read `FOR UPDATE`, and a host's turns are rows whose `INSERT ... ON CONFLICT DO UPDATE ... WHERE` only one
 * worker wins (https://www.postgresql.org/docs/current/sql-insert.html#SQL-ON-CONFLICT).
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, type SpawnOutcome, spawnCli } from '../helpers/cli.js';
import { type GraphSite, startGraphSite } from '../helpers/crawl-graph-site.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres-server.js';

const PAGES = 120;
const DELAY_MS = 20;

let postgres: TestPostgres;
let site: GraphSite | undefined;
beforeAll(async () => {
  assertBuilt();
  postgres = await startPostgres();
}, 60_000);
afterEach(async () => {
  await site?.stop();
  site = undefined;
});
afterAll(async () => {
  await postgres?.stop();
});

function worker(databaseUrl: string, crawlId: string, flags: string[], lease = 5): Promise<SpawnOutcome> {
  const args = ['crawl', `${site!.origin}/p/0`, '--worker', '--crawl-id', crawlId, '--lease', String(lease), ...flags];
  return spawnCli(args, { env: { DATABASE_URL: databaseUrl }, timeoutMs: 120_000 });
}

async function count(databaseUrl: string, text: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query(text)).rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Two workers started together on one crawl; both must end with exit 0. */
async function twoWorkers(databaseUrl: string, crawlId: string, flags: string[], lease = 5): Promise<void> {
  const [first, second] = await Promise.all([
    worker(databaseUrl, crawlId, flags, lease),
    worker(databaseUrl, crawlId, flags, lease),
  ]);
  expect(first.code, first.stderr).toBe(0);
  expect(second.code, second.stderr).toBe(0);
}

describe('two crawl workers share their limits', () => {
  it('--max-pages 30 gives 30 pages in all, and --per-host 1 one request at a time at the site', async () => {
    site = await startGraphSite(PAGES, DELAY_MS);
    const databaseUrl = await postgres.createDatabase();
    await twoWorkers(databaseUrl, 'capped', ['--max-pages', '30', '--per-host', '1']);
    const pages = await count(
      databaseUrl,
      "SELECT count(*) AS n FROM hoplens_crawl_pages WHERE crawl_id = 'capped' AND record->>'status' IS NOT NULL",
    );
    expect(pages).toBe(30);
    const hits = await site.hits();
    const pageGets = Object.keys(hits).filter((key) => /^GET \/(p|old)\//.test(key));
    // Every page fetched once (30), plus the analyses of the link targets: more than 30, far fewer than 60 pages' worth.
    expect(pageGets.length).toBeGreaterThanOrEqual(30);
    expect((await site.pace()).maxInFlight).toBe(1);
  }, 180_000);

  it('--per-host 1 holds while a request takes longer than the lease: the turn is renewed', async () => {
    // Each request takes 3 s against a lease of 2 s: a turn not renewed would lapse, and the other worker come in.
    // (A lease of 1 s left a loaded CI machine too little time to renew: 2 s leaves 1.3 s past each renewal's due.)
    site = await startGraphSite(PAGES, 3000);
    const databaseUrl = await postgres.createDatabase();
    await twoWorkers(databaseUrl, 'slow', ['--max-pages', '2', '--per-host', '1'], 2);
    expect((await site.pace()).maxInFlight).toBe(1);
  }, 180_000);

  it('--rate spaces the requests of both workers together', async () => {
    site = await startGraphSite(PAGES, 0);
    const databaseUrl = await postgres.createDatabase();
    const rate = 20;
    await twoWorkers(databaseUrl, 'paced', ['--max-pages', '8', '--rate', `${rate}/s`]);
    // Each turn of the pacer is one request: a page, a robots.txt, or a link target's analysis (whose redirect, if
    // any, is followed within the same turn). The turns of both workers, less the first, took 1/rate s each at least.
    const pages = await count(databaseUrl, "SELECT count(*) AS n FROM hoplens_crawl_pages WHERE crawl_id = 'paced'");
    const targets = await count(
      databaseUrl,
      "SELECT count(*) AS n FROM hoplens_crawl_targets WHERE crawl_id = 'paced' AND state = 'done'",
    );
    const turns = pages + targets;
    const { first, last } = await site.pace();
    expect(turns).toBeGreaterThan(20);
    // A little under, for the site's clock reading each request as it arrives, not as it was sent.
    expect(last - first).toBeGreaterThanOrEqual(((turns - 1) / rate) * 1000 * 0.9);
  }, 180_000);
});
