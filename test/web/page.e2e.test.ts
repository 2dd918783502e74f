/**
 * The web page in a real browser (Debian's chromium) against the real service and local redirect servers: results.
 * The page is built from source for this file (test/helpers/built-page.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer, type Resolver, systemResolver } from '../../src/core/index.js';
import {
  checkedPages,
  colorsOf,
  contrastRatio,
  expectReadable,
  launchChromium,
  type PageOptions,
  type RunningService,
  screenshot,
  startService,
  type WatchedPage,
} from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

const pageDir = useBuiltPage();
let browser: Browser;
let service: RunningService;
let targets: TestServer;
const openChecked = checkedPages(() => browser);

beforeAll(async () => {
  targets = await startRedirectServer({
    '/three/a': { status: 301, location: '/three/b', headers: { 'cache-control': 'max-age=600' } },
    '/three/b': { status: 302, location: '/three/c', delay: 30 },
    '/three/c': { status: 200, body: 'ok', headers: { 'content-type': 'text/plain' } },
    '/loop/a': { status: 301, location: '/loop/b' },
    '/loop/b': { status: 302, location: '/loop/c' },
    '/loop/c': { status: 302, location: '/loop/b' },
    '/other': { status: 200, body: 'other' },
    '/idn/a': { status: 301, location: '/idn/b' },
    '/idn/b': { status: 200, body: 'ok' },
  });
  // The system resolver for every name but the IDN ones, which are this machine (the targets listen on 127.0.0.1).
  const resolver: Resolver = async (hostname) =>
    hostname.endsWith('.example') ? [{ address: '127.0.0.1', family: 4 }] : systemResolver(hostname);
  service = await startService(pageDir(), {}, { analyzer: new Analyzer({ resolver }) });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await targets?.close();
});

/** A checked page on the service (see {@link checkedPages}). */
function open(options: PageOptions = {}): Promise<WatchedPage> {
  return openChecked(service.origin, options);
}

/** Submits `url` from the form, the way a person does: type it, press Enter. */
async function analyzeFromForm(page: Page, url: string): Promise<void> {
  await page.getByLabel('URL to analyze').fill(url);
  await page.getByLabel('URL to analyze').press('Enter');
  await page.locator('#results .summary, #status [data-state]:not([data-state=loading])').first().waitFor();
}

async function stepStatuses(page: Page): Promise<string[]> {
  return page
    .locator('.timeline > .step')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-status') ?? ''));
}

const READABLE =
  '.badge, .severity, .verdict__title, .verdict__detail, .step__kind, .step__index, .step__ms, .hint, .flag, .summary__item dt, .quota, .step__url, .issue__hop, button';

describe('a 3-hop chain', () => {
  it('shows the summary first, then 3 steps with their statuses, classes, times and folded headers', async () => {
    const { page } = await open();
    await page.goto(`${service.origin}/`);
    // The URL field has the focus from the start, and nothing is shown yet.
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('url');
    expect(await page.locator('#options').getAttribute('open')).toBeNull();
    const start = `${targets.origin}/three/a`;
    await analyzeFromForm(page, start);

    // Summary before the chain, with final URL, status, hop count, total time and a verdict.
    const summary = page.locator('.summary');
    await expect(summary.locator('.verdict__title').textContent()).resolves.toBe('Works, with warnings');
    const items = await summary.locator('.summary__item').allInnerTexts();
    expect(items.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      `FINAL URL ${targets.origin}/three/c`,
      'FINAL STATUS 200 OK',
      'HOPS 3 (2 redirects)',
      // Milliseconds below a second, seconds from one (1.00 s on a loaded CI machine).
      expect.stringMatching(/^TOTAL TIME (\d+ ms|\d+\.\d\d s)$/),
    ]);
    const order = await page.locator('#results > *').evaluateAll((nodes) => nodes.map((node) => node.className));
    expect(order).toEqual(['toolbar', 'summary', 'chain', 'issues']);

    // Three steps, statuses and colour classes by kind.
    expect(await stepStatuses(page)).toEqual(['301', '302', '200']);
    const badges = page.locator('.timeline .step .badge');
    expect(await badges.evaluateAll((nodes) => nodes.map((node) => node.className))).toEqual([
      'badge badge--permanent',
      'badge badge--temporary',
      'badge badge--success',
    ]);
    expect(await page.locator('.timeline .step__kind').allTextContents()).toEqual([
      'permanent redirect',
      'temporary redirect',
      'success',
    ]);
    expect(await page.locator('.timeline .step__url').allTextContents()).toEqual([
      `${targets.origin}/three/a`,
      `${targets.origin}/three/b`,
      `${targets.origin}/three/c`,
    ]);
    // Time bars: scaled to the slowest hop, which fills the bar.
    const shares = await page
      .locator('.timeline .bar__fill')
      .evaluateAll((nodes) =>
        nodes.map((node) => Number(/--share:\s*([\d.]+)/.exec(node.getAttribute('style') ?? '')?.[1])),
      );
    expect(shares).toHaveLength(3);
    expect(Math.max(...shares)).toBe(1);
    for (const share of shares) expect(share).toBeGreaterThan(0);
    // Headers are folded away, and open on demand.
    const firstHeaders = page.locator('#hop-1 .step__headers');
    expect(await firstHeaders.getAttribute('open')).toBeNull();
    expect(await firstHeaders.locator('dd').first().isVisible()).toBe(false);
    await firstHeaders.locator('summary').click();
    expect(await firstHeaders.locator('dd').first().isVisible()).toBe(true);
    const names = await firstHeaders.locator('dt').allTextContents();
    const values = await firstHeaders.locator('dd').allTextContents();
    const shown = Object.fromEntries(names.map((name, i) => [name, values[i]]));
    expect(shown).toMatchObject({ location: '/three/b', 'cache-control': 'max-age=600' });

    // Issues with their severity and the hop they concern.
    const temporary = page.locator('.issue[data-type=temporary_redirect]');
    await expect(temporary.locator('.severity').textContent()).resolves.toBe('Warning');
    await expect(temporary.locator('.issue__hop').textContent()).resolves.toBe('Hop 2');
    expect(await temporary.locator('.issue__hop').getAttribute('href')).toBe('#hop-2');

    // Announced, in the address, and the remaining requests shown.
    await expect
      .poll(() => page.locator('#announcer').textContent(), { timeout: 2000 })
      .toMatch(/^Analysis done\. Works, with warnings\. 3 hops, final status 200/);
    expect(new URL(page.url()).search).toBe(`?url=${encodeURIComponent(start)}&maxHops=10`);
    await expect(page.locator('#quota').textContent()).resolves.toMatch(/^29 of 30 requests left, until \d/);
    await expectReadable(page, READABLE);
    await screenshot(page, 'chain-desktop');
  });

  it('copies the JSON answer and a curl command for the same call', async () => {
    const { page } = await open();
    const start = `${targets.origin}/three/a`;
    await page.goto(`${service.origin}/?url=${encodeURIComponent(start)}&maxHops=10`);
    await page.locator('.timeline').waitFor();
    await page.getByRole('button', { name: 'Copy JSON' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Copied ✓' }).count(), { timeout: 2000 }).toBe(1);
    const json = JSON.parse(String(await page.evaluate('navigator.clipboard.readText()')));
    expect(json).toMatchObject({ success: true, url: start, summary: { totalHops: 3, finalStatus: 200 } });
    expect(json.chain.map((hop: { status: number }) => hop.status)).toEqual([301, 302, 200]);

    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await expect
      .poll(() => page.evaluate('navigator.clipboard.readText()'), { timeout: 2000 })
      .toBe(`curl -sS '${service.origin}/api/analyze?url=${encodeURIComponent(start)}&maxHops=10'`);
    // The curl command really is the same call.
    const viaApi = await fetch(`${service.origin}/api/analyze?url=${encodeURIComponent(start)}&maxHops=10`);
    expect(((await viaApi.json()) as { chain: unknown[] }).chain).toHaveLength(3);

    await page.getByRole('button', { name: 'Copy the URL of hop 2' }).click();
    await expect
      .poll(() => page.evaluate('navigator.clipboard.readText()'), { timeout: 2000 })
      .toBe(`${targets.origin}/three/b`);
  });

  it('fits a 375 px and a 360 px wide phone without sideways scrolling', async () => {
    const { page } = await open({ width: 375, height: 800 });
    await page.goto(`${service.origin}/?url=${encodeURIComponent(`${targets.origin}/three/a`)}&maxHops=10`);
    await page.locator('.timeline').waitFor();
    await page.locator('#hop-1 .step__headers summary').click();
    expect(await stepStatuses(page)).toEqual(['301', '302', '200']);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await screenshot(page, 'chain-375');
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  });
});

describe('an internationalised host', () => {
  it('is shown in Unicode, while links and copies keep the URL as sent (WHATWG URL serialisation)', async () => {
    const { page } = await open();
    await page.goto(`${service.origin}/`);
    const port = new URL(targets.origin).port;
    const ascii = `http://xn--bcher-kva.example:${port}`;
    await analyzeFromForm(page, `${ascii}/idn/a`);
    const unicode = `http://bücher.example:${port}`;
    expect(await page.locator('.timeline .step__url').allTextContents()).toEqual([
      `${unicode}/idn/a`,
      `${unicode}/idn/b`,
    ]);
    expect(await page.locator('.timeline .step__url').first().getAttribute('href')).toBe(`${ascii}/idn/a`);
    expect(await page.locator('.timeline .step__url').first().getAttribute('title')).toBe(`${ascii}/idn/a`);
    await expect(page.locator('.summary__url').textContent()).resolves.toBe(`${unicode}/idn/b`);
    const hops = await page.locator('.summary__item').nth(2).innerText();
    expect(hops.replace(/\s+/g, ' ').trim()).toBe('HOPS 2 (1 redirect)');
    await screenshot(page, 'idn-desktop');
  });
});

describe('a loop', () => {
  async function expectArcFromHop3ToHop2(page: Page): Promise<void> {
    const arc = page.locator('.loop-arc');
    await expect(arc.count()).resolves.toBe(1);
    expect(await arc.getAttribute('data-from')).toBe('3');
    expect(await arc.getAttribute('data-to')).toBe('2');
    const box = await arc.boundingBox();
    const to = await page.locator('#hop-2 .step__marker').boundingBox();
    const from = await page.locator('#hop-3 .step__marker').boundingBox();
    if (box === null || to === null || from === null) throw new Error('loop arc or markers not laid out');
    // The arc runs from the looping hop's marker up to the marker of the hop it returns to, just left of them.
    expect(Math.abs(box.y - (to.y + to.height / 2))).toBeLessThanOrEqual(3);
    expect(Math.abs(box.y + box.height - (from.y + from.height / 2))).toBeLessThanOrEqual(3);
    expect(Math.abs(box.x + box.width - to.x)).toBeLessThanOrEqual(4);
  }

  it('is drawn pointing back to the hop it returns to', async () => {
    const { page } = await open();
    await page.goto(`${service.origin}/`);
    await analyzeFromForm(page, `${targets.origin}/loop/a`);
    await expect(page.locator('.verdict__title').textContent()).resolves.toBe('Redirect loop');
    expect(await page.locator('.verdict').getAttribute('data-level')).toBe('error');
    expect(await stepStatuses(page)).toEqual(['301', '302', '302']);
    expect(await page.locator('.step--loops').getAttribute('id')).toBe('hop-3');
    await expect(page.locator('#hop-3 .step__loop').textContent()).resolves.toBe('↩ Loops back to hop 2');
    expect(await page.locator('#hop-3 .step__loop a').getAttribute('href')).toBe('#hop-2');
    const loopIssue = page.locator('.issue[data-type=redirect_loop]');
    await expect(loopIssue.locator('.severity').textContent()).resolves.toBe('Error');
    await expect(loopIssue.locator('.issue__hop').textContent()).resolves.toBe('Hop 3');
    await expectArcFromHop3ToHop2(page);
    // Opening a header fold above moves the hops; the arc follows.
    await page.locator('#hop-2 .step__headers summary').click();
    await expect
      .poll(async () => (await page.locator('.loop-arc').boundingBox())?.height, { timeout: 2000 })
      .toBeGreaterThan(100);
    await expectArcFromHop3ToHop2(page);
    // Following the link to the hop does not run the analysis again.
    const before = await page.locator('#quota').textContent();
    await page.locator('#hop-3 .step__loop a').click();
    await expect.poll(() => page.url(), { timeout: 2000 }).toMatch(/#hop-2$/);
    await page.waitForTimeout(300);
    expect(await page.locator('#quota').textContent()).toBe(before);
    expect(await page.locator('.loop-arc').count()).toBe(1);
    await screenshot(page, 'loop-desktop');
  });

  it('reads well on a 375 px phone in the dark', async () => {
    const { page } = await open({ width: 375, height: 800, colorScheme: 'dark' });
    await page.goto(`${service.origin}/?url=${encodeURIComponent(`${targets.origin}/loop/a`)}&maxHops=10`);
    await page.locator('.loop-arc').waitFor();
    await expectArcFromHop3ToHop2(page);
    // Dark really is dark, and still readable.
    const [body] = await colorsOf(page, 'body');
    expect(contrastRatio(body?.bg ?? '', 'rgb(0, 0, 0)')).toBeLessThan(1.5);
    await expectReadable(page, READABLE);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await screenshot(page, 'loop-375-dark');
  });
});

describe('a shared link', () => {
  it('reproduces the result, options included, and back/forward follow the history', async () => {
    const first = await open();
    const { page } = first;
    await page.goto(`${service.origin}/`);
    const start = `${targets.origin}/three/a`;
    await page.getByLabel('URL to analyze').fill(start);
    await page.locator('#options > summary').click();
    await page.getByLabel('Max hops').fill('5');
    await page.getByLabel('User agent', { exact: true }).selectOption({ label: 'Googlebot' });
    expect(await page.getByLabel('User agent string').inputValue()).toMatch(/Googlebot\/2\.1/);
    await page.getByLabel('Max hops').press('Enter');
    await page.locator('.timeline').waitFor();
    const shared = page.url();
    const query = new URL(shared).searchParams;
    expect(query.get('url')).toBe(start);
    expect(query.get('maxHops')).toBe('5');
    expect(query.get('userAgent')).toMatch(/Googlebot\/2\.1/);
    const original = {
      statuses: await stepStatuses(page),
      urls: await page.locator('.timeline .step__url').allTextContents(),
      verdict: await page.locator('.verdict__title').textContent(),
    };

    // Someone else opens the link: same analysis, same form.
    const other = await open({ width: 375, height: 800 });
    await other.page.goto(shared);
    await other.page.locator('.timeline').waitFor();
    expect({
      statuses: await stepStatuses(other.page),
      urls: await other.page.locator('.timeline .step__url').allTextContents(),
      verdict: await other.page.locator('.verdict__title').textContent(),
    }).toEqual(original);
    expect(await other.page.getByLabel('URL to analyze').inputValue()).toBe(start);
    expect(await other.page.getByLabel('Max hops').inputValue()).toBe('5');
    expect(await other.page.locator('#options').getAttribute('open')).toBe('');
    expect(await other.page.getByLabel('User agent', { exact: true }).inputValue()).toBe('googlebot');

    // A second analysis, then Back shows the first one again, and Forward the second.
    await analyzeFromForm(page, `${targets.origin}/other`);
    expect(await stepStatuses(page)).toEqual(['200']);
    await page.goBack();
    await expect.poll(() => stepStatuses(page), { timeout: 5000 }).toEqual(['301', '302', '200']);
    expect(await page.getByLabel('URL to analyze').inputValue()).toBe(start);
    await page.goForward();
    await expect.poll(() => stepStatuses(page), { timeout: 5000 }).toEqual(['200']);
    await page.goto(`${service.origin}/`);
    expect(await page.locator('#results').textContent()).toBe('');
  });
});
