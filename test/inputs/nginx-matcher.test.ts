/**
 * The nginx matcher (src/inputs/formats/nginx/patterns.ts), one class of the oracle's past disagreements a test (the
 * differential suite, test/oracles/nginx.oracle.test.ts, asks real nginx). Authorities:
 * https://nginx.org/en/docs/http/ngx_http_core_module.html#location (search order, nesting, normalised URI),
 * https://nginx.org/en/docs/http/ngx_http_core_module.html#merge_slashes,
 * https://nginx.org/en/docs/http/ngx_http_rewrite_module.html#rewrite (flags; a changed URI is looked up again),
 * https://nginx.org/en/docs/http/server_names.html#regex_names (named captures become variables).
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { nginxTokens } from '../../src/inputs/formats/nginx/tokens.js';
import { compileRules } from '../../src/inputs/patterns/index.js';

/** What the rules answer for a path: [status, target] or the problem, or 'served' when no rule answers. */
async function answers(rules: string, paths: string[]) {
  const compiled = await compileRules('nginx', Readable.from([rules]));
  return paths.map((path) => {
    const found = compiled.match(new URL(`http://site.test${path}`));
    if (found === undefined) return 'served';
    if ('problem' in found) return `problem: ${found.problem}`;
    return found.target === undefined ? [found.status] : [found.status, found.target];
  });
}

describe('nginx matcher', () => {
  it('keeps a backslash before any character but a quote or a backslash, quoted or not', async () => {
    const words = (text: string) => nginxTokens(text).tokens.map((token) => token.value);
    expect(words(String.raw`a "^/y/(\d{4})$" \d 'q\'s' "b\\s"`)).toEqual([
      'a',
      String.raw`^/y/(\d{4})$`,
      String.raw`\d`,
      "q's",
      String.raw`b\s`,
    ]);
    expect(
      await answers(String.raw`location ~ "^/year/(\d{4})$" { return 301 /archive/$1; }`, ['/year/2020', '/year/dddd']),
    ).toEqual([[301, '/archive/2020'], 'served']);
  });

  it('searches the locations nested in the longest prefix first: their regexes before the outer ones', async () => {
    const rules = String.raw`location /shop/ {
  location ~ \.html$ { return 301 /nested$uri; }
  location /shop/sale/ { return 301 /sale/; }
  return 301 /store/;
}
location ~ ^/shop/special { return 302 /special; }
`;
    expect(await answers(rules, ['/shop/special.html', '/shop/special-x', '/shop/sale/a', '/shop/x'])).toEqual([
      [301, '/nested/shop/special.html'],
      [302, '/special'],
      [301, '/sale/'],
      [301, '/store/'],
    ]);
  });

  it('merges adjacent slashes before matching, unless merge_slashes is off', async () => {
    const rules = 'location = /old/page { return 301 /new; }\n';
    expect(await answers(rules, ['/old//page', '//old/page'])).toEqual([
      [301, '/new'],
      [301, '/new'],
    ]);
    expect(await answers(`merge_slashes off;\n${rules}`, ['/old//page'])).toEqual(['served']);
  });

  it('fills named captures, (?<name>) and (?P<name>), as variables', async () => {
    const rules = String.raw`location ~ ^/u/(?<user>[a-z]+)$ { return 301 /people/$user; }
rewrite ^/p/(?P<id>\d+)$ /product/$id permanent;
`;
    expect(await answers(rules, ['/u/ann', '/p/7?x=1'])).toEqual([
      [301, '/people/ann'],
      [301, '/product/7?x=1'],
    ]);
  });

  it('follows rewrite last, and a rewrite without a flag, to the location of the new URI; a cycle is 500', async () => {
    const rules = `rewrite ^/shop/(.*)$ /store/$1 last;
location /store/ { return 301 https://store.test$uri; }
location /a/ { rewrite ^/a/(.*)$ /b/$1; }
location /b/ { return 301 /c$uri; }
location /loop/ { rewrite ^ /loop/again last; }
location /kept/ { rewrite ^ /b/x break; }
`;
    expect(await answers(rules, ['/shop/x', '/a/1', '/loop/', '/kept/'])).toEqual([
      [301, 'https://store.test/store/x'],
      [301, '/c/b/1'],
      [500],
      'served',
    ]);
  });

  it('does not predict past an if block that may answer: only the server can tell', async () => {
    const rules = `if ($http_user_agent ~ bot) { return 403; }
location = /kept { return 301 /k; }
`;
    expect(await answers(rules, ['/kept'])).toEqual([
      'problem: the block if ($http_user_agent ~ bot) may answer first: only the server can tell',
    ]);
    expect(await answers('if ($x) { set $y 1; }\nlocation = /kept { return 301 /k; }\n', ['/kept'])).toEqual([
      [301, '/k'],
    ]);
  });
});
