/**
 * Issue 47's same-site stylesheets: the crawl reads the `url()`s and `@import`s of a style sheet of its own site,
 * resolved against the style sheet's URL ("For CSS style sheets, the base URL is that of the style sheet, not that of
 * the source document": CSS Values and Units 4, 4.5.1), and reports those that redirect with the style sheet as their
 * page. An `@import`ed sheet is read in turn (a redirecting one where its redirect ends), a loop of imports ends, an
 * off-site sheet is analysed and never read. A body read is told from the analysis's request by its Accept (the
 * Fetch standard's `text/css,*\/*;q=0.1` of a style sheet). `--skip css` and `--skip stylesheet` read none, and each
 * sheet read is one URL of `--max-pages` (docs/crawl.md).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDirPerTest } from '../helpers/cli.js';
import { reportFindings } from './report-findings.js';

const CSS_ACCEPT = 'text/css,*/*;q=0.1';

/** The site's style sheets; any path with `/old-` redirects to its `/new-` twin. */
const SHEETS: Record<string, string> = {
  // `img/old-bg.png` is /styles/img/…, not the page's /img/….
  '/styles/main.css': `@import "/styles/old-import.css"; @import url(loop/a.css);
/* url(/styles/commented.png) */ .hero { background: url(img/old-bg.png) }`,
  '/styles/new-import.css': `.y { src: url("old-font.woff") }`,
  '/styles/loop/a.css': `@import "b.css"; .a { background: url(old-a.png) }`,
  '/styles/loop/b.css': `@import 'a.css'; .b { background: url(old-b.png) }`,
};

interface Logged {
  readonly path: string;
  readonly accept: string;
}

function serve(log: Logged[], handle: (path: string, response: ServerResponse) => void) {
  return createServer((request: IncomingMessage, response) => {
    const path = request.url ?? '/';
    log.push({ path, accept: request.headers.accept ?? '' });
    if (path === '/robots.txt') response.writeHead(404).end();
    else if (path.includes('/old-')) response.writeHead(301, { location: path.replace('/old-', '/new-') }).end();
    else handle(path, response);
  });
}

async function listen(server: Server, host: string): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

let site = '';
let offSite = '';
const siteLog: Logged[] = [];
const offLog: Logged[] = [];
const servers: Server[] = [];

beforeAll(async () => {
  const off = serve(offLog, (_path, response) =>
    response.writeHead(200, { 'content-type': 'text/css' }).end('.o { background: url(/old-off.png) }'),
  );
  offSite = await listen(off, '127.0.0.2');
  const own = serve(siteLog, (path, response) => {
    const sheet = SHEETS[path];
    if (sheet !== undefined) return void response.writeHead(200, { 'content-type': 'text/css' }).end(sheet);
    const page = `<!doctype html><title>sheets</title><link rel=stylesheet href=/styles/main.css>
<link rel=stylesheet href="${offSite}/off.css">`;
    response.writeHead(200, { 'content-type': 'text/html' }).end(path === '/' ? page : 'x');
  });
  site = await listen(own, '127.0.0.1');
  servers.push(off, own);
}, 10_000);

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Each finding of the report (./report-findings.ts). */
const findings = (stdout: string) => reportFindings(stdout, site, true);

/** The style sheet bodies the crawl read, by path. */
function bodiesRead(log: readonly Logged[]): string[] {
  return log.filter((entry) => entry.accept === CSS_ACCEPT).map((entry) => entry.path);
}

const dir = tempDirPerTest();
const crawl = (...flags: string[]) =>
  runCli(['crawl', `${site}/`, '--format', 'ndjson', '--no-progress', ...flags], { cwd: dir() });

describe('hoplens crawl reads same-site stylesheets', () => {
  it("reports the redirecting url()s and @imports of each sheet, resolved against the sheet's URL", async () => {
    siteLog.length = 0;
    offLog.length = 0;
    const outcome = await crawl();
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(findings(outcome.stdout)).toEqual(
      [
        'link_to_redirect css /styles/main.css /styles/old-import.css',
        'link_to_redirect css /styles/main.css /styles/img/old-bg.png',
        'link_to_redirect css /styles/new-import.css /styles/old-font.woff',
        'link_to_redirect css /styles/loop/a.css /styles/loop/old-a.png',
        'link_to_redirect css /styles/loop/b.css /styles/loop/old-b.png',
      ].sort(),
    );
    // Each sheet's body read once, the loop's included; the redirecting import read where it ends.
    expect(bodiesRead(siteLog).sort()).toEqual(
      ['/styles/main.css', '/styles/new-import.css', '/styles/loop/a.css', '/styles/loop/b.css'].sort(),
    );
    // The off-site sheet is analysed (its chain), never read, and its url() never requested.
    expect(offLog.map((entry) => entry.path)).toContain('/off.css');
    expect(bodiesRead(offLog)).toEqual([]);
    expect(offLog.filter((entry) => entry.path.includes('off.png'))).toEqual([]);
  }, 60_000);

  it('reads no sheet with --skip css, and neither checks nor reads one with --skip stylesheet', async () => {
    siteLog.length = 0;
    const css = await crawl('--skip', 'css');
    expect(css.code, css.stderr).toBe(0);
    expect(findings(css.stdout)).toEqual([]);
    expect(bodiesRead(siteLog)).toEqual([]);
    // The stylesheet kind's own check still asks for it.
    expect(siteLog.map((entry) => entry.path)).toContain('/styles/main.css');
    siteLog.length = 0;
    const sheets = await crawl('--skip', 'stylesheet');
    expect(sheets.code, sheets.stderr).toBe(0);
    expect(findings(sheets.stdout)).toEqual([]);
    expect(siteLog.filter((entry) => entry.path.endsWith('.css'))).toEqual([]);
  }, 60_000);

  it('counts each sheet read as one URL of --max-pages; a sheet past it is analysed, not read', async () => {
    siteLog.length = 0;
    // The start page and main.css: its two imports are past the budget.
    const outcome = await crawl('--max-pages', '2');
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(bodiesRead(siteLog)).toEqual(['/styles/main.css']);
    expect(outcome.stderr).toMatch(/cut 2 URLs \(max-pages\)/);
    expect(outcome.stderr).toMatch(/crawled 2 pages/);
    // main.css's links are still checked: the import past the budget is analysed as a link target.
    expect(findings(outcome.stdout)).toEqual([
      'link_to_redirect css /styles/main.css /styles/img/old-bg.png',
      'link_to_redirect css /styles/main.css /styles/old-import.css',
    ]);
  }, 60_000);
});
