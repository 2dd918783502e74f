/**
 * Live runs skip a literal rule that a pattern rule answers first (src/inputs/shadowing.ts over src/inputs/patterns/),
 * naming the line that answers instead and what it answers with: checking it would only report that line's target
 * as a wrong final URL. Each host's precedence, as its documentation states it:
 * - Netlify (docs.netlify.com/routing/redirects/, "Rule processing order"): rules are read top to bottom and the
 *   first matching rule applies; a splat `*` matches the rest of the path, a `:placeholder` one segment.
 * - Vercel (vercel.com/docs/routing/redirects/configuration-redirects; vercel.com/docs/projects/project-configuration
 *   #redirects): `redirects` is an array of rules, sources in path-to-regexp syntax, applied in array order.
 * - Apache mod_alias (httpd.apache.org/docs/2.4/mod/mod_alias.html, "Order of Processing"): redirects in one context
 *   are applied in the order they appear, the first match taking effect; `Redirect` matches whole path segments.
 *   mod_rewrite (httpd.apache.org/docs/2.4/mod/mod_rewrite.html#rewriterule): rules in order, `[L]` ending the run.
 * - nginx (nginx.org/en/docs/http/ngx_http_core_module.html#location): an `=` location matching exactly ends the
 *   search; else the longest prefix is remembered, then regex locations are tried in order and the first match is
 *   used, unless that prefix is `^~`. ngx_http_rewrite_module: server-level rewrites run before a location is chosen.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type RuleFormat, readRules } from '../../src/inputs/index.js';
import { all, brief } from '../helpers/rule-items.js';

const read = async (format: RuleFormat, text: string) =>
  brief(await all(readRules(format, Readable.from([text]), { baseUrl: 'https://site.test/' })));

describe('shadowing by pattern rules in live runs', () => {
  it('netlify: skips a literal rule after a splat, a placeholder or a catch-all rewrite that answers it', async () => {
    const file = [
      '/blog/*  /news/:splat',
      '/blog/old  /x',
      '/about  /us',
      '/geo/*  /fr  302  Country=fr',
      '/geo/x  /z',
      '/shop/:id  /store/:id',
      '/shop/1  /s',
      '/shop/1/more  /t',
      '/about  /again',
      '/*  /index.html  200',
      '/late  /y',
    ].join('\n');
    expect(await read('netlify', file)).toEqual([
      'skip 1 splat in the source',
      'skip 2 shadowed by line 1 (→ /news/old)',
      'row 3 https://site.test/about → https://site.test/us 301',
      'skip 4 splat in the source',
      // A rule with a condition answers some visitors only: the literal rule after it still applies to the others.
      'row 5 https://site.test/geo/x → https://site.test/z 301',
      'skip 6 placeholder in the source',
      'skip 7 shadowed by line 6 (→ /store/1)',
      // A placeholder stands for one segment.
      'row 8 https://site.test/shop/1/more → https://site.test/t 301',
      'skip 9 shadowed by line 3',
      'skip 10 splat in the source',
      'skip 11 shadowed by line 10 (→ status 200)',
    ]);
  });

  it('vercel: skips a literal source after a path-to-regexp pattern that answers it, not after a conditional one', async () => {
    const file = `{
  "redirects": [
    { "source": "/blog/:slug", "destination": "/news/:slug" },
    { "source": "/blog/old", "destination": "/x" },
    { "source": "/blog/old/deeper", "destination": "/y" },
    { "source": "/docs/:path*", "destination": "/d", "has": [{ "type": "query", "key": "v" }] },
    { "source": "/docs/a", "destination": "/e", "permanent": true },
    { "source": "/Shop/:id", "destination": "/s/:id" },
    { "source": "/shop/1", "destination": "/f" },
    { "source": "/(.*)", "destination": "/home" },
    { "source": "/late", "destination": "/z" }
  ]
}`;
    expect((await read('vercel', file)).filter((item) => !/^skip (3|6|8) /.test(item))).toEqual([
      'skip 4 shadowed by line 3 (→ /news/old)',
      // `:slug` is one segment.
      'row 5 https://site.test/blog/old/deeper → https://site.test/y 308',
      'row 7 https://site.test/docs/a → https://site.test/e 308',
      // Vercel matches sources case-sensitively (@vercel/routing-utils, sourceToRegex: `sensitive: true`).
      'row 9 https://site.test/shop/1 → https://site.test/f 308',
      'skip 10 pattern in the source ((.*))',
      'skip 11 shadowed by line 10 (→ /home)',
    ]);
  });

  it('apache: skips a literal redirect after a Redirect prefix, a RedirectMatch or a RewriteRule that answers it', async () => {
    const file = [
      'Redirect 301 /blog /news',
      'Redirect 301 /blog/old /x',
      'Redirect 301 /blogger /y',
      'RedirectMatch 301 ^/shop/(.*)$ /store/$1',
      'Redirect 301 /shop/1 /s',
      'RewriteEngine On',
      'RewriteRule ^promo/(.*)$ /sale/$1 [R=301,L]',
      'RewriteRule ^promo/x$ /z [R=301,L]',
      'RewriteRule ^other$ /o [R=301,L]',
    ].join('\n');
    // mod_rewrite answers before mod_alias (httpd.apache.org/docs/2.4/mod/mod_alias.html#order): its rules come first.
    expect(await read('apache', file)).toEqual([
      'skip 7 regular expression in the source',
      'skip 8 shadowed by line 7 (→ /sale/x)',
      'row 9 https://site.test/other → https://site.test/o 301',
      'row 1 https://site.test/blog → https://site.test/news 301',
      'skip 2 shadowed by line 1 (→ /news/old)',
      // `Redirect` matches whole path segments: /blog does not match /blogger.
      'row 3 https://site.test/blogger → https://site.test/y 301',
      'skip 4 regular expression in the source',
      'skip 5 shadowed by line 4 (→ /store/1)',
    ]);
  });

  it('nginx: an exact location is never shadowed; a regex location beats a prefix one; server rewrites run first', async () => {
    const conf = `server {
  location ~ ^/blog/ { return 301 /news/; }
  location /blog/old { return 301 /x; }
  location = /blog/exact { return 301 /y; }
  location ^~ /img/ { return 301 /pics/; }
  location ~ \\.png$ { return 301 /png; }
  rewrite ^/moved/(.*)$ /new/$1 permanent;
  location = /moved/page { return 301 /z; }
  location /plain { return 301 /p; }
}`;
    expect((await read('nginx', conf)).filter((item) => !/^skip [267] /.test(item))).toEqual([
      'skip 3 shadowed by line 2 (→ /news/)',
      'row 4 https://site.test/blog/exact → https://site.test/y 301',
      // `^~`: regex locations are not tried for its paths.
      'row 5 https://site.test/img/ → https://site.test/pics/ 301',
      'skip 8 shadowed by line 7 (→ /new/page)',
      'row 9 https://site.test/plain → https://site.test/p 301',
    ]);
  });
});
