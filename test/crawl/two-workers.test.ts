/**
 * The crawl past one machine (issue 31, "Past one machine"; docs/crawl.md): two `hoplens crawl --worker` processes
 * of the built CLI share one crawl of a synthetic site (test/fixtures/crawl-graph/site.mjs, its own process) through
 * a real PostgreSQL; one is killed with SIGKILL mid-run and the other finishes the crawl. The same site crawled by one
 * worker alone first gives each path's expected number of requests: the shared run must make exactly as many, except
 * on the paths of the entries the killed worker held (at most one more each), and `crawl report` must list exactly
 * the links the lone crawl reported, each once. Leases are claimed with `FOR UPDATE SKIP LOCKED`
 * (https://www.postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE).
 */
import type { ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, type SpawnOutcome, spawnCli } from '../helpers/cli.js';
import { type GraphSite, graphLinks, startGraphSite } from '../helpers/crawl-graph-site.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres-server.js';

const PAGES = 120;
const DELAY_MS = 20;

let postgres: TestPostgres;
let site: GraphSite;
beforeAll(async () => {
  assertBuilt();
  [postgres, site] = await Promise.all([startPostgres(), startGraphSite(PAGES, DELAY_MS)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([site?.stop(), postgres?.stop()]);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function worker(databaseUrl: string, crawlId: string, onSpawn?: (child: ChildProcess) => void): Promise<SpawnOutcome> {
  const args = ['crawl', `${site.origin}/p/0`, '--worker', '--crawl-id', crawlId, '--lease', '2'];
  return spawnCli(args, { env: { DATABASE_URL: databaseUrl }, timeoutMs: 120_000, ...(onSpawn ? { onSpawn } : {}) });
}

async function report(databaseUrl: string, crawlId: string): Promise<string[]> {
  const out = await spawnCli(['crawl', 'report', '--crawl-id', crawlId, '--format', 'ndjson'], {
    env: { DATABASE_URL: databaseUrl },
    timeoutMs: 60_000,
  });
  expect(out.stderr).not.toMatch(/error/i);
  return out.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { kind?: string; source?: string; extra?: Record<string, string> })
    .filter((row) => row.kind !== 'summary')
    .map((row) => `${row.extra?.page} -> ${row.source} (${row.extra?.element})`);
}

/** Requests per `METHOD /path` made since `before`, robots.txt left out (each process reads its own). */
function since(before: Record<string, number>, after: Record<string, number>): Map<string, number> {
  const made = new Map<string, number>();
  for (const [key, count] of Object.entries(after)) {
    if (key.endsWith('/robots.txt')) continue;
    const extra = count - (before[key] ?? 0);
    if (extra > 0) made.set(key, extra);
  }
  return made;
}

/** The paths the entry at `url` may request: itself, and a redirect's target. */
function pathsOf(url: string): string[] {
  const path = new URL(url).pathname;
  const moved = /^\/old\/(\d+)$/.exec(path);
  return moved === null ? [path] : [path, `/p/${moved[1]}`];
}

async function sql<Row>(databaseUrl: string, text: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

describe('two crawl workers on one PostgreSQL, one killed', () => {
  it("fetch every page once across workers but the killed one's in-flight entries, and report each link once", async () => {
    const databaseUrl = await postgres.createDatabase();

    // One worker alone: the requests each path gets in a crawl, and the report.
    const start = await site.hits();
    const alone = await worker(databaseUrl, 'alone');
    expect(alone.code, alone.stderr).toBe(0);
    const middle = await site.hits();
    const expected = since(start, middle);
    const aloneReport = await report(databaseUrl, 'alone');

    // The site's graph, as the lone crawl found it: every page, its redirect, its 404s, and only those.
    const planted = Array.from({ length: PAGES }, (_, n) =>
      graphLinks(n, PAGES)
        .filter((link) => !link.path.startsWith('/p/'))
        .map((link) => `${site.origin}/p/${n} -> ${site.origin}${link.path} (a)`),
    ).flat();
    expect([...aloneReport].sort()).toEqual([...planted].sort());

    // Two workers; the first killed once a quarter of the pages are recorded.
    let first: ChildProcess | undefined;
    const firstRun = worker(databaseUrl, 'shared', (child) => {
      first = child;
    });
    const secondRun = worker(databaseUrl, 'shared');
    const pagesOf = async () =>
      Number(
        (
          await sql<{ n: string }>(
            databaseUrl,
            "SELECT count(*) AS n FROM hoplens_crawl_pages WHERE crawl_id = 'shared'",
          )
        )[0]?.n ?? 0,
      );
    const deadline = Date.now() + 60_000;
    while ((await pagesOf()) < PAGES / 2 && Date.now() < deadline) await sleep(50);
    const holder = `${hostname()}:${first?.pid}`;
    first?.kill('SIGKILL');
    const killed = await firstRun;
    expect(killed.signal).toBe('SIGKILL');
    const pagesAtKill = await pagesOf();
    // What it held when it died: the frontier entries and link targets under its lease.
    const inFlight = await sql<{ url: string }>(
      databaseUrl,
      `SELECT url FROM hoplens_crawl_frontier WHERE crawl_id = 'shared' AND holder = $1 AND state = 'queued' AND lease IS NOT NULL
       UNION ALL
       SELECT url FROM hoplens_crawl_targets WHERE crawl_id = 'shared' AND holder = $1 AND state = 'queued' AND lease IS NOT NULL`,
      [holder],
    );
    const survivor = await secondRun;
    expect(survivor.code, survivor.stderr).toBe(0);
    expect(survivor.stderr).toContain('crawl "shared" done');

    // Both worked: the killed one recorded pages before it died, the survivor went on past them.
    const byKilled = await sql<{ n: string }>(
      databaseUrl,
      "SELECT count(*) AS n FROM hoplens_crawl_frontier WHERE crawl_id = 'shared' AND holder = $1 AND state = 'done'",
      [holder],
    );
    expect(Number(byKilled[0]?.n)).toBeGreaterThan(0);
    expect(pagesAtKill).toBeLessThan(PAGES * 2);
    const left = await sql<{ n: string }>(
      databaseUrl,
      `SELECT (SELECT count(*) FROM hoplens_crawl_frontier WHERE crawl_id = 'shared' AND state <> 'done')
            + (SELECT count(*) FROM hoplens_crawl_targets WHERE crawl_id = 'shared' AND state <> 'done') AS n`,
    );
    expect(Number(left[0]?.n)).toBe(0);

    // Requests: as many as alone on every path, but those the killed worker's entries reach, at most one more each.
    const made = since(middle, await site.hits());
    const slack = new Map<string, number>();
    for (const { url } of inFlight) {
      for (const path of pathsOf(url)) slack.set(`GET ${path}`, (slack.get(`GET ${path}`) ?? 0) + 1);
    }
    const keys = new Set([...expected.keys(), ...made.keys()]);
    const off = [...keys].filter((key) => {
      const extra = (made.get(key) ?? 0) - (expected.get(key) ?? 0);
      return extra < 0 || extra > (slack.get(key) ?? 0);
    });
    expect(off.map((key) => `${key}: ${made.get(key) ?? 0} made, ${expected.get(key) ?? 0} alone`)).toEqual([]);

    // The combined report: exactly the lone crawl's links, each once.
    const shared = await report(databaseUrl, 'shared');
    expect(new Set(shared).size).toBe(shared.length);
    expect([...shared].sort()).toEqual([...aloneReport].sort());
  }, 240_000);
});
