/**
 * hoplens's reading of meta refreshes side by side with real Chromium (Debian's /usr/bin/chromium, JavaScript on, as
 * test/render/ drives it): each page of test/core/helpers/refresh-contexts.ts, and pages with a Refresh header or
 * several refreshes, is served on loopback, Chromium loads it and is given 1.5 s to navigate, and hoplens analyses it
 * without rendering. The final URLs must agree, except where docs/library.md ("How pages are read") lists an intended
 * difference: the HTML standard's first-refresh rule, which Chromium does not follow (a later refresh with a delay no
 * longer than the scheduled one replaces it). The count of agreements is printed after the file.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
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

/** A page served with a `Refresh` header besides its HTML. */
interface HeaderCase {
  readonly name: string;
  readonly path: string;
  readonly refresh?: string;
  readonly html: string;
  /** Where Chromium lands, and hoplens (the same unless this is a documented difference). */
  readonly chromium: string;
  readonly hoplens: string;
}

const meta = (content: string) => `<meta http-equiv="refresh" content="${content}">`;

/**
 * The Refresh header runs the shared declarative refresh steps when the document is created, before any meta (WHATWG
 * HTML, "create and initialize a Document object"). Where Chromium differs, it is the first-refresh rule.
 */
const HEADER_AND_RULE_CASES: readonly HeaderCase[] = [
  {
    name: 'an unparsable Refresh header, then a meta refresh',
    path: '/h1',
    refresh: 'soon',
    html: meta('0; url=/next'),
    chromium: '/next',
    hoplens: '/next',
  },
  {
    name: 'a Refresh header sooner than the meta refresh',
    path: '/h2',
    refresh: '0; url=/header',
    html: meta('1; url=/meta'),
    chromium: '/header',
    hoplens: '/header',
  },
  {
    name: 'a meta refresh to a URL that does not parse, then a valid one',
    path: '/h3',
    html: meta('0; url=http://[x') + meta('0; url=/next'),
    chromium: '/next',
    hoplens: '/next',
  },
  // Documented differences (docs/library.md, "How pages are read"): Chromium lets a later refresh whose delay is no
  // longer replace the scheduled one; the standard keeps the first.
  {
    name: 'two meta refreshes, the later one sooner',
    path: '/d1',
    html: meta('1; url=/first') + meta('0; url=/second'),
    chromium: '/second',
    hoplens: '/first',
  },
  {
    name: 'two immediate meta refreshes',
    path: '/d2',
    html: meta('0; url=/first') + meta('0; url=/second'),
    chromium: '/second',
    hoplens: '/first',
  },
  {
    name: 'a Refresh header and a meta refresh as soon',
    path: '/d3',
    refresh: '0; url=/header',
    html: meta('0; url=/meta'),
    chromium: '/meta',
    hoplens: '/header',
  },
];

let browser: Browser;
let server: TestServer;
const analyzer = new Analyzer();
const pages = new Map<string, { html: string; refresh?: string }>();
const cases = [...IGNORED_CONTEXTS, ...REFRESHING_CONTEXTS].map((context, index) => ({
  name: context.name,
  context,
  path: `/c${index}`,
}));
const tally = { agreements: 0, cases: 0, differences: 0 };

beforeAll(async () => {
  for (const { context, path } of cases) pages.set(path, { html: context.html('/next') });
  for (const { path, html, refresh } of HEADER_AND_RULE_CASES)
    pages.set(path, refresh === undefined ? { html } : { html, refresh });
  server = await startServer((req, res) => {
    const page = pages.get(req.url ?? '');
    const headers = page?.refresh === undefined ? HTML : { ...HTML, refresh: page.refresh };
    res.writeHead(200, headers).end(page?.html ?? '<p>Landed.</p>');
  });
  browser = await launchChromium();
}, 30_000);

afterAll(async () => {
  console.log(
    `hoplens agrees with Chromium on ${tally.agreements} of ${tally.cases} pages; ` +
      `${tally.differences} documented differences (the first-refresh rule) held as documented`,
  );
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

  it.concurrent.for(HEADER_AND_RULE_CASES)('$name', { timeout: 20_000 }, async (page, { expect }) => {
    const [chromium, hoplens] = await Promise.all([chromiumLandsOn(page.path), hoplensLandsOn(page.path)]);
    const different = page.chromium !== page.hoplens;
    tally.cases++;
    if (chromium === hoplens) tally.agreements++;
    expect(new URL(chromium).pathname).toBe(page.chromium);
    expect(new URL(hoplens).pathname).toBe(page.hoplens);
    if (different) tally.differences++;
  });
});
