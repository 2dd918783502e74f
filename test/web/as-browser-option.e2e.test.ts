/**
 * The page's "Follow as a returning browser (HSTS)" option (the API's `asBrowser`, issue 46) and the variants view's
 * `as-browser` card, in Chromium against the real service. The site: `http://hsts.test/start` moves to
 * `https://hsts.test/a`, which sends HSTS and moves back to `http://hsts.test/b`; a returning browser upgrades that
 * http:// itself (RFC 6797 §8.3, Chromium's internal 307), a plain client requests it. Reached through --connect-to,
 * so the hosts are names (HSTS is for names only). Light and dark, 1280 and 375 px, axe-checked.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/index.js';
import { axeViolations } from '../helpers/axe.js';
import { checkedPages, launchChromium, type RunningService, screenshot, startService } from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { startHttpsServer, startServer, type TestServer } from '../helpers/servers.js';
import { createTestPki } from '../helpers/tls-certificates.js';

const START = 'http://hsts.test/start';
const LABEL = 'Follow as a returning browser (HSTS)';

function site(req: IncomingMessage, res: ServerResponse): void {
  const https = (req.socket as { encrypted?: boolean }).encrypted === true;
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  const path = req.url ?? '/';
  if (!https) {
    res.writeHead(301, { location: path === '/start' ? `https://${host}/a` : `https://${host}${path}` }).end();
    return;
  }
  const hsts = { 'strict-transport-security': 'max-age=31536000' };
  if (path === '/a') res.writeHead(301, { ...hsts, location: `http://${host}/b` }).end();
  else res.writeHead(200, { ...hsts, 'content-type': 'text/html' }).end('<!doctype html><title>b</title>');
}

const pageDir = useBuiltPage();
let browser: Browser;
let service: RunningService;
let plain: TestServer;
let secure: TestServer;
const open = checkedPages(() => browser);

beforeAll(async () => {
  const pki = createTestPki('hsts.test', ['hsts.test', 'www.hsts.test']);
  plain = await startServer(site);
  secure = await startHttpsServer(site, pki.valid);
  const analyzer = new Analyzer({
    ca: pki.ca,
    connectTo: [`:80:127.0.0.1:${plain.port}`, `:443:127.0.0.1:${secure.port}`],
  });
  // A variants view counts 14 analyses.
  service = await startService(pageDir(), { HOPLENS_RATE_LIMIT_PER_MINUTE: '200' }, { analyzer });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await Promise.all([plain?.close(), secure?.close()]);
});

/** Each hop's status and way on, as the timeline draws them: `307 hsts`. */
const stepsOf = (page: Page, scope = '') =>
  page
    .locator(`${scope} ol.timeline > .step`)
    .evaluateAll((steps) =>
      steps.map((step) =>
        `${step.querySelector('.badge')?.textContent ?? ''} ${step.querySelector('.step__via')?.getAttribute('data-via') ?? '-'}`.trim(),
      ),
    );

async function analyse(page: Page, asBrowser: boolean): Promise<void> {
  await page.goto(`${service.origin}/`);
  await page.getByLabel('URL to analyze').fill(START);
  await page.locator('#options > summary').click();
  const box = page.getByLabel(LABEL);
  expect(await box.isChecked()).toBe(false);
  if (asBrowser) await box.check();
  await page.getByLabel('URL to analyze').press('Enter');
  await page.locator('ol.timeline').waitFor();
}

describe('the asBrowser option on the page', () => {
  it('is a checkbox of the options, off by default: on, the http:// hop is the browser’s own HSTS upgrade', async () => {
    const { page } = await open(service.origin);
    await analyse(page, false);
    expect(new URL(page.url()).searchParams.get('asBrowser')).toBeNull();
    expect(await stepsOf(page)).toEqual(['301 http', '301 http', '301 http', '200 -']);

    await analyse(page, true);
    expect(new URL(page.url()).searchParams.get('asBrowser')).toBe('true');
    expect(await stepsOf(page)).toEqual(['301 http', '301 http', '307 hsts', '200 -']);
    // A shared link fills the form: the options unfolded, the box checked.
    const other = await open(service.origin, { width: 375, height: 800 });
    await other.page.goto(page.url());
    await other.page.locator('ol.timeline').waitFor();
    expect(await other.page.locator('#options').getAttribute('open')).toBe('');
    expect(await other.page.getByLabel(LABEL).isChecked()).toBe(true);
  }, 60_000);

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`reads well and passes axe, 1280 and 375 px, ${colorScheme}`, async () => {
      const { page } = await open(service.origin, { colorScheme });
      await page.goto(`${service.origin}/?url=${encodeURIComponent(START)}&maxHops=10&asBrowser=true`);
      await page.locator('ol.timeline').waitFor();
      expect(await page.getByLabel(LABEL).isChecked()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `as-browser-option-1280-${colorScheme}`);
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await screenshot(page, `as-browser-option-375-${colorScheme}`);
    }, 60_000);
  }
});

describe('the variants view’s as-browser card', () => {
  it('is the last card: http:// upgraded by the browser, after the https variants heard HSTS', async () => {
    const { page } = await open(service.origin);
    await page.goto(`${service.origin}/?view=variants&url=${encodeURIComponent('https://hsts.test/b')}&maxHops=10`);
    await page.locator('.variants__list').waitFor({ timeout: 30_000 });
    const card = page.locator('.variants__list > .variant').last();
    expect(await card.getAttribute('data-variant')).toBe('as-browser');
    expect(await card.locator('.variant__change').textContent()).toBe(
      'http:// in a returning browser (HSTS learnt from the rows above)',
    );
    expect(await card.locator('.variant__chain > summary').textContent()).toBe('Chain: 307 HSTS → 200 (2 hops)');
    await card.locator('.variant__chain > summary').click();
    expect(await stepsOf(page, '[data-variant="as-browser"]')).toEqual(['307 hsts', '200 -']);
    expect(await card.locator('.step__via').first().textContent()).toContain('HSTS upgrade');
    // The scheme card, by the same http:// URL, still shows the server's redirect.
    const scheme = page.locator('[data-variant="scheme"] .variant__chain > summary');
    expect(await scheme.textContent()).toBe('Chain: 301 → 200 (2 hops)');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'as-browser-variant-card-1280-light');
  }, 60_000);
});
