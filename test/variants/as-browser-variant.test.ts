/**
 * The `as-browser` variant: the URL's http:// form followed by a returning browser that knows the HSTS hosts the run's
 * other rows heard over https (RFC 6797 §8.1, §8.3). On a site whose https answers send HSTS, its chain starts with
 * the browser's own upgrade (Chromium's internal 307, `redirectVia: 'hsts'`) and nothing goes out in clear; on a site
 * that sends none, it is the server's redirect, as the `scheme` row. Loopback servers on http and https, reached
 * through --connect-to, so the URLs are the sites' own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/index.js';
import { analyzeVariants, type VariantsReport } from '../../src/variants/index.js';
import { runCli } from '../helpers/cli.js';
import { serveBothSchemes } from '../helpers/variant-site.js';

const HSTS_SITE = 'https://www.hsts.test/page';
const PLAIN_SITE = 'https://www.nohsts.test/page';

/** http moves to https; https answers a page, with HSTS on the hsts.test hosts only. */
function site(req: IncomingMessage, res: ServerResponse): void {
  const https = (req.socket as { encrypted?: boolean }).encrypted === true;
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  if (!https) {
    res.writeHead(301, { location: `https://${host}${req.url ?? '/'}` });
    res.end();
    return;
  }
  const hsts = host.endsWith('hsts.test') && !host.endsWith('nohsts.test');
  res.writeHead(200, {
    'content-type': 'text/html',
    ...(hsts ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  });
  res.end('<!doctype html><title>page</title>');
}

const served = serveBothSchemes(site, ['www.hsts.test', 'hsts.test', 'nohsts.test', 'www.nohsts.test']);

async function variantsOf(url: string): Promise<VariantsReport> {
  const analyzer = new Analyzer({ ca: served.ca, connectTo: served.connectTo() });
  try {
    return await analyzeVariants(url, (each, options) => analyzer.analyze(each, options), {
      allowNetworks: ['127.0.0.0/8'],
      robots: false,
    });
  } finally {
    await analyzer.close();
  }
}

const rowOf = (report: VariantsReport, id: string) => report.grid.find((row) => row.variant === id);

describe('the as-browser variant', () => {
  it('is the last row: http:// upgraded by the browser itself, after the https rows heard HSTS', async () => {
    const before = served.plain.received.length;
    const report = await variantsOf(HSTS_SITE);
    expect(report.grid.at(-1)?.variant).toBe('as-browser');
    expect(rowOf(report, 'as-browser')).toMatchObject({
      kind: 'client',
      url: 'http://www.hsts.test/page',
      change: 'http:// in a returning browser (HSTS learnt from the rows above)',
      chain: [
        { url: 'http://www.hsts.test/page', status: 307, redirectVia: 'hsts' },
        { url: HSTS_SITE, status: 200 },
      ],
      finalUrl: HSTS_SITE,
      redirects: 0,
      odd: false,
    });
    // The scheme row still shows the server's redirect; the browser sent nothing in clear: one plain request in all.
    expect(rowOf(report, 'scheme')?.chain.map((hop) => hop.status)).toEqual([301, 200]);
    expect(served.plain.received.length - before).toBe(1);
  });

  it("shows the server's redirect where the site sends no HSTS", async () => {
    const report = await variantsOf(PLAIN_SITE);
    const row = rowOf(report, 'as-browser');
    expect(row?.chain).toMatchObject([
      { url: 'http://www.nohsts.test/page', status: 301, redirectVia: 'http' },
      { url: PLAIN_SITE, status: 200 },
    ]);
    expect(row?.redirects).toBe(1);
  });

  it('the CLI names the upgrade in the table, the CSV and the JSON', async () => {
    const args = ['variants', HSTS_SITE, '--ca', served.caFile, '--no-robots'];
    const flags = [...args, ...served.connectTo().flatMap((rule) => ['--connect-to', rule])];
    const table = await runCli(flags);
    expect(table.stdout).toMatch(
      /^ {3}as-browser +http:\/\/ in a returning browser \(HSTS learnt from the rows above\) +307 HSTS → 200 +https:\/\/www\.hsts\.test\/page$/m,
    );
    const csv = await runCli([...flags, '--format', 'csv']);
    expect(csv.stdout).toContain('307 HSTS http://www.hsts.test/page | 200 https://www.hsts.test/page');
    const json = JSON.parse((await runCli([...flags, '--format', 'json'])).stdout) as VariantsReport;
    expect(rowOf(json, 'as-browser')?.chain[0]).toMatchObject({ status: 307, redirectVia: 'hsts' });
  });
});
