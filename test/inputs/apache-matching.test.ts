/**
 * How hoplens's Apache matcher (`check --samples`, lint's shadowing, fix) follows httpd 2.4, one class of behaviour
 * per test; each was found disagreeing with a real httpd by test/oracles/apache-oracle.test.ts. Authorities:
 * mod_alias https://httpd.apache.org/docs/2.4/mod/mod_alias.html (Order of Processing; Redirect), mod_rewrite
 * https://httpd.apache.org/docs/2.4/mod/mod_rewrite.html (RewriteRule, RewriteCond, RewriteBase, RewriteEngine),
 * its flags https://httpd.apache.org/docs/2.4/rewrite/flags.html, and per-directory rewriting
 * https://httpd.apache.org/docs/2.4/rewrite/tech.html.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeApache } from '../../src/inputs/formats/apache/writer.js';
import { isOrdered, readRules } from '../../src/inputs/index.js';
import { compileRules } from '../../src/inputs/patterns/index.js';
import { lintRules } from '../../src/lint/index.js';
import { all } from '../helpers/rule-items.js';

async function matcher(lines: readonly string[]) {
  const rules = await compileRules('apache', Readable.from([lines.join('\n')]));
  return (sample: string) => rules.match(new URL(sample, 'http://site.test'));
}

describe('Apache matching, as httpd does it', () => {
  // mod_alias, Order of Processing: "mod_rewrite ... processed before mod_alias", whatever the file order.
  it('answers with mod_rewrite before mod_alias, and lint does not call the rewrite rule dead', async () => {
    const text = ['Redirect 301 /page /from-alias', 'RewriteEngine On', 'RewriteRule ^page$ /from-rewrite [R=301,L]'];
    const at = await matcher(text);
    expect(at('/page')).toEqual({ line: 3, target: '/from-rewrite', status: 301 });
    expect(at('/page/sub')).toEqual({ line: 1, target: '/from-alias/sub', status: 301 });
    const items = await all(
      readRules('apache', Readable.from([text.join('\n')]), { baseUrl: 'https://site.test/', keepShadowed: true }),
    );
    const rows = items.flatMap((item) => (item.kind === 'row' ? [item.row] : []));
    const rules = await compileRules('apache', Readable.from([text.join('\n')]));
    const shadowed = (await lintRules(rows, { ordered: isOrdered('apache'), siteOrigin: 'https://site.test', rules }))
      .filter((finding) => finding.kind === 'shadowed')
      .map((finding) => `${finding.line}: ${finding.message}`);
    expect(shadowed).toEqual(['1: never applies: line 3 answers /page first (→ /from-rewrite)']);
  });

  // Redirect: the URL-path is matched as written, a trailing slash included; the rest of the path is appended to the
  // target as it stands (no slash added or removed); `/` matches any run of slashes.
  it('keeps a Redirect prefix trailing slash, and appends the rest of the path as it stands', async () => {
    const at = await matcher(['Redirect 301 /dir/ /folder/', 'Redirect 301 /blog/ https://blog.site.test']);
    expect(at('/dir')).toBeUndefined();
    expect(at('/dir/a')).toEqual({ line: 1, target: '/folder/a', status: 301 });
    expect(at('/dir//a')).toEqual({ line: 1, target: '/folder/a', status: 301 });
    expect(at('/blog/post')).toEqual({ line: 2, target: 'https://blog.site.testpost', status: 301 });
  });

  // flags.html#flag_qsa, #flag_qsd: a `?` in the substitution replaces the query unless [QSA]; a trailing `?` drops it.
  it('merges the query string with [QSA], drops it with [QSD] or a trailing ?', async () => {
    const at = await matcher([
      'RewriteEngine On',
      'RewriteRule ^qsa$ /l?src=old [R=301,QSA,L]',
      'RewriteRule ^plain$ /l?src=old [R=301,L]',
      'RewriteRule ^qsd$ /l [R=301,QSD,L]',
      'RewriteRule ^bare$ /l? [R=301,L]',
    ]);
    expect(at('/qsa?x=1')).toEqual({ line: 2, target: '/l?src=old&x=1', status: 301 });
    expect(at('/plain?x=1')).toEqual({ line: 3, target: '/l?src=old', status: 301 });
    expect(at('/qsd?x=1')).toEqual({ line: 4, target: '/l', status: 301 });
    expect(at('/bare?x=1')).toEqual({ line: 5, target: '/l', status: 301 });
  });

  // rewrite/remapping.html, Canonical Hostnames: the condition on %{HTTP_HOST} decides per request; %1 is its group.
  it('evaluates RewriteCond %{HTTP_HOST} against the sample host, with [NC], ! and %N', async () => {
    const at = await matcher([
      'RewriteEngine On',
      'RewriteCond %{HTTP_HOST} !^www\\. [NC]',
      'RewriteCond %{HTTP_HOST} ^(.+)$',
      'RewriteRule ^ http://www.%1%{REQUEST_URI} [R=301,L]',
    ]);
    expect(at('http://a.test/x?y=1')).toEqual({ line: 4, target: 'http://www.a.test/x?y=1', status: 301 });
    expect(at('http://WWW.a.test/x')).toBeUndefined();
  });

  // RewriteCond with [OR], and a test string only the server knows (a cookie): uncertain, and no later rule is
  // predicted for that URL with confidence.
  it('chains [OR] conditions, and says a cookie condition is the server’s to decide', async () => {
    const at = await matcher([
      'RewriteEngine On',
      'RewriteCond %{HTTP_HOST} ^old\\.test$ [OR]',
      'RewriteCond %{HTTP_HOST} ^older\\.test$',
      'RewriteRule ^(.*)$ https://new.test/$1 [R=301,L]',
      'RewriteCond %{HTTP_COOKIE} beta=1',
      'RewriteRule ^app/(.*)$ /beta/$1 [R=302,L]',
      'RewriteRule ^app/(.*)$ /stable/$1 [R=302,L]',
    ]);
    expect(at('http://older.test/a')).toEqual({ line: 4, target: 'https://new.test/a', status: 301 });
    expect(at('http://oldest.test/app/x')).toMatchObject({ line: 6, problem: expect.stringContaining('HTTP_COOKIE') });
  });

  // tech.html: in per-directory context the pattern sees the path without the directory's prefix (`^/x` never
  // matches); in a virtual host, the whole URL-path.
  it('matches the pattern without the leading slash in .htaccess, with it in a <VirtualHost>', async () => {
    const htaccess = await matcher(['RewriteEngine On', 'RewriteRule ^/a$ /x [R=301]', 'RewriteRule ^b$ /y [R=301]']);
    expect(htaccess('/a')).toBeUndefined();
    expect(htaccess('/b')).toEqual({ line: 3, target: '/y', status: 301 });
    const vhost = await matcher([
      '<VirtualHost *:80>',
      'RewriteEngine On',
      'RewriteRule ^/a$ /x [R=301]',
      'RewriteRule ^b$ /y [R=301]',
      '</VirtualHost>',
    ]);
    expect(vhost('/a')).toEqual({ line: 3, target: '/x', status: 301 });
    expect(vhost('/b')).toBeUndefined();
  });

  // RewriteBase: a relative substitution in per-directory context without it gets the directory's path on disk.
  it('puts a relative substitution under RewriteBase, and says it cannot know it without one', async () => {
    const based = await matcher(['RewriteEngine On', 'RewriteBase /shop/', 'RewriteRule ^old$ cart [R=301,L]']);
    expect(based('/old')).toEqual({ line: 3, target: '/shop/cart', status: 301 });
    const bare = await matcher(['RewriteEngine On', 'RewriteRule ^old$ cart [R=301,L]']);
    expect(bare('/old')).toMatchObject({ line: 2, problem: expect.stringContaining('without RewriteBase') });
  });

  // httpd 2.4.60+ (CVE-2024-38474): a `?` from a decoded %3F that would start the substitution's query is refused
  // with 403 unless [UnsafeAllow3F]; after the substitution's own `?` it is escaped. An encoded slash is refused (404)
  // before any module (core.html#allowencodedslashes).
  it('refuses an encoded ? brought into the substitution path, escapes it in the query, and 404s an encoded /', async () => {
    const at = await matcher([
      'RewriteEngine On',
      'RewriteRule ^path/(.*)$ /to/$1 [R=301,L]',
      'RewriteRule ^search/(.*)$ /find?q=$1 [R=301,L]',
      'RewriteRule ^ok/(.*)$ /to/$1 [R=301,L,UnsafeAllow3F]',
      'Redirect 301 /old /new',
    ]);
    expect(at('/path/a%3Fb')).toEqual({ line: 2, status: 403 });
    expect(at('/search/a%3Fb')).toEqual({ line: 3, target: '/find?q=a%3fb', status: 301 });
    expect(at('/ok/a%3Fb')).toMatchObject({ line: 4, status: 301 });
    expect(at('/old/a%2Fb')).toBeUndefined();
  });

  // PCRE's inline option `(?i)` makes the whole pattern caseless (pcre2pattern, Internal option setting).
  it('reads a leading (?i) as caseless', async () => {
    const at = await matcher(['RedirectMatch 301 (?i)^/contact$ /contact-us']);
    expect(at('/CONTACT')).toEqual({ line: 1, target: '/contact-us', status: 301 });
  });

  // flags.html#flag_ne: without [NE], `#` and other special characters are escaped in the Location.
  it('escapes the substitution unless [NE], and reads an escaped space in a condition as mod_rewrite does', async () => {
    const at = await matcher([
      'RewriteEngine On',
      'RewriteRule ^a$ /page#top [R=301,L]',
      'RewriteRule ^b$ /page#top [R=301,NE,L]',
      'RewriteCond %{THE_REQUEST} ^GET\\ /index\\.php',
      'RewriteRule ^index\\.php$ / [R=301,L]',
    ]);
    expect(at('/a')).toEqual({ line: 2, target: '/page%23top', status: 301 });
    expect(at('/b')).toEqual({ line: 3, target: '/page#top', status: 301 });
    expect(at('/index.php')).toEqual({ line: 5, target: '/', status: 301 });
  });

  // mod_rewrite.html#rewritemap: `${map:key|default}` looks the key up in a map (a file, a program) only the server
  // has: the sample is skipped with that reason, and no later rule predicted for it.
  it('says a RewriteMap lookup is the server’s to answer', async () => {
    const at = await matcher([
      'RewriteEngine On',
      // Split so that the linter does not read Apache's ${map:key} as a template placeholder.
      'RewriteRule ^p/(.*)$ $' + '{products:$1|/none} [R=301,L]',
      'RewriteRule ^p/(.*)$ /fallback [R=301,L]',
    ]);
    expect(at('/p/42')).toMatchObject({ line: 2, problem: expect.stringContaining('RewriteMap') });
  });

  // flags.html#flag_ne: httpd escapes a substitution without [NE] itself, and reads `%N`/`$N` as back-references
  // (mod_rewrite.html#rewriterule): fix writes the Location the matcher predicts so that httpd sends that Location.
  it('writes a fixed RewriteRule substitution as httpd will read it', async () => {
    const text = 'RewriteRule ^a$ /x [R=301,L]\nRewriteRule ^b$ /x [R=301,NE,L]\nRewriteRule ^c$ /x [R=301,L]\n';
    const fixed = writeApache(text, [
      { line: 1, path: '/page%23top' },
      { line: 2, path: '/page%23top' },
      { line: 3, path: '/a%2Fb' },
    ]);
    expect(fixed.split('\n').slice(0, 3)).toEqual([
      'RewriteRule ^a$ /page#top [R=301,L]',
      'RewriteRule ^b$ /page\\%23top [R=301,NE,L]',
      'RewriteRule ^c$ /a\\%2Fb [R=301,L]',
    ]);
  });
});

// Classes the generated suite (test/oracles/apache.generated.test.ts) found against a real httpd, each failing on the
// matcher before its fix.
describe('Apache matching, classes the generated suite found', () => {
  // https://httpd.apache.org/docs/2.4/rewrite/flags.html#flag_r: "if a status code is outside the redirect range
  // (300-399) then the substitution string is dropped entirely, and rewriting is stopped as if the L were used".
  it('answers [R=410] and [R=403] with that status, the substitution dropped', async () => {
    const at = await matcher([
      'RewriteEngine On',
      'RewriteRule ^gone/(.*)$ /n?q=$1 [R=410]',
      'RewriteRule ^f$ /n [R=403]',
    ]);
    expect(at('/gone/x')).toEqual({ line: 2, status: 410 });
    expect(at('/f')).toEqual({ line: 3, status: 403 });
  });

  // https://httpd.apache.org/docs/2.4/rewrite/flags.html#flag_b: back-references escaped before they are put in the
  // substitution; httpd escapes all but letters, digits and `_`, a space as `+` ([BNP]: `%20`), then escapes the
  // Location as usual unless [NE] (a `%` of the escape becomes `%25`). %N of a RewriteCond is escaped too.
  it('escapes back-references with [B]', async () => {
    const at = await matcher([
      'RewriteEngine On',
      'RewriteRule ^b/(.*)$ /n?q=$1 [B,R=301,NE,L]',
      'RewriteRule ^c/(.*)$ /n/$1 [B,R=301,L]',
      'RewriteRule ^p/(.*)$ /n?q=$1 [B,BNP,R=301,NE,L]',
      'RewriteCond %{QUERY_STRING} ^x=(.*)$',
      'RewriteRule ^d$ /n?q=%1 [B,R=301,NE,L]',
    ]);
    expect(at('/b/c%26d')).toEqual({ line: 2, target: '/n?q=c%26d', status: 301 });
    expect(at('/b/a%20b')).toEqual({ line: 2, target: '/n?q=a+b', status: 301 });
    expect(at('/b/a-b_c.d~e')).toEqual({ line: 2, target: '/n?q=a%2db_c%2ed%7ee', status: 301 });
    expect(at('/c/c%26d')).toEqual({ line: 3, target: '/n/c%2526d', status: 301 });
    expect(at('/p/a%20b')).toEqual({ line: 4, target: '/n?q=a%20b', status: 301 });
    expect(at('/d?x=a%20b&')).toEqual({ line: 6, target: '/n?q=a%2520b%26', status: 301 });
  });

  // https://httpd.apache.org/docs/2.4/mod/mod_alias.html#redirect: inside <Location> the URL-path is left out (the
  // section's path is matched on whole segments); with a status other than a redirect no URL is needed. A later
  // section's Redirect answers before an earlier one's, and before the virtual host's own Redirects (as httpd 2.4
  // answered the generated suite).
  it('reads a Redirect inside <Location> with its URL-path left out', async () => {
    const at = await matcher([
      '<VirtualHost *:80>',
      '<Location /old>',
      'Redirect 301 https://new.example/',
      '</Location>',
      '<Location /g>',
      'Redirect gone',
      '</Location>',
      '<Location /old/kept>',
      'Redirect 302 /kept',
      '</Location>',
      'Redirect 301 /old/top /top',
      'Redirect 301 /top /topmost',
      '</VirtualHost>',
    ]);
    expect(at('/old/a?b=1')).toEqual({ line: 3, target: 'https://new.example/?b=1', status: 301 });
    expect(at('/old//a')).toEqual({ line: 3, target: 'https://new.example/', status: 301 });
    expect(at('/oldx')).toBeUndefined();
    expect(at('/g/x')).toEqual({ line: 6, status: 410 });
    expect(at('/old/kept/x')).toEqual({ line: 9, target: '/kept', status: 302 });
    expect(at('/old/top')).toEqual({ line: 3, target: 'https://new.example/', status: 301 });
    expect(at('/top')).toEqual({ line: 12, target: '/topmost', status: 301 });
  });

  // The same in a `<LocationMatch>`: the section's regex is searched in the decoded path
  // (https://httpd.apache.org/docs/2.4/mod/core.html#locationmatch).
  it('reads a Redirect inside <LocationMatch> with its URL-path left out', async () => {
    const at = await matcher([
      '<VirtualHost *:80>',
      '<LocationMatch "^/a/">',
      'Redirect 301 https://new.example/',
      '</LocationMatch>',
      '</VirtualHost>',
    ]);
    expect(at('/a/page?x=1')).toEqual({ line: 3, target: 'https://new.example/?x=1', status: 301 });
    expect(at('/a')).toBeUndefined();
  });

  // https://httpd.apache.org/docs/2.4/mod/core.html#if and https://httpd.apache.org/docs/2.4/expr.html: an `<If>` on
  // what the URL tells is evaluated; its section is merged after the `.htaccess` (https://httpd.apache.org/docs/2.4/sections.html#merging),
  // so its Redirect answers before the file's own, the last section first. Rules outside are predicted either way;
  // only a sample the rule inside an `<If>` hoplens cannot evaluate could answer is skipped.
  it('evaluates an <If> on the URL in a .htaccess, its Redirect first; another <If> skips only its own samples', async () => {
    const at = await matcher([
      '<If "%{QUERY_STRING} =~ /a=1/">',
      'Redirect 307 /blog/ /if/',
      '</If>',
      '<If "%{HTTP_HOST} =~ m#^www\\.#i">',
      'Redirect 308 /blog/ /www/',
      '</If>',
      '<If "%{HTTP:Accept-Language} =~ /fr/">',
      'Redirect 302 /docs /fr/docs',
      '</If>',
      'Redirect 301 /blog/ /top/',
      'Redirect 301 /old /new',
    ]);
    expect(at('/blog/x?a=1')).toEqual({ line: 2, target: '/if/x?a=1', status: 307 });
    expect(at('http://WWW.site.test/blog/x?a=1')).toEqual({ line: 5, target: '/www/x?a=1', status: 308 });
    expect(at('/blog/x')).toEqual({ line: 10, target: '/top/x', status: 301 });
    expect(at('/docs')).toEqual({ line: 8, problem: 'inside <if>: only the server can tell whether it applies' });
    expect(at('/old')).toEqual({ line: 11, target: '/new', status: 301 });
  });

  // In a virtual host its own Redirects come first (the `<If>` section is merged in the fixups), but a `<Location>`'s
  // Redirect answers before them.
  it('tries a virtual host Redirect before an <If> one, and a <Location> one before both', async () => {
    const at = await matcher([
      '<VirtualHost *:80>',
      '<If "%{QUERY_STRING} == \'a=1\'">',
      'Redirect 307 /blog/ /if/',
      '</If>',
      'Redirect 301 /blog/ /top/',
      '<Location /blog/kept>',
      'Redirect 302 /loc',
      '</Location>',
      '<If "%{QUERY_STRING} != \'a=1\'">',
      'Redirect 307 /only-if /if',
      '</If>',
      '</VirtualHost>',
    ]);
    expect(at('/blog/x?a=1')).toEqual({ line: 5, target: '/top/x?a=1', status: 301 });
    expect(at('/blog/kept?a=1')).toEqual({ line: 7, target: '/loc?a=1', status: 302 });
    expect(at('/only-if?b=2')).toEqual({ line: 10, target: '/if?b=2', status: 307 });
    expect(at('/only-if?a=1')).toBeUndefined();
  });

  // Rewrite rules inside an `<If>`: while no such section holds, the file's own rules apply and the sections' do not
  // (https://httpd.apache.org/docs/2.4/mod/core.html#if); once one holds, it is merged over the file and its rules
  // replace the file's (https://httpd.apache.org/docs/2.4/mod/mod_rewrite.html#rewriteoptions: no Inherit), and they
  // see the path on disk (https://httpd.apache.org/docs/2.4/mod/mod_rewrite.html#rewriterule, "What is matched?"):
  // `^docs/` never matches there, `^` always does. A real httpd 2.4 answered each (apache.generated.test.ts).
  it("predicts the file's rewrite rules while no <If> of rules holds, and the section's once one does", async () => {
    const at = await matcher([
      'RewriteEngine On',
      '<If "%{QUERY_STRING} =~ /a=1/">',
      'RewriteRule ^docs/(.*)$ /if/$1 [R=302,L]',
      '</If>',
      '<ElseIf "%{QUERY_STRING} -strmatch \'b=*\'">',
      'RewriteRule ^ /elseif [R=302,L]',
      '</ElseIf>',
      '<If "%{HTTP:Accept-Language} =~ /fr/">',
      'RewriteRule ^(.*)$ /fr/$1 [R=302,L]',
      '</If>',
      'RewriteRule ^(.*)$ /all [R=301,L]',
    ]);
    expect(at('/docs/y?c=3')).toMatchObject({ problem: expect.stringContaining('<If>') });
    const known = await matcher([
      'RewriteEngine On',
      'RewriteRule ^docs/y$ /file [R=301,L]',
      '<If "%{QUERY_STRING} =~ /a=1/">',
      'RewriteRule ^docs/(.*)$ /if/$1 [R=302,L]',
      '</If>',
      '<ElseIf "%{QUERY_STRING} -strmatch \'b=*\'">',
      'RewriteRule ^ /elseif [R=302,L]',
      '</ElseIf>',
      '<Else>',
      'RewriteRule (.*) /else$1 [R=302,L]',
      '</Else>',
    ]);
    expect(known('/docs/y?a=1')).toBeUndefined();
    expect(known('/docs/y?b=2')).toEqual({ line: 7, target: '/elseif?b=2', status: 302 });
    expect(known('/docs/y')).toMatchObject({ problem: expect.stringContaining('path on disk') });
  });

  // A decoded space (or control character) an [NE] back-reference puts in the query string: httpd 2.4.60 and later
  // answer 403 (its log: the rewritten query string contains control characters or spaces); in the path it is sent
  // as is (https://httpd.apache.org/docs/2.4/rewrite/flags.html#flag_ne).
  it('answers 403 for a space [NE] brings into the query string, not into the path', async () => {
    const at = await matcher([
      'RewriteEngine On',
      'RewriteRule ^q/(.*)$ /n?q=$1 [R=301,NE,L]',
      'RewriteRule ^p/(.*)$ /n/$1 [R=301,NE,L]',
    ]);
    expect(at('/q/a%20b')).toEqual({ line: 2, status: 403 });
    expect(at('/q/a%26b')).toEqual({ line: 2, target: '/n?q=a&b', status: 301 });
    expect(at('/p/a%20b')).toEqual({ line: 3, target: '/n/a b', status: 301 });
  });
});
