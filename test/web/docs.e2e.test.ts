/**
 * The page and the API docs in a real browser (Debian's chromium) against the real service: each loads without a
 * single console error or uncaught exception under its Content-Security-Policy (a CSP violation is reported as a
 * console error), and /docs is hoplens's, reading the service's own /openapi.json. Needs `npm run build` first.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_CONTENT_SECURITY_POLICY } from '../../src/service/routes/docs.js';
import {
  checkedPages,
  expectReadable,
  launchChromium,
  type RunningService,
  screenshot,
  startService,
} from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { chainRoutes, startRedirectServer, type TestServer } from '../helpers/servers.js';

const pageDir = useBuiltPage();

let browser: Browser;
let service: RunningService;
let targets: TestServer;
const openChecked = checkedPages(() => browser);

beforeAll(async () => {
  targets = await startRedirectServer(chainRoutes(1));
  service = await startService(pageDir());
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await targets?.close();
});

/** Every console error and uncaught exception of `page`, unfiltered, and the paths it requested. */
interface Watched {
  consoleErrors: string[];
  pageErrors: string[];
  requested: string[];
}

function watch(page: Page): Watched {
  const watched: Watched = { consoleErrors: [], pageErrors: [], requested: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watched.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watched.pageErrors.push(error.message));
  page.on('request', (request) => watched.requested.push(new URL(request.url()).pathname));
  return watched;
}

/** Opens `path` on the service and waits until the page has stopped loading anything. */
async function load(path: string): Promise<{ page: Page; watched: Watched; csp: string | undefined }> {
  const { page } = await openChecked(service.origin);
  const watched = watch(page);
  const response = await page.goto(`${service.origin}${path}`);
  await page.waitForLoadState('networkidle');
  return { page, watched, csp: response?.headers()['content-security-policy'] };
}

describe('in Chromium, with no console error', () => {
  it('loads the page at /', async () => {
    const { page, watched } = await load('/');
    await page.getByLabel('URL to analyze').waitFor();
    expect(watched.consoleErrors).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  });

  it('loads /docs: hoplens-branded, reading /openapi.json, showing the analyze operation', async () => {
    const { page, watched, csp } = await load('/docs');
    expect(csp).toBe(DOCS_CONTENT_SECURITY_POLICY);
    const analyze = page.locator('#operations-analysis-analyzeUrl');
    // Swagger UI takes its time to draw on a loaded machine.
    await analyze.waitFor({ timeout: 30_000 });
    expect(await page.title()).toBe('hoplens API');
    await expect(page.locator('.information-container .title').textContent()).resolves.toMatch(/^hoplens/);
    await expect(analyze.locator('.opblock-summary-method').textContent()).resolves.toBe('GET');
    await expect(analyze.locator('.opblock-summary-path').textContent()).resolves.toBe('/api/analyze');
    await expect(analyze.locator('.opblock-summary-description').textContent()).resolves.toBe(
      'Analyze the redirect chain of a URL',
    );
    // The service's own document, not the docs plugin's copy, a petstore or any other.
    expect(watched.requested).toContain('/openapi.json');
    expect(watched.requested).not.toContain('/docs/json');
    // No Swagger branding: no top bar (its logo), hoplens's icon.
    expect(await page.locator('.topbar').count()).toBe(0);
    expect(
      await page.locator('link[rel=icon]').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(['/docs/static/theme/favicon.svg']);
    expect(watched.consoleErrors).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
    await screenshot(page, 'docs-desktop');
  }, 60_000);

  it('/docs wears the page colours, light and dark, links back to the page and lists no refused methods', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await openChecked(service.origin, { colorScheme });
      await page.goto(`${service.origin}/docs`);
      await page.locator('#operations-analysis-analyzeUrl').waitFor({ timeout: 30_000 });
      // The page's own --bg (src/report/view/chain/tokens.css) behind the reference, and its text readable on it.
      const background = await page.evaluate('getComputedStyle(document.body).backgroundColor');
      expect(background).toBe(colorScheme === 'dark' ? 'rgb(14, 17, 22)' : 'rgb(246, 247, 249)');
      await expectReadable(page, '.swagger-ui .opblock-summary-description');
      await expectReadable(page, '.swagger-ui .info .title');
      const methods = await page.locator('.opblock-summary-method').allTextContents();
      expect([...new Set(methods)].sort()).toEqual(['GET', 'HEAD']);
      // Swagger UI opens description links in a new tab; where it points is what matters.
      const back = page.getByRole('link', { name: 'Back to the hoplens page' });
      expect(await back.evaluate((link) => (link as unknown as { href: string }).href)).toBe(`${service.origin}/`);
      // Each inline code box stays within its line: Swagger's padding made them taller, covering the line above.
      const overlaps =
        await page.evaluate(`[...document.querySelectorAll('.swagger-ui .info p code')].filter((code) => {
        const line = getComputedStyle(code.parentElement);
        const pitch = line.lineHeight === 'normal' ? 1.2 * parseFloat(line.fontSize) : parseFloat(line.lineHeight);
        return code.getBoundingClientRect().height > pitch;
      }).length`);
      expect(overlaps).toBe(0);
      await screenshot(page, `docs-${colorScheme}`);
    }
  }, 90_000);

  it('runs "Try it out" on /api/analyze from /docs under its CSP', async () => {
    const { page, watched } = await load('/docs');
    const analyze = page.locator('#operations-analysis-analyzeUrl');
    await analyze.locator('.opblock-summary-control').click();
    await analyze.getByRole('button', { name: 'Try it out' }).click();
    await analyze.locator('input[placeholder="url"]').fill(`${targets.origin}/hop/0`);
    await analyze.getByRole('button', { name: 'Execute' }).click();
    const status = analyze.locator('.live-responses-table tbody .response-col_status').first();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('200');
    await expect(
      analyze.locator('.live-responses-table tbody .response-col_description').first().textContent(),
    ).resolves.toContain('"success": true');
    await screenshot(page, 'docs-try-it-out');
    expect(watched.consoleErrors).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  });
});
