/**
 * A report file holding script payloads in every string field its view shows (issue 41): a hand-made ndjson report,
 * and the HTML report `hoplens report html` makes of it, each opened on the page (the file picker and a drop onto the
 * page, src/web/client/report-open.ts) and the HTML report opened on its own, in real Chromium. Every payload sets
 * `window.__pwned` when run; none may, no element may come of one (an image, a frame, a script...), no request may
 * leave the origin, no CSP rule may be broken, and each payload must be on the screen as the text it is.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedPages, launchChromium, type RunningService, startService } from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { inUrl, SCRIPT_PAYLOADS } from '../helpers/script-payloads.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const pageDir = useBuiltPage();
let browser: Browser;
let service: RunningService;
let htmlServer: TestServer;
let dir: Awaited<ReturnType<typeof tempDir>>;
const open = checkedPages(() => browser);

/** Two rows per payload: a failed one (every text but the error) and an errored one (the error's code and message). */
function payloadRows(): object[] {
  return SCRIPT_PAYLOADS.flatMap((p, i) => {
    const hop = (url: string, status: number) => ({
      url,
      status,
      statusText: p,
      responseTime: 3,
      headers: { location: p },
    });
    const issue = { type: p, severity: 'error', message: p, help: p };
    const common = { source: inUrl(p), target: p, extra: { note: p }, warnings: [p], attempts: 1, time: 6 };
    return [
      {
        ...common,
        line: 2 * i + 1,
        outcome: 'failed',
        reasons: [p],
        firstStatus: 301,
        finalStatus: 200,
        finalUrl: p,
        hops: 2,
        redirects: 1,
        issues: [issue],
        chain: [{ ...hop(inUrl(p), 301), redirectType: 'permanent' }, hop(p, 200)],
      },
      {
        ...common,
        line: 2 * i + 2,
        outcome: 'errored',
        reasons: [p],
        hops: 0,
        redirects: 0,
        error: { code: p, message: p },
        issues: [],
        chain: [],
      },
    ];
  });
}

const collapse = {
  type: 'redirect_collapse',
  severity: 'warning',
  threshold: 2,
  targets: SCRIPT_PAYLOADS.map((p) => ({ finalUrl: p, rows: 2, root: false, examples: [p] })),
};

beforeAll(async () => {
  dir = await tempDir();
  const lines = [...payloadRows(), { kind: 'summary', redirectCollapse: collapse }].map((r) => JSON.stringify(r));
  await writeFile(join(dir.path, 'payloads.ndjson'), `${lines.join('\n')}\n`);
  const html = join(dir.path, 'payloads.html');
  expect((await runCli(['report', 'html', join(dir.path, 'payloads.ndjson'), '-o', html])).code).toBe(1);
  const htmlText = await readFile(html, 'utf8');
  htmlServer = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(htmlText);
  });
  service = await startService(pageDir());
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await htmlServer?.close();
  await dir?.remove();
});

/**
 * What ran and what was made: the global the payloads set, and elements a payload would make that no report shows
 * (the HTML report's own scripts and embedded data aside). A string evaluated in the page, which the tests' types
 * (Node's, no DOM) need not know.
 */
const HARM = `({
  pwned: window.__pwned,
  made: [...document.querySelectorAll('img, iframe, script, [onerror], [onload], [ontoggle]')]
    .filter((element) => element.tagName !== 'SCRIPT' || (element.textContent ?? '').includes('__pwned'))
    .filter((element) => element.id !== 'hoplens-data')
    .map((element) => element.outerHTML.slice(0, 80)),
})`;

const harm = (page: Page) => page.evaluate(HARM) as Promise<{ pwned: unknown; made: string[] }>;

/** A viewport tall enough that the table draws every row at once (it draws only the rows in view). */
const TALL = { height: 4000 };

/** Unfolds each row in turn and reads the whole view's text, so that each payload is seen where it is shown. */
async function shownTexts(page: Page, view: string): Promise<string> {
  const texts = [await page.locator(view).innerText()];
  const rows = await page.locator(`${view} button.unfold`).count();
  expect(rows).toBe(2 * SCRIPT_PAYLOADS.length);
  for (let row = 0; row < rows; row++) {
    await page.locator(`${view} button.unfold[data-row="${row}"]`).click();
    await page.locator(`${view} #row-detail .row-detail__body`).waitFor();
    texts.push(await page.locator(`${view} #row-detail`).innerText());
  }
  return texts.join('\n');
}

/** Every payload, as a text, is somewhere on the screen: escaped, not parsed, not dropped. */
function expectShownAsText(text: string): void {
  for (const payload of SCRIPT_PAYLOADS) expect(text).toContain(payload.replace(/[\u2028\u2029]/g, '').trim());
}

/** Drops a file onto the page as a person would: a `drop` event whose DataTransfer holds it. */
async function dropFile(page: Page, name: string, text: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    `(() => { const data = new DataTransfer(); data.items.add(new File([${JSON.stringify(text)}], ${JSON.stringify(name)})); return data; })()`,
  );
  await page.dispatchEvent('body', 'drop', { dataTransfer: transfer });
}

describe('script payloads in a report file', () => {
  for (const [file, how] of [
    ['payloads.ndjson', 'picker'],
    ['payloads.html', 'picker'],
    ['payloads.ndjson', 'drop'],
    ['payloads.html', 'drop'],
  ] as const) {
    it(`opened on the page (${file}, ${how}): none runs, each shown as text`, async () => {
      const { page } = await open(service.origin, TALL);
      await page.goto(`${service.origin}/`);
      const path = join(dir.path, file);
      if (how === 'picker') await page.locator('#report-file').setInputFiles(path);
      else await dropFile(page, file, await readFile(path, 'utf8'));
      await page.locator('#report-view [data-chart="outcomes"]').waitFor();
      const text = await shownTexts(page, '#report-view');
      expectShownAsText(text);
      expect(await harm(page)).toEqual({ pwned: undefined, made: [] });
    });
  }

  it('a file whose name is a payload: the name is shown as text, nothing runs', async () => {
    const { page } = await open(service.origin);
    await page.goto(`${service.origin}/`);
    const name = `${SCRIPT_PAYLOADS[1]}.txt`;
    await dropFile(page, name, 'not a report\n');
    await expect.poll(() => page.locator('#report-error').textContent()).toContain(name);
    expect(await harm(page)).toEqual({ pwned: undefined, made: [] });
  });

  it('the HTML report on its own: none runs, each shown as text', async () => {
    const { page } = await open(htmlServer.origin, TALL);
    await page.goto(`${htmlServer.origin}/`);
    await page.locator('[data-chart="outcomes"]').waitFor();
    expectShownAsText(await shownTexts(page, 'body'));
    expect(await harm(page)).toEqual({ pwned: undefined, made: [] });
  });
});
