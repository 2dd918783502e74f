/**
 * The page's variants view and request headers (issue 29), in Debian's chromium against the real service and the site
 * built to have each variants inconsistency once (test/helpers/variant-site.ts), over http and https with a test CA.
 * The service's analyzer reaches the site's names through its `connectTo` seam (the public service offers none), as
 * in test/service/variants.test.ts. What the page must show is what the API answers: the findings of the page are
 * compared with the body of the page's own `/api/variants` call and with the site's built findings; the rows the
 * findings name are the highlighted ones; every chain is drawn by the page's chain drawing. Request headers set in
 * the form must reach the site (asserted at the site's servers), and a name outside the API's allow-list
 * (src/core/portable/api-headers.ts) is refused with the API's own message. Screenshots at 1280 and 375 px, light and
 * dark, go to /tmp/shots-variants/. Needs `npm run build` first (the page is built from source here).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/index.js';
import { checkedPages, launchChromium, type RunningService, startService } from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { startHttpsServer, startServer, type TestServer } from '../helpers/servers.js';
import { createTestPki } from '../helpers/tls-certificates.js';
import { EXPECTED_VARIANT_FINDINGS, GIVEN, inconsistentSite } from '../helpers/variant-site.js';

const SHOTS = '/tmp/shots-variants';
const pageDir = useBuiltPage();
let browser: Browser;
let service: RunningService;
/** A service that allows 15 analyses a minute: one variants run (14), then a refusal. */
let strict: RunningService;
let plain: TestServer;
let secure: TestServer;
const open = checkedPages(() => browser);

beforeAll(async () => {
  const pki = createTestPki('www.shop.test', ['shop.test', 'www.shop.test', 'm.shop.test']);
  plain = await startServer(inconsistentSite);
  secure = await startHttpsServer(inconsistentSite, pki.valid);
  const analyzer = () =>
    new Analyzer({ ca: pki.ca, connectTo: [`:80:127.0.0.1:${plain.port}`, `:443:127.0.0.1:${secure.port}`] });
  service = await startService(pageDir(), { HOPLENS_RATE_LIMIT_PER_MINUTE: '200' }, { analyzer: analyzer() });
  strict = await startService(pageDir(), { HOPLENS_RATE_LIMIT_PER_MINUTE: '15' }, { analyzer: analyzer() });
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([service?.close(), strict?.close(), plain?.close(), secure?.close()]);
});

const received = () => plain.received.length + secure.received.length;

/** Types the URL and runs its variants with the keyboard alone: the URL field has the focus, Tab twice, Enter. */
async function variantsByKeyboard(page: Page, origin: string): Promise<unknown> {
  await page.goto(`${origin}/`);
  expect(await page.evaluate('document.activeElement.id')).toBe('url');
  await page.keyboard.type(GIVEN);
  await page.keyboard.press('Tab');
  expect(await page.evaluate('document.activeElement.id')).toBe('submit');
  await page.keyboard.press('Tab');
  expect(await page.evaluate('document.activeElement.id')).toBe('variants');
  const answer = page.waitForResponse((response) => response.url().includes('/api/variants?'), { timeout: 30_000 });
  await page.keyboard.press('Enter');
  const body = await (await answer).json();
  await page.locator('#results .variants__list, #status [data-state]:not([data-state=loading])').first().waitFor();
  return body;
}

interface Report {
  grid: Array<{ variant: string; odd: boolean; chain: Array<{ url: string; status: number }> }>;
  findings: Array<{ type: string; variants: string[]; message: string }>;
}

describe('the variants view', () => {
  it('shows exactly the findings the API answers, the rows they name highlighted, each chain drawn', async () => {
    const { page } = await open(service.origin);
    const body = (await variantsByKeyboard(page, service.origin)) as Report;
    // The site's built findings (the CLI, the library and the API find the same: test/service/variants.test.ts).
    expect(body.findings.map(({ type, variants }) => ({ type, variants }))).toEqual(EXPECTED_VARIANT_FINDINGS);
    expect(new URL(page.url()).searchParams.get('view')).toBe('variants');

    const shown = await page.locator('.issues .issue').evaluateAll((items) =>
      items.map((item) => ({
        type: item.getAttribute('data-type'),
        message: item.querySelector('.issue__message')?.firstChild?.textContent,
        variants: [...item.querySelectorAll('a.issue__hop')].map((link) => link.textContent),
        help: item.querySelector('a.help-link')?.getAttribute('href'),
      })),
    );
    const sortedByType = <T extends { type: string | null }>(list: T[]) =>
      [...list].sort((a, b) => String(a.type).localeCompare(String(b.type)));
    expect(sortedByType(shown)).toEqual(
      sortedByType(
        body.findings.map((finding) => ({
          type: finding.type,
          message: finding.message,
          variants: finding.variants,
          help: `/docs/issues#${finding.type}`,
        })),
      ),
    );

    // The odd rows are the API's, and no others; the highlight is drawn (a red edge) and written (⚑ Odd: ...).
    const cards = await page.locator('.variants__list > .variant').evaluateAll((items) =>
      items.map((item) => ({
        variant: item.getAttribute('data-variant'),
        odd: item.classList.contains('variant--odd'),
        flag: item.querySelector('.variant__odd')?.textContent ?? '',
        // The test's tsconfig has no DOM globals; the function runs in the page.
        edge: (globalThis as unknown as { getComputedStyle(e: unknown): { borderLeftColor: string } }).getComputedStyle(
          item,
        ).borderLeftColor,
        steps: item.querySelectorAll('ol.timeline > .step').length,
      })),
    );
    expect(cards.map((card) => card.variant)).toEqual(body.grid.map((row) => row.variant));
    expect(cards.filter((card) => card.odd).map((card) => card.variant)).toEqual(
      body.grid.filter((row) => row.odd).map((row) => row.variant),
    );
    expect(cards.filter((card) => card.odd).map((card) => card.variant)).toEqual([
      'scheme',
      'case',
      'index.html',
      'index.php',
      'googlebot-smartphone',
      'head',
    ]);
    const edges = new Set(cards.map((card) => `${card.odd}:${card.edge}`));
    expect(edges.size).toBe(2);
    for (const card of cards.filter((c) => c.odd)) expect(card.flag).toMatch(/^⚑ Odd: [a-z_, ]+$/);
    expect(cards.find((card) => card.variant === 'index.php')?.flag).toBe(
      '⚑ Odd: variants_not_consolidated, variant_not_https',
    );
    body.grid.forEach((row, index) => {
      expect(cards[index]?.steps).toBe(row.chain.length);
    });

    // A dozen chains on one page, and not one id twice; a finding's link reaches its variant's card.
    const ids: string[] = await page.evaluate('[...document.querySelectorAll("[id]")].map((e) => e.id)');
    expect(new Set(ids).size).toBe(ids.length);
    await page.locator('.issue[data-type=variant_chain] a.issue__hop', { hasText: 'scheme' }).click();
    expect(new URL(page.url()).hash).toBe('#variant-scheme');

    // The scheme variant's chain unfolds into the page's chain drawing: http → https apex → https www.
    await page.locator('#variant-scheme > .variant__chain > summary').click();
    const statuses = await page
      .locator('#variant-scheme ol.timeline > .step')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
    expect(statuses).toEqual(['301', '301', '200']);
    await expect(page.locator('#variant-scheme .step__url').first().textContent()).resolves.toBe(
      'http://www.shop.test/some/page',
    );
  }, 60_000);

  it('says before running that it counts about a dozen analyses, and shows the refusal when too few remain', async () => {
    const { page } = await open(strict.origin);
    await page.goto(`${strict.origin}/`);
    await expect(page.locator('#variants-hint').textContent()).resolves.toMatch(
      /about a dozen analyses, each counted against your rate limit/,
    );
    await expect(page.locator('#variants').getAttribute('aria-describedby')).resolves.toBe('variants-hint');
    await variantsByKeyboard(page, strict.origin);
    expect(await page.locator('.variants__list > .variant').count()).toBe(14);
    const before = received();
    await page.locator('#variants').click();
    const refusal = page.locator('#status [data-state=rate-limited]');
    await refusal.waitFor();
    await expect(refusal.getAttribute('role')).resolves.toBe('alert');
    await expect(refusal.locator('.notice__message').textContent()).resolves.toMatch(
      /^Rate limit exceeded: 15 requests per minute \(this request counts 14 analyses, more than were left\); retry in \d+ s$/,
    );
    await expect(page.locator('#variants').isDisabled()).resolves.toBe(true);
    await expect(page.locator('#submit').isDisabled()).resolves.toBe(true);
    // Refused up front: not one variant was requested.
    expect(received()).toBe(before);
  }, 60_000);
});

describe('request headers in the page', () => {
  it('sends the headers set in the form to the site on every hop, and keeps them in the address', async () => {
    const { page } = await open(service.origin);
    await page.goto(`${service.origin}/`);
    await page.getByLabel('URL to analyze').fill('http://shop.test/some/page');
    await page.locator('#options > summary').click();
    // The names offered are the API's allow-list, as the API spells them.
    const offered = await page
      .locator('#apiHeaderNames option')
      .evaluateAll((items) => items.map((item) => item.getAttribute('value')));
    expect(offered).toEqual([
      'Accept-Language',
      'Accept',
      'Referer',
      'Cache-Control',
      'Pragma',
      'Upgrade-Insecure-Requests',
    ]);
    await page.getByLabel('Name', { exact: true }).first().fill('Accept-Language');
    await page.getByLabel('Value', { exact: true }).first().fill('fr-FR');
    await page.locator('#addHeader').click();
    // The new row's name field has the focus.
    expect(await page.evaluate('document.activeElement.id')).toBe('header-2-name');
    await page.keyboard.type('Referer');
    await page.getByLabel('Value', { exact: true }).nth(1).fill('https://partner.example/');
    const before = { plain: plain.received.length, secure: secure.received.length };
    await page.getByLabel('URL to analyze').press('Enter');
    await page.locator('#results .summary').waitFor({ timeout: 30_000 });
    // http://shop.test → https://shop.test → https://www.shop.test: all three requests carried both headers.
    const hops = [...plain.received.slice(before.plain), ...secure.received.slice(before.secure)].filter(
      (request) => !request.url.startsWith('/robots.txt'),
    );
    expect(hops).toHaveLength(3);
    for (const hop of hops) {
      expect(hop.headers['accept-language']).toBe('fr-FR');
      expect(hop.headers.referer).toBe('https://partner.example/');
    }
    const address = new URL(page.url()).searchParams;
    expect(address.get('header.accept-language')).toBe('fr-FR');
    expect(address.get('header.referer')).toBe('https://partner.example/');
    // A shared address fills the rows back in, the options unfolded.
    await page.reload();
    await page.locator('#results .summary').waitFor({ timeout: 30_000 });
    await expect(page.locator('#options').getAttribute('open')).resolves.toBe('');
    await expect(page.getByLabel('Name', { exact: true }).first().inputValue()).resolves.toBe('Accept-Language');
    await expect(page.getByLabel('Value', { exact: true }).nth(1).inputValue()).resolves.toBe(
      'https://partner.example/',
    );
  }, 60_000);

  it('refuses a name outside the allow-list with the API message, beside the row, sending nothing', async () => {
    const query = `url=${encodeURIComponent(GIVEN)}&maxHops=10&header.cookie=${encodeURIComponent('session=1')}`;
    const api = (await (await fetch(`${service.origin}/api/analyze?${query}`)).json()) as {
      error: { message: string };
    };
    expect(api.error.message).toMatch(/"header\.cookie".*carries a credential/);
    const { page } = await open(service.origin);
    await page.goto(`${service.origin}/`);
    await page.getByLabel('URL to analyze').fill(GIVEN);
    await page.locator('#options > summary').click();
    await page.getByLabel('Name', { exact: true }).first().fill('Cookie');
    await page.getByLabel('Value', { exact: true }).first().fill('session=1');
    const before = received();
    await page.getByLabel('URL to analyze').press('Enter');
    const error = page.locator('#headers-error');
    await error.waitFor();
    await expect(error.textContent()).resolves.toBe(api.error.message);
    expect(await page.evaluate('document.activeElement.id')).toBe('header-1-name');
    await expect(page.locator('#header-1-name').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(received()).toBe(before);
    // Correcting the name clears the message.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Accept');
    await expect(error.isHidden()).resolves.toBe(true);
  }, 60_000);
});

describe('screenshots', () => {
  for (const width of [1280, 375]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`of the variants view at ${width} px, ${colorScheme}`, async () => {
        const { page } = await open(service.origin, { width, colorScheme });
        const search = `?view=variants&url=${encodeURIComponent(GIVEN)}&maxHops=10&header.accept-language=fr-FR`;
        await page.goto(`${service.origin}/${search}`);
        await page.locator('#results .variants__list').waitFor({ timeout: 30_000 });
        await page.locator('#variant-scheme > .variant__chain > summary').click();
        await page.screenshot({
          path: join(SHOTS, `variants-${width}-${colorScheme}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      }, 60_000);
    }
  }
});
