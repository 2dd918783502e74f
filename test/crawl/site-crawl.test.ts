/**
 * hoplens crawl against a synthetic site served by a real node:http server in its own process
 * (test/helpers/crawl-site.mjs), whose link graph is known: the crawl must report exactly the planted links.
 * Rules the expectations follow:
 * - a link to a redirect should name the final URL (Google: "Redirects and Google Search",
 *   https://developers.google.com/search/docs/crawling-indexing/301-redirects; Screaming Frog's "inlinks to redirects");
 * - a canonical and a sitemap entry should name the canonical URL, not one that redirects
 *   (https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls);
 * - hreflang alternates must point to each other, else Google ignores them ("If two pages don't both point to each
 *   other, the tags will be ignored": https://developers.google.com/search/docs/specialty/international/localized-versions);
 *   the same page of Google Search Central ("Tell Google about localized versions of your page") gives three ways,
 *   "equivalent from Google's perspective", of listing them: HTML `<link>` elements, a
 *   `Link: <url>; rel="alternate"; hreflang="x"` response header and `<xhtml:link>` children of a sitemap's `<url>`
 *   entry, so the site plants each finding in each way (/es/'s header, the sitemap's /en-gb/ entry) and a pair
 *   returned across two ways (/en-gb/ in the sitemap, /en-ca/ in its header) that must give no finding;
 * - robots.txt Disallow keeps the crawler out (RFC 9309 §2.2.2); 429 with Retry-After asks to wait (RFC 6585 §4,
 *   RFC 9110 §10.2.3).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli, tempDirPerTest } from '../helpers/cli.js';

interface Logged {
  host: string;
  path: string;
  accept: string;
  at: number;
}

let server: ChildProcess;
let site = '';
let external = '';
const log: Logged[] = [];

beforeAll(async () => {
  server = spawn(process.execPath, [join(ROOT, 'test', 'helpers', 'crawl-site.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: server.stdout! });
  const ports = await new Promise<{ site: number; external: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the crawl site did not start')), 10_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
  });
  lines.on('line', (line) => log.push(JSON.parse(line) as Logged));
  site = `http://127.0.0.1:${ports.site}`;
  external = `http://127.0.0.2:${ports.external}`;
}, 15_000);

afterAll(() => {
  server?.kill('SIGTERM');
});

const dir = tempDirPerTest();

describe('hoplens crawl on the synthetic site', () => {
  it('reports exactly the planted links, with the URL to link to instead', async () => {
    const map = join(dir(), 'map.csv');
    const outcome = await runCli(
      [
        'crawl',
        `${site}/`,
        '--format',
        'ndjson',
        '--max-query-variants',
        '3',
        '--map',
        map,
        '--report',
        'json=report.json',
        '--report',
        'junit=report.xml',
      ],
      { cwd: dir() },
    );
    const rows = outcome.stdout
      .trim()
      .split('\n')
      .filter((line) => line !== '')
      .map(
        (line) =>
          JSON.parse(line) as { source: string; extra: Record<string, string>; reasons: string[]; warnings: string[] },
      );
    const found = rows
      .flatMap((row) =>
        [...row.reasons, ...row.warnings].map(
          (text) =>
            `${text.split(':')[0]} ${row.extra.element} ${(row.extra.page ?? '').replace(site, '')} -> ${row.source.replace(site, '').replace(external, 'EXT')}`,
        ),
      )
      .sort();
    expect(found).toEqual(
      [
        `canonical_to_redirect canonical /about -> /old-about`,
        'hreflang_not_reciprocal hreflang /fr/ -> /',
        'hreflang_not_reciprocal hreflang /es/ -> /pt/',
        'hreflang_not_reciprocal hreflang /en-gb/ -> /en-au/',
        'hreflang_to_redirect hreflang /es/ -> /old-it/',
        'hreflang_to_redirect hreflang /en-gb/ -> /old-en-us/',
        'link_to_chain a / -> /chain-start',
        'link_to_error a / -> /missing',
        'link_to_redirect a / -> /chain-start',
        'link_to_redirect a / -> /old-about',
        'link_to_redirect a / -> EXT/ext-old',
        'link_to_redirect img / -> /old-logo.png',
        'redirect_loop_linked a / -> /loop-a',
        `sitemap_url_redirects sitemap /sitemap.xml -> /sitemap-old`,
      ].sort(),
    );
    expect(outcome.code).toBe(1);
    // A chain says what a chain costs, in words of its own, not the redirect's message again (issue 44).
    const chainRow = rows.find((row) => row.source.endsWith('/chain-start'))!;
    const [redirect, chain] = ['link_to_redirect', 'link_to_chain'].map((type) =>
      [...chainRow.reasons, ...chainRow.warnings].find((text) => text.startsWith(`${type}:`))!.replace(/^\w+: /, ''),
    );
    expect(chain).not.toBe(redirect);
    expect(chain).toMatch(/a chain of \d+ redirects: .*Googlebot follows at most 10/);
    // Each --report file holds the same rows as stdout, in its own format.
    const json = JSON.parse(readFileSync(join(dir(), 'report.json'), 'utf8')) as { source: string }[];
    expect(json.filter((entry) => 'source' in entry).map((entry) => entry.source)).toEqual(
      rows.map((row) => row.source),
    );
    const junit = readFileSync(join(dir(), 'report.xml'), 'utf8');
    expect(junit.match(/<testcase /g)?.length).toBe(rows.length);
    // The suite's time is the crawl's, which waited out the 429's Retry-After of 1 s (it said 0.0 s: the report's own).
    expect(Number(/<testsuites [^>]*time="([\d.]+)"/.exec(junit)?.[1])).toBeGreaterThanOrEqual(1);
    // The link keeps its fragment on the URL to link to instead.
    const old = rows.find((row) => row.source === `${site}/old-about` && row.extra.element === 'a');
    expect(old?.extra.linkInstead).toBe(`${site}/about#team`);
    const csv = readFileSync(map, 'utf8');
    expect(csv).toContain(`${site}/,/old-about#team,${site}/about#team`);
    expect(csv).toContain(`${site}/sitemap.xml,${site}/sitemap-old,${site}/about`);

    // robots.txt's Disallow: the private page is never fetched, by the crawl or an analysis.
    expect(log.filter((entry) => entry.path.startsWith('/private/'))).toEqual([]);
    // The external site is analysed, never crawled: its page's link is not followed.
    expect(log.some((entry) => entry.path === '/ext-new')).toBe(true);
    expect(log.some((entry) => entry.path === '/ext-elsewhere')).toBe(false);
    // Comments and templates hold no links.
    expect(log.some((entry) => entry.path === '/commented-out' || entry.path === '/in-template')).toBe(false);
    // The calendar trap is cut after three query variants, and the run says so.
    expect(log.filter((entry) => entry.path.startsWith('/calendar')).map((entry) => entry.path)).not.toContain(
      '/calendar?month=4',
    );
    expect(outcome.stderr).toMatch(/cut 1 URL \(query-variants\), e\.g\. .*\/calendar\?month=4/);
    // Each page is requested once in all: the analysis of a page of the site is also its reading (the crawl reads the body its
    // analysis fetched), so nothing fetches it a second time. A URL that other chains pass through (/about, the end of
    // three redirects) is requested again by those analyses, each a chain of its own; these are the start of none.
    const once = ['/', '/de/', '/fr/', '/missing', '/old-about', '/chain-start', '/sitemap-old', '/calendar?month=1'];
    const requests = (path: string) => log.filter((entry) => entry.host === '127.0.0.1' && entry.path === path);
    expect(once.filter((path) => requests(path).length !== 1)).toEqual([]);
    // 429 with Retry-After: 1: the next request to /slow waited at least that second.
    const slow = log.filter((entry) => entry.path === '/slow');
    expect(slow.length).toBeGreaterThanOrEqual(2);
    expect(slow[1]!.at - slow[0]!.at).toBeGreaterThanOrEqual(950);
  }, 60_000);

  it('refuses --report on files, where it would write nothing', async () => {
    writeFileSync(join(dir(), 'README.md'), `[home](${site}/)\n`);
    const outcome = await runCli(['crawl', 'README.md', '--report', 'json=out.json'], { cwd: dir() });
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain('--report is for crawling a site');
  });

  it('says a row judged without an analysis of its own is not analysed, in the table', async () => {
    const outcome = await runCli(['crawl', `${site}/`, '--max-query-variants', '3', '--no-color'], { cwd: dir() });
    expect(outcome.stdout).toContain('hreflang_not_reciprocal');
    expect(outcome.stdout).toContain('not analysed');
    expect(outcome.stdout).not.toContain('undefined');
  });

  it('fails a crawl that could read no page, rather than passing it with no findings', async () => {
    // Port 1 on loopback: nothing listens, the connection is refused.
    const outcome = await runCli(['crawl', 'http://127.0.0.1:1/'], { cwd: dir() });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain('no page answered 2xx');
  });
});
