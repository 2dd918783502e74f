/**
 * Accessibility of every face a person reads (issue 30): axe-core, run inside Debian's chromium on the real pages
 * served by the real service, finds no violation of the WCAG 2.1 level A and AA rules on `/`, `/monitors`, a report
 * opened in the page, the HTML report file itself, the API reference at `/docs` and an issue help page, in light and
 * dark, and on the variants view with its request headers set and every variant's chain unfolded (issue 29). axe's rule tags: https://github.com/dequelabs/axe-core/blob/develop/doc/API.md#axe-core-tags (wcag2a,
 * wcag2aa, wcag21a, wcag21aa). Needs `npm run build` first.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations as violations } from '../helpers/axe.js';
import { checkedPages, launchChromium, type RunningService, startService } from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { TOKEN } from '../helpers/monitors.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const pageDir = useBuiltPage();
let browser: Browser;
let service: RunningService;
let targets: TestServer;
let dir: Awaited<ReturnType<typeof tempDir>>;
const open = checkedPages(() => browser);

beforeAll(async () => {
  targets = await startServer((req, res) => {
    const [, kind, id] = (req.url ?? '').split('/');
    if (kind === 'new') res.writeHead(200);
    else if (kind === 'moved') res.writeHead(301, { location: `/new/${id}` });
    else if (kind === 'twice') res.writeHead(302, { location: `/new/${id}` });
    else res.writeHead(404);
    res.end();
  });
  dir = await tempDir();
  const rows = ['moved', 'twice', 'gone'].flatMap((kind) =>
    [0, 1, 2].map((i) => `${targets.origin}/${kind}/${i},${targets.origin}/new/${i}`),
  );
  const csv = join(dir.path, 'moves.csv');
  await writeFile(csv, `source,target\n${rows.join('\n')}\n`);
  await runCli(['check', csv, '--format', 'ndjson', '--output', join(dir.path, 'run.ndjson'), '--retries', '0']);
  await runCli(['check', csv, '--format', 'html', '--output', join(dir.path, 'run.html'), '--retries', '0']);
  // The monitors' database in the test's own folder, never in the working directory (the default ./data).
  // A variants view counts a dozen analyses, in each scheme: more than the default 30 a minute.
  service = await startService(pageDir(), {
    HOPLENS_ADMIN_TOKEN: TOKEN,
    HOPLENS_DATA_DIR: join(dir.path, 'data'),
    HOPLENS_RATE_LIMIT_PER_MINUTE: '100',
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await targets?.close();
  await dir?.remove();
});

/** What to open and what to wait for before axe looks. */
const FACES: Array<{ name: string; go(page: Page): Promise<void> }> = [
  {
    name: 'the page at /',
    go: async (page) => {
      await page.goto(`${service.origin}/`);
      await page.getByLabel('URL to analyze').waitFor();
    },
  },
  {
    name: 'the page with a result',
    go: async (page) => {
      await page.goto(`${service.origin}/?url=${encodeURIComponent(`${targets.origin}/moved/1`)}`);
      await page.locator('ol.timeline').first().waitFor();
    },
  },
  {
    name: 'the variants view, headers set, every chain unfolded',
    go: async (page) => {
      const url = encodeURIComponent(`${targets.origin}/moved/1`);
      await page.goto(`${service.origin}/?view=variants&url=${url}&maxHops=10&header.accept-language=fr`);
      await page.locator('.variants__list').waitFor({ timeout: 30_000 });
      for (const summary of await page.locator('.variant__chain > summary').all()) await summary.click();
      await page.locator('.variant__chain ol.timeline').first().waitFor();
    },
  },
  {
    name: '/monitors',
    go: async (page) => {
      await page.goto(`${service.origin}/monitors`);
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: 'a report opened in the page, a row unfolded',
    go: async (page) => {
      await page.goto(`${service.origin}/`);
      await page.locator('#report-file').setInputFiles(join(dir.path, 'run.ndjson'));
      await page.locator('#report-view [data-chart="outcomes"]').waitFor();
      await page.locator('button.unfold').first().click();
      await page.locator('#row-detail ol.timeline').waitFor();
    },
  },
  {
    name: 'the many-URLs mode, its form refusing an empty paste',
    go: async (page) => {
      await page.goto(`${service.origin}/`);
      await page.locator('#tab-many').click();
      await page.locator('#many-start').click();
      await page.locator('#many-error').waitFor();
    },
  },
  {
    name: 'the many-URLs mode with its checked rows, a row unfolded',
    go: async (page) => {
      await page.goto(`${service.origin}/`);
      await page.locator('#tab-many').click();
      const urls = ['moved', 'twice', 'gone'].map((kind) => `${targets.origin}/${kind}/1`);
      await page.locator('#many-text').fill(urls.join('\n'));
      await page.locator('#many-start').click();
      await page.locator('#many-status [data-state="done"]').waitFor({ timeout: 30_000 });
      await page.locator('#many-report button.unfold').first().click();
      await page.locator('#many-report #row-detail ol.timeline').waitFor();
    },
  },
  {
    name: 'the HTML report file',
    go: async (page) => {
      // Served as the file's bytes on the service's origin, so that the checked page may load it (no other origin).
      const html = await readFile(join(dir.path, 'run.html'), 'utf8');
      await page.route(`${service.origin}/run.html`, (route) =>
        route.fulfill({ contentType: 'text/html', body: html }),
      );
      await page.goto(`${service.origin}/run.html`);
      await page.locator('[data-chart="outcomes"]').waitFor();
    },
  },
  {
    name: 'the HTML report file on a 375 px phone (rows as cards)',
    go: async (page) => {
      const html = await readFile(join(dir.path, 'run.html'), 'utf8');
      await page.route(`${service.origin}/run.html`, (route) =>
        route.fulfill({ contentType: 'text/html', body: html }),
      );
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`${service.origin}/run.html`);
      await page.locator('tbody tr.row').first().waitFor();
    },
  },
  {
    name: 'the API reference at /docs',
    go: async (page) => {
      await page.goto(`${service.origin}/docs`);
      // Swagger UI is the heaviest page here; on a loaded machine it takes its time to draw.
      await page.locator('#operations-analysis-analyzeUrl').waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'an issue help page',
    go: async (page) => {
      await page.goto(`${service.origin}/docs/issues#redirect_loop`);
      await page.locator('h1').first().waitFor();
    },
  },
];

describe('axe-core finds no WCAG 2.1 A/AA violation', () => {
  for (const face of FACES) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`on ${face.name} (${colorScheme})`, async () => {
        const { page } = await open(service.origin, { colorScheme });
        await face.go(page);
        expect(await violations(page)).toEqual([]);
      }, 60_000);
    }
  }

  it('gives the page one h1 when a report is opened', async () => {
    const { page } = await open(service.origin);
    await page.goto(`${service.origin}/`);
    await page.locator('#report-file').setInputFiles(join(dir.path, 'run.ndjson'));
    await page.locator('#report-view [data-chart="outcomes"]').waitFor();
    expect(await page.locator('h1').count()).toBe(1);
  });
});
