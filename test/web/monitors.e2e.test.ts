/**
 * The page's monitors view (docs/monitors.md) in a real browser (Debian's chromium) against the real service with an
 * admin token and an embedded database: the token asked for and refused when wrong, the list with each monitor's
 * state, last run and strip of recent outcomes, and one monitor's history with the chain of each change. The page is
 * built from source for this file (test/helpers/built-page.ts). Bearer tokens: RFC 6750.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkedPages,
  expectReadable,
  launchChromium,
  type RunningService,
  screenshot,
  startService,
  type WatchedPage,
} from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { TOKEN } from '../helpers/monitors.js';
import { type Route, startRedirectServer, type TestServer } from '../helpers/servers.js';

const pageDir = useBuiltPage();
let browser: Browser;
let service: RunningService;
let targets: TestServer;
let dataDir: string;
const routes: Record<string, Route> = {
  '/old': { status: 301, location: '/new' },
  '/new': { status: 200, body: 'new' },
  '/broken': { status: 301, location: '/missing' },
};
const ids: Record<'moved' | 'broken' | 'paused', string> = { moved: '', broken: '', paused: '' };
const openChecked = checkedPages(() => browser);

// biome-ignore lint/suspicious/noExplicitAny: tests read the JSON answers field by field
async function api(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${service.origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${path}`).toBe(true);
  return response.json();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hoplens-monitors-page-'));
  targets = await startRedirectServer(routes);
  service = await startService(pageDir(), { HOPLENS_ADMIN_TOKEN: TOKEN, HOPLENS_DATA_DIR: dataDir });
  browser = await launchChromium();
  const create = async (url: string, extra: Record<string, unknown> = {}) =>
    (await api('POST', '/api/monitors', { url: `${targets.origin}${url}`, ...extra })).id as string;
  ids.moved = await create('/old', {
    expect: { target: `${targets.origin}/new`, status: 301 },
    labels: { team: 'web' },
  });
  ids.broken = await create('/broken', { expect: { target: `${targets.origin}/new` } });
  ids.paused = await create('/new', { paused: true, interval: 600 });
  // Two identical passing runs (one row of history, repeated), then the redirect turns temporary: a change.
  await api('POST', `/api/monitors/${ids.moved}/run`);
  await api('POST', `/api/monitors/${ids.moved}/run`);
  routes['/old'] = { status: 302, location: '/new' };
  await api('POST', `/api/monitors/${ids.moved}/run`);
  await api('POST', `/api/monitors/${ids.broken}/run`);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await targets?.close();
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Chromium logs every 4xx answer as a console error, which the checked pages refuse. The 401 of a wrong token and the
 * 404 of a missing monitor are answers the view expects: they are let through when every one came from the monitors
 * API (a missing asset's 404 still fails the test).
 */
function expectedRefusals(watched: WatchedPage): () => void {
  const refused: string[] = [];
  watched.page.on('response', (response) => {
    if (response.status() === 401 || response.status() === 404) refused.push(new URL(response.url()).pathname);
  });
  return () => {
    expect(refused.length).toBeGreaterThan(0);
    for (const path of refused) expect(path).toMatch(/^\/api\/monitors(\/|$)/);
    const logged = /^Failed to load resource: the server responded with a status of (401|404)/;
    const kept = watched.consoleErrors.filter((text) => !logged.test(text));
    expect(watched.consoleErrors.length - kept.length).toBe(refused.length);
    watched.consoleErrors.splice(0, watched.consoleErrors.length, ...kept);
  };
}

async function signIn(page: Page, token: string): Promise<void> {
  await page.getByLabel('Admin token').fill(token);
  await page.getByRole('button', { name: 'Open monitors' }).click();
}

describe('the monitors view', () => {
  it('asks for the token, says clearly when it is refused, then lists the monitors with state, last run and strip', async () => {
    const watched = await openChecked(service.origin);
    const { page } = watched;
    const refusals = expectedRefusals(watched);
    await page.goto(`${service.origin}/monitors`);
    // The analyzer's form is not part of this view.
    expect(await page.locator('#analyze-form').isVisible()).toBe(false);
    await signIn(page, `${TOKEN}-wrong`);
    const error = page.locator('#admin-token-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('This token was refused (401)');
    expect(await page.getByLabel('Admin token').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate('sessionStorage.getItem("hoplens.adminToken")')).toBeNull();
    refusals();

    await signIn(page, TOKEN);
    await page.locator('.monitor-list').waitFor();
    await page.locator('.strip:not([aria-busy])').nth(2).waitFor();
    const items = await page.locator('.monitor').evaluateAll((elements) =>
      elements.map((element) => ({
        url: element.querySelector('.monitor__url')?.textContent,
        state: element.getAttribute('data-state'),
        badge: element.querySelector('.badge')?.textContent,
        last: element.querySelector('.monitor__last')?.textContent,
        strip: [...element.querySelectorAll('.strip__cell')].map((cell) => cell.getAttribute('data-outcome')),
        stripLabel: element.querySelector('.strip')?.getAttribute('aria-label'),
      })),
    );
    const byUrl = new Map(items.map((item) => [item.url, item]));
    expect(byUrl.get(`${targets.origin}/old`)).toEqual({
      url: `${targets.origin}/old`,
      state: 'failed',
      badge: 'failed',
      last: 'Last run: just now',
      strip: ['passed', 'passed', 'failed'],
      stripLabel: 'Last 3 runs: 2 passed, 1 failed',
    });
    expect(byUrl.get(`${targets.origin}/broken`)).toMatchObject({ state: 'failed', strip: ['failed'] });
    expect(byUrl.get(`${targets.origin}/new`)).toMatchObject({
      state: 'paused',
      badge: 'paused',
      last: 'Last run: not yet',
      strip: [],
      stripLabel: 'No runs yet',
    });
    expect(await page.locator('.monitors__summary').textContent()).toBe('3 monitors: 2 failed, 1 paused');
    expect(await page.evaluate('sessionStorage.getItem("hoplens.adminToken")')).toBe(TOKEN);
    await expectReadable(page, '.monitor .badge, .monitor__expect, .monitor__last, .label');
    await screenshot(page, 'monitors-list-desktop');
  });

  it("shows one monitor's history: each change with its chain, newest first", async () => {
    const { page } = await openChecked(service.origin);
    await page.goto(`${service.origin}/monitors`);
    await signIn(page, TOKEN);
    await page.getByRole('link', { name: `${targets.origin}/old` }).click();
    await page.waitForURL(`${service.origin}/monitors/${ids.moved}`);
    await page.locator('.history').waitFor();
    const runs = await page.locator('.history > .run').evaluateAll((elements) =>
      elements.map((element) => ({
        outcome: element.getAttribute('data-outcome'),
        repeats: element.querySelector('.run__repeats')?.textContent,
        changes: element.querySelector('.run__changes')?.textContent,
        chain: [...element.querySelectorAll('.run__hop')].map((hop) => hop.textContent),
        reasons: [...element.querySelectorAll('.run__reasons li')].map((reason) => reason.textContent),
      })),
    );
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({
      outcome: 'failed',
      repeats: '1 run',
      changes: 'Change: passed → failed; hop 1: 301 → 302',
      chain: [`302 ${targets.origin}/old`, `200 ${targets.origin}/new`],
    });
    expect(runs[0]?.reasons.join(' ')).toMatch(/302/);
    expect(runs[1]).toEqual({
      outcome: 'passed',
      repeats: '2 identical runs',
      changes: 'Change: first run recorded',
      chain: [`301 ${targets.origin}/old`, `200 ${targets.origin}/new`],
      reasons: [],
    });
    const facts = await page.locator('.monitor-head__facts').textContent();
    expect(facts).toContain(`first hop 301, ends at ${targets.origin}/new`);
    expect(facts).toContain('team: web');
    expect(await page.title()).toBe(`${targets.origin}/old · monitor · hoplens`);
    await expectReadable(page, '.run .badge, .run__when, .run__repeats, .run__changes, .monitor-head__facts dt');
    await screenshot(page, 'monitors-history-desktop');

    // Run now records a run and shows it.
    routes['/old'] = { status: 301, location: '/new' };
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.locator('.history > .run').nth(2).waitFor();
    expect(await page.locator('.history > .run').first().getAttribute('data-outcome')).toBe('passed');
    expect(await page.locator('.history > .run .run__changes').first().textContent()).toBe(
      'Change: failed → passed; hop 1: 302 → 301',
    );
  });

  it('is reachable at /#/monitors, and at 375 px wide nothing overflows', async () => {
    const { page } = await openChecked(service.origin, { width: 375, height: 800 });
    await page.goto(`${service.origin}/#/monitors`);
    await signIn(page, TOKEN);
    await page.locator('.strip:not([aria-busy])').nth(2).waitFor();
    expect(new URL(page.url()).pathname).toBe('/monitors');
    const overflow = 'document.documentElement.scrollWidth - document.documentElement.clientWidth';
    expect(await page.evaluate(overflow)).toBe(0);
    await screenshot(page, 'monitors-list-375');
    await page.goto(`${service.origin}/monitors/${ids.broken}`);
    // The token is kept for the tab: no form this time.
    await page.locator('.history > .run').first().waitFor();
    expect(await page.locator('#admin-token').count()).toBe(0);
    expect(await page.evaluate(overflow)).toBe(0);
    await screenshot(page, 'monitors-history-375');
  });

  it('says so when the monitor does not exist', async () => {
    const watched = await openChecked(service.origin);
    const { page } = watched;
    const refusals = expectedRefusals(watched);
    await page.goto(`${service.origin}/monitors/00000000-0000-4000-8000-000000000000`);
    await signIn(page, TOKEN);
    const warning = page.locator('[data-state=not-found]');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('There is no monitor with this id.');
    refusals();
  });
});
