/**
 * Apache `.htaccess` / conf redirects. Authorities: mod_alias (httpd.apache.org/docs/2.4/mod/mod_alias.html#redirect:
 * `Redirect [status] URL-path URL`, temporary 302 without a status; `permanent`/`temp`/`seeother`/`gone`; `gone`
 * takes no URL; RedirectMatch takes a regex), mod_rewrite (httpd.apache.org/docs/2.4/rewrite/flags.html#flag_r:
 * `[R]` is 302, `[R=code]`; `[G]` 410, `[F]` 403; in per-directory context the pattern sees the path without its
 * leading slash, relative substitutions take RewriteBase) and the configuration file syntax
 * (httpd.apache.org/docs/2.4/configuring.html: `\` continues a line, `#` comments only at the start of a line).
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readRules } from '../../src/inputs/index.js';
import { OFFLINE_SITE } from '../../src/inputs/offline-site.js';
import { all, brief } from '../helpers/rule-items.js';

const read = async (text: string) =>
  brief(await all(readRules('apache', Readable.from([text]), { baseUrl: 'https://site.test' })));

describe('Apache', () => {
  it('reads mod_alias redirects: default 302, status words, gone, literal RedirectMatch', async () => {
    const conf = [
      '# mod_alias',
      'Redirect /a https://site.test/b',
      'Redirect permanent /c /d',
      'RedirectPermanent /e https://new.test/f',
      'RedirectTemp /g /h',
      'Redirect 303 /i /j',
      'Redirect gone /k',
      'redirect seeother "/with space" /l',
      'RedirectMatch 301 ^/m\\.html$ /n',
      'RedirectMatch 301 ^/blog/(.*)$ /news/$1',
      'RedirectMatch 301 ^/o$ /p/$1',
      'Redirect 301 /q',
      'Redirect gone /r /s',
      'Redirect 301 relative /t',
    ].join('\n');
    expect(await read(conf)).toEqual([
      'row 2 https://site.test/a → https://site.test/b 302',
      'row 3 https://site.test/c → https://site.test/d 301',
      'row 4 https://site.test/e → https://new.test/f 301',
      'row 5 https://site.test/g → https://site.test/h 302',
      'row 6 https://site.test/i → https://site.test/j 303',
      'row 7 https://site.test/k → https://site.test/k 410',
      'row 8 https://site.test/with%20space → https://site.test/l 303',
      'row 9 https://site.test/m.html → https://site.test/n 301',
      'skip 10 regular expression in the source',
      'skip 11 captures in the target',
      'bad 12 Redirect with status 301 takes a path and a target URL',
      'bad 13 Redirect with status 410 takes a path and no target',
      'bad 14 the source must be a path: "relative"',
    ]);
  });

  it('reads RewriteRule with [R]: conditions on the host only, RewriteBase, continuations and sections', async () => {
    const htaccess = [
      'RewriteRule ^before$ /x [R=301,L]',
      'RewriteEngine On',
      'RewriteBase /shop/',
      'RewriteRule ^old$ /new [R=301,L]',
      'RewriteRule ^temp$ /new [R]',
      'RewriteRule ^rel$ relative-target [R=302]',
      'RewriteRule ^internal$ /index.php [L]',
      'RewriteRule ^gone$ - [G]',
      'RewriteRule ^(.*)/$ /$1 [R=301,L]',
      'RewriteCond %{HTTP_HOST} ^www\\.site\\.test$ [NC]',
      'RewriteRule ^host$ /by-host [R=301,L]',
      'RewriteCond %{QUERY_STRING} id=5',
      'RewriteRule ^query$ /by-query [R=301,L]',
      'RewriteRule ^continued$ \\',
      '    /joined [R=308,L]',
      '<IfModule mod_rewrite.c>',
      '  RewriteRule ^inside-ifmodule$ /ok [R=301]',
      '</IfModule>',
      '<If "%{HTTPS} == \'off\'">',
      '  Redirect 301 /conditional https://site.test/x',
      '</If>',
      'RewriteRule ^bad$ /x [R=999]',
      'RewriteRule ^old$ /again [R=301]',
    ].join('\n');
    expect(await read(htaccess)).toEqual([
      // RewriteEngine applies to the whole context, wherever written: the last one wins (checked against httpd by
      // test/oracles/apache-oracle.test.ts). RewriteConds are evaluated for the site: www.site.test is not
      // site.test, and /query has no id=5. mod_rewrite's rows come first, before mod_alias's (the <If> Redirect).
      'row 1 https://site.test/before → https://site.test/x 301',
      'row 4 https://site.test/old → https://site.test/new 301',
      'row 5 https://site.test/temp → https://site.test/new 302',
      'row 6 https://site.test/rel → https://site.test/shop/relative-target 302',
      'skip 7 internal rewrite (no [R] flag)',
      'row 8 https://site.test/gone → https://site.test/gone 410',
      'skip 9 regular expression in the source',
      'skip 11 its RewriteCond does not hold for https://site.test/host',
      'skip 13 its RewriteCond does not hold for https://site.test/query',
      'row 14 https://site.test/continued → https://site.test/joined 308',
      'row 17 https://site.test/inside-ifmodule → https://site.test/ok 301',
      'bad 22 Not an HTTP status code: "999"',
      'skip 23 shadowed by line 4',
      // The <If> expression is evaluated for the site (https: HTTPS is on).
      "skip 20 inside <If %{HTTPS} == 'off'>: it does not hold for https://site.test/conditional",
    ]);
  });

  // https://httpd.apache.org/docs/2.4/mod/mod_alias.html#redirect: inside <Location> the URL-path is left out and
  // the section's path stands for it (the one argument is the URL, an expression when it has variables); with a
  // status other than a redirect no URL is needed. check's matcher placed these already (apache-matching.test.ts);
  // lint and fix read them as rows too, from the section's path.
  it('reads a Redirect inside one <Location> as a row from the section path, for lint and fix', async () => {
    const conf = [
      '<Location "/old">',
      '  Redirect 301 /new',
      '</Location>',
      '<Location /gone>',
      '  Redirect gone',
      '</Location>',
      '<Location /b>',
      '  RedirectPermanent https://other.test/b',
      '  Redirect /b/x /y',
      '  Redirect /elsewhere /y',
      '  RedirectMatch ^/b/z$ /y',
      '</Location>',
      '<Location /wild*>',
      '  Redirect /y',
      '</Location>',
      '<Location /e>',
      '  Redirect 301',
      '</Location>',
      '<If "-n %{HTTP_X}">',
      '<Location /f>',
      '  Redirect /y',
      '</Location>',
      '</If>',
    ].join('\n');
    expect(await read(conf)).toEqual([
      'skip 21 inside <if>',
      'row 2 https://site.test/old → https://site.test/new 301',
      'row 5 https://site.test/gone → https://site.test/gone 410',
      'row 8 https://site.test/b → https://other.test/b 301',
      // The section's own URL answers every path under /b first: httpd tries a Redirect without its URL-path before
      // one with it and before a RedirectMatch (a real httpd 2.4 answered /b/x and /b/z with line 8's target).
      'skip 9 shadowed by line 8 (→ https://other.test/b)',
      'skip 10 inside <Location /b>: /elsewhere is not under it',
      'skip 11 shadowed by line 8 (→ https://other.test/b)',
      'skip 14 inside <Location /wild*>: not one path',
      'bad 17 Redirect inside <Location> needs a URL',
    ]);
  });

  // https://httpd.apache.org/docs/2.4/expr.html (==, !=, =~, -strmatch) and
  // https://httpd.apache.org/docs/2.4/mod/core.html#elseif (<ElseIf>, <Else>): a Redirect in an <If> chain is a row
  // where the chain applies to the row's URL on the site checked, as check's matcher evaluates it; a RewriteRule
  // there sees the path on disk (https://httpd.apache.org/docs/2.4/mod/mod_rewrite.html#rewriterule, "What is
  // matched?"), so a literal pattern never matches.
  it('reads Redirects inside <If>, <ElseIf> and <Else> where the site decides them, and RedirectMatch in <Location>', async () => {
    const conf = [
      '<If "%{SERVER_NAME} == \'site.test\'">',
      '  Redirect 301 /a /to-a',
      '</If>',
      '<ElseIf "%{REQUEST_URI} -strmatch \'/b*\'">',
      '  Redirect 301 /b /to-b',
      '</ElseIf>',
      '<Else>',
      '  Redirect 301 /c /to-c',
      '</Else>',
      '<If "%{REQUEST_URI} =~ m#^/d#">',
      '  <If "%{HTTPS} == \'on\'">',
      '    Redirect 302 /d /to-d',
      '  </If>',
      '</If>',
      '<If "%{HTTP:Accept-Language} =~ /fr/">',
      '  Redirect 301 /e /to-e',
      '</If>',
      '<If "%{QUERY_STRING} != \'\'">',
      '  RewriteRule ^f$ /to-f [R=301,L]',
      '</If>',
      '<Location /g>',
      '  RedirectMatch 301 ^/g/page$ /to-g',
      '  RedirectMatch 301 ^/elsewhere$ /to-g',
      '</Location>',
    ].join('\n');
    expect(await read(conf)).toEqual([
      'skip 19 never matches: inside <If> the pattern sees the path on disk',
      'row 2 https://site.test/a → https://site.test/to-a 301',
      "skip 5 inside <If %{REQUEST_URI} -strmatch '/b*'>: it does not hold for https://site.test/b",
      'skip 8 inside <If (else)>: it does not hold for https://site.test/c',
      'row 12 https://site.test/d → https://site.test/to-d 302',
      'skip 16 inside <If %{HTTP:Accept-Language} =~ /fr/>: only the server can tell',
      'row 22 https://site.test/g/page → https://site.test/to-g 301',
      'skip 23 inside <Location /g>: /elsewhere is not under it',
    ]);
    // Without the site (lint's placeholder), an expression on the host cannot be evaluated: it says so, not guess.
    const offline = brief(await all(readRules('apache', Readable.from([conf]), { baseUrl: OFFLINE_SITE })));
    expect(offline).toContain(
      "skip 2 inside <If %{SERVER_NAME} == 'site.test'>: whether it holds depends on the site (--base-url)",
    );
  });
});
