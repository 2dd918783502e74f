/**
 * The crawl's PostgreSQL store, as several workers share it: two stores (two connection pools, as two processes
 * have) on one crawl of a real PostgreSQL. The seen set is the frontier's unique key (`INSERT ... ON CONFLICT DO
 * NOTHING`: https://www.postgresql.org/docs/current/sql-insert.html#SQL-ON-CONFLICT) and taking is `FOR UPDATE SKIP
 * LOCKED`, which skips rows another transaction holds instead of waiting for them
 * (https://www.postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrontierEntry, LinkRecord, PageRecord } from '../../src/crawl/index.js';
import { joinSharedCrawl, openSharedCrawl, PgCrawlStore, type SharedCrawl } from '../../src/crawl/pg/index.js';
import { openPgDatabase } from '../../src/database/index.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres-server.js';

let postgres: TestPostgres;
const cleanups = cleanupAfterEach();

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

const settings = { scope: 'site', maxPages: 100 };

async function worker(databaseUrl: string, crawlId = 'site-a', own: object = settings) {
  const crawl = await joinSharedCrawl(databaseUrl, crawlId, own);
  cleanups.push(() => crawl.store.close());
  return crawl;
}

const entry = (path: string, depth = 1): FrontierEntry => ({
  url: `http://127.0.0.1:9/${path}`,
  depth,
  source: 'link',
  referrer: 'http://127.0.0.1:9/',
});
const page = (url: string): PageRecord => ({ url, depth: 1, status: 200, contentType: 'text/html', links: 1 });
const link = (pageUrl: string, to: string): LinkRecord => ({
  page: pageUrl,
  element: 'a',
  url: to,
  raw: to,
  text: 'a link',
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('the shared crawl store', () => {
  it('queues a URL once however many workers find it at once, and hands each entry to one worker', async () => {
    const databaseUrl = await postgres.createDatabase();
    const [a, b] = await Promise.all([worker(databaseUrl), worker(databaseUrl)]);
    const paths = Array.from({ length: 300 }, (_, i) => `p${i}`);
    // Each worker finds every URL, in a different order, 30 at a time and all at once.
    const batches = (crawl: SharedCrawl<object>, order: string[]) =>
      Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          crawl.store.enqueue(order.slice(i * 30, i * 30 + 30).map((p) => entry(p))),
        ),
      );
    const found = await Promise.all([batches(a, paths), batches(b, [...paths].reverse())]);
    const added = found.flat(2).map((e) => e.url);
    expect(added).toHaveLength(300);
    expect(new Set(added).size).toBe(300);

    const takes = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).store.take(40, 30_000)));
    const taken = takes.flat().map((t) => t.item.url);
    expect(taken.sort()).toEqual(paths.map((p) => entry(p).url).sort());
    expect(await a.store.counts()).toMatchObject({ queued: 0, leased: 300, seen: 300, pages: 0 });
  });

  it("stores the first worker's settings once; a later worker gets them, not its own", async () => {
    const databaseUrl = await postgres.createDatabase();
    const first = await worker(databaseUrl, 'shop', { scope: 'host', maxDepth: 3 });
    const second = await worker(databaseUrl, 'shop', { scope: 'site', maxDepth: 9 });
    expect(first.started).toBe(true);
    expect(second.started).toBe(false);
    expect(second.settings).toEqual({ scope: 'host', maxDepth: 3 });
    // Another crawl in the same database is apart: its own settings, its own seen set.
    const other = await worker(databaseUrl, 'blog', { scope: 'prefix' });
    expect(other.started).toBe(true);
    await first.store.enqueue([entry('x')]);
    expect(await other.store.enqueue([entry('x')])).toHaveLength(1);
  });

  it("gives a dead worker's entries out again once their lease runs out, and refuses its late completion", async () => {
    const databaseUrl = await postgres.createDatabase();
    const alive = await worker(databaseUrl);
    const deadDb = openPgDatabase(databaseUrl, 2);
    const dead = new PgCrawlStore(deadDb, 'site-a', 'dead-worker');
    await alive.store.enqueue([entry('one'), entry('two')]);
    const [held] = await dead.take(1, 400);
    // The dead worker's connections close without a word (as SIGKILL closes them): no renewal, no release.
    await deadDb.close();
    expect((await alive.store.take(5, 30_000)).map((t) => t.item.url)).toEqual([entry('two').url]);
    await sleep(600);
    const [again] = await alive.store.take(5, 30_000);
    expect(again?.item.url).toBe(entry('one').url);
    // The first taker's lease string, come back late (a worker paused, not killed), records nothing.
    expect(await alive.store.complete(held!.lease, page(entry('one').url), [])).toBe(false);
    expect(await alive.store.complete(again!.lease, page(entry('one').url), [])).toBe(true);
    expect(await alive.store.complete(again!.lease, page(entry('one').url), [])).toBe(false);
    expect((await all(alive.store.pages())).map((p) => p.url)).toEqual([entry('one').url]);
  });

  it('gives back the leases a worker still holds when it stops (Ctrl-C), at once', async () => {
    const databaseUrl = await postgres.createDatabase();
    const other = await worker(databaseUrl);
    const stopping = await joinSharedCrawl(databaseUrl, 'site-a', settings);
    await other.store.enqueue([entry('a'), entry('b')]);
    const [done, unfinished] = await stopping.store.take(2, 60_000);
    await stopping.store.complete(done!.lease, page(done!.item.url), []);
    await stopping.store.close();
    expect((await other.store.take(5, 60_000)).map((t) => t.item.url)).toEqual([unfinished!.item.url]);
  });

  it("renews a live worker's leases, so a slow page is not fetched twice", async () => {
    const databaseUrl = await postgres.createDatabase();
    const [slow, other] = await Promise.all([worker(databaseUrl), worker(databaseUrl)]);
    await slow.store.enqueue([entry('slow')]);
    const [held] = await slow.store.take(1, 300);
    await sleep(1_000);
    expect(await other.store.take(1, 300)).toEqual([]);
    expect(await slow.store.counts()).toMatchObject({ queued: 0, leased: 1 });
    expect(await slow.store.complete(held!.lease, page(entry('slow').url), [])).toBe(true);
    expect(await other.store.counts()).toMatchObject({ queued: 0, leased: 0, pages: 1 });
  });

  it('keeps a released entry back until its Retry-After', async () => {
    const databaseUrl = await postgres.createDatabase();
    const crawl = await worker(databaseUrl);
    await crawl.store.enqueue([entry('busy')]);
    const [held] = await crawl.store.take(1, 30_000);
    await crawl.store.release(held!.lease, Date.now() + 700);
    expect(await crawl.store.take(1, 30_000)).toEqual([]);
    await sleep(900);
    expect((await crawl.store.take(1, 30_000)).map((t) => t.item.url)).toEqual([entry('busy').url]);
  });

  it('analyses each link target once across workers and reads every record back in order, as written', async () => {
    const databaseUrl = await postgres.createDatabase();
    const [a, b] = await Promise.all([worker(databaseUrl), worker(databaseUrl)]);
    const targets = ['t1', 't2', 't3'].map((t) => `http://127.0.0.1:9/${t}`);
    const added = await Promise.all([a.store.addTargets(targets), b.store.addTargets([...targets].reverse())]);
    expect(added.flat().sort()).toEqual(targets);
    const [ta, tb] = await Promise.all([a.store.takeTargets(2, 30_000), b.store.takeTargets(2, 30_000)]);
    expect([...ta!, ...tb!].map((t) => t.item).sort()).toEqual(targets);
    for (const t of [...ta!, ...tb!]) {
      const store = ta!.includes(t) ? a.store : b.store;
      // Fields in an order jsonb would not keep (it sorts keys): a json column keeps them as written.
      expect(await store.saveTarget(t.lease, { url: t.item, error: { message: 'refused', code: 'X' } })).toBe(true);
    }
    const saved = await all(b.store.targets());
    expect(saved.map((t) => t.url).sort()).toEqual(targets);
    expect(Object.keys(saved[0]!.error!)).toEqual(['message', 'code']);

    await a.store.enqueue([entry('home', 0)]);
    const [home] = await b.store.take(1, 30_000);
    const links = [link(home!.item.url, targets[0]!), link(home!.item.url, targets[1]!)];
    expect(await b.store.complete(home!.lease, page(home!.item.url), links)).toBe(true);
    await a.store.cut({ url: entry('deep').url, reason: 'max-depth', detail: 'deeper than 3' });
    await b.store.cut({ url: entry('deep').url, reason: 'max-depth', detail: 'deeper than 3' });
    const report = await openSharedCrawl(databaseUrl, 'site-a');
    cleanups.push(() => report!.store.close());
    expect(report?.settings).toEqual(settings);
    expect(await all(report!.store.links())).toEqual(links);
    expect(await all(report!.store.cuts())).toHaveLength(1);
    expect(await report!.store.counts()).toMatchObject({ pages: 1, targetsDone: 3, targetsQueued: 0, seen: 1 });
    expect(await openSharedCrawl(databaseUrl, 'no-such-crawl')).toBeUndefined();
    // Frontier entries come back whole, fields the crawl adds included.
    const sitemap: FrontierEntry = {
      url: 'http://127.0.0.1:9/sitemap.xml',
      depth: 0,
      source: 'sitemap',
      kind: 'sitemap',
    };
    // A same-site style sheet to read (issue 47): its kind travels in the entry and in its page record.
    const sheet: FrontierEntry = { ...entry('main.css'), kind: 'stylesheet' };
    await a.store.enqueue([sitemap, sheet]);
    expect(await all(report!.store.entries())).toEqual([entry('home', 0), sitemap, sheet]);
    const [taken] = await b.store.take(2, 30_000).then((got) => got.filter((t) => t.item.kind === 'stylesheet'));
    expect(taken?.item).toEqual(sheet);
    const sheetPage: PageRecord = { ...page(sheet.url), contentType: 'text/css', kind: 'stylesheet' };
    const css: LinkRecord = { ...link(sheet.url, targets[2]!), element: 'css', text: '@import' };
    expect(await b.store.complete(taken!.lease, sheetPage, [css])).toBe(true);
    expect((await all(report!.store.pages())).at(-1)).toEqual(sheetPage);
    expect((await all(report!.store.links())).at(-1)).toEqual(css);
  });

  it("migrates once when workers start together, apart from the monitors' schema", async () => {
    const databaseUrl = await postgres.createDatabase();
    await Promise.all([1, 2, 3, 4].map(() => worker(databaseUrl)));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    cleanups.push(() => client.end());
    const { rows } = await client.query('SELECT version FROM hoplens_crawl_schema_migrations ORDER BY version');
    // Each step once (the second: the limits shared by workers, src/crawl/pg/shared-limits.ts; the third: the sitemap
    // budgets shared by workers, issue 41).
    expect(rows).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }]);
    const monitors = await client.query("SELECT to_regclass('hoplens_schema_migrations') AS ledger");
    expect(monitors.rows).toEqual([{ ledger: null }]);
  });
});
