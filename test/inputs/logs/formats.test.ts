/**
 * The formats besides combined (combined.test.ts), each read from a fixture written to its documentation
 * (test/fixtures/README.md names each one's authority):
 * - W3C extended as IIS writes it: Microsoft "W3C Logging" (https://learn.microsoft.com/windows/desktop/Http/w3c-logging):
 *   `#Fields:` names the fields; a new `#Fields:` mid-file changes them; `cs-host` carries the host when logged.
 * - CloudFront: AWS "Standard logging reference"
 *   (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/standard-logs-reference.html): tab-separated,
 *   `cs-uri-stem` and `cs-uri-query` apart, `cs(User-Agent)` URL-encoded, `x-host-header` the host asked for.
 * - Cloudflare Logpush: Cloudflare "HTTP requests" (https://developers.cloudflare.com/logs/reference/log-fields/zone/http_requests/):
 *   JSON lines with ClientRequestHost, ClientRequestURI, ClientRequestMethod, EdgeResponseStatus, ClientRequestUserAgent.
 * - Traffic exports: Search Console's Pages table (`Top pages`, `Clicks`...; Google "Performance report (Search
 *   results)", https://support.google.com/webmasters/answer/7576553) and an Ahrefs backlinks export.
 */
import { describe, expect, it } from 'vitest';
import { cloudflareParser } from '../../../src/inputs/logs/cloudflare.js';
import { countTraffic } from '../../../src/inputs/logs/index.js';
import { blankRequest } from '../../../src/inputs/logs/request.js';
import { cloudfrontParser, w3cParser } from '../../../src/inputs/logs/w3c.js';

const FIXTURES = 'test/fixtures/logs';
const log = (name: string) => ({ kind: 'log' as const, path: `${FIXTURES}/${name}` });
const traffic = (name: string) => ({ kind: 'traffic' as const, path: `${FIXTURES}/${name}` });

describe('W3C extended logs (IIS)', () => {
  it('reads the fields #Fields: names, and the new ones after a second #Fields:', () => {
    const parser = w3cParser('iis.log', true);
    const request = blankRequest();
    expect(
      parser.parse('#Fields: date time cs-method cs-uri-stem cs-uri-query sc-status cs(User-Agent)', request),
    ).toBe('directive');
    expect(parser.parse('2026-12-07 06:00:01 GET /a.aspx x=1 200 Mozilla/5.0+(X11)', request)).toBe('request');
    expect(request).toMatchObject({
      method: 'GET',
      target: '/a.aspx?x=1',
      status: 200,
      host: '',
      userAgent: 'Mozilla/5.0 (X11)',
    });
    parser.parse('#Fields: cs-host sc-status cs-method cs-uri-stem', request);
    expect(parser.parse('old.example 301 HEAD /b', request)).toBe('request');
    expect(request).toMatchObject({ method: 'HEAD', target: '/b', status: 301, host: 'old.example', userAgent: '' });
  });

  it('counts an IIS log whose fields change mid-file, the host from cs-host where logged', async () => {
    const table = await countTraffic([log('iis-w3c.log')], { baseUrl: 'https://www.old.example' });
    expect(table.sources).toEqual([{ path: `${FIXTURES}/iis-w3c.log`, format: 'w3c', lines: 6 }]);
    expect(table.entries).toEqual([
      { url: 'https://www.old.example/products/widget.aspx', hits: 2, botHits: 1 },
      { url: 'https://shop.old.example/cart.aspx', hits: 1, botHits: 0 },
    ]);
    expect(table).toMatchObject({ lines: 6, counted: 4, botLines: 1, skipped: { status: 1, method: 1 } });
  });

  it('needs the base URL when #Fields: names no host', async () => {
    await expect(countTraffic([log('iis-w3c.log')], {})).rejects.toMatchObject({
      code: 'INPUT_OPTION_INVALID',
      details: { flag: '--base-url' },
    });
  });
});

describe('CloudFront standard logs', () => {
  it('reads the stem and query apart, the agent URL-decoded, the host from x-host-header and the scheme', () => {
    const parser = cloudfrontParser('cf.log', false);
    const request = blankRequest();
    parser.parse(
      '#Fields: date cs-method cs(Host) cs-uri-stem sc-status cs(User-Agent) cs-uri-query x-host-header cs-protocol',
      request,
    );
    expect(
      parser.parse(
        '2026-12-07\tGET\td1.cloudfront.net\t/a\t200\tMy%20Agent%201.0\tq=1\twww.old.example\thttp',
        request,
      ),
    ).toBe('request');
    expect(request).toEqual({
      method: 'GET',
      target: '/a?q=1',
      status: 200,
      host: 'www.old.example',
      scheme: 'http',
      userAgent: 'My Agent 1.0',
    });
  });

  it('counts a CloudFront log without a base URL: it names its hosts', async () => {
    const table = await countTraffic([log('cloudfront.log')], {});
    expect(table.sources).toEqual([{ path: `${FIXTURES}/cloudfront.log`, format: 'cloudfront', lines: 4 }]);
    expect(table.entries).toEqual([
      { url: 'https://www.old.example/guides/setup', hits: 1, botHits: 0 },
      // Slackbot, URL-encoded in the log, is known once decoded.
      { url: 'https://www.old.example/feed.rss', hits: 0, botHits: 1 },
    ]);
    expect(table).toMatchObject({ lines: 4, counted: 2, botLines: 1, assetLines: 1, skipped: { status: 1 } });
  });
});

describe('Cloudflare Logpush (HTTP requests)', () => {
  it('reads the documented fields of a JSON line', () => {
    const request = blankRequest();
    const line = JSON.stringify({
      ClientRequestHost: 'www.old.example',
      ClientRequestMethod: 'HEAD',
      ClientRequestScheme: 'http',
      ClientRequestURI: '/x?y=1',
      ClientRequestUserAgent: 'Agent',
      EdgeResponseStatus: 304,
    });
    expect(cloudflareParser().parse(line, request)).toBe('request');
    expect(request).toEqual({
      method: 'HEAD',
      target: '/x?y=1',
      status: 304,
      host: 'www.old.example',
      scheme: 'http',
      userAgent: 'Agent',
    });
    expect(cloudflareParser().parse('{"ClientRequestURI":"/x"}', request)).toBe('unparsable');
  });

  it('counts a Logpush file by host, a cut-off last line unparsable', async () => {
    const table = await countTraffic([log('cloudflare.jsonl')], {});
    expect(table.sources[0]?.format).toBe('cloudflare');
    expect(table.entries).toEqual([
      { url: 'https://www.old.example/pricing', hits: 1, botHits: 1 },
      { url: 'http://blog.old.example/2020/hello', hits: 1, botHits: 0 },
    ]);
    expect(table).toMatchObject({ lines: 5, counted: 3, botLines: 1, skipped: { method: 1, unparsable: 1 } });
  });
});

describe('traffic exports', () => {
  it('reads a Search Console Pages export: its pages and their clicks, thousands written 1,204', async () => {
    const table = await countTraffic([traffic('search-console-pages.csv')], {});
    expect(table.sources).toEqual([{ path: `${FIXTURES}/search-console-pages.csv`, format: 'traffic', lines: 4 }]);
    expect(table.entries).toEqual([
      { url: 'https://www.old.example/guides/setup', hits: 1204, botHits: 0 },
      { url: 'https://www.old.example/pricing', hits: 322, botHits: 0 },
    ]);
    expect(table).toMatchObject({ lines: 4, counted: 3, assetLines: 1 });
  });

  it('counts each row of a backlinks export once, whatever its numbers', async () => {
    const table = await countTraffic([traffic('ahrefs-backlinks.csv')], {});
    expect(table.entries).toEqual([
      { url: 'https://www.old.example/blog/2019/old-post', hits: 2, botHits: 0 },
      { url: 'https://www.old.example/docs/guide.pdf', hits: 1, botHits: 0 },
    ]);
  });
});
