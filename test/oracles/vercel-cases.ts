/**
 * vercel.json `redirects` files and the paths asked of each, for the Vercel differential suite. Restated in our own
 * words and data from Vercel's documentation (vercel.com/docs/project-configuration#redirects,
 * vercel.com/docs/redirects/configuration-redirects: literal moves, `:slug`, `:path*`, `(.*)` with `$1`, external
 * destinations, `permanent`, `statusCode`) and from the cases of @vercel/routing-utils' own tests
 * (vercel/vercel, packages/routing-utils/test/superstatic.spec.ts: optional and repeated parameters, a `?` query in the
 * destination, parameters reused in the query, regex groups, escaped characters), weighted to what sites write: most
 * rules are literal moves and section moves.
 */

export interface VercelCase {
  name: string;
  redirects: Array<Record<string, unknown>>;
  /** Paths (with a query when it matters) asked of both. */
  samples: string[];
}

export const VERCEL_CASES: VercelCase[] = [
  {
    name: 'literal moves (docs: /me to /profile.html, permanent false)',
    redirects: [
      { source: '/me', destination: '/profile.html' },
      { source: '/user', destination: '/api/user', permanent: false },
      { source: '/view-source', destination: 'https://github.test/vercel/vercel' },
      { source: '/about-us', destination: '/about' },
      { source: '/contact.html', destination: '/contact' },
      { source: '/old-blog', destination: '/blog', permanent: true },
      { source: '/legacy', destination: '/', statusCode: 301 },
      { source: '/promo', destination: '/sale', statusCode: 302 },
      { source: '/see', destination: '/other', statusCode: 303 },
    ],
    samples: [
      '/me',
      '/user',
      '/view-source',
      '/about-us',
      '/contact.html',
      '/old-blog',
      '/legacy',
      '/promo',
      '/see',
      '/me/',
      '/ME',
      '/about-us/team',
      '/nothing',
      '/',
      '/contact',
    ],
  },
  {
    name: 'one-segment parameters (docs: /blog/:slug)',
    redirects: [
      { source: '/blog/:slug', destination: '/news/:slug' },
      { source: '/team/:member/profile', destination: '/people/:member' },
      { source: '/shop/:category/:item', destination: '/store/:item?c=:category', permanent: false },
      { source: '/u/:id', destination: 'https://accounts.test/users/:id' },
    ],
    samples: [
      '/blog/hello-world',
      '/blog/2024',
      '/blog',
      '/blog/',
      '/blog/a/b',
      '/team/ana/profile',
      '/team/ana',
      '/shop/shoes/boot-1',
      '/shop/shoes',
      '/u/42',
      '/u/42/edit',
      '/blog/caf%C3%A9',
    ],
  },
  {
    name: 'zero or more segments (docs and routing-utils: :path*)',
    redirects: [
      { source: '/docs/:path*', destination: '/documentation/:path*' },
      { source: '/old-site/:path*', destination: 'https://new.test/:path*' },
      { source: '/assets/:file+', destination: '/static/:file+' },
    ],
    samples: [
      '/docs',
      '/docs/',
      '/docs/intro',
      '/docs/guides/deploy',
      '/docs/a/b/c',
      '/old-site',
      '/old-site/x/y',
      '/assets',
      '/assets/logo.svg',
      '/assets/img/a.png',
      '/docsx',
    ],
  },
  {
    name: 'optional parameter (routing-utils: :page?)',
    redirects: [
      { source: '/archive/:year?', destination: '/posts/:year?' },
      { source: '/list/:page?', destination: '/items?page=:page' },
      { source: '/lang/:code?/home', destination: '/:code/start' },
    ],
    samples: ['/archive', '/archive/2019', '/archive/2019/05', '/list', '/list/3', '/lang/home', '/lang/fr/home'],
  },
  {
    name: 'regex groups and $1 (docs: (.*) and $1)',
    redirects: [
      { source: '/feed/(.*)', destination: '/rss/$1' },
      { source: '/(\\d{4})/(\\d{2})/:slug', destination: '/blog/:slug' },
      { source: '/wp-content/(.*)', destination: 'https://cdn.test/$1' },
      { source: '/:lang(en|fr)/about', destination: '/about?lang=:lang' },
    ],
    samples: [
      '/feed/',
      '/feed/all',
      '/feed/a/b',
      '/feed',
      '/2023/11/launch',
      '/2023/1/launch',
      '/wp-content/up/a.jpg',
      '/en/about',
      '/fr/about',
      '/de/about',
    ],
  },
  {
    name: 'a query or fragment in the destination is kept (routing-utils: destination with ?)',
    redirects: [
      { source: '/search', destination: '/find?from=search' },
      { source: '/tag/:t', destination: '/search?q=:t&src=tag' },
      { source: '/help', destination: '/docs#support' },
      { source: '/p/:id', destination: '/product?id=:id' },
    ],
    samples: ['/search', '/tag/js', '/tag/node-20', '/help', '/p/7', '/p/'],
  },
  {
    name: 'percent-escapes are not decoded (routing-utils matches the raw pathname)',
    redirects: [
      { source: '/files/:name', destination: '/download/:name' },
      { source: '/wiki/:path*', destination: '/w/:path*' },
    ],
    samples: ['/files/a%2Fb', '/files/report%20final.pdf', '/files/na%C3%AFve', '/wiki/a%2Fb', '/wiki/x/y%3Fz'],
  },
  {
    name: 'first match wins (docs: redirects are applied in order)',
    redirects: [
      { source: '/shop/sale', destination: '/deals' },
      { source: '/shop/:path*', destination: '/store/:path*' },
      { source: '/shop/new', destination: '/never' },
      { source: '/(.*)', destination: 'https://www.site.test/$1', permanent: true },
    ],
    samples: ['/shop/sale', '/shop/new', '/shop', '/shop/a/b', '/anything', '/', '/x/y'],
  },
  {
    name: 'has and missing conditions make later rules uncertain for the same paths',
    redirects: [
      {
        source: '/pricing',
        destination: '/pricing-uk',
        has: [{ type: 'header', key: 'x-vercel-ip-country', value: 'GB' }],
      },
      { source: '/pricing', destination: '/plans' },
      { source: '/start', destination: '/begin' },
    ],
    samples: ['/pricing', '/start', '/begin'],
  },
  {
    name: 'status codes Vercel accepts (statusCode: 300 is kept as written)',
    redirects: [
      { source: '/choose', destination: '/options', statusCode: 300 },
      { source: '/moved', destination: '/here', statusCode: 308 },
      { source: '/temp', destination: '/there', statusCode: 307 },
    ],
    samples: ['/choose', '/moved', '/temp'],
  },
  {
    name: 'a site reorganisation (what people write)',
    redirects: [
      { source: '/products', destination: '/shop' },
      { source: '/products/:slug', destination: '/shop/:slug' },
      { source: '/category/:cat/page/:n', destination: '/c/:cat?page=:n' },
      { source: '/careers', destination: 'https://jobs.test/company' },
      { source: '/blog/page/:n', destination: '/blog?page=:n' },
      { source: '/blog/:year/:month/:slug', destination: '/blog/:slug' },
      { source: '/rss.xml', destination: '/feed.xml' },
      { source: '/index.html', destination: '/' },
    ],
    samples: [
      '/products',
      '/products/',
      '/products/lamp',
      '/products/lamp/red',
      '/category/home/page/2',
      '/careers',
      '/blog/page/3',
      '/blog/2022/10/hello',
      '/rss.xml',
      '/index.html',
      '/blog/hello',
    ],
  },
  {
    name: 'a docs site move with versions and locales (what people write)',
    redirects: [
      { source: '/v1/:path*', destination: '/docs/v1/:path*' },
      { source: '/:locale(en|de|fr)/guide/:page', destination: '/:locale/docs/:page' },
      { source: '/guide', destination: '/docs' },
      { source: '/guide/:page', destination: '/docs/:page', permanent: false },
      { source: '/api-reference/:section/:method?', destination: '/api/:section/:method' },
      { source: '/changelog.html', destination: 'https://github.test/org/repo/releases' },
      { source: '/download/:os(mac|win|linux)', destination: '/get?os=:os' },
    ],
    samples: [
      '/v1',
      '/v1/install',
      '/v1/a/b',
      '/en/guide/setup',
      '/es/guide/setup',
      '/guide',
      '/guide/',
      '/guide/setup',
      '/api-reference/users',
      '/api-reference/users/list',
      '/changelog.html',
      '/download/mac',
      '/download/bsd',
      '/de/guide/x',
      '/v1/',
      '/fr/guide/start',
      '/guide/setup/more',
      '/api-reference',
      '/download/',
      '/changelog',
    ],
  },
  {
    name: 'chains, some through a pattern that answers first (what fix must follow as Vercel does)',
    redirects: [
      { source: '/old', destination: '/mid' },
      { source: '/mid', destination: '/new' },
      { source: '/a', destination: '/b' },
      { source: '/:one(b)', destination: '/c' },
      { source: '/b', destination: '/d' },
      { source: '/start', destination: '/step?x=1' },
      { source: '/step', destination: '/end' },
      { source: '/loop1', destination: '/loop2' },
      { source: '/loop2', destination: '/loop1' },
      { source: '/ext', destination: 'https://www.site.test/ext' },
    ],
    samples: ['/old', '/mid', '/a', '/b', '/start', '/step', '/loop1', '/ext', '/new'],
  },
  {
    name: 'parameters followed by a literal (routing-utils converts with path-to-regexp 6.1.0)',
    redirects: [
      { source: '/date/:y-:m-:d', destination: '/archive/:y/:m/:d' },
      { source: '/file/:name.:ext', destination: '/files/:ext/:name' },
      { source: '/:id([0-9]+)-:slug', destination: '/items/:id?s=:slug' },
    ],
    samples: ['/date/2024-01-02', '/date/2024-01-02-x', '/file/report.pdf', '/file/a.b.c', '/12-red-lamp', '/x-y'],
  },
];

/** Files Vercel refuses as a whole, and the rule it names. */
export const VERCEL_REFUSED: Array<{ name: string; redirects: Array<Record<string, unknown>>; rule: number }> = [
  {
    // routing-utils, checkRedirect: `permanent` and `statusCode` together refuse the deploy.
    name: 'permanent together with statusCode',
    redirects: [
      { source: '/a', destination: '/b' },
      { source: '/view-source', destination: 'https://github.test/x', statusCode: 301, permanent: true },
    ],
    rule: 1,
  },
  {
    // routing-utils, checkRedirect: a destination segment the source does not define refuses the deploy.
    name: 'a destination parameter the source does not define',
    redirects: [
      { source: '/a', destination: 'https://x.test/:nope' },
      { source: '/b/:slug', destination: '/c/:slug' },
    ],
    rule: 0,
  },
  {
    name: 'an invalid source pattern',
    redirects: [
      { source: '/ok', destination: '/fine' },
      { source: '/bad*', destination: '/x' },
    ],
    rule: 1,
  },
];
