/**
 * The page reads reports of `hoplens check` (issue 30): a json/ndjson report or an HTML report chosen in the file
 * picker is read in the browser (the checked pages fail on any request to another origin) and shown in the report
 * view the HTML file shows, with the same figures; a file that is no report says so next to the picker.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedPages, launchChromium, type RunningService, screenshot, startService } from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const pageDir = useBuiltPage();
let browser: Browser;
let service: RunningService;
let targets: TestServer;
let dir: Awaited<ReturnType<typeof tempDir>>;
const open = checkedPages(() => browser);

/** 40 rows moved for good, 10 through a 302, 6 gone (404: failed), 4 to the wrong page (failed). */
const GROUPS = { moved: 40, twice: 10, gone: 6, wrong: 4 };

beforeAll(async () => {
  targets = await startServer((req, res) => {
    const [, kind, id] = (req.url ?? '').split('/');
    const answer = (status: number, location?: string) => {
      res.writeHead(status, location === undefined ? {} : { location });
      res.end();
    };
    if (kind === 'new' || kind === 'elsewhere') return answer(200);
    if (kind === 'moved') return answer(301, `/new/${id}`);
    if (kind === 'wrong') return answer(301, `/elsewhere/${id}`);
    if (kind === 'twice') return answer(302, `/new/${id}`);
    return answer(404);
  });
  dir = await tempDir();
  const lines = Object.entries(GROUPS).flatMap(([kind, count]) =>
    Array.from({ length: count }, (_, i) => `${targets.origin}/${kind}/${i},${targets.origin}/new/${i}`),
  );
  await writeFile(join(dir.path, 'moves.csv'), `source,target\n${lines.join('\n')}\n`);
  await writeFile(join(dir.path, 'notes.txt'), 'not a report\n');
  const csv = join(dir.path, 'moves.csv');
  await runCli(['check', csv, '--format', 'ndjson', '--output', join(dir.path, 'run.ndjson'), '--retries', '0']);
  await runCli(['check', csv, '--format', 'html', '--output', join(dir.path, 'run.html'), '--retries', '0']);
  service = await startService(pageDir());
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await targets?.close();
  await dir?.remove();
});

const figures = async (page: import('playwright-core').Page, chart: string) =>
  JSON.parse((await page.locator(`[data-chart="${chart}"]`).getAttribute('data-figures')) ?? '[]') as Array<
    [string, number]
  >;

describe('the page reads reports', () => {
  for (const file of ['run.ndjson', 'run.html']) {
    it(`shows ${file} chosen in the file picker in the report view`, async () => {
      const { page } = await open(service.origin);
      await page.goto(`${service.origin}/`);
      await page.locator('#report-file').setInputFiles(join(dir.path, file));
      await page.locator('#report-view [data-chart="outcomes"]').waitFor();
      expect(await figures(page, 'outcomes')).toEqual([
        ['passed', 50],
        ['failed', 10],
        ['errored', 0],
      ]);
      expect(Object.fromEntries(await figures(page, 'statuses'))).toEqual({ '200': 54, '404': 6 });
      // Keyboard: the outcome filter to "failed", then unfold the first failing row into its chain.
      await page.locator('#filter-outcome').focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.locator('[data-count]').getAttribute('data-count')).toBe('10');
      await page.locator('button.unfold').first().focus();
      await page.keyboard.press('Enter');
      await page.locator('#row-detail ol.timeline').waitFor();
    });
  }

  it('says a file is no report, beside the picker', async () => {
    const { page } = await open(service.origin);
    await page.goto(`${service.origin}/`);
    await page.locator('#report-file').setInputFiles(join(dir.path, 'notes.txt'));
    await expect.poll(() => page.locator('#report-error').textContent()).toMatch(/notes\.txt: not a json, ndjson/);
    expect(await page.locator('#report-view').isHidden()).toBe(true);
  });

  it('screenshots: the opened report at 1280 and 375, light and dark', async () => {
    for (const width of [1280, 375]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await open(service.origin, { width, colorScheme });
        await page.goto(`${service.origin}/`);
        await page.locator('#report-file').setInputFiles(join(dir.path, 'run.ndjson'));
        await page.locator('#report-view [data-chart="outcomes"]').waitFor();
        await screenshot(page, `page-report-${width}-${colorScheme}`);
      }
    }
    // Four pages and full-page screenshots: room for a loaded two-core machine (30 s ran out in CI).
  }, 120_000);
});
