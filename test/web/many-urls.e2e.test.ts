/**
 * The page's many-URLs mode (issue 30), in Chromium against the real service and a loopback target site: a pasted
 * list checked at the pace the rate limit allows, a CSV map judged exactly as `hoplens check` judges the same file,
 * a `_redirects` on a base URL, a day's quota smaller than the list, the downloads read back, the keyboard alone.
 *
 * The pacing follows the service's own headers: X-RateLimit-Remaining and X-RateLimit-Reset on every answer, and a
 * 429's Retry-After (RFC 9110 §10.2.3, https://www.rfc-editor.org/rfc/rfc9110#field.retry-after; RFC 6585 §4,
 * https://www.rfc-editor.org/rfc/rfc6585#section-4: a client that gets 429 waits before it asks again).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, type RowResult } from '../../src/check/index.js';
import type { RateLimitDecision, RateLimitStore } from '../../src/service/rate-limit/store.js';
import { TwoWindows } from '../../src/service/rate-limit/two-windows.js';
import { checkedPages, launchChromium, type RunningService, startService } from '../helpers/browser.js';
import { useBuiltPage } from '../helpers/built-page.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/servers.js';

const SHOTS = '/tmp/shots-many-urls';
const pageDir = useBuiltPage();
let browser: Browser;
let targets: TestServer;
let open: ReturnType<typeof checkedPages>;
let dir: Awaited<ReturnType<typeof tempDir>>;
const services: RunningService[] = [];

/** The short window of the paced service, in seconds, and what it allows in it. */
const WINDOW_S = 3;
const PER_WINDOW = 5;

/** A real in-memory rate limiter with a short "minute" window, recording every decision it makes (the server's log). */
class RecordingStore implements RateLimitStore {
  readonly decisions: Array<{ at: number; allowed: boolean }> = [];
  private readonly windows: TwoWindows;
  constructor(perWindow: number, windowSeconds: number, perDay: number) {
    this.windows = new TwoWindows(
      new RateLimiterMemory({ points: perWindow, duration: windowSeconds, keyPrefix: 'test:m' }),
      new RateLimiterMemory({ points: perDay, duration: 86_400, keyPrefix: 'test:d' }),
    );
  }
  async consume(key: string, points = 1): Promise<RateLimitDecision> {
    const decision = await this.windows.consume(key, points);
    this.decisions.push({ at: Date.now(), allowed: decision.allowed });
    return decision;
  }
  peek(key: string) {
    return this.windows.peek(key);
  }
  async isReady() {
    return true;
  }
  async close() {}
}

async function service(env: Record<string, string> = {}, store?: RateLimitStore): Promise<RunningService> {
  const started = await startService(pageDir(), env, store === undefined ? {} : { store });
  services.push(started);
  return started;
}

beforeAll(async () => {
  targets = await startServer((req, res) => {
    const [, kind, id] = (req.url ?? '').split('/');
    const answer = (status: number, location?: string) => {
      res.writeHead(status, location === undefined ? {} : { location });
      res.end();
    };
    if (kind === 'new' || kind === 'elsewhere') return answer(200);
    if (kind === 'moved') return answer(301, `/new/${id}`);
    if (kind === 'temp') return answer(302, `/new/${id}`);
    if (kind === 'wrong') return answer(301, `/elsewhere/${id}`);
    return answer(404);
  });
  dir = await tempDir();
  browser = await launchChromium();
  open = checkedPages(() => browser);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  for (const started of services) await started.close();
  await targets?.close();
  await dir?.remove();
});

/** Opens the page, switches to many URLs with the keyboard, pastes `text` (and a base URL) and starts the run. */
async function startRun(page: Page, origin: string, text: string, base?: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.locator('#tab-one').focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.locator('#many').isVisible()).toBe(true);
  await page.locator('#many-text').fill(text);
  if (base !== undefined) await page.locator('#many-base').fill(base);
  await page.locator('#many-start').click();
}

/** Waits for the run's end and answers its closing notice's state. */
async function ended(page: Page, timeout = 60_000): Promise<string> {
  await page.locator('#many-status [data-state]:not([data-state="running"])').waitFor({ timeout });
  return (await page.locator('#many-status [data-state]').getAttribute('data-state')) ?? '';
}

/** Clicks a download button and answers the file's text. */
async function downloaded(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator(button).click()]);
  const path = await file.path();
  return readFile(path, 'utf8');
}

/** Presses Tab until `condition` (a script run in the page) holds, at most 40 times. */
async function tabTo(page: Page, condition: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await page.evaluate(condition)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached: ${condition}`);
}

const jsonRows = (text: string) =>
  (JSON.parse(text) as Array<RowResult | { kind: 'summary' }>).filter((row): row is RowResult => !('kind' in row));

describe("the page's many-URLs mode", () => {
  it('paces a pasted list of 20 URLs to the rate limit and ends every row with its outcome', async () => {
    const store = new RecordingStore(PER_WINDOW, WINDOW_S, 1000);
    const paced = await service({}, store);
    const urls = [
      ...Array.from({ length: 14 }, (_, i) => `${targets.origin}/moved/${i}`),
      ...Array.from({ length: 3 }, (_, i) => `${targets.origin}/gone/${i}`),
      ...Array.from({ length: 3 }, (_, i) => `${targets.origin}/temp/${i}`),
    ];
    const { page } = await open(paced.origin);
    await startRun(page, paced.origin, `${urls.join('\n')}\n`);
    // The page says it waits for the rate limit (20 rows at 5 per window cannot go at once).
    await page.locator('.many__wait').waitFor({ timeout: 15_000 });
    expect(await page.locator('.many__wait').textContent()).toMatch(/waiting \d+ s for the rate limit/);
    await page.screenshot({ path: join(SHOTS, 'many-1280-light-waiting.png') });
    expect(await ended(page)).toBe('done');
    // At the server: every row analysed once, and no window refused more than one request.
    const refused = store.decisions.filter((decision) => !decision.allowed);
    expect(store.decisions.filter((decision) => decision.allowed)).toHaveLength(20);
    for (const one of refused) {
      const sameWindow = refused.filter((other) => Math.abs(other.at - one.at) < WINDOW_S * 1000);
      expect(sameWindow).toHaveLength(1);
    }
    const rows = jsonRows(await downloaded(page, '#many-json'));
    expect(rows.map((row) => row.source)).toEqual(urls);
    const outcomes = Object.fromEntries(rows.map((row) => [row.source, row.outcome]));
    for (const url of urls) expect(outcomes[url]).toBe(url.includes('/gone/') ? 'failed' : 'passed');
    expect(rows.find((row) => row.source.includes('/gone/'))?.reasons.join(' ')).toMatch(/404.*\[error_status\]/);
    expect(await page.locator('[data-chart="outcomes"]').getAttribute('data-figures')).toBe(
      JSON.stringify([
        ['passed', 17],
        ['failed', 3],
        ['errored', 0],
      ]),
    );
  }, 90_000);

  it('judges a CSV map exactly as hoplens check judges the same file, and its downloads read back', async () => {
    const plain = await service();
    const o = targets.origin;
    const csv = [
      'source,target,status,note',
      `${o}/moved/1,${o}/new/1,301,kept`,
      `${o}/moved/2,${o}/new/2,302,wrong status`,
      `${o}/wrong/3,${o}/new/3,301,wrong target`,
      `${o}/temp/4,${o}/new/4,302,temporary asked for`,
      `${o}/gone/5,,410,gone but 404`,
      `${o}/gone/6,,404,gone`,
      `not a url,${o}/new/7,301,bad line`,
      `${o}/new/8,${o}/new/8,,no redirect`,
    ].join('\n');
    const file = join(dir.path, 'map.csv');
    await writeFile(file, `${csv}\n`);
    const cli = await runCli(['check', file, '--format', 'json', '--retries', '0']);
    const expected = jsonRows(cli.stdout);
    expect(expected).toHaveLength(7);
    const { page } = await open(plain.origin);
    await startRun(page, plain.origin, csv);
    expect(await ended(page)).toBe('done');
    const fromPage = jsonRows(await downloaded(page, '#many-json'));
    expect(await page.locator('#many-status').textContent()).toContain('1 line not read');
    const judged = (rows: RowResult[]) =>
      rows.map(
        ({ line, source, target, expectedStatus, extra, outcome, reasons, warnings, finalStatus, finalUrl }) => ({
          ...{ line, source, target, expectedStatus, extra, outcome, reasons, warnings, finalStatus, finalUrl },
        }),
      );
    expect(judged(fromPage)).toEqual(judged(expected));
    // `not a url` is a line the CLI cannot read; Chromium's URL parser would have taken it (src/core/parse-url.ts).
    expect(fromPage.map((row) => row.outcome)).toEqual([
      'passed',
      'failed',
      'failed',
      'passed',
      'failed',
      'passed',
      'passed',
    ]);
    // The CSV download: the CLI's columns, the input's extra one after them, a record per row.
    const records = parse(await downloaded(page, '#many-csv'), { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(records[0]!)).toEqual([...CSV_COLUMNS, 'note']);
    expect(records.map((record) => record.outcome)).toEqual(fromPage.map((row) => row.outcome));
    // The json download read back by `hoplens report html`, and the HTML download is the same self-contained file.
    const json = join(dir.path, 'page.json');
    await writeFile(json, await downloaded(page, '#many-json'));
    const html = join(dir.path, 'from-json.html');
    // It exits 1 as `check` would, since rows failed (docs/cli.md, "report merge"); 2 would be a report it cannot read.
    const reread = await runCli(['report', 'html', json, '--output', html]);
    expect(reread.stdout).toContain('Wrote the HTML report');
    expect(reread.code).toBe(1);
    const pageHtml = await downloaded(page, '#many-html');
    expect(pageHtml).toMatch(/^<!doctype html>/);
    expect(pageHtml).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
    const data = (text: string) =>
      JSON.parse(/<script type="application\/json" id="hoplens-data">([^<]*)<\/script>/.exec(text)![1]!) as {
        rows: unknown[];
      };
    expect(data(pageHtml).rows).toEqual(data(await readFile(html, 'utf8')).rows);
  }, 90_000);

  // Issue 44: a header with a space was read as a URL list, each whole line requested as one URL, every row failing.
  it.each([
    ['Old URL,Destination URL', (o: string) => [`${o}/moved/1,${o}/new/1`, `${o}/wrong/2,${o}/new/2`]],
    ['old url,new url', (o: string) => [`${o}/moved/3,${o}/new/3`]],
    ['Source URL,Target URL,Status Code', (o: string) => [`${o}/moved/4,${o}/new/4,301`, `${o}/temp/5,${o}/new/5,301`]],
  ])(
    'detects a CSV whose header is %j and judges its rows as hoplens check does',
    async (header, rows) => {
      const plain = await service();
      const csv = [header, ...rows(targets.origin)].join('\n');
      // A name that says nothing, so that the CLI detects the format by the content, as the page must.
      const file = join(dir.path, 'moves.txt');
      await writeFile(file, `${csv}\n`);
      const cli = await runCli(['check', file, '--format', 'json', '--retries', '0']);
      const expected = jsonRows(cli.stdout);
      expect(expected.map((row) => row.outcome)).toContain('passed');
      const { page } = await open(plain.origin);
      await startRun(page, plain.origin, csv);
      expect(await ended(page)).toBe('done');
      const fromPage = jsonRows(await downloaded(page, '#many-json'));
      const judged = (list: RowResult[]) =>
        list.map(({ line, source, target, expectedStatus, outcome, reasons }) => ({
          ...{ line, source, target, expectedStatus, outcome, reasons },
        }));
      expect(judged(fromPage)).toEqual(judged(expected));
    },
    60_000,
  );

  it('reads a _redirects on a base URL: literal rules checked, a splat skipped and counted', async () => {
    const plain = await service();
    const text = '# moves\n/moved/1  /new/1  301\n/wrong/2  /new/2  301\n/blog/*  /news/:splat  301\n';
    const { page } = await open(plain.origin);
    await startRun(page, plain.origin, text, `${targets.origin}/`);
    expect(await ended(page)).toBe('done');
    expect(await page.locator('#many-status').textContent()).toContain('1 rule skipped');
    const rows = jsonRows(await downloaded(page, '#many-json'));
    expect(rows.map((row) => [row.line, row.source, row.outcome])).toEqual([
      [2, `${targets.origin}/moved/1`, 'passed'],
      [3, `${targets.origin}/wrong/2`, 'failed'],
    ]);
  }, 60_000);

  it("stops when the day's quota is spent and says how many rows were not checked", async () => {
    const small = await service({ HOPLENS_RATE_LIMIT_PER_DAY: '4' });
    const urls = Array.from({ length: 7 }, (_, i) => `${targets.origin}/moved/${i}`);
    const { page } = await open(small.origin);
    await startRun(page, small.origin, urls.join('\n'));
    expect(await ended(page)).toBe('quota');
    const notice = page.locator('#many-status [data-state]');
    expect(await notice.getAttribute('data-not-checked')).toBe('3');
    expect(await notice.textContent()).toContain('3 rows not checked');
    expect(jsonRows(await downloaded(page, '#many-json'))).toHaveLength(4);
    const trailer = (JSON.parse(await downloaded(page, '#many-json')) as Array<Record<string, unknown>>).at(-1);
    expect(trailer).toEqual({ kind: 'summary', interrupted: true, unchecked: 3 });
  }, 60_000);

  it('cancels while it waits for the rate limit, keeping the rows checked', async () => {
    const slow = await service({}, new RecordingStore(2, 60, 1000));
    const urls = Array.from({ length: 6 }, (_, i) => `${targets.origin}/moved/${i}`);
    const { page } = await open(slow.origin);
    await startRun(page, slow.origin, urls.join('\n'));
    await page.locator('.many__wait').waitFor({ timeout: 15_000 });
    await page.locator('#many-cancel').click();
    expect(await ended(page)).toBe('cancelled');
    expect(await page.locator('#many-status [data-state]').getAttribute('data-not-checked')).toBe('4');
    expect(jsonRows(await downloaded(page, '#many-json'))).toHaveLength(2);
  }, 60_000);

  it('keyboard alone: paste, start, filter to the failing rows and unfold one', async () => {
    const plain = await service();
    const { page } = await open(plain.origin);
    await page.goto(`${plain.origin}/`);
    await page.locator('#url').focus();
    // From the URL field back to the tabs, then to the many-URLs tab.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('tab-one');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('many-text');
    await page.keyboard.insertText(`${targets.origin}/moved/1\n${targets.origin}/gone/2\n${targets.origin}/moved/3`);
    for (const id of ['many-format', 'many-base', 'many-start']) {
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate('document.activeElement.id')).toBe(id);
    }
    await page.keyboard.press('Enter');
    expect(await ended(page)).toBe('done');
    // Focus went to the results when the run ended; Tab on to the outcome filter.
    await tabTo(page, "document.activeElement.id === 'filter-outcome'");
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('[data-count]').getAttribute('data-count')).toBe('1');
    await tabTo(page, "document.activeElement.classList.contains('unfold')");
    await page.keyboard.press('Enter');
    await page.locator('#row-detail ol.timeline').waitFor();
  }, 60_000);

  it('screenshots: the mode at 1280 and 375 wide, light and dark', async () => {
    const plain = await service();
    const text = [
      `${targets.origin}/moved/1`,
      `${targets.origin}/temp/2`,
      `${targets.origin}/gone/3`,
      `${targets.origin}/wrong/4`,
    ].join('\n');
    for (const width of [1280, 375]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await open(plain.origin, { width, colorScheme });
        await startRun(page, plain.origin, text);
        await ended(page);
        await page.screenshot({ path: join(SHOTS, `many-${width}-${colorScheme}.png`), fullPage: true });
      }
    }
  }, 90_000);
});
