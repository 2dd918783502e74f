/**
 * hoplens's reading of meta refreshes side by side with real Chromium (Debian's /usr/bin/chromium, JavaScript on, as
 * test/render/ drives it): each page of test/core/helpers/refresh-contexts.ts is served on loopback, Chromium loads it
 * and is given 1.5 s to navigate, and hoplens analyses it without rendering. The final URLs must agree, except where
 * docs/library.md ("How pages are read") lists an intended difference: the HTML standard's first-refresh rule, which
 * Chromium does not follow (a later refresh with a delay no longer than the scheduled one replaces it).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/index.js';
import { launchChromium } from '../helpers/browser.js';
import { installTripwire } from '../helpers/net-tripwire.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { LOOPBACK } from './helpers/analysis.js';
import { IGNORED_CONTEXTS, REFRESHING_CONTEXTS, type RefreshContext } from './helpers/refresh-contexts.js';

installTripwire();

const HTML = { 'content-type': 'text/html; charset=utf-8' };
/** How long Chromium is given to navigate after the page's load: every refresh here is immediate. */
const SETTLE_MS = 1_500;

/** The HTML standard's first-refresh rule against Chromium's "the sooner replaces": hoplens goes to /first. */
const FIRST_REFRESH_RULE =
  '<meta http-equiv="refresh" content="1; url=/first"><meta http-equiv="refresh" content="0; url=/second">';

let browser: Browser;
let server: TestServer;
const analyzer = new Analyzer();
const pages = new Map<string, string>();
const cases = [...IGNORED_CONTEXTS, ...REFRESHING_CONTEXTS].map((context, index) => ({
  name: context.name,
  context,
  path: `/c${index}`,
}));
const tally = { agreements: 0, cases: 0 };

beforeAll(async () => {
  for (const { context, path } of cases) pages.set(path, context.html('/next'));
  pages.set('/first-rule', FIRST_REFRESH_RULE);
  server = await startServer((req, res) => {
    const page = pages.get(req.url ?? '');
    res.writeHead(200, HTML).end(page ?? '<p>Landed.</p>');
  });
  browser = await launchChromium();
}, 30_000);

afterAll(async () => {
  console.log(`hoplens agrees with Chromium on ${tally.agreements} of ${tally.cases} meta refresh contexts`);
  await browser?.close();
  await server?.close();
  await analyzer.close();
});

/** Where Chromium is SETTLE_MS after loading `path`. */
async function chromiumLandsOn(path: string): Promise<string> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${server.origin}${path}`, { waitUntil: 'load', timeout: 10_000 });
    await page.waitForTimeout(SETTLE_MS);
    return page.url();
  } finally {
    await context.close();
  }
}

async function hoplensLandsOn(path: string): Promise<string> {
  const result = await analyzer.analyze(`${server.origin}${path}`, LOOPBACK);
  return result.chain[result.chain.length - 1]!.url;
}

function expectedPath(context: RefreshContext, ignored: boolean, path: string): string {
  return ignored ? path : (context.expected ?? '/next');
}

describe('meta refresh contexts, hoplens (no rendering) against Chromium', () => {
  // A few at a time: each waits SETTLE_MS with its page open.
  it.concurrent.for(cases)('$name', { timeout: 20_000 }, async ({ context, path }, { expect }) => {
    const ignored = IGNORED_CONTEXTS.includes(context);
    const [chromium, hoplens] = await Promise.all([chromiumLandsOn(path), hoplensLandsOn(path)]);
    tally.cases++;
    if (chromium === hoplens) tally.agreements++;
    // Both against the expectation first, so that a failure says which of the two moved.
    expect(new URL(chromium).pathname).toBe(expectedPath(context, ignored, path));
    expect(hoplens).toBe(chromium);
  });

  it('differs, as documented, on two refreshes: the standard keeps the first, Chromium the sooner', async () => {
    const [chromium, hoplens] = await Promise.all([chromiumLandsOn('/first-rule'), hoplensLandsOn('/first-rule')]);
    expect(new URL(chromium).pathname).toBe('/second');
    expect(new URL(hoplens).pathname).toBe('/first');
  }, 20_000);
});
