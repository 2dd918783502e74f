/**
 * The web page in Chromium against the real service from source: what the destination says of its indexing under the
 * verdict, each finding's help, and each hop's connection, timing phases and certificate. The chain starts on plain
 * HTTP/1.1 and moves to an HTTP/2 server over TLS (a test CA the service trusts through HOPLENS_CA_FILE), whose last
 * page declares another canonical URL and noindex.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_HELP } from '../../src/core/index.js';
import {
  checkedPages,
  expectReadable,
  launchChromium,
  type PageOptions,
  type RunningService,
  screenshot,
  startService,
} from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { type Http2TestServer, startHttp2Server } from '../helpers/http2-servers.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';
import { createTestPki, type TestPki } from '../helpers/tls-certificates.js';

// Google reads the canonical from `<link rel="canonical">` and keeps a page out of its index for
// `<meta name="robots" content="noindex">` (Search Central: consolidate-duplicate-urls, block-indexing).
const DESTINATION =
  '<!doctype html><html><head><title>b</title><link rel="canonical" href="/other">' +
  '<meta name="robots" content="noindex"></head><body>b</body></html>';

const pageDir = useBuiltPage();
let browser: Browser;
let service: RunningService;
let pki: TestPki;
let caDir: string;
const openChecked = checkedPages(() => browser);
const cleanups = cleanupAfterEach();

beforeAll(async () => {
  pki = createTestPki('secure.test');
  caDir = await mkdtemp(join(tmpdir(), 'hoplens-ca-'));
  await writeFile(join(caDir, 'ca.pem'), pki.ca);
  service = await startService(pageDir(), {
    HOPLENS_ALLOW_NETWORKS: '127.0.0.0/8',
    HOPLENS_CA_FILE: join(caDir, 'ca.pem'),
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
  if (caDir !== undefined) await rm(caDir, { recursive: true, force: true });
});

interface Chain {
  plain: TestServer;
  secure: Http2TestServer;
}

/**
 * Fresh servers for each test: the service keeps its connections for the next analysis, and a connection reused
 * from an earlier test would have no DNS, connect or TLS phase and no certificate to show.
 */
async function startChain(): Promise<Chain> {
  // The leaf is valid for 127.0.0.1 too, the address the chain uses.
  const secure = await startHttp2Server(
    {
      '/a': { status: 301, location: '/b' },
      '/b': { status: 200, body: DESTINATION, headers: { 'content-type': 'text/html; charset=utf-8' } },
    },
    { ...pki.valid, host: '127.0.0.1' },
  );
  cleanups.push(() => secure.close());
  const plain = await startRedirectServer({ '/start': { status: 301, location: `${secure.origin}/a` } });
  cleanups.push(() => plain.close());
  return { plain, secure };
}

async function openResult(options: PageOptions = {}): Promise<{ page: Page } & Chain> {
  const chain = await startChain();
  const { page } = await openChecked(service.origin, options);
  await page.goto(`${service.origin}/?url=${encodeURIComponent(`${chain.plain.origin}/start`)}&maxHops=10`);
  await page.locator('.timeline').waitFor();
  return { page, ...chain };
}

const NEW_TEXT =
  '.fact__label, .fact__value, .fact__url, .help-link, .conn__protocol, .conn__address, .conn__reused, .timings__item, .step__cert summary';

const oneLine = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('the destination under the verdict', () => {
  it('shows the canonical URL and that it is not the final URL, and the noindex', async () => {
    const { page, secure } = await openResult();
    const destination = page.locator('.summary .destination');
    // Between the verdict and the figures, at the top of the result.
    const order = await page
      .locator('.summary > *')
      .evaluateAll((nodes) => nodes.map((node) => node.className.split(' ')[0]));
    expect(order).toEqual(['verdict', 'destination', 'summary__grid']);
    expect(await destination.locator('.fact').evaluateAll((nodes) => nodes.map((node) => node.dataset.fact))).toEqual([
      'canonical',
      'index',
    ]);
    const canonical = destination.locator('[data-fact=canonical]');
    expect(await canonical.getAttribute('data-level')).toBe('warning');
    expect(oneLine(await canonical.textContent())).toBe(`! Canonical not the final URL ${secure.origin}/other`);
    expect(await canonical.getAttribute('title')).toMatch(/declares .*\/other as its canonical URL/);
    const index = destination.locator('[data-fact=index]');
    expect(await index.getAttribute('data-level')).toBe('error');
    expect(
      oneLine(
        await index
          .locator('.fact__label, .fact__value')
          .allTextContents()
          .then((t) => t.join(' ')),
      ),
    ).toBe('Indexing noindex');
    expect(await index.getAttribute('title')).toMatch(/says noindex/);
  });
});

describe('help for each finding', () => {
  it("links Search Central pages and hoplens's own docs page in a new tab, in the list and on the hop", async () => {
    const { page } = await openResult();
    const link = page.locator('.issues .issue[data-type=noindex_destination] a.help-link');
    expect(await link.getAttribute('href')).toBe(ISSUE_HELP.noindex_destination);
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.innerText()).toMatch(/^Google Search Central/);
    await expect(page.getByRole('link', { name: /Google Search Central.*new tab/ }).count()).resolves.toBeGreaterThan(
      0,
    );
    // Every issue in the list has its help, and every https one is such a link.
    const issues = page.locator('.issues .issue');
    const count = await issues.count();
    expect(count).toBeGreaterThan(2);
    expect(await page.locator('.issues .issue .help-link').count()).toBe(count);
    const hrefs = await page.locator('.issues a.help-link').evaluateAll((nodes) => nodes.map((node) => node.href));
    const origin = new URL(page.url()).origin;
    for (const href of hrefs)
      expect(href).toMatch(/^https:\/\/developers\.google\.com\/|^http:\/\/127\.0\.0\.1:\d+\/docs\/issues#/);
    // hoplens's own explanation links to its section of the docs page the service serves.
    const own = page.locator('.issues .issue[data-type=certificate_expiring] a.help-link');
    expect(await own.getAttribute('href')).toBe('/docs/issues#certificate_expiring');
    expect(await own.evaluate((node) => (node as unknown as { href: string }).href)).toBe(
      `${origin}/docs/issues#certificate_expiring`,
    );
    // The same help beside the finding on its hop.
    const onHop = page.locator('#hop-3 .flag[data-type=canonical_mismatch] a.help-link');
    expect(await onHop.getAttribute('href')).toBe(ISSUE_HELP.canonical_mismatch);
    expect(await onHop.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe("each hop's anatomy", () => {
  it('shows address, protocol, reuse and a stacked timing bar whose phases are named and timed', async () => {
    const { page, plain, secure } = await openResult();
    const conn = (hop: number) => page.locator(`#hop-${hop} .step__conn`);
    expect(oneLine(await conn(1).textContent())).toBe(`HTTP/1.1 127.0.0.1:${plain.port}`);
    expect(oneLine(await conn(2).textContent())).toBe(`HTTP/2 127.0.0.1:${secure.port}`);
    expect(oneLine(await conn(3).textContent())).toBe(`HTTP/2 127.0.0.1:${secure.port} reused connection`);

    const phases = (hop: number) =>
      page.locator(`#hop-${hop} .timings__item`).evaluateAll((nodes) => nodes.map((node) => node.dataset.phase));
    expect(await phases(1)).toEqual(['dns', 'connect', 'firstByte']);
    expect(await phases(2)).toEqual(['dns', 'connect', 'tls', 'firstByte']);
    expect(await phases(3)).toEqual(['firstByte']);
    const words = await page.locator('#hop-2 .timings__item').allInnerTexts();
    expect(words.map(oneLine)).toEqual([
      expect.stringMatching(/^DNS \d+ ms$/),
      expect.stringMatching(/^connect \d+ ms$/),
      expect.stringMatching(/^TLS \d+ ms$/),
      expect.stringMatching(/^first byte \d+ ms$/),
    ]);
    // The list is named for assistive technology; the bar itself is hidden from it, its words being in the list.
    expect(await page.locator('#hop-2 .timings').getAttribute('aria-label')).toBe('Where the time went');
    expect(await page.locator('#hop-2 .bar').getAttribute('aria-hidden')).toBe('true');

    // The bar: one coloured part per phase that took time, in order, sharing the fill by their time.
    const parts = await page.locator('#hop-2 .bar__part').evaluateAll((nodes) =>
      nodes.map((node) => ({
        phase: node.className.replace(/^.*bar__part--/, ''),
        width: node.getBoundingClientRect().width,
        color: node.ownerDocument.defaultView?.getComputedStyle(node).backgroundColor,
      })),
    );
    const timed = (await page
      .locator('#hop-2 .timings__item')
      .evaluateAll((nodes) =>
        nodes.filter((node) => !/ 0 ms$/.test(node.textContent ?? '')).map((node) => node.dataset.phase),
      )) as string[];
    expect(parts.map((part) => part.phase)).toEqual(timed);
    for (const part of parts) expect(part.width).toBeGreaterThan(0);
    expect(new Set(parts.map((part) => part.color)).size).toBe(parts.length);
    // Each part's colour is its legend swatch's.
    for (const part of parts) {
      const swatch = page.locator(`#hop-2 .timings__item--${part.phase} .timings__swatch`);
      expect(
        await swatch.evaluate((node) => node.ownerDocument.defaultView?.getComputedStyle(node).backgroundColor),
      ).toBe(part.color);
    }
  });

  it('folds the certificate and TLS session of the hop that opened the HTTPS connection', async () => {
    const { page } = await openResult();
    expect(await page.locator('#hop-1 .step__cert').count()).toBe(0);
    expect(await page.locator('#hop-3 .step__cert').count()).toBe(0);
    const fold = page.locator('#hop-2 .step__cert');
    expect(await fold.getAttribute('open')).toBeNull();
    await expect(fold.locator('summary').textContent()).resolves.toMatch(/^Certificate · expires in \d+ days$/);
    await fold.locator('summary').click();
    const terms = await fold.locator('dt').allTextContents();
    const values = await fold.locator('dd').allTextContents();
    const shown = Object.fromEntries(terms.map((term, i) => [term, values[i]]));
    expect(shown).toMatchObject({
      Subject: 'CN=secure.test',
      Issuer: 'CN=hoplens test CA',
      Names: 'secure.test, 127.0.0.1',
      'Valid to': expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      'Days left': expect.stringMatching(/^\d+ \(expires in \d+ days\)$/),
      TLS: expect.stringMatching(/^TLSv1\.[23], TLS_\w+$/),
    });
    expect(await fold.locator('dd').first().isVisible()).toBe(true);
  });
});

describe('how it looks', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`reads well on a desktop and a 375 px phone, ${colorScheme}`, async () => {
      const { page } = await openResult({ colorScheme });
      await page.locator('#hop-2 .step__cert summary').click();
      await expectReadable(page, NEW_TEXT);
      await screenshot(page, `destination-anatomy-desktop-${colorScheme}`);
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await expectReadable(page, NEW_TEXT);
      await screenshot(page, `destination-anatomy-375-${colorScheme}`);
    });
  }
});

describe('the crawler judged for', () => {
  it('is typed in the options, kept in the address, and named by the robots.txt fact', async () => {
    // robots.txt groups are chosen by the crawler's product token (RFC 9309 §2.2.1): bingbot is kept out, and
    // Googlebot (the default) falls to the `*` group, which allows everything.
    const site = await startRedirectServer({
      '/robots.txt': {
        status: 200,
        body: 'User-agent: bingbot\nDisallow: /\n\nUser-agent: *\nAllow: /\n',
        headers: { 'content-type': 'text/plain' },
      },
      '/page': { status: 200, body: '<!doctype html><title>p</title>', headers: { 'content-type': 'text/html' } },
    });
    cleanups.push(() => site.close());
    const { page } = await openChecked(service.origin);
    await page.goto(`${service.origin}/?url=${encodeURIComponent(`${site.origin}/page`)}&maxHops=10`);
    await page.locator('.timeline').waitFor();
    expect(await page.locator('[data-fact=robots]').count()).toBe(0);

    await page.locator('#options > summary').click();
    const crawler = page.getByLabel('Judge the destination for');
    expect(await crawler.getAttribute('placeholder')).toBe('Googlebot');
    await crawler.fill('bingbot');
    await crawler.press('Enter');
    const robots = page.locator('[data-fact=robots]');
    await robots.waitFor();
    expect(
      oneLine(
        await robots
          .locator('.fact__label, .fact__value')
          .allTextContents()
          .then((t) => t.join(' ')),
      ),
    ).toBe('robots.txt blocks bingbot');
    expect(new URL(page.url()).searchParams.get('crawler')).toBe('bingbot');
    await screenshot(page, 'crawler-option-desktop');

    // A token the service refuses is shown next to the field, in the service's words.
    await crawler.fill('not a token');
    await crawler.press('Enter');
    await page.locator('#crawler-error:not([hidden])').waitFor();
    expect(await page.locator('#crawler-error').textContent()).toMatch(/product token/);
  });
});
