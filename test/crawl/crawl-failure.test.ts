/**
 * A crawl whose store fails (a shared crawl's database going away mid-run) ends with that error; it does not hang.
 * Before, the failing worker's entry stayed leased (a shared store renews its leases while the process lives), and
 * the other workers waited for ever for it to be done: `crawl --worker` had to be killed.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCrawlFetcher } from '../../src/cli/crawl/crawl-fetcher.js';
import type { CliIo } from '../../src/cli/io.js';
import { Analyzer, type AnalyzerConfig } from '../../src/core/index.js';
import { type CrawlStore, DiskStore, runCrawl } from '../../src/crawl/index.js';
import { loopbackResolver, tempDirPerTest } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let site: TestServer;
beforeAll(async () => {
  // Ten pages, each linking to all the others.
  const links = Array.from({ length: 10 }, (_, i) => `<a href="/p${i}">${i}</a>`).join('');
  site = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>page</title>${links}`);
  });
});
afterAll(async () => {
  await site.close();
});

const dir = tempDirPerTest();

/** `store`, whose `complete` fails once, as a database that went away fails a statement. */
function failingOnce(store: CrawlStore): CrawlStore {
  let failed = false;
  return new Proxy(store, {
    get(target, key) {
      if (key === 'complete' && !failed) {
        return (...args: Parameters<CrawlStore['complete']>) => {
          if (failed) return target.complete(...args);
          failed = true;
          return Promise.reject(new Error('the database went away'));
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('a crawl whose store fails', () => {
  it('ends with the store’s error while its other workers were busy, instead of waiting for ever', async () => {
    const store = await DiskStore.open(join(dir(), 'state'));
    const io = {
      analyzer: (config: AnalyzerConfig) => new Analyzer({ ...config, resolver: loopbackResolver }),
    } as unknown as CliIo;
    const { fetcher, close } = await cliCrawlFetcher(io, {}, { blockPrivate: false }, undefined);
    const started = performance.now();
    try {
      await expect(
        runCrawl(failingOnce(store), fetcher, { starts: [`${site.origin}/`], concurrency: 4, robots: false }),
      ).rejects.toThrow('the database went away');
    } finally {
      await close();
      await store.close();
    }
    // The failed page's lease is 10 minutes: only stopping the other workers ends the run this soon.
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 30_000);
});
