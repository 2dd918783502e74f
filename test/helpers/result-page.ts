/**
 * The set-up of a web page test of one analysis: a loopback site, the real service from source serving the built
 * page, and Chromium, all started before the file's tests and closed after; `openResult` opens the page analysing a
 * path of the site and waits for its timeline.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { checkedPages, launchChromium, type PageOptions, type RunningService, startService } from './browser.js';
import { useBuiltPage } from './built-page.js';
import { startServer, type TestServer } from './servers.js';

export interface ResultPages {
  /** The site's origin, once the tests run. */
  origin(): string;
  /** A checked page (test/helpers/browser.ts) showing the analysis of `path` on the site. */
  openResult(path: string, options?: PageOptions): Promise<Page>;
}

export function useResultPages(handler: (req: IncomingMessage, res: ServerResponse) => unknown): ResultPages {
  const pageDir = useBuiltPage();
  let browser: Browser;
  let service: RunningService;
  let site: TestServer;
  const openChecked = checkedPages(() => browser);
  beforeAll(async () => {
    site = await startServer(handler);
    service = await startService(pageDir(), { HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8' });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await site?.close();
  });
  return {
    origin: () => site.origin,
    async openResult(path, options = {}) {
      const { page } = await openChecked(service.origin, options);
      await page.goto(`${service.origin}/?url=${encodeURIComponent(`${site.origin}${path}`)}`);
      await page.locator('.timeline').waitFor();
      return page;
    },
  };
}
