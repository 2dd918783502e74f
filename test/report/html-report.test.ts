/**
 * `hoplens check --format html`: a 10,000-row run against a loopback server writes one file that opens offline in
 * Chromium (every request leaving the file is blocked and counted), whose chart figures equal the JSON report's
 * `--stats` summary record, and whose table filters down to the failing rows, with the keyboard alone.
 */
import { mkdirSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOT_DIR } from '../helpers/browser.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

let server: TestServer;
let dir: Awaited<ReturnType<typeof tempDir>>;
let browser: Browser;

/**
 * 10,000 rows of a CSV (source,target): most moved for good (301), some through a 302 then a 301, some sent to the
 * wrong page (failed: wrong target), some gone (404: failed), and 300 onto the root (a collapse).
 */
const GROUPS = { moved: 8800, twice: 500, wrong: 200, gone: 200, collapse: 300 };
const ROWS = Object.values(GROUPS).reduce((sum, n) => sum + n, 0);

beforeAll(async () => {
  server = await startServer((req, res) => {
    const [, kind, id] = (req.url ?? '').split('/');
    const answer = (status: number, location?: string) => {
      res.writeHead(status, location === undefined ? {} : { location });
      res.end();
    };
    if (req.url === '/' || kind === 'new' || kind === 'end' || kind === 'elsewhere') return answer(200);
    if (kind === 'moved' || kind === 'wrong') return answer(301, `/${kind === 'wrong' ? 'elsewhere' : 'new'}/${id}`);
    if (kind === 'twice') return answer(302, `/then/${id}`);
    if (kind === 'then') return answer(301, `/end/${id}`);
    if (kind === 'collapse') return answer(301, '/');
    return answer(404);
  });
  dir = await tempDir();
  const target = (kind: string, id: number) =>
    kind === 'twice' ? `/end/${id}` : kind === 'collapse' ? '' : `/new/${id}`;
  const lines = Object.entries(GROUPS).flatMap(([kind, count]) =>
    Array.from({ length: count }, (_, i) => {
      const to = target(kind, i);
      return `${server.origin}/${kind}/${i},${to === '' ? '' : server.origin + to}`;
    }),
  );
  await writeFile(join(dir.path, 'moves.csv'), `source,target\n${lines.join('\n')}\n`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server.close();
  await dir.remove();
});

const FAST = ['--concurrency', '64', '--per-host', '64', '--retries', '0'];

interface Stats {
  outcomes: { passed: number; failed: number; errored: number };
  redirects: number[];
  permanent: number;
  temporary: number;
  slowest: Array<{ source: string }>;
}

describe('hoplens check --format html', () => {
  it('writes a report of 10,000 rows that opens offline, agrees with the JSON summary and filters to the failures', async () => {
    const csv = join(dir.path, 'moves.csv');
    const html = join(dir.path, 'report.html');
    const json = join(dir.path, 'report.ndjson');
    const ran = await runCli(['check', csv, '--format', 'html', '--output', html, ...FAST]);
    expect(ran.stderr).not.toMatch(/Error|error:/);
    const again = await runCli(['check', csv, '--format', 'ndjson', '--stats', '--output', json, ...FAST]);
    expect(again.code).toBe(ran.code);
    const records = (await readFile(json, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind?: string; stats?: Stats; redirectCollapse?: { targets: unknown[] } });
    const summary = records.find((record) => record.kind === 'summary');
    const stats = summary!.stats!;
    expect(stats.outcomes.passed + stats.outcomes.failed + stats.outcomes.errored).toBe(ROWS);

    // The budget: at most 3 MB per 10,000 rows.
    expect((await stat(html)).size).toBeLessThan(3 * 1024 * 1024);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const external: string[] = [];
    await context.route(
      (url) => url.protocol !== 'file:',
      (route) => {
        external.push(route.request().url());
        return route.abort();
      },
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(pathToFileURL(html).href);
    await page.locator('[data-chart="outcomes"]').waitFor({ timeout: 10_000 });

    const chart = async (id: string) =>
      JSON.parse((await page.locator(`[data-chart="${id}"]`).getAttribute('data-figures')) ?? '[]') as Array<
        [string, number]
      >;
    expect(await chart('outcomes')).toEqual([
      ['passed', stats.outcomes.passed],
      ['failed', stats.outcomes.failed],
      ['errored', stats.outcomes.errored],
    ]);
    expect((await chart('redirects')).map(([, n]) => n)).toEqual(stats.redirects);
    expect(await page.locator('[data-figure="permanent"]').textContent()).toBe(stats.permanent.toLocaleString('en-US'));
    expect(await page.locator('[data-figure="temporary"]').textContent()).toBe(stats.temporary.toLocaleString('en-US'));
    const statuses = await chart('statuses');
    expect(statuses.reduce((sum, [, n]) => sum + n, 0)).toBe(ROWS - stats.outcomes.errored);
    expect(Object.fromEntries(statuses)).toMatchObject({ '200': ROWS - GROUPS.gone, '404': GROUPS.gone });
    expect((await chart('times')).reduce((sum, [, n]) => sum + n, 0)).toBe(ROWS - stats.outcomes.errored);
    // The slowest chains: the same rows as --stats names (ties broken alike is not promised: compare the times' set).
    expect(await page.locator('[data-list="slowest"] li').count()).toBe(stats.slowest.length);
    // Every source is on the test server: the rows and the slowest chains show the paths that differ, not the origin
    // they all repeat cut off before them; the origin is said once, and each cell's title keeps the whole URL.
    expect(await page.locator('[data-origins]').textContent()).toContain(`Sources and final URLs on ${server.origin}:`);
    const source = page.locator('tbody tr.row td:nth-child(3)').first();
    const path = (await source.textContent()) ?? '';
    expect(path).toMatch(/^\/\S/);
    expect(await source.getAttribute('title')).toBe(`${server.origin}${path}`);
    const slowPaths = await page.locator('[data-list="slowest"] li .url').allTextContents();
    expect(slowPaths.length).toBe(stats.slowest.length);
    for (const slow of slowPaths) expect(slow).toMatch(/^\//);
    expect(summary!.redirectCollapse?.targets.length ?? 0).toBeGreaterThan(0);
    await expect.poll(() => page.locator(`[data-collapse="${server.origin}/"]`).textContent()).toBe('300');

    // Only what is on screen is drawn.
    expect(await page.locator('tbody tr.row').count()).toBeLessThan(100);

    // Keyboard alone: to the outcome filter, choose "failed".
    await page.locator('#filter-outcome').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.locator('[data-count]').getAttribute('data-count'))
      .toBe(String(stats.outcomes.failed));
    const outcomes = await page.locator('tbody tr.row td:nth-child(2)').allTextContents();
    expect(outcomes.length).toBeGreaterThan(0);
    expect(new Set(outcomes)).toEqual(new Set(['failed']));

    // Sort by time with the keyboard, then unfold the first row into its chain.
    await page.locator('button[data-sort="time"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('th[aria-sort="descending"] [data-sort="time"]').count()).toBe(1);
    await page.locator('button.unfold').first().focus();
    await page.keyboard.press('Enter');
    await page.locator('#row-detail ol.timeline').waitFor();
    expect(await page.locator('#row-detail [data-origin]').textContent()).toMatch(/moves\.csv, line \d+/);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'report-1280-light.png'), fullPage: false });

    expect(errors).toEqual([]);
    expect(external).toEqual([]);
    await context.close();

    // The same report from the ndjson one, by `report html` and by `report merge --format html`.
    for (const argv of [
      ['report', 'html', json, '--output', join(dir.path, 'again.html')],
      ['report', 'merge', json, '--format', 'html', '--output', join(dir.path, 'merged.html')],
    ]) {
      const made = await runCli(argv);
      expect(made.code, made.stderr).toBe(ran.code);
      const file = argv[argv.length - 1]!;
      const view = await browser.newPage();
      await view.goto(pathToFileURL(file).href);
      await view.locator('[data-chart="outcomes"]').waitFor({ timeout: 10_000 });
      const figures = JSON.parse(
        (await view.locator('[data-chart="redirects"]').getAttribute('data-figures'))!,
      ) as Array<[string, number]>;
      expect(figures.map(([, n]) => n)).toEqual(stats.redirects);
      expect(await view.locator('[data-figure="failed"]').textContent()).toBe(String(stats.outcomes.failed));
      await view.close();
    }
    await screenshots(html);
  }, 240_000);
});

describe('hoplens check --format html: what was not checked', () => {
  it('lists the skipped rules with their reasons and counts the invalid lines, so no reader takes the rows for all', async () => {
    const rules = join(dir.path, '_redirects');
    // Line 1 is checked; line 2 (a splat) is skipped as a pattern; line 3 has no target (invalid).
    await writeFile(rules, `/moved/1 /new/1 301\n/blog/* /news/:splat 301\n/lonely\n`);
    const html = join(dir.path, 'not-checked.html');
    await runCli(['check', rules, '--base-url', server.origin, '--format', 'html', '--output', html, ...FAST]);
    const page = await browser.newPage();
    try {
      await page.goto(pathToFileURL(html).href);
      const section = page.locator('section.not-checked');
      await section.waitFor({ timeout: 10_000 });
      await expect(section.locator('p').first().textContent()).resolves.toBe(
        '1 rule skipped; 1 invalid line, printed where the check ran: these lines of _redirects have no row below.',
      );
      const skipped = section.locator('[data-list=skipped] li');
      await expect(skipped.allTextContents()).resolves.toEqual([
        expect.stringMatching(/^Line 2: \/blog\/\* \/news\/:splat 301 \(.+\)$/),
      ]);
    } finally {
      await page.close();
    }
  }, 60_000);
});

/** The report at 1280 and 375 wide, light and dark, for a person to look at (test-artifacts/screenshots/). */
async function screenshots(html: string): Promise<void> {
  for (const width of [1280, 375]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width, height: 1000 }, colorScheme });
      const page = await context.newPage();
      await page.goto(pathToFileURL(html).href);
      await page.locator('[data-chart="outcomes"]').waitFor({ timeout: 10_000 });
      await page.screenshot({ path: join(SCREENSHOT_DIR, `report-top-${width}-${colorScheme}.png`) });
      await page.locator('.rows').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOT_DIR, `report-rows-${width}-${colorScheme}.png`) });
      await context.close();
    }
  }
}
