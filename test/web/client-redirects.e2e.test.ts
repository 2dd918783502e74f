/**
 * The web page in a real browser against the real service: client redirects. Each hop says how it led to the next
 * (HTTP, Refresh header, meta refresh, with the refresh's delay); the options offer following or only reporting
 * them, and the render controls only where the instance renders (HOPLENS_RENDER). The page is built from source for
 * this file (test/helpers/built-page.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkedPages,
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
/** HOPLENS_RENDER off (the default). */
let service: RunningService;
/** HOPLENS_RENDER=on: only its controls are looked at; nothing is submitted with render=true. */
let rendering: RunningService;
let targets: TestServer;
const openChecked = checkedPages(() => browser);

const html = (body: string) => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body });

beforeAll(async () => {
  targets = await startRedirectServer({
    '/client/a': { status: 301, location: '/client/b' },
    // HTML standard, "Shared declarative refresh steps": `0; url=...` navigates at once.
    '/client/b': html('<!doctype html><meta http-equiv="refresh" content="0; url=/client/c"><p>Moved.</p>'),
    // The Refresh header, the same steps (HTML standard, "The Refresh header").
    '/client/c': { status: 200, headers: { 'content-type': 'text/plain', refresh: '5; url=/client/d' }, body: 'c' },
    '/client/d': html('<!doctype html><title>d</title><p>Here.</p>'),
  });
  service = await startService(pageDir());
  rendering = await startService(pageDir(), { HOPLENS_RENDER: 'on' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([service?.close(), rendering?.close()]);
  await targets?.close();
});

function open(origin: string, options: PageOptions = {}): Promise<WatchedPage> {
  return openChecked(origin, options);
}

/** Each step's status and via label (`-` when it has none). */
async function viaByHop(page: Page): Promise<string[]> {
  return page
    .locator('.timeline > .step')
    .evaluateAll((items) =>
      items.map(
        (item) => `${item.getAttribute('data-status')} ${item.querySelector('.step__via-label')?.textContent ?? '-'}`,
      ),
    );
}

async function waitForResult(page: Page): Promise<void> {
  await page.locator('#results .summary, #status [data-state]:not([data-state=loading])').first().waitFor();
}

const READABLE = '.badge, .step__kind, .step__via, .step__index, .flag, .severity, .hint, label, legend';

describe('a chain with client redirects', () => {
  const start = () => `${targets.origin}/client/a`;

  it('labels each hop with how it led to the next, the refresh delay included', async () => {
    const { page } = await open(service.origin);
    await page.goto(`${service.origin}/`);
    await page.getByLabel('URL to analyze').fill(start());
    await page.getByLabel('URL to analyze').press('Enter');
    await waitForResult(page);
    expect(await viaByHop(page)).toEqual(['301 HTTP', '200 meta refresh · 0 s', '200 Refresh header · 5 s', '200 -']);
    // The way is in words (an icon beside them, hidden from screen readers, who hear "via ..." after the status).
    const meta = page.locator('#hop-2 .step__via');
    expect(await meta.getAttribute('data-via')).toBe('meta-refresh');
    expect(await meta.getAttribute('title')).toBe(
      'A client redirect: <meta http-equiv="refresh"> in the page, at once.',
    );
    expect(await meta.locator('svg').getAttribute('aria-hidden')).toBe('true');
    await expect(meta.textContent()).resolves.toBe('via meta refresh · 0 s');
    await expect(page.locator('#hop-3 .step__via').getAttribute('title')).resolves.toMatch(/after 5 seconds\.$/);
    // The status colours stay the statuses': a 200 that refreshes is a success badge.
    await expect(page.locator('#hop-2 .badge').getAttribute('class')).resolves.toBe('badge badge--success');
    // Each refresh is a finding on its hop.
    const refreshes = page.locator('.issue[data-type=meta_refresh] .issue__hop');
    expect(await refreshes.allTextContents()).toEqual(['Hop 2', 'Hop 3']);
    // The defaults stay out of the address.
    expect(new URL(page.url()).search).toBe(`?url=${encodeURIComponent(start())}&maxHops=10`);
    await expectReadable(page, READABLE);
    await screenshot(page, 'client-redirects-desktop');
  });

  it('fits a 375 px phone, labels included, and reads in the dark', async () => {
    const { page } = await open(service.origin, { width: 375, height: 800 });
    await page.goto(`${service.origin}/?url=${encodeURIComponent(start())}&maxHops=10`);
    await page.locator('.timeline').waitFor();
    expect(await viaByHop(page)).toEqual(['301 HTTP', '200 meta refresh · 0 s', '200 Refresh header · 5 s', '200 -']);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await screenshot(page, 'client-redirects-375');
    const dark = await open(service.origin, { width: 375, height: 800, colorScheme: 'dark' });
    await dark.page.goto(`${service.origin}/?url=${encodeURIComponent(start())}&maxHops=10`);
    await dark.page.locator('.timeline').waitFor();
    await expectReadable(dark.page, READABLE);
    await screenshot(dark.page, 'client-redirects-375-dark');
  });

  it('only reports them when "Follow meta refresh and Refresh" is off, and a shared link says so', async () => {
    const { page } = await open(service.origin);
    await page.goto(`${service.origin}/`);
    await page.getByLabel('URL to analyze').fill(start());
    await page.locator('#options > summary').click();
    const follow = page.getByLabel('Follow meta refresh and Refresh like a browser');
    expect(await follow.isChecked()).toBe(true);
    await follow.uncheck();
    await page.getByLabel('URL to analyze').press('Enter');
    await waitForResult(page);
    expect(new URL(page.url()).searchParams.get('clientRedirects')).toBe('report');
    // The chain stops at the page that refreshes; the refresh is still a finding there.
    expect((await viaByHop(page))[0]).toBe('301 HTTP');
    expect(await page.locator('.timeline > .step').count()).toBe(2);
    await expect(page.locator('.issue[data-type=meta_refresh] .issue__hop').textContent()).resolves.toBe('Hop 2');

    const other = await open(service.origin, { width: 375, height: 800 });
    await other.page.goto(page.url());
    await other.page.locator('.timeline').waitFor();
    expect(await other.page.locator('#options').getAttribute('open')).toBe('');
    expect(await other.page.getByLabel('Follow meta refresh and Refresh like a browser').isChecked()).toBe(false);
    expect(await other.page.locator('.timeline > .step').count()).toBe(2);
  });
});

describe('the render controls', () => {
  it('are not offered where the instance does not render; a shared render=true gets the 400 in words', async () => {
    const { page } = await open(service.origin);
    await page.goto(`${service.origin}/`);
    await page.locator('#options > summary').click();
    expect(await page.locator('meta[name=hoplens-render]').getAttribute('content')).toBe('off');
    expect(await page.getByLabel('Follow meta refresh and Refresh like a browser').isVisible()).toBe(true);
    expect(await page.locator('#render').isVisible()).toBe(false);
    expect(await page.locator('#renderWait').isVisible()).toBe(false);
    expect(await page.getByRole('group', { name: 'JavaScript redirects' }).count()).toBe(0);

    await page.goto(`${service.origin}/?url=${encodeURIComponent(`${targets.origin}/client/d`)}&render=true`);
    const refused = page.locator('#status [data-state=invalid]');
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toMatch(/does not render pages/);
    expect(await page.locator('#render').isVisible()).toBe(false);
  });

  it('are offered where it does (HOPLENS_RENDER=on), and reach the address only when used', async () => {
    const { page } = await open(rendering.origin);
    await page.goto(`${rendering.origin}/`);
    expect(await page.locator('meta[name=hoplens-render]').getAttribute('content')).toBe('on');
    expect(await page.locator('#render').isVisible()).toBe(false);
    await page.locator('#options > summary').click();
    const group = page.getByRole('group', { name: 'JavaScript redirects' });
    expect(await group.isVisible()).toBe(true);
    const render = page.getByLabel('Render the last page in a browser');
    const wait = page.getByLabel('Render wait (ms)');
    expect(await render.isVisible()).toBe(true);
    expect(await render.isChecked()).toBe(false);
    expect(await wait.inputValue()).toBe('3000');
    expect(await wait.getAttribute('min')).toBe('0');
    expect(await wait.getAttribute('max')).toBe('10000');
    await expectReadable(page, '.options .hint, .options label, .options legend');
    await screenshot(page, 'options-render-desktop');

    // Left unticked, rendering stays out of the request, whatever the wait says.
    await wait.fill('500');
    await page.getByLabel('URL to analyze').fill(`${targets.origin}/client/a`);
    await page.getByLabel('URL to analyze').press('Enter');
    await waitForResult(page);
    expect(await viaByHop(page)).toEqual(['301 HTTP', '200 meta refresh · 0 s', '200 Refresh header · 5 s', '200 -']);
    expect(new URL(page.url()).search).toBe(`?url=${encodeURIComponent(`${targets.origin}/client/a`)}&maxHops=10`);

    const phone = await open(rendering.origin, { width: 375, height: 900 });
    await phone.page.goto(`${rendering.origin}/`);
    await phone.page.locator('#options > summary').click();
    expect(await phone.page.getByLabel('Render the last page in a browser').isVisible()).toBe(true);
    expect(await phone.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await screenshot(phone.page, 'options-render-375');
  });
});
