/**
 * The rules files and samples of the Apache differential suite (apache-oracle.test.ts), each served by a real httpd
 * and predicted by hoplens. Written from Apache's own documentation, restated in our own data:
 * - mod_alias: https://httpd.apache.org/docs/2.4/mod/mod_alias.html (Redirect: a URL-path prefix on whole segments,
 *   the rest of the path appended to the target, 302 by default, `permanent`/`temp`/`seeother`/`gone`; RedirectMatch:
 *   a regex, `$N`; RedirectPermanent, RedirectTemp; "mod_rewrite ... processed before mod_alias" in the order of
 *   processing section).
 * - mod_rewrite: https://httpd.apache.org/docs/2.4/mod/mod_rewrite.html (RewriteRule: in per-directory context the
 *   pattern sees the path with the directory's prefix removed, in a virtual host the whole URL-path; RewriteCond
 *   test strings, `%N` back-references, `[NC]`, `[OR]`; RewriteBase for relative substitutions) and
 *   https://httpd.apache.org/docs/2.4/rewrite/flags.html ([R], [R=code], [L], [NC], [QSA], [QSD], [NE], [G], [F];
 *   a substitution ending in `?` drops the query string).
 * - What people put in `.htaccess`: the canonical host and HTTPS recipes of
 *   https://httpd.apache.org/docs/2.4/rewrite/remapping.html (Canonical Hostnames) and moved pages and folders.
 */

/** Where the rules are placed: a `.htaccess` in the document root (`AllowOverride All`), or a `<VirtualHost>`. */
export type Placement = 'htaccess' | 'vhost';

/** One rules file and the requests asked of it: a request target (`/a?b`), or `host target` for another Host. */
export interface ApacheCase {
  id: string;
  placement: Placement;
  rules: readonly string[];
  samples: readonly string[];
}

export const APACHE_CASES: readonly ApacheCase[] = [
  {
    id: 'alias/moved-pages',
    placement: 'htaccess',
    rules: [
      'Redirect /old-page.html /new-page.html',
      'Redirect 301 /docs https://docs.site.test/',
      'RedirectPermanent /team /about/team',
      'RedirectTemp /sale /offers',
      'Redirect gone /discontinued',
      'Redirect seeother /form /thanks',
    ],
    samples: [
      '/old-page.html',
      '/old-page.html?ref=mail',
      '/old-page.htmlx',
      '/docs',
      '/docs/guide/intro',
      '/docsx',
      '/team',
      '/team/',
      '/team/anna',
      '/sale?utm=1',
      '/discontinued',
      '/discontinued/part',
      '/form',
      '/nothing-here',
    ],
  },
  {
    id: 'alias/trailing-slash',
    placement: 'vhost',
    rules: ['Redirect 301 /dir/ /folder/', 'Redirect 301 /shop /store', 'Redirect 301 /blog/ https://blog.site.test'],
    samples: [
      '/dir',
      '/dir/',
      '/dir/a',
      '/dir/a/b?x=1',
      '/shop',
      '/shop/',
      '/shop/cart',
      '/shopping',
      '/blog',
      '/blog/',
      '/blog/post-1',
      '/dir//a',
    ],
  },
  {
    id: 'alias/redirect-match',
    placement: 'htaccess',
    rules: [
      'RedirectMatch 301 ^/blog/(\\d{4})/(.*)$ /news/$1/$2',
      'RedirectMatch ^/images/(.*)\\.gif$ /img/$1.png',
      'RedirectMatch 301 (?i)^/contact$ /contact-us',
      'RedirectMatch 301 \\.php$ /legacy',
      'RedirectMatch 410 ^/tmp/',
    ],
    samples: [
      '/blog/2020/hello',
      '/blog/2020/',
      '/blog/abcd/x',
      '/images/a.gif',
      '/images/sub/b.gif?v=2',
      '/images/a.GIF',
      '/contact',
      '/CONTACT',
      '/index.php',
      '/a/b.php?x=1',
      '/tmp/file',
      '/tmp',
    ],
  },
  {
    id: 'rewrite/htaccess-basics',
    placement: 'htaccess',
    rules: [
      'RewriteEngine On',
      'RewriteRule ^old\\.html$ /new.html [R=301,L]',
      'RewriteRule ^products/([0-9]+)$ /items/$1 [R=301,L]',
      'RewriteRule ^Team$ /people [R,NC,L]',
      'RewriteRule ^go/(.*)$ https://elsewhere.test/$1 [R=302,L]',
      'RewriteRule ^query$ /landing?src=old [R=301,L]',
      'RewriteRule ^qsa$ /landing?src=old [R=301,QSA,L]',
      'RewriteRule ^qsd$ /landing [R=301,QSD,L]',
      'RewriteRule ^bare$ /landing? [R=301,L]',
    ],
    samples: [
      '/old.html',
      '/old.html?a=1',
      '/old.htm',
      '/products/42',
      '/products/42?ref=1',
      '/products/x',
      '/team',
      '/TEAM',
      '/go/a/b?c=d',
      '/query',
      '/query?x=1',
      '/qsa',
      '/qsa?x=1',
      '/qsd?x=1',
      '/bare?x=1',
      '/sub/old.html',
    ],
  },
  {
    id: 'rewrite/vhost-leading-slash',
    placement: 'vhost',
    rules: [
      'RewriteEngine On',
      'RewriteRule ^/old\\.html$ /new.html [R=301,L]',
      'RewriteRule ^nope$ /never [R=301,L]',
      'RewriteRule ^/cat/(.*)$ /category/$1 [R=301,L]',
      'RewriteRule /legacy/ /modern [R=301,L]',
    ],
    samples: ['/old.html', '/nope', '/cat/shoes', '/cat/', '/x/legacy/y', '/legacy/', '/legacy'],
  },
  {
    id: 'rewrite/htaccess-leading-slash',
    placement: 'htaccess',
    rules: ['RewriteEngine On', 'RewriteRule ^/rooted$ /never [R=301,L]', 'RewriteRule ^plain$ /plain-new [R=301,L]'],
    samples: ['/rooted', '/plain'],
  },
  {
    id: 'order/rewrite-before-alias-htaccess',
    placement: 'htaccess',
    rules: [
      'Redirect 301 /page /from-alias',
      'RewriteEngine On',
      'RewriteRule ^page$ /from-rewrite [R=301,L]',
      'RedirectMatch 301 ^/other$ /alias-other',
      'RewriteRule ^other$ /rewrite-other [R=302,L]',
      'Redirect 301 /only-alias /alias-only',
    ],
    samples: ['/page', '/page/sub', '/other', '/only-alias', '/pagex'],
  },
  {
    id: 'order/rewrite-before-alias-vhost',
    placement: 'vhost',
    rules: [
      'Redirect 301 /page /from-alias',
      'RewriteEngine On',
      'RewriteRule ^/page$ /from-rewrite [R=301,L]',
      'RewriteRule ^/dir/(.+) /rewritten/$1 [R=301,L]',
      'Redirect /dir /alias-dir',
    ],
    samples: ['/page', '/page/x', '/dir/a', '/dir', '/dir/'],
  },
  {
    id: 'conditions/canonical-host',
    placement: 'htaccess',
    rules: [
      'RewriteEngine On',
      'RewriteCond %{HTTP_HOST} ^site\\.test$ [NC]',
      'RewriteRule ^(.*)$ http://www.site.test/$1 [R=301,L]',
    ],
    samples: ['site.test /', 'site.test /a/b?x=1', 'www.site.test /', 'www.site.test /a', 'SITE.test /x'],
  },
  {
    id: 'conditions/any-host-to-www',
    placement: 'htaccess',
    rules: [
      'RewriteEngine On',
      'RewriteCond %{HTTP_HOST} !^www\\. [NC]',
      'RewriteCond %{HTTP_HOST} ^(.+)$',
      'RewriteRule ^ http://www.%1%{REQUEST_URI} [R=301,L]',
    ],
    samples: ['a.test /x', 'a.test /x/y?z=1', 'www.a.test /x', 'WWW.b.test /'],
  },
  {
    id: 'conditions/https-vhost',
    placement: 'vhost',
    rules: ['RewriteEngine On', 'RewriteCond %{HTTPS} off', 'RewriteRule ^/(.*)$ https://%{HTTP_HOST}/$1 [R=301,L]'],
    samples: ['/', '/a?b=1', 'shop.test /cart'],
  },
  {
    id: 'conditions/or-and-query',
    placement: 'htaccess',
    rules: [
      'RewriteEngine On',
      'RewriteCond %{HTTP_HOST} ^old\\.test$ [OR]',
      'RewriteCond %{HTTP_HOST} ^older\\.test$',
      'RewriteRule ^(.*)$ https://new.test/$1 [R=301,L]',
      'RewriteCond %{QUERY_STRING} ^id=([0-9]+)$',
      'RewriteRule ^product\\.php$ /product/%1? [R=301,L]',
      'RewriteCond %{REQUEST_URI} !^/keep/',
      'RewriteRule ^(.*)/index\\.html$ /$1/ [R=301,L]',
    ],
    samples: [
      'old.test /a',
      'older.test /b?c',
      'oldest.test /a',
      '/product.php?id=5',
      '/product.php?id=x',
      '/product.php',
      '/a/index.html',
      '/keep/index.html',
    ],
  },
  {
    id: 'conditions/cookie-is-unknown',
    placement: 'htaccess',
    rules: [
      'RewriteEngine On',
      'RewriteCond %{HTTP_COOKIE} beta=1',
      'RewriteRule ^app/(.*)$ /beta/$1 [R=302,L]',
      'RewriteRule ^app/(.*)$ /stable/$1 [R=302,L]',
      'RewriteRule ^help$ /support [R=301,L]',
    ],
    samples: ['/app/x', '/help'],
  },
  {
    id: 'rewrite/base-and-relative',
    placement: 'htaccess',
    rules: [
      'RewriteEngine On',
      'RewriteBase /shop/',
      'RewriteRule ^old-cart$ cart [R=301,L]',
      'RewriteRule ^abs$ /absolute [R=301,L]',
    ],
    samples: ['/old-cart', '/abs', '/shop/old-cart'],
  },
  {
    id: 'rewrite/relative-without-base',
    placement: 'htaccess',
    rules: ['RewriteEngine On', 'RewriteRule ^rel$ target [R=301,L]', 'RewriteRule ^rel2/(.*)$ to/$1 [R=301,L]'],
    samples: ['/rel'],
  },
  {
    id: 'rewrite/encoding',
    placement: 'htaccess',
    rules: [
      'RewriteEngine On',
      'RewriteRule ^search/(.*)$ /find?q=$1 [R=301,L]',
      'RewriteRule ^path/(.*)$ /to/$1 [R=301,L]',
      'RewriteRule ^anchor$ /page#section [R=301,NE,L]',
      'RewriteRule ^anchor2$ /page#section [R=301,L]',
      'RedirectMatch 301 ^/enc/(.*)$ /dest/$1',
    ],
    samples: ['/search/shoes', '/path/a%3Fb', '/path/a%20b', '/anchor', '/anchor2', '/enc/a%3Fb', '/enc/a%20b'],
  },
  {
    id: 'rewrite/flags-spelled-out',
    placement: 'htaccess',
    rules: [
      'RewriteEngine on',
      'RewriteRule ^Old-Path$ /new-path [redirect=permanent,nocase,last]',
      'RewriteRule ^seeother$ /x [R=seeother,L]',
      'RewriteRule ^gone$ - [G]',
      'RewriteRule ^forbidden$ - [F]',
      'RewriteRule ^no-last$ /landed [R=301]',
    ],
    samples: ['/old-path', '/OLD-PATH', '/seeother', '/gone', '/forbidden', '/no-last'],
  },
  {
    id: 'sections/ifmodule-and-engine-off',
    placement: 'htaccess',
    rules: [
      'RewriteRule ^before-engine$ /y [R=301,L]',
      '<IfModule mod_rewrite.c>',
      'RewriteEngine On',
      'RewriteRule ^in-ifmodule$ /ok [R=301,L]',
      '</IfModule>',
      '<IfModule mod_alias.c>',
      'Redirect 301 /alias-if /ok2',
      '</IfModule>',
    ],
    samples: ['/before-engine', '/in-ifmodule', '/alias-if'],
  },
  {
    id: 'rewrite/trailing-slash',
    placement: 'htaccess',
    rules: ['RewriteEngine On', 'RewriteRule ^(.*[^/])$ /$1/ [R=301,L]'],
    samples: ['/about', '/about/', '/a/b.html?x=1'],
  },
];
