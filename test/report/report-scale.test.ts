/**
 * The HTML report at scale and in small places (issue 30): 10,000 realistic rows embed in under 3 MB and read back
 * field for field (and a report written before the columns still reads); on a 375 px phone every drawn row shows its
 * whole source URL, the virtual table leaves no gap wherever it is scrolled to, and filter, sort and unfold work with
 * the keyboard alone; printed on A4 the charts fit the first page and the failing rows wrap within the paper.
 * Screenshots at 1280 and 375, light and dark, go to test-artifacts/screenshots/ (report-scale-*).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportDataBuilder, type ReportRow, RowStore, reportHtml, unpackRows } from '../../src/report/index.js';
import type { ReportData } from '../../src/report/model/report-data.js';
import { queryRows } from '../../src/report/model/row-query.js';
import { launchChromium, SCREENSHOT_DIR } from '../helpers/browser.js';
import { tempDir } from '../helpers/cli.js';
import { realisticRows } from './realistic-rows.js';

const ROWS = realisticRows(10_000);
let dir: Awaited<ReturnType<typeof tempDir>>;
let browser: Browser;
let file: string;
let html: string;

beforeAll(async () => {
  dir = await tempDir();
  const builder = new ReportDataBuilder('moves.csv', 'moves.csv');
  for (const row of ROWS) builder.add(row);
  html = reportHtml(builder.data({ generated: '2026-11-26T06:00:00.000Z' }));
  file = join(dir.path, 'report.html');
  await writeFile(file, html);
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await dir?.remove();
});

/** The row as the view should read it back from what the check gave. */
function expected(row: (typeof ROWS)[number]): ReportRow {
  return {
    line: row.line,
    source: row.source,
    ...(row.target === undefined ? {} : { target: row.target }),
    outcome: row.outcome,
    ...(row.finalStatus === undefined ? {} : { finalStatus: row.finalStatus }),
    ...(row.finalUrl === undefined ? {} : { finalUrl: row.finalUrl }),
    redirects: row.redirects,
    time: Math.round(row.time),
    reasons: row.reasons,
    warnings: row.warnings,
    types: [...new Set(row.issues.map((issue) => issue.type))],
    ...(row.error === undefined ? {} : { error: row.error.code }),
    hops: row.chain.map((hop) => ({
      url: hop.url,
      status: hop.status,
      ms: Math.round(hop.responseTime),
      kind: hop.redirectType as 'permanent' | 'temporary' | undefined,
    })),
  };
}

const embedded = (text: string) =>
  JSON.parse(/<script type="application\/json" id="hoplens-data">([^<]*)<\/script>/.exec(text)![1]!) as ReportData;

describe('the report data', () => {
  it('embeds 10,000 realistic rows in under 3 MB and reads every field of every row back', () => {
    // The issue's budget: at most 3 MB per 10,000 rows, for the whole file (view script and styles included).
    expect(Buffer.byteLength(html)).toBeLessThan(3 * 1024 * 1024);
    const rows = unpackRows(embedded(html));
    expect(rows).toHaveLength(ROWS.length);
    expect(rows).toEqual(ROWS.map(expected));
  });

  it('sorts by line when the rows were stored out of line order (a check’s rows finish in any order)', () => {
    const builder = new ReportDataBuilder('moves.csv', 'moves.csv');
    for (const row of [ROWS[2]!, ROWS[0]!, ROWS[1]!]) builder.add(row);
    const store = RowStore.from(builder.data());
    const order = queryRows(store, { sort: 'line', descending: false }).map((index) => store.line[index]);
    expect(order).toEqual([2, 3, 4]);
  });

  it('still reads the row arrays of version 1, which reports written before the columns embed', () => {
    const legacy = {
      v: 1,
      title: 'old.csv',
      generated: '2026-01-01T00:00:00.000Z',
      input: 'old.csv',
      strings: ['https://a.example/x', 'https://b.example/y'],
      rows: [
        [
          2,
          0,
          1,
          301,
          0,
          200,
          1,
          1,
          90,
          [],
          [],
          [],
          '',
          [
            [0, 301, 40, 1],
            [1, 200, 50, 0],
          ],
        ],
        [3, 1, -1, 0, 2, 0, -1, 0, 12, ['refused'], [], [], 'ECONNREFUSED', [[1, 0, 12, 0]]],
      ],
    } as unknown as ReportData;
    const [first, second] = unpackRows(legacy);
    expect(first).toMatchObject({ source: 'https://a.example/x', target: 'https://b.example/y', outcome: 'passed' });
    expect(first!.hops.map((hop) => hop.kind)).toEqual(['permanent', undefined]);
    expect(second).toMatchObject({ line: 3, outcome: 'errored', error: 'ECONNREFUSED', reasons: ['refused'] });
  });
});

async function open(width: number, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('close', () => expect(errors).toEqual([]));
  await page.goto(pathToFileURL(file).href);
  await page.locator('tbody tr.row').first().waitFor({ timeout: 60_000 });
  return page;
}

/** Each drawn row's source cell: its text, and whether its box cuts it (wider or taller than it shows). */
const SOURCE_CELLS = `[...document.querySelectorAll('tbody tr.row td:nth-child(3)')].map((cell) => ({
  text: cell.textContent,
  cut: cell.scrollWidth > cell.clientWidth || cell.scrollHeight > cell.clientHeight + 1,
  shown: cell.getBoundingClientRect().width > 0,
}))`;

/**
 * The row the scroller shows at its top, middle and bottom (as far as the window shows it): its line and how far down
 * the table's body it sits; null: a blank.
 */
const ROWS_AT_EDGES = `(() => {
  const box = document.querySelector('.rows-scroll').getBoundingClientRect();
  const top = Math.max(box.top, 0);
  const bottom = Math.min(box.bottom, innerHeight);
  return [top + 4, (top + bottom) / 2, bottom - 4].map((y) => {
    const row = document.elementFromPoint(box.left + box.width / 2, y)?.closest('tr.row');
    return row ? { line: Number(row.dataset.line), offset: row.offsetTop - row.parentElement.offsetTop } : null;
  });
})()`;

describe('the report in Chromium', () => {
  it('on a 375 px phone shows every drawn row’s whole source URL and keeps the virtual table whole', async () => {
    const page = await open(375);
    await page.locator('.rows').scrollIntoViewIfNeeded();
    const cells = (await page.evaluate(SOURCE_CELLS)) as Array<{ text: string; cut: boolean; shown: boolean }>;
    expect(cells.length).toBeGreaterThan(3);
    const sources = new Set(ROWS.map((row) => row.source));
    for (const cell of cells) {
      expect(sources.has(cell.text), cell.text).toBe(true);
      expect(cell, cell.text).toMatchObject({ cut: false, shown: true });
    }
    // WCAG 2.1 reflow (https://www.w3.org/WAI/WCAG21/Understanding/reflow.html): no sideways scrolling of the page.
    expect(await page.evaluate('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(375);

    // Scrolled far down (and back up a little), the window drawn covers what the scroller shows, with no blank, and
    // each row sits where its place in the list puts it (rows are lines 2, 3, …; one card height each).
    const height = Number.parseFloat(
      (await page.evaluate(
        `getComputedStyle(document.querySelector('.rows-scroll')).getPropertyValue('--row-height')`,
      )) as string,
    );
    expect(height).toBeGreaterThan(40);
    for (const at of [5_000, 4_990, 9_999]) {
      await page.evaluate(`document.querySelector('.rows-scroll').scrollTop = ${at * height}`);
      await expect.poll(() => page.evaluate(ROWS_AT_EDGES)).not.toContain(null);
      const seen = (await page.evaluate(ROWS_AT_EDGES)) as Array<{ line: number; offset: number }>;
      expect(seen[0]!.line).toBeGreaterThanOrEqual(Math.min(at, ROWS.length - 8));
      for (const row of seen) expect(row.offset).toBe((row.line - 2) * height);
    }
    await page.context().close();
  }, 120_000);

  it('on a 375 px phone filters, sorts and unfolds with the keyboard alone', async () => {
    const page = await open(375);
    const failed = ROWS.filter((row) => row.outcome === 'failed').length;
    await page.locator('#filter-outcome').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('[data-count]').getAttribute('data-count')).toBe(String(failed));
    expect(new Set(await page.locator('tbody tr.row td:nth-child(2)').allTextContents())).toEqual(new Set(['failed']));
    await page.locator('button[data-sort="time"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('th[aria-sort="descending"] [data-sort="time"]').count()).toBe(1);
    // The sort button keeps the focus, so a second Enter reverses the order.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('th[aria-sort="ascending"] [data-sort="time"]').count()).toBe(1);
    await page.locator('button.unfold').first().focus();
    await page.keyboard.press('Enter');
    await page.locator('#row-detail ol.timeline').waitFor();
    expect(await page.locator('#row-detail [data-origin]').textContent()).toMatch(/^moves\.csv, line \d+$/);
    await page.context().close();
  }, 120_000);

  it('prints the charts on the first A4 page and the failing rows within the paper', async () => {
    // A4 is 210 mm × 297 mm (https://developer.mozilla.org/en-US/docs/Web/CSS/@page/size); less the stylesheet's
    // 12 mm margins, 186 mm × 273 mm, which at 96 CSS px to the inch is 703 × 1031 px.
    const page = await open(703);
    await page.emulateMedia({ media: 'print' });
    const boxes = (await page.evaluate(`[...document.querySelectorAll('.chart, .print-rows li')].map((e) => {
      const box = e.getBoundingClientRect();
      return { chart: e.matches('.chart'), right: box.right, bottom: box.bottom + window.scrollY, wide: e.scrollWidth > e.clientWidth };
    })`)) as Array<{ chart: boolean; right: number; bottom: number; wide: boolean }>;
    const charts = boxes.filter((box) => box.chart);
    expect(charts).toHaveLength(4);
    for (const box of charts) expect(box.bottom).toBeLessThanOrEqual(1031);
    const failing = ROWS.filter((row) => row.outcome !== 'passed').length;
    expect(boxes.length - charts.length).toBe(Math.min(200, failing));
    for (const box of boxes) {
      expect(box.wide).toBe(false);
      expect(box.right).toBeLessThanOrEqual(703);
    }
    // A row that failed for its chain alone has no reason sentence; on paper its finding says why.
    const chained = ROWS.filter((row) => row.outcome !== 'passed')
      .slice(0, 200)
      .find((row) => row.reasons.length === 0)!;
    expect(
      await page
        .locator('.print-rows li')
        .filter({ hasText: `Line ${chained.line} ·` })
        .textContent(),
    ).toMatch(/· redirect_chain$/);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'report-scale-print-a4.png'), fullPage: true });
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.context().close();
  }, 120_000);

  it('screenshots: 10,000 rows at 1280 and 375, light and dark', async () => {
    for (const width of [1280, 375]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await open(width, colorScheme);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `report-scale-top-${width}-${colorScheme}.png`) });
        await page.locator('.rows').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SCREENSHOT_DIR, `report-scale-rows-${width}-${colorScheme}.png`) });
        await page.context().close();
      }
    }
  }, 180_000);
});
