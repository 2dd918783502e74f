/**
 * vercel.json `redirects` and Vercel bulk redirects. Authorities: Vercel's project configuration docs
 * (vercel.com/docs/project-configuration#redirects: `permanent` defaults to true, 308; false is 307; `statusCode`
 * instead of `permanent`), configuration redirects (vercel.com/docs/redirects/configuration-redirects: `has`
 * conditions, path-to-regexp patterns), and bulk redirects (vercel.com/docs/redirects/bulk-redirects/getting-started:
 * CSV/JSON/JSONL with source, destination, permanent default false, statusCode overriding it, `t`/`f` in CSV).
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readRules } from '../../src/inputs/index.js';
import { all, brief } from '../helpers/rule-items.js';

const options = { baseUrl: 'https://site.test' };
const read = async (format: 'vercel' | 'vercel-bulk', text: string) =>
  brief(await all(readRules(format, Readable.from([text]), options)));

describe('vercel.json', () => {
  // A destination written `//host/path` is sent as the Location, which a browser reads as a network-path reference:
  // the other host on the request's own scheme (RFC 3986 section 4.2, https://www.rfc-editor.org/rfc/rfc3986#section-4.2),
  // so on an http site it is http, not https put in front of a bare host.
  it("expects a `//` destination on the source URL's scheme", async () => {
    const json = '{ "redirects": [{ "source": "/cdn", "destination": "//cdn.test/x" }] }';
    const items = await all(readRules('vercel', Readable.from([json]), { baseUrl: 'http://site.test:8080' }));
    expect(brief(items)).toEqual(['row 1 http://site.test:8080/cdn → http://cdn.test/x 308']);
  });

  it('checks literal sources, skips patterns and conditions, reports each rule on the line of its object', async () => {
    const json = `{
  "$schema": "https://openapi.vercel.sh/vercel.json",
  "cleanUrls": true,
  "redirects": [
    { "source": "/me", "destination": "/profile.html" },
    { "source": "/user", "destination": "/api/user", "permanent": false },
    { "source": "/view-source", "destination": "https://github.test/x", "statusCode": 301, "permanent": true },
    { "source": "/blog/:slug", "destination": "/news/:slug" },
    { "source": "/docs/(.*)", "destination": "/d" },
    { "source": "/old/:path*", "destination": "/new/:path*" },
    {
      "source": "/uk",
      "has": [{ "type": "header", "key": "x-vercel-ip-country", "value": "GB" }],
      "destination": "/uk/home"
    },
    { "source": "/a\\\\:b", "destination": "/c" },
    { "source": "/bad*", "destination": "/x" },
    { "source": "no-slash", "destination": "/x" },
    { "source": "/s", "destination": "/t", "statusCode": 200 },
    "not an object",
    { "source": "/me", "destination": "/other" }
  ]
}`;
    expect(await read('vercel', json)).toEqual([
      'row 5 https://site.test/me → https://site.test/profile.html 308',
      'row 6 https://site.test/user → https://site.test/api/user 307',
      // @vercel/routing-utils refuses `permanent` together with `statusCode` (the deploy fails).
      'bad 7 a redirect cannot define both "permanent" and "statusCode" (Vercel refuses to deploy it)',
      'skip 8 pattern in the source (:slug)',
      'skip 9 pattern in the source ((.*))',
      'skip 10 pattern in the source (:path*)',
      'skip 11 conditional (has)',
      // An escaped colon is a literal one.
      'row 16 https://site.test/a:b → https://site.test/c 308',
      'bad 17 not a valid source pattern: Unexpected MODIFIER at 4, expected END',
      'bad 18 "source" must be a path starting with /',
      'bad 19 statusCode must be a 3xx status',
      'bad 20 a rule must be a JSON object',
      'skip 21 shadowed by line 5',
    ]);
  });

  it('stops on a file that is not JSON; reads none from a vercel.json without redirects', async () => {
    await expect(read('vercel', '{ "redirects": [ }')).rejects.toMatchObject({ code: 'INPUT_MALFORMED' });
    await expect(read('vercel', '{ "redirects": {} }')).rejects.toMatchObject({ code: 'INPUT_MALFORMED' });
    expect(await read('vercel', '{ "cleanUrls": true }')).toEqual([]);
  });
});

describe('Vercel bulk redirects', () => {
  it('reads CSV with t/f booleans: temporary (307) by default, statusCode wins', async () => {
    const csv = [
      'source,destination,permanent,statusCode',
      '/old-blog,/blog,true,',
      '/old-about,/about,f,',
      '/legacy,https://example.test/contact,,301',
      '/x,/y,maybe,',
      'relative,/z,,',
    ].join('\n');
    expect(await read('vercel-bulk', csv)).toEqual([
      'row 2 https://site.test/old-blog → https://site.test/blog 308',
      'row 3 https://site.test/old-about → https://site.test/about 307',
      'row 4 https://site.test/legacy → https://example.test/contact 301',
      'bad 5 "permanent" must be true or false',
      'bad 6 "source" must be a path starting with /',
    ]);
  });

  it('reads a JSON array and JSON Lines', async () => {
    const json =
      '[\n  {"source": "/a", "destination": "/b", "permanent": true},\n  {"source": "/c", "destination": "/d"}\n]';
    expect(await read('vercel-bulk', json)).toEqual([
      'row 2 https://site.test/a → https://site.test/b 308',
      'row 3 https://site.test/c → https://site.test/d 307',
    ]);
    const jsonl =
      '{"source": "/a", "destination": "/b", "statusCode": 302}\n{oops\n\n{"source": "/c", "destination": "/d"}\n';
    expect(await read('vercel-bulk', jsonl)).toEqual([
      'row 1 https://site.test/a → https://site.test/b 302',
      'bad 2 not a JSON object',
      'row 4 https://site.test/c → https://site.test/d 307',
    ]);
  });
});
