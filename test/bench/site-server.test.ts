/**
 * The crawl benchmark's measuring parts on real processes: the generated site counts the pages a real crawler (GNU
 * wget, `--spider -r`) fetched, and the process-tree runner reads a peak and enforces its time bound.
 *
 * wget's recursive spider fetches every HTML page it reaches with a GET to read its links, and exits 8 when the server
 * answered an error to any request (the site plants 404s): https://www.gnu.org/software/wget/manual/wget.html
 * ("Recursive Retrieval Options", `--spider`, and "Exit Status").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksOf } from '../../bench/lib/site-graph.mjs';
import { type SiteProcess, startSite } from '../../bench/lib/site-process.js';
import { runTree } from '../../bench/lib/tree-run.js';

const PAGES = 200;
// wget fetches one URL at a time: on a loaded 2-core machine its crawl of the site takes tens of seconds.
const WGET_MS = 120_000;
let site: SiteProcess;
let dir: string;

beforeAll(async () => {
  site = await startSite(PAGES);
  dir = mkdtempSync(join(tmpdir(), 'crawl-bench-'));
});
afterAll(async () => {
  await site?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the generated site, crawled by wget', () => {
  it(
    'counts every page wget visited once, and the 404s it planted',
    async () => {
      await site.reset();
      const args = ['--spider', '-r', '-nd', '-e', 'robots=off', '--level=inf', '-q', site.url];
      const run = await runTree('wget', args, { cwd: dir, timeoutMs: WGET_MS });
      expect(run.timedOut).toBe(false);
      expect(run.code).toBe(8);
      expect(run.peakMb).toBeGreaterThan(0);
      const counts = await site.counts();
      expect(counts.total).toBe(PAGES);
      expect(counts.pages).toBe(PAGES);
      // wget asks for each URL it meets once; the site's planted 404s are one page in ten.
      let missing = 0;
      for (let i = 0; i < PAGES; i++) missing += linksOf(i, PAGES).filter((l) => l.kind === 'missing').length;
      expect(counts.notFound).toBe(missing);
      expect(counts.requests).toBeGreaterThan(PAGES);
    },
    WGET_MS + 10_000,
  );

  it('counts a HEAD apart from a visit, and zeroes its counts on reset', async () => {
    await site.reset();
    expect((await fetch(new URL('/p/5/', site.url), { method: 'HEAD' })).status).toBe(200);
    expect(await site.counts()).toMatchObject({ pages: 0, pageHeads: 1, requests: 1 });
    const body = await (await fetch(new URL('/p/5/', site.url))).text();
    expect(body).toContain('<a href="/r/');
    expect(await site.counts()).toMatchObject({ pages: 1, pageGets: 1, requests: 2 });
    await site.reset();
    expect(await site.counts()).toMatchObject({ pages: 0, pageGets: 0, pageHeads: 0, requests: 0 });
  });
});

describe('runTree', () => {
  it('sums the memory of a process tree: two children holding 64 MB each are both charged', async () => {
    // GNU time alone would report the larger child (wait4's maxrss is a maximum, not a sum): about 64 MB plus one
    // Node's own. Two children at once, held long enough for the 100 ms sampler, must count twice that.
    const node = `${JSON.stringify(process.execPath)} -e "const b = Buffer.alloc(64 * 2 ** 20, 1); setTimeout(() => b.length, 1500)"`;
    const run = await runTree('bash', ['-c', `${node} & ${node}; wait`], { timeoutMs: 30_000 });
    expect(run.code).toBe(0);
    expect(run.peakMb).toBeGreaterThan(2 * 64 + 40);
  });

  it('ends the whole tree at its time bound', async () => {
    const run = await runTree('bash', ['-c', 'sleep 30 & sleep 30; wait'], { timeoutMs: 500 });
    expect(run.timedOut).toBe(true);
    expect(run.code).toBe(-1);
    expect(run.seconds).toBeLessThan(10);
  });
});
