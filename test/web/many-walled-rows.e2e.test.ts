/**
 * The many-URLs table marks each row a bot wall answered (issue 46): its outcome says "inconclusive" with a ⚠ and the
 * vendor, in the warning colours of the single URL's "Inconclusive" verdict (readable: 4.5:1), the whole wall in its
 * tooltip; not only a count above the table. The wall is Cloudflare's challenge as Cloudflare documents it detected
 * (`cf-mitigated: challenge` on a 403,
 * https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response;
 * test/fixtures/bot-walls/labelled-answers.json, cloudflare-1). Light and dark, 1280 and 375 px, axe-checked.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.js';
import {
  checkedPages,
  expectReadable,
  launchChromium,
  type RunningService,
  SCREENSHOT_DIR,
  screenshot,
  startService,
} from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const pageDir = useBuiltPage();
let browser: Browser;
let service: RunningService;
let site: TestServer;
const open = checkedPages(() => browser);

beforeAll(async () => {
  site = await startServer((req, res) => {
    if (req.url?.startsWith('/walled')) {
      res.writeHead(403, { server: 'cloudflare', 'cf-mitigated': 'challenge', 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><title>Just a moment...</title>');
    } else if (req.url?.startsWith('/moved')) res.writeHead(301, { location: '/new' }).end();
    else if (req.url === '/new') res.writeHead(200).end();
    else res.writeHead(404).end();
  });
  service = await startService(pageDir(), { HOPLENS_RATE_LIMIT_PER_MINUTE: '100' });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await site?.close();
});

async function run(page: Page): Promise<void> {
  await page.goto(`${service.origin}/`);
  await page.locator('#tab-many').click();
  const urls = ['/moved/1', '/walled/2', '/gone/3'].map((path) => `${site.origin}${path}`);
  await page.locator('#many-text').fill(urls.join('\n'));
  await page.locator('#many-start').click();
  await page.locator('#many-status [data-state="done"]').waitFor({ timeout: 30_000 });
}

/** Each row's line and outcome cell, as the table shows them. */
const outcomes = (page: Page) =>
  page.locator('#many-report tr.row').evaluateAll((rows) =>
    rows.map((row) => {
      const badge = row.querySelector('td:nth-child(2) .badge');
      return {
        line: row.getAttribute('data-line'),
        text: badge?.textContent ?? '',
        vendor: badge?.getAttribute('data-vendor') ?? null,
        title: badge?.getAttribute('title') ?? null,
      };
    }),
  );

describe('the many-URLs table, a row behind a bot wall', () => {
  it('marks the walled row inconclusive, with the vendor, and leaves the others as they were', async () => {
    const { page } = await open(service.origin);
    await run(page);
    expect(await outcomes(page)).toEqual([
      { line: '1', text: 'passed', vendor: null, title: null },
      {
        line: '2',
        text: '⚠ inconclusive · Cloudflare',
        vendor: 'cloudflare',
        title: 'Cloudflare challenge (cf-mitigated: challenge): a bot wall answered, not the page',
      },
      { line: '3', text: 'failed', vendor: null, title: null },
    ]);
    // Shown whole on a desktop, not cut to an ellipsis.
    const whole = `(() => { const b = document.querySelector('#many-report .badge--wall'); return b.scrollWidth <= b.clientWidth; })()`;
    expect(await page.evaluate(whole)).toBe(true);
    // The ⚠ is decoration: a screen reader reads the word and the vendor.
    expect(await page.locator('#many-report .badge--wall [aria-hidden="true"]').textContent()).toBe('⚠ ');
  }, 60_000);

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`reads well and passes axe, 1280 and 375 px, ${colorScheme}`, async () => {
      const { page } = await open(service.origin, { colorScheme });
      await run(page);
      await expectReadable(page, '#many-report .badge--wall');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `many-walled-1280-${colorScheme}`);
      await page.setViewportSize({ width: 375, height: 800 });
      await expectReadable(page, '#many-report .badge--wall');
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      // The walled card's first line keeps its status and time whole (the vendor is in the tooltip and read out).
      const cut = `[...document.querySelectorAll('#many-report tr.row[data-line="2"] td')].filter((td) => td.scrollWidth > td.clientWidth).length`;
      expect(await page.evaluate(cut)).toBe(0);
      await screenshot(page, `many-walled-375-${colorScheme}`);
      // The rows alone too: a full phone page is too tall to read the table in.
      await page
        .locator('#many-report .rows-scroll')
        .screenshot({ path: join(SCREENSHOT_DIR, `many-walled-375-rows-${colorScheme}.png`) });
    }, 60_000);
  }
});
