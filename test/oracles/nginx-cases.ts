/**
 * The nginx oracle's rules files and sample paths, written from nginx's documentation and from what sites write (each
 * case names where its behaviour is stated). Every rules file is the body of a `server` block; every path is asked of
 * real nginx and predicted by hoplens (test/oracles/nginx.oracle.test.ts).
 *
 * Sources, restated in our own words and data:
 * - LOCATION: https://nginx.org/en/docs/http/ngx_http_core_module.html#location (an exact `=` match ends the search;
 *   else the longest prefix is remembered, `^~` on it skips the regexes; regexes are tried in file order, the first
 *   match wins; locations nest; matching is on the decoded, `.`/`..`-resolved, slash-merged URI)
 * - MERGE: https://nginx.org/en/docs/http/ngx_http_core_module.html#merge_slashes
 * - REWRITE: https://nginx.org/en/docs/http/ngx_http_rewrite_module.html#rewrite (flags last, break, redirect,
 *   permanent; a URL replacement redirects; the request's arguments are appended unless the replacement ends with `?`;
 *   a regex holding `{` or `}` is quoted)
 * - RETURN: https://nginx.org/en/docs/http/ngx_http_rewrite_module.html#return (`return code [text|URL]`, `return URL`
 *   is 302)
 * - CAPTURES: https://nginx.org/en/docs/http/server_names.html#regex_names (named captures `(?<name>...)` and
 *   `(?P<name>...)` become variables)
 * - CONF: https://nginx.org/en/docs/beginners_guide.html#conf_structure (quotes; a backslash escapes a quote in a
 *   quoted word, other backslashes are kept)
 * - PROCESSING: https://nginx.org/en/docs/http/ngx_http_rewrite_module.html (server-level directives run before a
 *   location is chosen; a changed URI is looked up again, at most 10 times, then 500)
 * - COMMON: what sites write (trailing slashes, https and www moves, index.html, legacy extensions).
 */
export interface NginxCase {
  name: string;
  cite: string;
  /** The `server` block's body. */
  rules: string;
  /** Request targets, sent as written. */
  paths: string[];
  /** Served as the default server of a port of its own (see ServedFile.ownPort). */
  ownPort?: boolean;
}

const r = String.raw;

export const NGINX_CASES: readonly NginxCase[] = [
  {
    name: 'exact locations',
    cite: 'LOCATION, RETURN',
    rules: 'location = /old { return 301 /new; }\nlocation = /gone { return 410; }\n',
    paths: ['/old', '/old/', '/gone', '/other', '/old?x=1'],
  },
  {
    name: 'a regex location beats the longest prefix',
    cite: 'LOCATION',
    rules: r`location /blog/ { return 301 /articles/; }
location ~ ^/blog/(\d+)$ { return 301 /posts/$1; }
`,
    paths: ['/blog/', '/blog/12', '/blog/abc', '/blog/12/x'],
  },
  {
    name: '^~ stops the regex search',
    cite: 'LOCATION',
    rules: r`location ^~ /static/ { return 301 https://cdn.example.com$request_uri; }
location ~* \.(png|jpg)$ { return 301 /img$uri; }
`,
    paths: ['/static/a.png', '/x/a.png', '/x/a.PNG', '/static/a.png?v=2'],
  },
  {
    name: 'the longest prefix wins whatever the order',
    cite: 'LOCATION',
    rules: `location / { return 302 /home; }
location /docs/ { return 301 /manual/; }
location /docs/api/ { return 301 /reference/; }
`,
    paths: ['/docs/x', '/docs/api/y', '/docs', '/anything', '/'],
  },
  {
    name: 'backslashes inside a quoted regex location',
    cite: 'CONF, LOCATION',
    rules: r`location ~ "^/year/(\d{4})$" { return 301 /archive/$1; }
`,
    paths: ['/year/2020', '/year/20201', '/year/abcd'],
  },
  {
    name: 'backslashes inside a quoted rewrite',
    cite: 'CONF, REWRITE',
    rules: r`rewrite "^/news/(\d{4})/(\d{2})/(.+)$" /stories/$3 permanent;
`,
    paths: ['/news/2021/05/launch', '/news/2021/5/launch', '/news/2021/05/launch?ref=x'],
  },
  {
    name: 'a named capture in a location',
    cite: 'CAPTURES, LOCATION',
    rules: r`location ~ ^/users/(?<name>[a-z]+)/?$ { return 301 /people/$name; }
`,
    paths: ['/users/ann', '/users/ann/', '/users/Ann'],
  },
  {
    name: 'a PCRE named capture in a rewrite',
    cite: 'CAPTURES, REWRITE',
    rules: r`rewrite ^/p/(?P<id>\d+)$ /product/$id permanent;
`,
    paths: ['/p/7', '/p/x', '/p/7?a=b'],
  },
  {
    name: 'a server-level rewrite last, then the location it reaches',
    cite: 'REWRITE, PROCESSING',
    rules: `rewrite ^/shop/(.*)$ /store/$1 last;
location /store/ { return 301 https://store.example.com$uri; }
`,
    paths: ['/shop/item', '/store/item', '/shop'],
  },
  {
    name: 'a location rewrite last into another location',
    cite: 'REWRITE, PROCESSING',
    rules: `location /a/ { rewrite ^/a/(.*)$ /b/$1 last; return 403; }
location /b/ { return 301 /final$uri; }
`,
    paths: ['/a/x', '/b/y', '/a/'],
  },
  {
    name: 'rewrites without a flag go on with the new URI',
    cite: 'REWRITE',
    rules: `rewrite ^/one$ /two;
rewrite ^/two$ /three permanent;
`,
    paths: ['/one', '/two', '/three'],
  },
  {
    name: 'adjacent slashes are merged before matching',
    cite: 'MERGE',
    rules: 'location = /old/page { return 301 /new/page; }\n',
    paths: ['/old//page', '//old/page', '/old/page', '/old///page'],
  },
  {
    name: 'merge_slashes off keeps them',
    cite: 'MERGE',
    ownPort: true,
    rules: `merge_slashes off;
location = /old/page { return 301 /new/page; }
location /old/ { return 302 /old-section; }
`,
    paths: ['/old//page', '/old/page'],
  },
  {
    name: 'the forms of return',
    cite: 'RETURN',
    rules: `location = /a { return https://example.com/a; }
location = /b { return 307 /b2; }
location = /c { return 308 https://example.com/c; }
location = /d { return 200 "hello"; }
location = /e { return 404; }
location = /f { return 303 /f2; }
`,
    paths: ['/a', '/b', '/c', '/d', '/e', '/f', '/a?q=1'],
  },
  {
    name: 'a rewrite appends the arguments unless its replacement ends with ?',
    cite: 'REWRITE',
    rules: `rewrite ^/search$ /find permanent;
rewrite ^/lookup$ /find? permanent;
rewrite ^/q$ /find?src=q permanent;
`,
    paths: ['/search?x=1', '/lookup?x=1', '/q?x=1', '/search'],
  },
  {
    name: 'redirect flag and URL replacements',
    cite: 'REWRITE',
    rules: `rewrite ^/temp$ /elsewhere redirect;
rewrite ^/ext$ https://other.example/ext;
rewrite ^/ext2/(.*)$ https://other.example/$1 permanent;
`,
    paths: ['/temp', '/ext', '/ext2/a/b', '/ext2/'],
  },
  {
    name: 'a caseless regex location',
    cite: 'LOCATION',
    rules: 'location ~* ^/about-us$ { return 301 /about; }\n',
    paths: ['/about-us', '/ABOUT-US', '/About-Us/'],
  },
  {
    name: 'a case-sensitive regex location',
    cite: 'LOCATION',
    rules: 'location ~ ^/Contact$ { return 301 /contact; }\n',
    paths: ['/Contact', '/contact'],
  },
  {
    name: 'the first regex in file order wins',
    cite: 'LOCATION',
    rules: r`location ~ ^/img/ { return 301 /images/; }
location ~ \.gif$ { return 301 /gif-gone; }
`,
    paths: ['/img/a.gif', '/x/a.gif', '/img/'],
  },
  {
    name: 'an exact location beats a regex',
    cite: 'LOCATION',
    rules: r`location = /index.php { return 301 /; }
location ~ \.php$ { return 410; }
`,
    paths: ['/index.php', '/old.php', '/index.php/x'],
  },
  {
    name: 'a catch-all prefix and a regex',
    cite: 'LOCATION, COMMON',
    rules: `location / { return 301 https://new.example$request_uri; }
location ~ ^/api/ { return 403; }
`,
    paths: ['/', '/page?x=1', '/api/v1', '/API/v1'],
  },
  {
    name: 'a regex location nested in a prefix location',
    cite: 'LOCATION',
    rules: r`location /shop/ {
  location ~ \.html$ { return 301 /store-html$uri; }
  return 301 /store/;
}
location ~ ^/shop/special { return 302 /special; }
`,
    paths: ['/shop/a.html', '/shop/special.html', '/shop/x', '/shop/special-x'],
  },
  {
    name: 'a prefix location nested in a prefix location',
    cite: 'LOCATION',
    rules: `location /a/ {
  location /a/b/ { return 301 /ab; }
  return 301 /a-only;
}
`,
    paths: ['/a/b/c', '/a/c', '/a/'],
  },
  {
    name: 'a server-wide return',
    cite: 'RETURN, COMMON',
    rules: 'return 301 https://www.example.com$request_uri;\n',
    paths: ['/x?y=1', '/', '/deep/path/'],
  },
  {
    name: 'scheme and host variables',
    cite: 'REWRITE, COMMON',
    rules: `rewrite ^/w/(.*)$ $scheme://www.example.com/$1 permanent;
location /h/ { return 301 https://$host$request_uri; }
`,
    paths: ['/w/a/b', '/w/a?x=1', '/h/p', '/h/p?q=1'],
  },
  {
    name: 'server rewrites run before any location',
    cite: 'PROCESSING',
    rules: r`rewrite ^/old-(\w+)$ /new-$1 permanent;
location = /old-page { return 410; }
`,
    paths: ['/old-page', '/old-x', '/old-'],
  },
  {
    name: 'percent-encoded paths are decoded before matching',
    cite: 'LOCATION',
    rules: `location = "/a b" { return 301 /ab; }
location ~ ^/files/(.*)$ { return 301 /f/$1; }
`,
    paths: ['/a%20b', '/files/report.pdf', '/files/x%2Dy'],
  },
  {
    name: 'dot segments are resolved before matching',
    cite: 'LOCATION',
    rules: 'location = /secret { return 403; }\nlocation = /b { return 301 /bee; }\n',
    paths: ['/public/../secret', '/a/./../b', '/secret'],
  },
  {
    name: 'adding a trailing slash',
    cite: 'COMMON, REWRITE',
    rules: 'rewrite ^([^.]*[^/])$ $1/ permanent;\n',
    paths: ['/about', '/about/', '/file.txt', '/a.b/c'],
  },
  {
    name: 'removing a trailing slash',
    cite: 'COMMON, REWRITE',
    rules: 'rewrite ^/(.*)/$ /$1 permanent;\n',
    paths: ['/about/', '/', '/a/b/'],
  },
  {
    name: 'index.html to its directory',
    cite: 'COMMON, LOCATION',
    rules: r`location ~ ^(.*)/index\.html$ { return 301 $1/; }
`,
    paths: ['/index.html', '/docs/index.html', '/docs/index.htm'],
  },
  {
    name: 'an if block answers first: hoplens does not predict past it',
    cite: 'PROCESSING',
    rules: `if ($http_x_legacy) { return 301 https://legacy.example$request_uri; }
location = /kept { return 301 /k; }
`,
    paths: ['/kept'],
  },
  {
    name: 'locations that serve files and one that redirects',
    cite: 'LOCATION',
    rules: `location /assets/ { expires 1d; }
location = /assets/old.css { return 301 /assets/new.css; }
`,
    paths: ['/assets/x.css', '/assets/old.css'],
  },
  {
    name: 'return does not append the arguments',
    cite: 'RETURN',
    rules: 'location ~ ^/item$ { return 301 /product?from=item; }\n',
    paths: ['/item?x=1', '/item'],
  },
  {
    name: 'arguments passed on by variables',
    cite: 'RETURN, COMMON',
    rules: 'location = /go { return 301 /dest?$args; }\nlocation = /keep { return 301 /kept$is_args$args; }\n',
    paths: ['/go?a=1', '/go', '/keep', '/keep?a=b'],
  },
  {
    name: 'an exact root',
    cite: 'LOCATION',
    rules: 'location = / { return 302 /en/; }\n',
    paths: ['/', '/x', '/?lang=fr'],
  },
  {
    name: 'a rewrite that does not match falls to the return after it',
    cite: 'REWRITE',
    rules: r`location /forum/ {
  rewrite ^/forum/topic/(\d+)$ /t/$1 permanent;
  return 301 /community/;
}
`,
    paths: ['/forum/topic/5', '/forum/topic/x', '/forum/'],
  },
  {
    name: 'everything to a maintenance page',
    cite: 'REWRITE, PROCESSING',
    rules: 'rewrite ^ /maintenance last;\nlocation = /maintenance { return 503; }\n',
    paths: ['/', '/x', '/maintenance'],
  },
  {
    name: 'a rewrite last that loops',
    cite: 'PROCESSING',
    rules: 'location /loop/ { rewrite ^/loop/(.*)$ /loop/$1 last; }\n',
    paths: ['/loop/a'],
  },
  {
    name: 'a location rewrite without a flag looks the location up again',
    cite: 'REWRITE, PROCESSING',
    rules: 'location /x/ { rewrite ^/x/(.*)$ /y/$1; }\nlocation /y/ { return 301 /z$uri; }\n',
    paths: ['/x/1', '/y/2'],
  },
  {
    name: 'a prefix without a trailing slash',
    cite: 'LOCATION',
    rules: 'location /old { return 301 /new; }\n',
    paths: ['/old', '/older', '/old/x'],
  },
  {
    name: 'a legacy extension',
    cite: 'COMMON, LOCATION',
    rules: r`location ~ \.aspx$ { return 301 /legacy; }
`,
    paths: ['/a.aspx', '/aXaspx', '/dir/page.aspx?id=3'],
  },
  {
    name: 'a plus sign in a path',
    cite: 'LOCATION',
    rules: 'location = /a+b { return 301 /plus; }\n',
    paths: ['/a+b', '/a%2Bb', '/a b'.replace(' ', '%20')],
  },
  {
    name: 'http to https with the host',
    cite: 'COMMON, RETURN',
    rules: 'location / { return 301 https://$host$request_uri; }\nlocation = /health { return 200 "ok"; }\n',
    paths: ['/', '/x/y?z=1', '/health'],
  },
  {
    name: 'a section moved with its captures',
    cite: 'COMMON, REWRITE',
    rules: r`rewrite ^/category/([a-z-]+)/page/(\d+)/?$ /c/$1?page=$2 permanent;
rewrite ^/category/([a-z-]+)/?$ /c/$1 permanent;
`,
    paths: ['/category/red-shoes/page/2', '/category/red-shoes/', '/category/red-shoes', '/category/Red'],
  },
  {
    name: 'a regex location with a rewrite inside',
    cite: 'LOCATION, REWRITE',
    rules: r`location ~ ^/wp-content/ {
  rewrite ^/wp-content/uploads/(.*)$ /media/$1 permanent;
}
`,
    paths: ['/wp-content/uploads/2020/a.jpg', '/wp-content/themes/x.css'],
  },
  {
    name: 'a caseless regex with a named capture',
    cite: 'CAPTURES, LOCATION',
    rules: r`location ~* ^/Tag/(?<tag>[^/]+)$ { return 301 /tags/$tag; }
`,
    paths: ['/tag/nginx', '/TAG/Nginx', '/tag/a/b'],
  },
  {
    name: 'a server rewrite and a location that would answer the same path',
    cite: 'PROCESSING, LOCATION',
    rules: `rewrite ^/promo$ /sale permanent;
location = /promo { return 302 /elsewhere; }
location = /sale { return 301 /deals; }
`,
    paths: ['/promo', '/sale'],
  },
  {
    name: 'redirects to other sites with paths kept',
    cite: 'COMMON, RETURN',
    rules: r`location ~ ^/blog/(.*)$ { return 301 https://blog.example.com/$1; }
location = /blog { return 301 https://blog.example.com/; }
`,
    paths: ['/blog/post-1', '/blog', '/blog/'],
  },
  {
    name: 'a literal rule into a path a regex location answers (fix once followed the prefix)',
    cite: 'LOCATION',
    rules: r`location = /promo { return 301 /blog/12; }
location /blog/ { return 301 /articles/; }
location ~ ^/blog/(\d+)$ { return 301 /posts/$1; }
location = /posts/12 { return 301 /p/12; }
`,
    paths: ['/promo', '/blog/12', '/blog/', '/posts/12'],
  },
  {
    name: 'a chain through a target with a query string',
    cite: 'RETURN, LOCATION',
    rules: `location = /x { return 301 /a?src=1; }
location = /a { return 301 /b; }
location = /y { return 302 /a; }
`,
    paths: ['/x', '/a', '/y'],
  },
  {
    name: 'chains of returns and rewrites',
    cite: 'RETURN, REWRITE, COMMON',
    rules: `location = /a { return 301 /b; }
location = /b { return 308 /c; }
location = /t { return 302 /a; }
location = /u { return https://other.example/u; }
rewrite ^/r$ /b permanent;
rewrite ^/s$ https://other.example/s;
location = /w { return 301 /r; }
`,
    paths: ['/a', '/b', '/t', '/u', '/r', '/s', '/w'],
  },
  {
    name: 'a chain into a prefix location that a regex location beats (fix once moved it)',
    cite: 'LOCATION',
    rules: `location = /start { return 301 /shop/; }
location /shop/ { return 301 /store/; }
location ~ ^/shop/$ { return 301 /regex-won/; }
`,
    paths: ['/start', '/shop/', '/shop/x'],
  },
];
