/**
 * Sample matching for pattern rules (src/inputs/patterns/), per format, with each host's own precedence and
 * semantics as its documentation states them.
 */
import { describe, expect, it } from 'vitest';
import { compileRules, type PatternFormat, type RuleMatch } from '../../src/inputs/patterns/index.js';
import { chunked } from '../helpers/rule-items.js';

async function matcher(format: PatternFormat, text: string) {
  const rules = await compileRules(format, chunked(text, 11));
  return { rules, at: (url: string): RuleMatch | undefined => rules.match(new URL(url, 'https://old.test')) };
}

describe('netlify', () => {
  // Netlify's redirects docs, "Splats": `/news/*  /blog/:splat` sends /news/2004/01/10/my-story to
  // /blog/2004/01/10/my-story. "Placeholders": `/news/:year/:month/:date/:slug  /blog/:year/:month/:date/:slug`, a
  // placeholder standing for one path segment. "Rule processing order": the first matching rule applies.
  // "Query parameters": `/store id=:id  /blog/:id  301` matches on the query, binding its value.
  const RULES = [
    '/exact  /moved  301',
    '/news/*  /blog/:splat',
    '/news/:year/:month  /never  301',
    '/posts/:year/:month/:slug  /articles/:slug?y=:year  302',
    '/store id=:id  /products/:id  301',
    '/app/*  /index.html  200',
    'https://old.test/legacy/*  https://new.test/:splat  301',
    '/geo  /fr  302  Country=fr',
  ].join('\n');

  it('fills splats and placeholders, and the first matching rule wins', async () => {
    const { at } = await matcher('netlify', RULES);
    expect(at('/news/2004/01/10/my-story')).toEqual({ line: 2, target: '/blog/2004/01/10/my-story', status: 301 });
    // /news/2004/01 matches the splat rule first: the placeholder rule after it is never reached.
    expect(at('/news/2004/01')).toEqual({ line: 2, target: '/blog/2004/01', status: 301 });
    expect(at('/posts/2020/05/hello')).toEqual({ line: 4, target: '/articles/hello?y=2020', status: 302 });
    expect(at('/posts/2020/05')).toBeUndefined();
  });

  it('passes the query on, matches query placeholders, and matches with or without a trailing slash', async () => {
    const { at } = await matcher('netlify', RULES);
    expect(at('/exact/?ref=mail')).toEqual({ line: 1, target: '/moved?ref=mail', status: 301 });
    expect(at('/store?id=42')).toEqual({ line: 5, target: '/products/42', status: 301 });
    expect(at('/store')).toBeUndefined();
  });

  it('answers a 200 rewrite at the source, matches domain-level rules on their host, and is uncertain under a condition', async () => {
    const { at } = await matcher('netlify', RULES);
    expect(at('/app/settings')).toEqual({ line: 6, status: 200 });
    expect(at('https://old.test/legacy/a/b')).toEqual({ line: 7, target: 'https://new.test/a/b', status: 301 });
    expect(at('https://other.test/legacy/a')).toBeUndefined();
    // A rule with conditions answers some visitors only: the sample depends on the visitor, never predicted past it.
    expect(at('/geo')).toMatchObject({ line: 8, conditional: true });
  });

  it('reads netlify.toml too, and reports malformed rules with their line', async () => {
    const toml = '[[redirects]]\nfrom = "/a/*"\nto = "/b/:splat"\n\n[[redirects]]\nfrom = "/x"\nstatus = 301\n';
    const { rules, at } = await matcher('netlify', toml);
    expect(at('/a/1')).toEqual({ line: 1, target: '/b/1', status: 301 });
    expect(rules.problems).toEqual([{ line: 5, message: 'a redirect with status 301 needs "to"' }]);
  });
});

describe('vercel', () => {
  // Vercel's "Configuration Redirects" docs: `source` is a path-to-regexp pattern (`:slug`, `:path*`, `(.*)`),
  // `destination` reuses its parameters; `permanent` (default true) gives 308, false 307; rules apply in order.
  const json = JSON.stringify(
    {
      redirects: [
        { source: '/blog/:slug', destination: '/news/:slug' },
        { source: '/docs/:path*', destination: 'https://docs.new.test/:path*', permanent: false },
        { source: '/old/(.*)', destination: '/new/$1', statusCode: 301 },
        { source: '/cond', destination: '/x', has: [{ type: 'header', key: 'x-a' }] },
      ],
    },
    null,
    2,
  );

  it('fills named and repeated parameters and numbered groups, first match first; uncertain under has', async () => {
    const { at } = await matcher('vercel', json);
    expect(at('/blog/hello')).toEqual({ line: 3, target: '/news/hello', status: 308 });
    expect(at('/blog/hello/more')).toBeUndefined();
    expect(at('/docs/a/b/c?x=1')).toEqual({ line: 7, target: 'https://docs.new.test/a/b/c?x=1', status: 307 });
    expect(at('/old/one/two')).toEqual({ line: 12, target: '/new/one/two', status: 301 });
    expect(at('/cond')).toMatchObject({ line: 17, conditional: true });
  });
});

describe('apache', () => {
  // Apache mod_alias docs: `Redirect /service http://foo2.example.com/service` sends /service/foo.txt to
  // http://foo2.example.com/service/foo.txt (the rest of the path appended; whole segments only). `RedirectMatch
  // (.*)\.gif$ http://other.example.com$1.jpg`: a regex, `$N` filled in. "Order of Processing": the first Redirect
  // that matches wins. mod_rewrite docs: in .htaccess the pattern sees the path without its leading slash.
  const conf = [
    'Redirect 301 /service http://foo2.test/service',
    'RedirectMatch 301 (.*)\\.gif$ http://other.test$1.jpg',
    'RewriteEngine On',
    'RewriteRule ^shop/([a-z]+)$ /store/$1 [R=301,L]',
    'RewriteRule ^abs/(\\d+)$ /n/$1? [R=302,NC]',
    'RewriteRule ^/rooted$ /never [R=301]',
    'RewriteCond %{HTTP_COOKIE} beta',
    'RewriteRule ^beta$ /b [R=302]',
    'RewriteRule ^internal$ /x [L]',
  ].join('\n');

  it('appends the rest of the path to a Redirect target, on whole segments only', async () => {
    const { at } = await matcher('apache', conf);
    expect(at('/service/foo.txt')).toEqual({ line: 1, target: 'http://foo2.test/service/foo.txt', status: 301 });
    expect(at('/service')).toEqual({ line: 1, target: 'http://foo2.test/service', status: 301 });
    expect(at('/serviceman')).toBeUndefined();
  });

  // A substitution ending in `?` drops the query string (rewrite/flags.html#flag_qsd); a pattern starting `^/` never
  // matches in .htaccess, where the leading slash is stripped (rewrite/tech.html). A cookie or an internal rewrite
  // is known to the server only: the sample is said to be uncertain, not matched past it.
  it('fills RedirectMatch and RewriteRule captures, and says where a condition or an internal rewrite decides', async () => {
    const { at } = await matcher('apache', conf);
    expect(at('/img/a.gif')).toEqual({ line: 2, target: 'http://other.test/img/a.jpg', status: 301 });
    expect(at('/shop/shoes?c=red')).toEqual({ line: 4, target: '/store/shoes?c=red', status: 301 });
    expect(at('/ABS/12?drop=1')).toEqual({ line: 5, target: '/n/12', status: 302 });
    expect(at('/rooted')).toBeUndefined();
    expect(at('/beta')).toMatchObject({ line: 8, problem: expect.stringContaining('%{HTTP_COOKIE}') });
    expect(at('/internal')).toMatchObject({ line: 9, problem: expect.stringContaining('rewrites internally') });
  });
});

describe('nginx', () => {
  // nginx's docs for `location`: an exact `=` match ends the search; else the longest matching prefix is
  // remembered, and unless it is `^~` the regex locations are tried in file order, the first match winning; else
  // the remembered prefix is used. `rewrite ... permanent` answers 301 and passes the query on unless the
  // replacement ends with `?`; regex captures are `$1`...
  const conf = `
server {
  server_name old.test;
  rewrite ^/legacy/(.*)$ /modern/$1 permanent;
  location = /exact { return 301 /exact-new; }
  location /docs/ { return 301 /prefix$request_uri; }
  location ^~ /docs/static/ { return 302 /static-prefix; }
  location ~ ^/docs/(\\w+)\\.php$ { return 301 https://new.test/docs/$1; }
  location ~* \\.PDF$ { return 302 /pdfs$uri; }
  location / { try_files $uri =404; }
  location /vars { return 301 $unknown_variable; }
}`;

  it('prefers exact, then ^~, then regex in order, then the longest prefix', async () => {
    const { at } = await matcher('nginx', conf);
    expect(at('/exact')).toEqual({ line: 5, target: '/exact-new', status: 301 });
    expect(at('/docs/static/x.php')).toEqual({ line: 7, target: '/static-prefix', status: 302 });
    expect(at('/docs/page.php')).toEqual({ line: 8, target: 'https://new.test/docs/page', status: 301 });
    expect(at('/docs/guide.pdf')).toEqual({ line: 9, target: '/pdfs/docs/guide.pdf', status: 302 });
    expect(at('/docs/guide?x=1')).toEqual({ line: 6, target: '/prefix/docs/guide?x=1', status: 301 });
  });

  it('runs server-level rewrites first, passes the query on, and says when a target needs a variable', async () => {
    const { at } = await matcher('nginx', conf);
    expect(at('/legacy/a/b?q=1')).toEqual({ line: 4, target: '/modern/a/b?q=1', status: 301 });
    expect(at('/about')).toBeUndefined();
    expect(at('/vars')).toEqual({
      line: 11,
      problem: 'the target uses $unknown_variable, which is only known to the server',
    });
  });
});
