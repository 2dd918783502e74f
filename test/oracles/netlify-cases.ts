/**
 * `_redirects` files and the URLs asked of each, for the Netlify differential suite. Restated in our own words and
 * data from Netlify's documentation (docs.netlify.com/routing/redirects/: the syntax, default 301, `!` to force;
 * .../redirect-options/: splats, placeholders, query parameters, trailing slashes, domain-level redirects;
 * .../rewrites-proxies/: 200 rewrites) and from the fixtures of Netlify's parser (netlify/build,
 * packages/redirect-parser/tests/fixtures/redirects_file: inline comments, anchors, query matches, forwarding splats),
 * weighted to what sites write: most rules are literal moves and splat section moves.
 */

export interface NetlifyCase {
  name: string;
  /** A `_redirects` file, or a `netlify.toml` when `toml` is set. */
  text: string;
  toml?: true;
  /** URLs (a path on https://site.test, or absolute) asked of both. */
  samples: string[];
}

export const NETLIFY_CASES: NetlifyCase[] = [
  {
    name: 'literal moves (docs: the basic syntax, default 301)',
    text: `# moves
/home              /
/blog/my-post.php  /blog/my-post
/news              /blog
/google            https://www.google.test
/about-us          /about          301
/contact.html      /contact        302
/temporary         /soon           307
/permanent         /forever        308
/old-page          /new-page       301!
/blog/my-post-ads.php  /blog/my-post#ads   # an anchor, then a comment
`,
    samples: [
      '/home',
      '/blog/my-post.php',
      '/news',
      '/google',
      '/about-us',
      '/contact.html',
      '/temporary',
      '/permanent',
      '/old-page',
      '/blog/my-post-ads.php',
      '/about-us/',
      '/news/',
      '/NEWS',
      '/nothing',
      '/',
      '/news?ref=tw',
    ],
  },
  {
    name: 'splats (docs: /news/* /blog/:splat)',
    text: `/news/*        /blog/:splat
/shop/*        https://store.test/:splat   301!
/docs/v1/*     /docs/v2/:splat             302
/files/*       /downloads/
`,
    samples: [
      '/news/2024/05/launch',
      '/news/a',
      '/news',
      '/news/',
      '/shop/cart',
      '/shop/a/b/c',
      '/docs/v1/install',
      '/docs/v1',
      '/docs/v2/x',
      '/files/report.pdf',
      '/files',
      '/newsletter',
      '/shop?x=1',
    ],
  },
  {
    name: 'placeholders (docs: /news/:year/:month/:date/:slug)',
    text: `/news/:year/:month/:date/:slug  /blog/:year/:month/:date/:slug
/team/:name                     /people/:name                  302
/product/:id/reviews            https://reviews.test/p/:id
/:lang/help                     /help?lang=:lang
`,
    samples: [
      '/news/2024/02/12/my-story',
      '/news/2024/02/12',
      '/news/2024/02/12/my-story/more',
      '/team/ana',
      '/team/ana/x',
      '/team',
      '/product/17/reviews',
      '/product/17',
      '/en/help',
      '/fr/help',
      '/en/help/x',
    ],
  },
  {
    name: 'query parameters (docs: /store id=:id /blog/:id)',
    text: `/store    id=:id          /blog/:id         301
/articles id=:id tag=:tag /posts/:tag/:id   301
/promo    code=spring     /sale/spring      302
/search   q=:q            /find?query=:q
`,
    samples: [
      '/store?id=my-post',
      '/store',
      '/store?other=1',
      '/articles?id=7&tag=js',
      '/articles?id=7',
      '/promo?code=spring',
      '/promo?code=autumn',
      '/promo',
      '/search?q=shoes',
    ],
  },
  {
    name: 'trailing slashes and case (docs: rules match with or without a trailing slash)',
    text: `/about          /about-us
/pricing/       /plans
/Careers        /jobs
/a/b            /c
`,
    samples: ['/about', '/about/', '/pricing', '/pricing/', '/Careers', '/careers', '/a/b/', '/a/b', '/a'],
  },
  {
    name: 'first match wins, rewrites and 404s (docs: rules are processed top to bottom)',
    text: `/blog/special   /special-offer   302
/blog/*         /news/:splat
/blog/never     /unreachable
/app/*          /index.html      200
/gone           /404.html        404
/legal/*        /terms           301
/*              /index.html      200
`,
    samples: [
      '/blog/special',
      '/blog/never',
      '/blog/a',
      '/blog',
      '/app/settings',
      '/gone',
      '/legal/privacy',
      '/legal',
      '/anything',
      '/',
      '/x/y',
    ],
  },
  {
    name: 'domain-level redirects (docs: https://old.example/* https://new.example/:splat 301!)',
    text: `https://old.site.test/*     https://www.site.test/:splat   301!
http://site.test/*           https://site.test/:splat       301!
/local                        /here
`,
    samples: [
      'https://old.site.test/',
      'https://old.site.test/a/b',
      'http://site.test/x',
      'https://site.test/local',
      'https://old.site.test/local',
      'https://other.test/local',
    ],
  },
  {
    name: 'conditions make later rules uncertain for the same paths (docs: Country=, Language=)',
    text: `/           /uk     302   Country=gb
/           /home   301
/shop       /store
`,
    samples: ['/', '/shop', '/store'],
  },
  {
    name: 'a site migration (what people write)',
    text: `# WordPress to a static site
/wp-admin/*                 /               301
/wp-content/uploads/*       https://cdn.site.test/:splat  301
/category/:cat              /topics/:cat
/category/:cat/page/:n      /topics/:cat?page=:n
/tag/:tag                   /topics/:tag
/feed                       /rss.xml
/feed/                      /rss.xml
/?p=123                     /hello
/2019/*                     /archive/2019/:splat
/author/:name               /team/:name    302
/index.php                  /
`,
    samples: [
      '/wp-admin/options.php',
      '/wp-content/uploads/2019/01/a.jpg',
      '/category/travel',
      '/category/travel/page/2',
      '/tag/js',
      '/feed',
      '/feed/',
      '/2019/05/hello',
      '/author/ana',
      '/index.php',
      '/category',
      '/2020/01/x',
    ],
  },
  {
    name: 'duplicates: the parser keeps the later copy (redirect-parser, merge.js removeDuplicates)',
    text: `/dup        /first
/other      /elsewhere
/dup        /first
/dup2       /a    302
/dup2       /b    302
/twice      /one
/twice      /two
/twice      /one
`,
    samples: ['/dup', '/other', '/dup2', '/twice'],
  },
  {
    name: 'a shop with proxies and placeholders (docs: rewrites and proxies, placeholders)',
    text: `/api/*               https://api.shop.test/v2/:splat   200
/products/:id         /p/:id                            301
/products/:id/:slug   /p/:id                            301
/cart                 /checkout/cart                    302!
/checkout/*           /secure/checkout/:splat           301
/sale                 /collections/sale?utm_source=old  301
/c/:collection/*      /collections/:collection          301
/returns              https://help.shop.test/returns    302
`,
    samples: [
      '/api/orders/1',
      '/products/42',
      '/products/42/red-lamp',
      '/products',
      '/cart',
      '/checkout/pay',
      '/sale',
      '/sale?x=1',
      '/c/summer/page/2',
      '/c/summer',
      '/returns',
      '/products/42/red-lamp/extra',
      '/cart/',
    ],
  },
  {
    name: 'chains, some through a splat that answers first (what fix must follow as Netlify does)',
    text: `/one        /two
/two        /three      302
/a          /b
/b/*        /x/:splat
/b          /c
/old-post   /blog/post
/blog/*     /news/:splat
/news/post  /articles/post
/p          /q?ref=old
/q          /r
/m1         /m2
/m2         /m3
/m3         /m4         302
`,
    samples: ['/one', '/two', '/a', '/b', '/old-post', '/news/post', '/p', '/q', '/m1', '/m2'],
  },
  {
    name: 'netlify.toml [[redirects]] (docs: file-based configuration, redirects)',
    toml: true,
    text: `[build]
publish = "dist"

[[redirects]]
from = "/old-path"
to = "/new-path"

[[redirects]]
from = "/blog/*"
to = "/articles/:splat"
status = 302
force = true

[[redirects]]
from = "/shop"
to = "/store"
status = 301
query = { id = ":id" }

[[redirects]]
from = "/docs/:section/:page"
to = "/guide/:section/:page"
status = 308

[[redirects]]
from = "/legacy"
to = "https://archive.site.test/legacy"
`,
    samples: [
      '/old-path',
      '/blog/a/b',
      '/blog',
      '/shop?id=3',
      '/shop',
      '/docs/setup/install',
      '/docs/setup',
      '/legacy',
    ],
  },
];

/** Lines the parser refuses or reads otherwise than written (the classes of issue 26), each alone in a file. */
export const NETLIFY_EDGE_LINES: string[] = [
  '/a x=1=2 /b',
  '/a novalue /b',
  '/a /b 301 novalue',
  '/a /b 3o1',
  '/a /b 2000',
  '/a /b 99',
  '/a',
  '/a 301',
  '/a b',
  '/a /b 301 Country=us Language=en',
  '/admin/* 200!',
  '/api/* https://api.test/:splat 200! Sign=SECRET',
  '/a /b 301!',
  '/a /b 302 Role=admin',
  '/path/* /other/:splat 301 Language=en,fr',
  '/a x= /b',
  '/a /b /c',
  '/a /b?x=1 301',
  '/a?x=1 /b',
  'https://old.test/* https://new.test/:splat 301!',
  '/a /b 404',
  '/a /b 200',
  '/a http://x.test/b 302 # a comment',
  '/.netlify/functions/x /y',
  '/a /b 301 Sign=SECRET',
  'a /b',
];
