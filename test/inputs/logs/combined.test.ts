/**
 * The NCSA common and combined formats. Authorities: Apache's "mod_log_config"
 * (https://httpd.apache.org/docs/current/mod/mod_log_config.html): common is `%h %l %u %t "%r" %>s %b`, combined
 * adds `"%{Referer}i" "%{User-agent}i"`, and a quote inside a quoted field is written `\"`; nginx's "Module
 * ngx_http_log_module" (https://nginx.org/en/docs/http/ngx_http_log_module.html#log_format): the predefined
 * `combined` format, `$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent
 * "$http_referer" "$http_user_agent"`. The fixtures in test/fixtures/logs/ are written to those definitions.
 */
import { describe, expect, it } from 'vitest';
import { combinedParser, commonParser } from '../../../src/inputs/logs/combined.js';
import { countTraffic } from '../../../src/inputs/logs/index.js';
import { blankRequest } from '../../../src/inputs/logs/request.js';

const FIXTURES = 'test/fixtures/logs';
const base = { baseUrl: 'https://old.example' };

describe('combined and common logs', () => {
  it('reads each field a combined line has: method, target, status and user agent', () => {
    const request = blankRequest();
    const line =
      '192.0.2.13 - alice [07/Dec/2026:06:00:05 +0000] "GET /moved?a=1 HTTP/1.1" 301 178 "https://ref.example/" "Agent \\"X\\" 1.0"';
    expect(combinedParser().parse(line, request)).toBe('request');
    expect(request).toMatchObject({ method: 'GET', target: '/moved?a=1', status: 301, userAgent: 'Agent \\"X\\" 1.0' });
    expect(commonParser().parse(line.slice(0, line.indexOf(' "https')), request)).toBe('request');
    expect(request).toMatchObject({ method: 'GET', target: '/moved?a=1', status: 301, userAgent: '' });
  });

  it('counts a combined log by the rules: GET and HEAD answered 2xx or 3xx, no query, assets and bots apart', async () => {
    const table = await countTraffic([{ kind: 'log', path: `${FIXTURES}/combined.log` }], base);
    expect(table.sources).toEqual([{ path: `${FIXTURES}/combined.log`, format: 'combined', lines: 10 }]);
    expect(table.entries).toEqual([
      { url: 'https://old.example/blog/2019/old-post', hits: 2, botHits: 1 },
      { url: 'https://old.example/moved', hits: 1, botHits: 0 },
      { url: 'https://old.example/search', hits: 1, botHits: 0 },
      // curl is on isbot's list: a document fetched by a script is a bot's hit.
      { url: 'https://old.example/docs/guide.pdf', hits: 0, botHits: 1 },
    ]);
    expect(table).toMatchObject({ lines: 10, counted: 6, botLines: 2, assetLines: 1 });
    expect(table.skipped).toEqual({ method: 1, status: 1, unparsable: 1 });
  });

  it('reads a common log, which has no user agent', async () => {
    const table = await countTraffic([{ kind: 'log', path: `${FIXTURES}/common.log` }], base);
    expect(table.sources[0]?.format).toBe('common');
    expect(table.entries).toEqual([
      { url: 'https://old.example/about-us', hits: 2, botHits: 0 },
      { url: 'https://old.example/index.html', hits: 1, botHits: 0 },
    ]);
    expect(table).toMatchObject({ lines: 5, counted: 3, assetLines: 1, skipped: { method: 1 } });
  });

  it('needs the base URL: these logs carry paths only', async () => {
    await expect(countTraffic([{ kind: 'log', path: `${FIXTURES}/combined.log` }], {})).rejects.toMatchObject({
      code: 'INPUT_OPTION_INVALID',
      details: { flag: '--base-url' },
    });
  });
});
