/**
 * `npm run bench:report`: the HTML report of 100,000 rows (issue 30) in headless Chromium: the file's size (budget
 * 3 MB per 10,000 rows), the time from navigation to the charts and the first rows painted (budget 3 s), and the time
 * a filter takes to apply (outcome "failed": budget 300 ms). The rows are made here, shaped as a migration's check
 * gives them (one or two redirects each, some failing): the view is measured, not the network.
 * Options (environment): BENCH_REPORT_ROWS=100000.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { RowResult } from '../src/check/index.js';
import { ReportDataBuilder, reportHtml } from '../src/report/index.js';

const count = Number(process.env.BENCH_REPORT_ROWS ?? 100_000);

function row(i: number): RowResult {
  const failed = i % 25 === 0;
  const twice = i % 10 === 0;
  const source = `https://old.example.com/products/${i}/item-${i % 997}`;
  const finalUrl = `https://www.example.com/shop/${failed ? 'wrong' : 'item'}/${i}`;
  const chain = [
    { url: source, status: twice ? 302 : 301, statusText: '', responseTime: 40 + (i % 300), headers: {} },
    ...(twice
      ? [{ url: `https://example.com/shop/${i}`, status: 301, statusText: '', responseTime: 30, headers: {} }]
      : []),
    { url: finalUrl, status: 200, statusText: 'OK', responseTime: 50, headers: {} },
  ];
  return {
    line: i + 2,
    source,
    target: `https://www.example.com/shop/item/${i}`,
    outcome: failed ? 'failed' : 'passed',
    reasons: failed ? [`final URL is ${finalUrl}, expected https://www.example.com/shop/item/${i}`] : [],
    warnings: [],
    firstStatus: chain[0]!.status,
    finalStatus: 200,
    finalUrl,
    hops: chain.length,
    redirects: chain.length - 1,
    time: chain.reduce((sum, hop) => sum + hop.responseTime, 0),
    attempts: 1,
    issues: [],
    chain: chain.map((hop, index) => ({
      ...hop,
      ...(index < chain.length - 1 ? { redirectType: hop.status === 302 ? 'temporary' : 'permanent' } : {}),
    })) as RowResult['chain'],
  };
}

const dir = mkdtempSync(join(tmpdir(), 'hoplens-bench-report-'));
const file = join(dir, 'report.html');
try {
  const data = new ReportDataBuilder('bench.csv', 'bench.csv');
  for (let i = 0; i < count; i++) data.add(row(i));
  writeFileSync(file, reportHtml(data.data()));
  const megabytes = statSync(file).size / 1024 / 1024;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const start = Date.now();
  await page.goto(pathToFileURL(file).href);
  await page.locator('tbody tr.row').first().waitFor({ timeout: 60_000 });
  await page.locator('[data-chart="outcomes"]').waitFor();
  // Page-side code as text: this file is type-checked without the DOM's types.
  const frames = 'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))';
  await page.evaluate(frames);
  const paint = Date.now() - start;
  const filter = (await page.evaluate(`(async () => {
    const select = document.getElementById('filter-outcome');
    const began = performance.now();
    select.value = 'failed';
    select.dispatchEvent(new Event('change'));
    await ${frames};
    return performance.now() - began;
  })()`)) as number;
  const shown = await page.locator('[data-count]').getAttribute('data-count');
  await browser.close();
  const perTenThousand = (megabytes * 10_000) / count;
  console.log(
    `report of ${count} rows: ${megabytes.toFixed(2)} MB (${perTenThousand.toFixed(2)} MB per 10,000; budget 3)`,
  );
  console.log(
    `paint: ${paint} ms (budget 3000)  filter to failed (${shown} rows): ${filter.toFixed(0)} ms (budget 300)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
