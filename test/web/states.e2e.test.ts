/**
 * The web page in a real browser against the real service: loading and cancel, 400 next to the field, 429 with the
 * time until retry, 500 with the partial chain, and the server gone. The page is built from source for this file
 * (test/helpers/built-page.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkedPages,
  expectReadable,
  launchChromium,
  type RunningService,
  screenshot,
  startService,
} from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { startRedirectServer, startServer, type TestServer } from '../helpers/servers.js';

const pageDir = useBuiltPage();
let browser: Browser;
let service: RunningService;
let targets: TestServer;
/** A loopback port nothing listens on. */
let closedPort: number;
/** A checked page (see {@link checkedPages}). */
const open = checkedPages(() => browser);
const services: RunningService[] = [];

beforeAll(async () => {
  const closed = await startServer(() => {});
  closedPort = closed.port;
  await closed.close();
  targets = await startRedirectServer({
    '/ok': { status: 200, body: 'ok' },
    '/refused': { status: 301, location: `http://127.0.0.1:${closedPort}/gone` },
    '/slow': { status: 200, body: 'late', delay: 8000 },
  });
  service = await startService(pageDir());
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([service, ...services].map((running) => running?.close()));
  await targets?.close();
});

async function submit(page: Page, url: string): Promise<void> {
  await page.getByLabel('URL to analyze').fill(url);
  await page.getByLabel('URL to analyze').press('Enter');
}

describe('states', () => {
  it('loading shows the URL and a Cancel that aborts the request', async () => {
    const { page } = await open(service.origin, { width: 375, height: 700 });
    await page.goto(`${service.origin}/`);
    const aborted: string[] = [];
    page.on('requestfailed', (request) => aborted.push(`${request.url()} ${request.failure()?.errorText}`));
    await submit(page, `${targets.origin}/slow`);
    const loading = page.locator('[data-state=loading]');
    await loading.waitFor();
    await expect(loading.textContent()).resolves.toContain(`${targets.origin}/slow`);
    expect(await page.locator('#results').getAttribute('aria-busy')).toBe('true');
    expect(await page.locator('#submit').textContent()).toBe('Analyzing…');
    await screenshot(page, 'loading-375');
    await loading.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('[data-state=cancelled]').waitFor();
    expect(await loading.count()).toBe(0);
    expect(await page.locator('#results').getAttribute('aria-busy')).toBeNull();
    expect(await page.locator('.timeline').count()).toBe(0);
    await expect.poll(() => aborted.length, { timeout: 2000 }).toBe(1);
    expect(aborted).toEqual([expect.stringMatching(/\/api\/analyze\?url=.*slow.* net::ERR_ABORTED$/)]);
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('url');

    // Escape cancels too.
    await page.getByLabel('URL to analyze').press('Enter');
    await loading.waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-state=cancelled]').waitFor();
    await expect.poll(() => aborted.length, { timeout: 2000 }).toBe(2);
  });

  it('a 400 is shown next to the field it concerns', async () => {
    const { page } = await open(service.origin, { width: 375, height: 800 });
    await page.goto(`${service.origin}/`);
    await submit(page, 'ftp://files.example/report.pdf');
    const urlError = page.locator('#url-error');
    await urlError.waitFor({ state: 'visible' });
    await expect(urlError.textContent()).resolves.toMatch(/http and https/);
    // Right under the field, not below the button.
    const field = await page.getByLabel('URL to analyze').boundingBox();
    const message = await urlError.boundingBox();
    expect((message?.y ?? 0) - ((field?.y ?? 0) + (field?.height ?? 0))).toBeGreaterThanOrEqual(0);
    expect((message?.y ?? 0) - ((field?.y ?? 0) + (field?.height ?? 0))).toBeLessThanOrEqual(12);
    expect(await page.getByLabel('URL to analyze').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('URL to analyze').getAttribute('aria-describedby')).toContain('url-error');
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('url');
    expect(await page.locator('.timeline').count()).toBe(0);
    await expect.poll(() => page.locator('#announcer').textContent(), { timeout: 2000 }).toMatch(/http and https/);
    await expectReadable(page, '.field-error, .hint, label, #quota');
    await screenshot(page, 'invalid-url-375');

    // Typing again clears it.
    await page.getByLabel('URL to analyze').fill(`${targets.origin}/ok`);
    expect(await urlError.isVisible()).toBe(false);
    expect(await page.getByLabel('URL to analyze').getAttribute('aria-invalid')).toBeNull();

    // An option out of range: the folded options open, and the error sits under Max hops.
    expect(await page.locator('#options').getAttribute('open')).toBeNull();
    await page.locator('#options > summary').click();
    await page.getByLabel('Max hops').fill('50');
    await page.getByLabel('Max hops').press('Enter');
    const hopsError = page.locator('#maxHops-error');
    await hopsError.waitFor({ state: 'visible' });
    await expect(hopsError.textContent()).resolves.toMatch(/maxHops.*1 to 20/);
    expect(await page.getByLabel('Max hops').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('maxHops');
    expect(await urlError.isVisible()).toBe(false);
  });

  it('a 429 says how long to wait, counts down and holds the button', async () => {
    const limited = await startService(pageDir(), { HOPLENS_RATE_LIMIT_PER_MINUTE: '1' });
    services.push(limited);
    const { page } = await open(limited.origin);
    await page.goto(`${limited.origin}/`);
    await submit(page, `${targets.origin}/ok`);
    await page.locator('.timeline').waitFor();
    await expect(page.locator('#quota').textContent()).resolves.toMatch(/^0 of 1 requests left/);
    await submit(page, `${targets.origin}/ok`);
    const notice = page.locator('[data-state=rate-limited]');
    await notice.waitFor();
    await expect(notice.locator('.notice__title').textContent()).resolves.toBe(
      'Too many requests: the per-minute limit is reached',
    );
    const countdown = notice.locator('.countdown');
    const first = Number(await countdown.getAttribute('data-seconds'));
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThanOrEqual(60);
    await expect(countdown.textContent()).resolves.toBe(first === 60 ? '1 min' : `${first} s`);
    expect(await page.locator('#submit').isDisabled()).toBe(true);
    expect(await page.locator('.timeline').count()).toBe(0);
    await expect
      .poll(async () => Number(await countdown.getAttribute('data-seconds')), { timeout: 3000 })
      .toBeLessThan(first);
    await expectReadable(page, '.notice__title, .notice p, .countdown, #quota');
    await screenshot(page, 'rate-limited-desktop');
  });

  it('a 500 shows the error and the partial chain up to the failed request', async () => {
    const { page } = await open(service.origin);
    await page.goto(`${service.origin}/`);
    await submit(page, `${targets.origin}/refused`);
    const notice = page.locator('[data-state=failed]');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBe('alert');
    await expect(notice.locator('.error-code').textContent()).resolves.toBe('CONNECTION_REFUSED');
    await expect(notice.textContent()).resolves.toContain(`127.0.0.1:${closedPort}`);
    await expect(page.locator('.chain h3').textContent()).resolves.toBe('Completed before the failure: 1 hop');
    const steps = page.locator('.timeline > .step');
    expect(await steps.count()).toBe(2);
    expect(await steps.nth(0).getAttribute('data-status')).toBe('301');
    await expect(steps.nth(0).locator('.step__url').textContent()).resolves.toBe(`${targets.origin}/refused`);
    expect(await steps.nth(1).getAttribute('class')).toContain('step--failed');
    await expect(steps.nth(1).locator('.badge').textContent()).resolves.toBe('CONNECTION_REFUSED');
    await expect(steps.nth(1).locator('.step__url').textContent()).resolves.toBe(`http://127.0.0.1:${closedPort}/gone`);
    await expectReadable(page, '.notice__title, .notice p, .error-code, .badge, .step__url, .step__error');
    await screenshot(page, 'failed-desktop');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await screenshot(page, 'failed-375');
    // The failure can be copied like a result.
    await page.getByRole('button', { name: 'Copy JSON' }).click();
    await expect
      .poll(async () => JSON.parse(String(await page.evaluate('navigator.clipboard.readText()'))).error?.code, {
        timeout: 2000,
      })
      .toBe('CONNECTION_REFUSED');
  });

  it('the server unreachable: said so, with a way to try again', async () => {
    const doomed = await startService(pageDir());
    services.push(doomed);
    const { page } = await open(doomed.origin, { width: 375, height: 700 });
    await page.goto(`${doomed.origin}/`);
    await page.locator('#analyze-form').waitFor();
    await doomed.close();
    await submit(page, `${targets.origin}/ok`);
    const notice = page.locator('[data-state=unreachable]');
    await notice.waitFor();
    await expect(notice.locator('.notice__title').textContent()).resolves.toBe('The server is unreachable');
    expect(await page.locator('.timeline').count()).toBe(0);
    const again = notice.getByRole('button', { name: 'Try again' });
    await screenshot(page, 'unreachable-375');
    const shown = await notice.elementHandle();
    await again.click();
    await expect.poll(() => shown?.evaluate((node) => node.isConnected), { timeout: 5000 }).toBe(false);
    await page.locator('[data-state=unreachable]').waitFor();
  });
});
