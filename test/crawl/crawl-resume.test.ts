/**
 * The crawl's state directory: a run stopped part-way (as Ctrl-C stops it) and resumed from its --state covers each
 * page once; the seen sets spill to disk past a tiny memory bound and still keep every URL once; robots.txt's
 * Crawl-delay spaces the requests to its host. Against the synthetic site (test/helpers/crawl-site.mjs) in its own
 * process. Crawl-delay is not in RFC 9309 but is the de-facto pause crawlers such as Bing honour
 * (https://www.bing.com/webmasters/help/how-to-create-a-robots-txt-file-cb7c31ec).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCrawlFetcher } from '../../src/cli/crawl/crawl-fetcher.js';
import type { CliIo } from '../../src/cli/io.js';
import { Analyzer, type AnalyzerConfig } from '../../src/core/index.js';
import { parseRobotsTxt } from '../../src/core/robots/lines.js';
import { HostPacer } from '../../src/crawl/host-pacer.js';
import { type CrawlStore, DiskStore, runCrawl } from '../../src/crawl/index.js';
import { crawlDelay } from '../../src/crawl/site-robots.js';
import { loopbackResolver, ROOT, tempDirPerTest } from '../helpers/cli.js';

let server: ChildProcess;
let site = '';

beforeAll(async () => {
  server = spawn(process.execPath, [join(ROOT, 'test', 'helpers', 'crawl-site.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: server.stdout! });
  const ports = await new Promise<{ site: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the crawl site did not start')), 10_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
  });
  site = `http://127.0.0.1:${ports.site}`;
}, 15_000);

afterAll(() => {
  server?.kill('SIGTERM');
});

const dir = tempDirPerTest();

async function crawlInto(store: CrawlStore, signal?: AbortSignal) {
  const io = {
    analyzer: (config: AnalyzerConfig) => new Analyzer({ ...config, resolver: loopbackResolver }),
  } as unknown as CliIo;
  // Loopback allowed, as the CLI allows it by default (--block-private refuses it).
  const { fetcher, close } = await cliCrawlFetcher(io, {}, { blockPrivate: false }, undefined);
  try {
    return await runCrawl(store, fetcher, {
      starts: [`${site}/`],
      traps: { maxQueryVariants: 3 },
      concurrency: 2,
      signal,
    });
  } finally {
    await close();
  }
}

async function pagesOf(store: CrawlStore): Promise<string[]> {
  const pages: string[] = [];
  for await (const page of store.pages()) pages.push(page.url.replace(site, ''));
  return pages;
}

describe('the crawl state directory', () => {
  it('resumes a stopped crawl and covers each page once, its seen sets spilled to disk', async () => {
    const whole = await DiskStore.open(join(dir(), 'whole'), { memoryBound: 2 });
    await crawlInto(whole);
    const expected = (await pagesOf(whole)).sort();
    expect(whole.spills).toBeGreaterThan(0);
    expect(new Set(expected).size).toBe(expected.length);
    expect(expected).toContain('/fr/');

    const state = join(dir(), 'state');
    const first = await DiskStore.open(state, { memoryBound: 2 });
    const stop = new AbortController();
    // Stopped after its third page is recorded, as Ctrl-C stops a run.
    const complete = first.complete.bind(first);
    let recorded = 0;
    first.complete = async (...args) => {
      const done = await complete(...args);
      if (++recorded === 3) stop.abort();
      return done;
    };
    const stopped = await crawlInto(first, stop.signal);
    expect(stopped.interrupted).toBe(true);
    const part = await pagesOf(first);
    expect(part.length).toBeLessThan(expected.length);

    const second = await DiskStore.open(state, { memoryBound: 2, resume: true });
    const resumed = await crawlInto(second);
    expect(resumed.interrupted).toBe(false);
    const pages = await pagesOf(second);
    expect(pages.slice(0, part.length)).toEqual(part);
    expect([...pages].sort()).toEqual(expected);
  }, 60_000);

  it('reads Crawl-delay for its own group, else the * group, and spaces requests to a host by it', async () => {
    const text = 'User-agent: hoplens\nCrawl-delay: 2\n\nUser-agent: *\nCrawl-delay: 0.5\nDisallow: /x\n';
    const lines = parseRobotsTxt(text);
    expect(crawlDelay(text, lines, 'hoplens')).toBe(2000);
    expect(crawlDelay(text, lines, 'Googlebot')).toBe(500);
    const pacer = new HostPacer({ perHost: 4 });
    const starts: number[] = [];
    await Promise.all(
      [1, 2, 3].map(async () => {
        const release = await pacer.acquire('example.test', 100);
        starts.push(Date.now());
        release();
      }),
    );
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(95);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(95);
  });
});
