/**
 * PostgreSQL restarted under two `hoplens crawl --worker` processes of the built CLI (issue 41; docs/crawl.md, "When
 * a worker stops": a worker whose database fails under it stops its fetches, gives its leases back when it can and
 * exits with the error). The server is stopped as a crash would stop it (`pg_ctl -m immediate`: every connection
 * cut), kept down a moment, and started again on the same port. Each worker must then end within a bound, with the
 * crawl done or with a one-line error, never hang; a worker started afterwards resumes the crawl to its end, and the
 * combined report holds every link of the site exactly once: no page lost, none recorded twice.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, killChildren, type SpawnOutcome, spawnCli } from '../helpers/cli.js';
import { type GraphSite, graphLinks, startGraphSite } from '../helpers/crawl-graph-site.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres-server.js';

const PAGES = 120;
const DELAY_MS = 20;
/** How long after the restart both workers must have ended: generous, for a loaded two-core machine. */
const END_WITHIN_MS = 60_000;

let postgres: TestPostgres;
let site: GraphSite;
beforeAll(async () => {
  assertBuilt();
  [postgres, site] = await Promise.all([startPostgres(), startGraphSite(PAGES, DELAY_MS)]);
}, 60_000);
afterEach(() => killChildren());
afterAll(async () => {
  await Promise.all([site?.stop(), postgres?.stop()]);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function worker(databaseUrl: string): Promise<SpawnOutcome> {
  const args = ['crawl', `${site.origin}/p/0`, '--worker', '--crawl-id', 'restarted', '--lease', '2'];
  // Killed (signal SIGKILL) past twice the bound, so that a hang shows as a hang and not as the test's timeout.
  return spawnCli(args, { env: { DATABASE_URL: databaseUrl }, timeoutMs: 2 * END_WITHIN_MS + 60_000 });
}

async function count(databaseUrl: string, text: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(text)).rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Each worker's end: done (exit 0), or the error in one line (no stack trace), within the bound. */
function expectEnded(outcome: SpawnOutcome, endedMs: number): void {
  expect(outcome.signal, `a worker hung: ${outcome.stderr}`).toBeNull();
  expect(endedMs).toBeLessThan(END_WITHIN_MS);
  if (outcome.code === 0) {
    expect(outcome.stderr).toContain('crawl "restarted" done');
    return;
  }
  // DATABASE_UNAVAILABLE (exit 2), the server's words: not an internal error (exit 70) nor a stack trace.
  expect(outcome.code, outcome.stderr).toBe(2);
  expect(outcome.stderr.trim()).toMatch(/^hoplens: cannot use DATABASE_URL's PostgreSQL: [^\n]+$/);
}

describe('PostgreSQL restarted under two crawl workers', () => {
  it('each worker ends within the bound, done or with the error; a new worker resumes the crawl to its end', async () => {
    const databaseUrl = await postgres.createDatabase();
    const pages = () =>
      count(databaseUrl, "SELECT count(*) AS n FROM hoplens_crawl_pages WHERE crawl_id = 'restarted'");
    const first = worker(databaseUrl);
    const second = worker(databaseUrl);

    // A quarter of the pages recorded, then the crash and restart.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await pages().catch(() => 0)) < PAGES / 4) await sleep(50);
    const restarted = Date.now();
    await postgres.restart(1_000);
    const ended = await Promise.all(
      [first, second].map((run) => run.then((out) => ({ out, ms: Date.now() - restarted }))),
    );
    for (const { out, ms } of ended) expectEnded(out, ms);

    // Resumed by a worker started now: the crawl ends, nothing left queued or leased.
    const resumed = await worker(databaseUrl);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('crawl "restarted" done');
    const left = await count(
      databaseUrl,
      `SELECT (SELECT count(*) FROM hoplens_crawl_frontier WHERE crawl_id = 'restarted' AND state <> 'done')
            + (SELECT count(*) FROM hoplens_crawl_targets WHERE crawl_id = 'restarted' AND state <> 'done') AS n`,
    );
    expect(left).toBe(0);

    // The report: every link the site plants, each once.
    const report = await spawnCli(['crawl', 'report', '--crawl-id', 'restarted', '--format', 'ndjson'], {
      env: { DATABASE_URL: databaseUrl },
      timeoutMs: 60_000,
    });
    const links = report.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind?: string; source?: string; extra?: Record<string, string> })
      .filter((row) => row.kind !== 'summary')
      .map((row) => `${row.extra?.page} -> ${row.source} (${row.extra?.element})`);
    const planted = Array.from({ length: PAGES }, (_, n) =>
      graphLinks(n, PAGES)
        .filter((link) => !link.path.startsWith('/p/'))
        .map((link) => `${site.origin}/p/${n} -> ${site.origin}${link.path} (a)`),
    ).flat();
    expect(new Set(links).size).toBe(links.length);
    expect([...links].sort()).toEqual([...planted].sort());
  }, 300_000);
});
