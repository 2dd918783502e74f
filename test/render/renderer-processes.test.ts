/**
 * How many renderer processes a render costs. Each render has a browser context of its own (src/render/
 * isolated-context.ts); its page must get one renderer process, its own, and no more: by default Chromium also starts,
 * per context, a renderer for the headless window's omnibox popup (a `browser_ui` target,
 * chrome://omnibox-popup.top-chrome/) and a spare renderer for a next navigation, and those process starts were most of
 * a render's time (BENCHMARKS.md, workload 5). Counted from the real browser, with CDP's `SystemInfo.getProcessInfo`
 * (https://chromedevtools.github.io/devtools-protocol/tot/SystemInfo/#method-getProcessInfo).
 *
 * Chromium keeps only the last `--disable-features` of its command line (the last value of a switch wins; see
 * https://github.com/cypress-io/cypress/pull/34787 for the same finding), so the renderer's list replaces Playwright's
 * own and must carry every name of it: checked against the command line of a browser Playwright starts by itself.
 */
import { readFileSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CdpBrowser } from '../../src/render/cdp-browser.js';
import { CHROMIUM_FLAGS, chromiumPath } from '../../src/render/index.js';
import { IsolatedContext } from '../../src/render/isolated-context.js';
import { browserPids } from '../helpers/chromium-processes.js';

const EXECUTABLE = '/usr/bin/chromium';
const FEATURES = '--disable-features=';

const open: Browser[] = [];
afterAll(async () => {
  await Promise.all(open.map((browser) => browser.close().catch(() => {})));
});

async function launch(args: readonly string[]): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: EXECUTABLE, args: [...args], timeout: 20_000 });
  open.push(browser);
  return browser;
}

/** Renderer processes alive after opening `contexts` contexts of one page each, as the renderer opens them. */
async function renderersFor(browser: Browser, contexts: number): Promise<number> {
  for (let i = 0; i < contexts; i++) {
    const context = await browser.newContext({ userAgent: `probe-${i}`, serviceWorkers: 'block' });
    await context.newPage();
  }
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
    processInfo: Array<{ type: string }>;
  };
  return processInfo.filter((info) => info.type === 'renderer').length;
}

/** The last `--disable-features` value of a command line (the one Chromium keeps), split into names. */
function disabledFeatures(args: readonly string[]): string[] {
  const last = args.filter((arg) => arg.startsWith(FEATURES)).at(-1);
  return last === undefined ? [] : last.slice(FEATURES.length).split(',').filter(Boolean);
}

describe('renderer processes per render', () => {
  it("gives each of the renderer's own contexts one renderer process, through its DevTools pipe", async () => {
    // The browser and contexts the renderer itself opens (src/render/cdp-browser.ts, isolated-context.ts).
    const browser = await CdpBrowser.launch(chromiumPath(), 20_000);
    try {
      const events = { onRequest: async () => undefined, onLoad: () => {}, onCrash: () => {} };
      for (let i = 0; i < 3; i++) await IsolatedContext.open(browser, `probe-${i}`, events);
      const { processInfo } = await browser.connection.send<{ processInfo: Array<{ type: string }> }>(
        'SystemInfo.getProcessInfo',
      );
      expect(processInfo.filter((info) => info.type === 'renderer').length).toBe(3);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('gives each context one renderer process of its own, and none beside it', async () => {
    const browser = await launch(CHROMIUM_FLAGS);
    expect(await renderersFor(browser, 3)).toBe(3);
  }, 60_000);

  it('would start more than one per context without the renderer flags (the cost they remove)', async () => {
    const browser = await launch(CHROMIUM_FLAGS.filter((flag) => !flag.startsWith(FEATURES)));
    expect(await renderersFor(browser, 3)).toBeGreaterThanOrEqual(6);
  }, 60_000);

  it('keeps every feature Playwright itself turns off, since Chromium reads only the last list', async () => {
    await launch([]);
    // Of this process's browsers, the one started without the renderer's flags.
    const args = browserPids()
      .map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'))
      .find((line) => !line.includes('--no-proxy-server'));
    expect(args).toBeDefined();
    const playwrights = disabledFeatures(args ?? []);
    expect(playwrights.length).toBeGreaterThan(0);
    const ours = disabledFeatures(CHROMIUM_FLAGS);
    expect(playwrights.filter((name) => !ours.includes(name))).toEqual([]);
  }, 60_000);
});
