/**
 * The variants view's error badges stay in their cell (issue 44: the page drew `CONNECTION_RESET` across the
 * Redirects column, reading "CONNECTION_0ESET"). A site on loopback whose `index.php` variant closes the connection
 * before answering (CONNECTION_RESET) and whose https port refuses (CONNECTION_REFUSED), shown in Debian's chromium
 * against the real service at 1280 and 375 px, light and dark: every badge's box lies inside its Status cell and
 * clear of the Redirects cell. Screenshots go to /tmp/shots-variants/badge-*.png. The same site's http canonical and
 * its 404 variants show as the command line reports them (variant_not_https, the note variant_not_found).
 */
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/index.js';
import { checkedPages, launchChromium, type RunningService, startService } from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { closedPort, startServer, type TestServer } from '../helpers/servers.js';

const SHOTS = '/tmp/shots-variants';
const GIVEN = 'http://www.reset.test/page';
const pageDir = useBuiltPage();
let browser: Browser;
let service: RunningService;
let site: TestServer;
const open = checkedPages(() => browser);

/** One page; `index.php` drops the connection before a response, the rest is a 404. */
function resettingSite(req: IncomingMessage, res: ServerResponse): void {
  if (req.url === '/page/index.php') {
    req.socket.destroy();
    return;
  }
  res.writeHead(req.url === '/page' ? 200 : 404, { 'content-type': 'text/html' });
  res.end(req.method === 'HEAD' ? undefined : '<!doctype html><title>page</title>');
}

beforeAll(async () => {
  site = await startServer(resettingSite);
  const refused = await closedPort();
  const analyzer = new Analyzer({ connectTo: [`:80:127.0.0.1:${site.port}`, `:443:127.0.0.1:${refused}`] });
  service = await startService(pageDir(), { HOPLENS_RATE_LIMIT_PER_MINUTE: '200' }, { analyzer });
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([service?.close(), site?.close()]);
});

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

describe('the variants view: an http canonical and the 404 variants', () => {
  it("says the canonical itself is http, shows the 404 variants as a warning, among a card's odd reasons", async () => {
    const { page } = await open(service.origin, { width: 1280 });
    await page.goto(`${service.origin}/?view=variants&url=${encodeURIComponent(GIVEN)}`);
    await page.locator('#results .variants__list').waitFor({ timeout: 30_000 });
    const http = page.locator('.issue[data-type=variant_not_https]');
    await expect(http.locator('.issue__message').textContent()).resolves.toMatch(
      /^The canonical URL itself is plain http \(http:\/\/www\.reset\.test\/page\)/,
    );
    const note = page.locator('.issue[data-type=variant_not_found]');
    await expect(note.locator('.severity').textContent()).resolves.toBe('Warning');
    await expect(note.locator('a.issue__hop').allTextContents()).resolves.toEqual(['case', 'index.html']);
    await expect(page.locator('#variant-case .variant__odd').textContent()).resolves.toBe(
      '⚑ Odd: variant_not_found, variant_not_https',
    );
  }, 60_000);
});

describe('the variants view: error badges', () => {
  for (const width of [1280, 375]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`keeps each error code in its Status cell at ${width} px, ${colorScheme}`, async () => {
        const { page } = await open(service.origin, { width, colorScheme });
        await page.goto(`${service.origin}/?view=variants&url=${encodeURIComponent(GIVEN)}`);
        await page.locator('#results .variants__list').waitFor({ timeout: 30_000 });
        // The test's tsconfig has no DOM globals; the function runs in the page.
        const measured = await page.locator('.variant__fact .badge--failed').evaluateAll((badges) =>
          badges.map((badge) => {
            type Boxed = { getBoundingClientRect(): Box; closest(s: string): Boxed; nextElementSibling: Boxed | null };
            const box = (element: Boxed) => {
              const { left, right, top, bottom } = element.getBoundingClientRect();
              return { left, right, top, bottom };
            };
            const own = badge as unknown as Boxed & { textContent: string };
            const fact = own.closest('.variant__fact');
            return {
              code: own.textContent,
              variant: (own.closest('.variant') as unknown as { dataset: { variant: string } }).dataset.variant,
              badge: box(own),
              cell: box(fact),
              next: box(fact.nextElementSibling!),
            };
          }),
        );
        await page.screenshot({
          path: join(SHOTS, `badge-${width}-${colorScheme}.png`),
          fullPage: true,
          animations: 'disabled',
        });
        expect(measured.map(({ variant, code }) => `${variant}: ${code}`)).toEqual(
          expect.arrayContaining(['scheme: CONNECTION_REFUSED', 'index.php: CONNECTION_RESET']),
        );
        const overlaps = (a: Box, b: Box) =>
          a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        for (const { variant, badge, cell, next } of measured) {
          expect(badge.right, variant).toBeLessThanOrEqual(cell.right + 0.5);
          expect(badge.left, variant).toBeGreaterThanOrEqual(cell.left - 0.5);
          expect(overlaps(badge, next), variant).toBe(false);
        }
      }, 60_000);
    }
  }
});
