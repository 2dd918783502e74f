/**
 * `npm run bench:report`: the HTML report (issue 30) of 10,000 and of 100,000 rows in headless Chromium, against its
 * budgets: the file's size (3 MB per 10,000 rows), the paint (3 s) and a filter (300 ms).
 * - paint: from the navigation's start to the first frame after the report is built (charts and the table's first
 *   rows in the document), marked by the file's own script (`hoplens:painted`, src/report/view/main.ts);
 * - filter: from choosing outcome "failed" to two frames later (the table redrawn);
 * - CPU: the main thread's task, script, layout and style time over each (CDP `Performance.getMetrics`, counted
 *   in the thread's CPU time), which a loaded machine inflates far less than the wall clock; the marks of the view's stages show where the paint's time goes.
 * The rows are made here, shaped as a migration's check gives them (one or two redirects each, some failing): the
 * view is measured, not the network. Options (environment): BENCH_REPORT_ROWS=10000,100000.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, type CDPSession, chromium } from 'playwright-core';
import type { RowResult } from '../src/check/index.js';
import { ReportDataBuilder, reportHtml } from '../src/report/index.js';

const COUNTS = (process.env.BENCH_REPORT_ROWS ?? '10000,100000').split(',').map(Number);
const BUDGET = { megabytesPer10k: 3, paint: 3000, filter: 300 };

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

const verdict = (value: number, budget: number) => (value <= budget ? 'met' : 'NOT MET');

/** The page's main-thread task and script time so far, in ms. */
async function cpu(session: CDPSession) {
  const { metrics } = await session.send('Performance.getMetrics');
  const of = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
  return {
    task: of('TaskDuration'),
    script: of('ScriptDuration'),
    layout: of('LayoutDuration'),
    style: of('RecalcStyleDuration'),
  };
}

// Page-side code as text: this file is type-checked without the DOM's types.
const FRAMES = 'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))';

async function measure(browser: Browser, count: number, dir: string): Promise<void> {
  const file = join(dir, `report-${count}.html`);
  const data = new ReportDataBuilder('bench.csv', 'bench.csv');
  for (let i = 0; i < count; i++) data.add(row(i));
  writeFileSync(file, reportHtml(data.data()));
  const megabytes = statSync(file).size / 1024 / 1024;
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // Once to bring the file's renderer up (a file: URL gets its own process), then measured on a reload in it.
  await page.goto(pathToFileURL(file).href);
  const session = await page.context().newCDPSession(page);
  // Durations in the main thread's own CPU time, not the wall clock the other processes on the machine stretch.
  await session.send('Performance.enable', { timeDomain: 'threadTicks' });
  const before = await cpu(session);
  await page.reload();
  await page.waitForFunction(`performance.getEntriesByName('hoplens:painted').length > 0`, undefined, {
    timeout: 120_000,
  });
  const paintCpu = await cpu(session);
  const marks = (await page.evaluate(
    `performance.getEntriesByType('mark').filter((m) => m.name.startsWith('hoplens:')).map((m) => [m.name.slice(8), Math.round(m.startTime)])`,
  )) as Array<[string, number]>;
  const paint = marks.find(([name]) => name === 'painted')![1];
  const filter = (await page.evaluate(`(async () => {
    const select = document.getElementById('filter-outcome');
    const began = performance.now();
    select.value = 'failed';
    select.dispatchEvent(new Event('change'));
    await ${FRAMES};
    return performance.now() - began;
  })()`)) as number;
  const filterCpu = await cpu(session);
  const shown = await page.locator('[data-count]').getAttribute('data-count');
  await page.close();
  const perTenThousand = (megabytes * 10_000) / count;
  const rows = count.toLocaleString('en-US');
  console.log(
    `${rows} rows: ${megabytes.toFixed(2)} MB (${perTenThousand.toFixed(2)} MB per 10,000; budget ${BUDGET.megabytesPer10k}: ${verdict(perTenThousand, BUDGET.megabytesPer10k)})`,
  );
  console.log(
    `  paint ${paint} ms (budget ${BUDGET.paint}: ${verdict(paint, BUDGET.paint)}); main thread ${(paintCpu.task - before.task).toFixed(0)} ms of tasks, ${(paintCpu.script - before.script).toFixed(0)} ms of script, ${(paintCpu.layout - before.layout).toFixed(0)} ms of layout, ${(paintCpu.style - before.style).toFixed(0)} ms of style`,
  );
  console.log(`  stages (ms from navigation): ${marks.map(([name, at]) => `${name} ${at}`).join(', ')}`);
  console.log(
    `  filter to failed (${shown} rows) ${filter.toFixed(0)} ms (budget ${BUDGET.filter}: ${verdict(filter, BUDGET.filter)}); main thread ${(filterCpu.task - paintCpu.task).toFixed(0)} ms of tasks, ${(filterCpu.script - paintCpu.script).toFixed(0)} ms of script, ${(filterCpu.layout - paintCpu.layout).toFixed(0)} ms of layout, ${(filterCpu.style - paintCpu.style).toFixed(0)} ms of style`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'hoplens-bench-report-'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const count of COUNTS) await measure(browser, count, dir);
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
