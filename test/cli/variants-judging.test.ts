/**
 * How `hoplens variants` judges what a newcomer meets first, through the built executable (issue 44):
 * - a correct https site whose upper-case, `index.html` and `index.php` variants answer 404 or 410 passes (exit 0),
 *   with a note: Google says a 404 for a URL nobody links to does not hurt ("404 errors won't impact your site's
 *   search performance", Search Console Help, Page indexing report, Not found (404):
 *   https://support.google.com/webmasters/answer/7440203), and treats 410 as 404
 *   (https://developers.google.com/search/docs/crawling-indexing/http-network-errors);
 * - the same variant answering 200 (a duplicate, https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls)
 *   or redirecting to a 404 elsewhere still fails it;
 * - an http-only site: `variant_not_https` says the canonical URL itself is http and names every variant ending on
 *   http, the URL as given and the clients too.
 * The sites are reached through --connect-to, so their URLs are their own, on the default ports.
 */
import { writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, killChildren, spawnCli, tempDir } from '../helpers/cli.js';
import { closedPort, startHttpsServer, startServer, type TestServer } from '../helpers/servers.js';
import { createTestPki } from '../helpers/tls-certificates.js';

/** What the site answers for the paths of the variants nobody links to; the rest is a correct site. */
let unlinked: Record<string, { status: number; location?: string }> = {};

function goodSite(req: IncomingMessage, res: ServerResponse): void {
  const https = (req.socket as { encrypted?: boolean }).encrypted === true;
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  const path = req.url ?? '/';
  const own = unlinked[path];
  if (!https || host !== 'www.good.test' || path === '/page/') {
    res.writeHead(301, { location: 'https://www.good.test/page' });
    res.end();
  } else if (path === '/page') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(req.method === 'HEAD' ? undefined : '<!doctype html><title>page</title>');
  } else {
    res.writeHead(own?.status ?? 404, own?.location === undefined ? {} : { location: own.location });
    res.end();
  }
}

/** A site on plain http only: one page, the apex and the slash redirected to it, anything else 404. */
function plainSite(req: IncomingMessage, res: ServerResponse): void {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  const path = req.url ?? '/';
  if (host !== 'www.plain.test' || path === '/page/') {
    res.writeHead(301, { location: 'http://www.plain.test/page' });
    res.end();
    return;
  }
  res.writeHead(path === '/page' ? 200 : 404, { 'content-type': 'text/html' });
  res.end(req.method === 'HEAD' ? undefined : '<!doctype html><title>page</title>');
}

let plain: TestServer;
let secure: TestServer;
let plainOnly: TestServer;
let refused: number;
let dir: { path: string; remove: () => Promise<void> };
let caFile: string;

beforeAll(async () => {
  assertBuilt();
  const pki = createTestPki('www.good.test', ['good.test', 'www.good.test']);
  plain = await startServer(goodSite);
  secure = await startHttpsServer(goodSite, pki.valid);
  plainOnly = await startServer(plainSite);
  refused = await closedPort();
  dir = await tempDir();
  caFile = join(dir.path, 'ca.pem');
  await writeFile(caFile, pki.ca);
  // RSA keys for the test PKI: slow on a loaded two-core machine.
}, 90_000);

afterEach(() => killChildren());

afterAll(async () => {
  await Promise.all([plain?.close(), secure?.close(), plainOnly?.close(), dir?.remove()]);
});

interface Report {
  findings: { type: string; severity: string; message: string; variants: string[] }[];
  grid: { variant: string; odd: boolean }[];
}

async function variants(url: string, connectTo: string[], format = 'json') {
  const rules = connectTo.flatMap((rule) => ['--connect-to', rule]);
  const args = ['variants', url, '--ca', caFile, '--no-robots', '--format', format, ...rules];
  // Fourteen analyses on loopback take well under a second; the rest is room for a loaded machine.
  return spawnCli(args, { timeoutMs: 60_000 });
}

const good = (format = 'json') =>
  variants('https://www.good.test/page', [`:80:127.0.0.1:${plain.port}`, `:443:127.0.0.1:${secure.port}`], format);

describe('hoplens variants: unlinked variants answering 404 or 410', () => {
  it('passes a correct site whose case and index variants do not exist, with a warning naming them', async () => {
    unlinked = { '/page/index.php': { status: 410 } };
    const run = await good();
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.findings.map(({ type, severity, variants }) => ({ type, severity, variants }))).toEqual([
      // A warning, not an error (the decision): the run still passes.
      { type: 'variant_not_found', severity: 'warning', variants: ['case', 'index.html', 'index.php'] },
    ]);
    expect(report.findings[0]!.message).toContain('case: 404, index.html: 404, index.php: 410');
    // Marked odd as any warning's variants are; the run passes all the same.
    expect(report.grid.filter((row) => row.odd).map((row) => row.variant)).toEqual(['case', 'index.html', 'index.php']);

    const table = await good('table');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^⚠ variant_not_found: Variants nobody links to answer that they do not exist/m);
    expect(table.stdout).not.toMatch(/^✖/m);
  }, 150_000);

  it('still fails a duplicate (the variant answers 200) and a redirect to a 404 elsewhere', async () => {
    unlinked = {
      '/PAGE': { status: 200 },
      '/page/index.html': { status: 301, location: 'https://www.good.test/gone' },
    };
    const run = await good();
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    const astray = report.findings.find((entry) => entry.type === 'variants_not_consolidated');
    expect(astray).toMatchObject({ severity: 'error', variants: ['case', 'index.html'] });
    expect(report.findings.find((entry) => entry.type === 'variant_not_found')?.variants).toEqual(['index.php']);
  }, 150_000);
});

describe('hoplens variants: an http-only site', () => {
  it('says the canonical URL itself is http and names every variant ending on http', async () => {
    const run = await variants('http://www.plain.test/page', [
      `:80:127.0.0.1:${plainOnly.port}`,
      `:443:127.0.0.1:${refused}`,
    ]);
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    const http = report.findings.find((entry) => entry.type === 'variant_not_https')!;
    expect(http.severity).toBe('error');
    expect(http.message).toMatch(/^The canonical URL itself is plain http \(http:\/\/www\.plain\.test\/page\)/);
    expect(http.variants).toEqual([
      'given',
      'host',
      'slash',
      'case',
      'index.html',
      'index.php',
      'port',
      'googlebot-smartphone',
      'googlebot-desktop',
      'bingbot',
      'chrome',
      'head',
      'as-browser',
    ]);
    // The https variant failed to connect: it ends on no URL, so it is not among them, but it is astray.
    const astray = report.findings.find((entry) => entry.type === 'variants_not_consolidated')!;
    expect(astray.message).toContain('scheme → CONNECTION_REFUSED');
  }, 150_000);
});
