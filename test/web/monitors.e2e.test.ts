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
const ids: Record<'moved' | 'broken' | 'paused' | 'created', string> = {
  moved: '',
  broken: '',
  paused: '',
  created: '',
};
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

/** The monitor's API answer, or the status when it has none. */
async function monitorNow(id: string): Promise<{ status: number; body?: Record<string, unknown> }> {
  const response = await fetch(`${service.origin}/api/monitors/${id}`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return response.ok
    ? { status: 200, body: (await response.json()) as Record<string, unknown> }
    : { status: response.status };
}

/** Screenshots of the page as it is, at 1280 and 375 px wide, light and dark. */
async function screenshotsOf(path: string, name: string, ready: string): Promise<void> {
  for (const [width, scheme] of [
    [1280, 'light'],
    [1280, 'dark'],
    [375, 'light'],
    [375, 'dark'],
  ] as const) {
    const { page } = await openChecked(service.origin, { width, height: 900, colorScheme: scheme });
    await page.goto(`${service.origin}/monitors`);
    await signIn(page, TOKEN);
    await page.locator('.monitor-list').waitFor();
    await page.goto(`${service.origin}${path}`);
    await page.locator(ready).first().waitFor();
    const overflow = 'document.documentElement.scrollWidth - document.documentElement.clientWidth';
    expect(await page.evaluate(overflow), `${name} at ${width}`).toBe(0);
    await screenshot(page, `${name}-${width}-${scheme}`);
  }
}

describe('managing monitors in the page', () => {
  it('creates a monitor from the form with the keyboard, every refused field shown under it at once', async () => {
    const { page } = await openChecked(service.origin);
    await page.goto(`${service.origin}/monitors`);
    await signIn(page, TOKEN);
    await page.getByRole('link', { name: 'New monitor' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${service.origin}/monitors/new`);
    await page.locator('#monitor-url').waitFor();
    // The URL field has the focus; every field is reached with Tab, in order, and the form sent with Enter.
    // Locators, not waitForFunction: a string predicate polled in the page is eval, which the page's CSP refuses.
    await page.locator('#monitor-url:focus').waitFor();
    await page.keyboard.type(`${targets.origin}/old`);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${targets.origin}/new`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('999');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('30');
    await page.keyboard.press('Tab');
    await page.keyboard.type('team=ops, env=prod');
    await page.keyboard.press('Enter');
    // The status and the interval are out of the service's bounds (docs/monitors.md: 100 to 599, 60 to 86400 s):
    // both are said at once, in words, each under its field, and the first has the focus.
    await page.locator('#monitor-status-error').waitFor();
    expect(await page.locator('#monitor-status-error').textContent()).toBe(
      'A status is a whole number from 100 to 599',
    );
    expect(await page.locator('#monitor-interval-error').textContent()).toBe(
      'The interval is a whole number from 60 to 86400',
    );
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(2);
    expect(await page.evaluate('document.activeElement?.id')).toBe('monitor-status');
    await screenshot(page, 'monitors-form-refused-1280-light');
    await page.locator('#monitor-status').fill('301');
    await page.locator('#monitor-interval').fill('120');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/monitors\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect((await monitorNow(id)).body).toMatchObject({
      url: `${targets.origin}/old`,
      expect: { target: `${targets.origin}/new`, status: 301 },
      interval: 120,
      labels: { team: 'ops', env: 'prod' },
      paused: false,
    });
    ids.created = id;
  });

  it('shows uptime, the response-time chart, the changes and the next run as a real time', async () => {
    const id = ids.created;
    routes['/old'] = { status: 301, location: '/new' };
    await api('POST', `/api/monitors/${id}/run`);
    await api('POST', `/api/monitors/${id}/run`);
    const { page } = await openChecked(service.origin);
    await page.goto(`${service.origin}/monitors`);
    await signIn(page, TOKEN);
    await page.locator('.monitor-list').waitFor();
    await page.goto(`${service.origin}/monitors/${id}`);
    await page.locator('.uptime').waitFor();
    // The two passing runs are one row of history, but two runs for uptime and two points on the chart.
    expect(await page.locator('.history > .run').count()).toBe(1);
    expect(await page.locator('.uptime dd').allTextContents()).toEqual([
      '100.00 % of 2 runs',
      '100.00 % of 2 runs',
      '100.00 % of 2 runs',
    ]);
    expect(await page.locator('svg.response-chart').getAttribute('aria-label')).toMatch(/^Response time of 2 runs: /);
    expect(await page.locator('svg.response-chart .response-chart__dot').count()).toBe(2);
    const next = await page.locator('.monitor-head__facts dd').nth(3).textContent();
    // Created (and never scheduled here: buildApp starts no scheduler), it is due: a time to come would read
    // `14:05:09 (in 34 s)` (test/web/monitor-page-logic.test.ts).
    expect(next).toMatch(/^due now$|\(in \d+ (s|min)\)$/);
    await screenshotsOf(`/monitors/${id}`, 'monitor-page', '.uptime');
    // Five pages signed in and drawn, four of them full screenshots: 31 s on a two-core machine at load 18.
  }, 120_000);

  it('pauses, resumes and edits a monitor', async () => {
    const id = ids.created;
    const { page } = await openChecked(service.origin);
    await page.goto(`${service.origin}/monitors`);
    await signIn(page, TOKEN);
    await page.locator('.monitor-list').waitFor();
    await page.goto(`${service.origin}/monitors/${id}`);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    expect((await monitorNow(id)).body?.paused).toBe(true);
    expect(await page.locator('.monitor-head .badge').first().textContent()).toBe('paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    expect((await monitorNow(id)).body?.paused).toBe(false);

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.locator('#monitor-interval').fill('600');
    await page.locator('#monitor-labels').fill('team=web');
    await screenshot(page, 'monitors-form-edit-1280-light');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.monitor-head').waitFor();
    await page.locator('.monitor-head__facts', { hasText: 'every 10 min' }).waitFor();
    expect((await monitorNow(id)).body).toMatchObject({
      interval: 600,
      labels: { team: 'web' },
      expect: { status: 301 },
    });

    // A changed expectation judges the next run: Run now fails it, the newest row of history says against what (not
    // the row before the edit, repeated), and the card's edge turns the colour of a failed run, as the list's does.
    const editStatus = async (status: string) => {
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.locator('#monitor-status').fill(status);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('.monitor-head__facts', { hasText: `first hop ${status}` }).waitFor();
      await page.getByRole('button', { name: 'Run now' }).click();
    };
    await editStatus('302');
    await page.locator('.monitor-head[data-state="failed"]').waitFor();
    await page.locator('.history > .run', { hasText: 'expected 302' }).first().waitFor();
    const edge = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate(
          (element) =>
            (globalThis as unknown as { getComputedStyle(e: unknown): { borderLeftColor: string } }).getComputedStyle(
              element,
            ).borderLeftColor,
        );
    expect(await edge('.monitor-head')).toBe(await edge('.history > .run--failed'));
    await screenshot(page, 'monitor-page-failed-1280-light');
    await editStatus('301');
    await page.locator('.monitor-head[data-state="passed"]').waitFor();
  });

  it('lists failing monitors first and filters them by label', async () => {
    const { page } = await openChecked(service.origin);
    await page.goto(`${service.origin}/monitors`);
    await signIn(page, TOKEN);
    await page.locator('.monitor-list').waitFor();
    const states = await page
      .locator('.monitor')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
    const rank = (state: string | null) =>
      ({ failed: 0, errored: 0, pending: 1, passed: 2, paused: 3 })[state ?? ''] ?? 9;
    expect(states.map(rank)).toEqual([...states.map(rank)].sort());
    expect(states[0]).toMatch(/failed|errored/);
    await page.getByLabel('Label').selectOption('team: web');
    const shown = await page.locator('.monitor__url').allTextContents();
    expect(shown.sort()).toEqual([`${targets.origin}/old`, `${targets.origin}/old`]);
    expect(new URL(page.url()).searchParams.get('label')).toBe('team: web');
    await screenshot(page, 'monitors-list-filtered-1280-light');
  });

  it('deletes a monitor only once the question is answered yes', async () => {
    const id = ids.created;
    const { page } = await openChecked(service.origin);
    await page.goto(`${service.origin}/monitors`);
    await signIn(page, TOKEN);
    await page.locator('.monitor-list').waitFor();
    await page.goto(`${service.origin}/monitors/${id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    expect(await page.locator('.confirm__question').textContent()).toBe('Delete this monitor and its history?');
    // "Keep it" has the focus: Enter keeps the monitor.
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Delete', exact: true }).waitFor();
    expect((await monitorNow(id)).status).toBe(200);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await screenshot(page, 'monitors-delete-confirm-1280-light');
    await page.getByRole('button', { name: 'Delete monitor and history' }).click();
    await page.waitForURL(`${service.origin}/monitors`);
    await page.locator('.monitor-list').waitFor();
    expect((await monitorNow(id)).status).toBe(404);
  });

  it('watches a chain analysed on the main page: the form comes filled with its expectation', async () => {
    const { page } = await openChecked(service.origin);
    await page.goto(`${service.origin}/?url=${encodeURIComponent(`${targets.origin}/old`)}`);
    const watch = page.getByRole('link', { name: 'Watch this chain' });
    await watch.waitFor();
    await watch.click();
    await page.waitForURL(/\/monitors\/new\?/);
    await signIn(page, TOKEN);
    await page.locator('#monitor-url').waitFor();
    expect(await page.locator('#monitor-url').inputValue()).toBe(`${targets.origin}/old`);
    expect(await page.locator('#monitor-target').inputValue()).toBe(`${targets.origin}/new`);
    expect(await page.locator('#monitor-status').inputValue()).toBe('301');
    expect(await page.locator('#monitor-maxRedirects').inputValue()).toBe('1');
  });
});

describe('importing monitors in the page', () => {
  it('creates a monitor per rule of a pasted _redirects, then finds them unchanged on a second import', async () => {
    const { page } = await openChecked(service.origin);
    await page.goto(`${service.origin}/monitors`);
    await signIn(page, TOKEN);
    await page.getByRole('link', { name: 'Import' }).click();
    await page.waitForURL(`${service.origin}/monitors/import`);
    // Netlify's _redirects: `from to [status]`, one rule a line; a splat is skipped as `check` skips it
    // (https://docs.netlify.com/routing/redirects/redirect-options/).
    const rules = ['/imported-a  /new  301', '/imported-b  /new  302', '/blog/*  /news/:splat  301'].join('\n');
    // The page also carries the many-URLs mode's own Format (hidden on /monitors): the import's is in its region.
    await page.getByRole('region', { name: 'Import monitors' }).getByLabel('Format').selectOption('netlify');
    await page.getByLabel('Base URL (for paths)').fill(targets.origin);
    await page.getByLabel('Labels').fill('source=import');
    await page.getByLabel('Rows to import').fill(rules);
    await page.getByRole('button', { name: 'Import' }).click();
    const summary = page.locator('.import-result__summary');
    await summary.waitFor();
    expect(await summary.textContent()).toBe('2 monitors created, 0 unchanged, 0 failed, 0 invalid, 1 skipped');
    const imported = (await api('GET', '/api/monitors')).monitors.filter(
      (monitor: { labels: Record<string, string> }) => monitor.labels.source === 'import',
    );
    expect(imported.map((m: { url: string; expect: { status: number } }) => [m.url, m.expect.status]).sort()).toEqual([
      [`${targets.origin}/imported-a`, 301],
      [`${targets.origin}/imported-b`, 302],
    ]);
    await screenshot(page, 'monitors-import-1280-light');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.locator('.import-result__summary', { hasText: '2 unchanged' }).waitFor();
    expect(await summary.textContent()).toBe('0 monitors created, 2 unchanged, 0 failed, 0 invalid, 1 skipped');
  });
});
