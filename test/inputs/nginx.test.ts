/**
 * nginx redirects. Authorities: ngx_http_rewrite_module (nginx.org/en/docs/http/ngx_http_rewrite_module.html:
 * `return code URL`, `return URL` is 302; `rewrite regex replacement [flag]`, `permanent` 301, `redirect` 302, a
 * replacement starting with http://, https:// or $scheme redirects with 302; a trailing `?` drops the query),
 * ngx_http_core_module's `location` (`=` exact, `^~` prefix without regex check, `~`/`~*` regex, `@` named) and the
 * configuration syntax (nginx.org/en/docs/beginners_guide.html: `;`-terminated directives, `{}` blocks, `#` comments).
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { nginxTokens } from '../../src/inputs/formats/nginx/tokens.js';
import { readRules } from '../../src/inputs/index.js';
import { all, brief } from '../helpers/rule-items.js';

const read = async (text: string) =>
  brief(await all(readRules('nginx', Readable.from([text]), { baseUrl: 'https://site.test' })));
/** The reader's own items, shadowed rules kept (test/inputs/pattern-shadowing.test.ts covers the skipping). */
const readAll = async (text: string) =>
  brief(await all(readRules('nginx', Readable.from([text]), { baseUrl: 'https://site.test', keepShadowed: true })));

describe('nginx', () => {
  it('tokenizes quotes, comments and braces, with lines', () => {
    const { tokens } = nginxTokens("a \"b c;{}\" # d; {\n e 'f\\'g';");
    expect(tokens.map((token) => [token.kind, token.value, token.line])).toEqual([
      ['word', 'a', 1],
      ['word', 'b c;{}', 1],
      ['word', 'e', 2],
      ['word', "f'g", 2],
      [';', ';', 2],
    ]);
    expect(nginxTokens('return 301 "/x;\n').error).toEqual({ line: 1, message: 'unclosed " quote' });
  });

  it('reads returns in exact, ^~ and prefix locations and literal rewrites; skips regex, if, map and variables', async () => {
    const conf = `
map $uri $new {            # line 2
  /m1 /n1;
}
server {
  listen 80;
  server_name site.test;
  return 301 https://$host$request_uri;      # line 8: every path
  rewrite ^/old-page$ /new-page permanent;
  rewrite ^/temp$ https://other.test/t;
  rewrite ^/article/(\\d+)$ /a/$1 permanent;
  rewrite ^/internal$ /index.php last;
  location = /exact { return 301 /exact-new; }
  location ^~ /prefix { return 302 https://other.test/p; }
  location /plain {
    return 308 "/plain-new";
  }
  location /gone { return 410; }
  location /url-only { return https://other.test/u; }
  location ~ \\.php$ { return 301 /php; }
  location @named { return 301 /named; }
  location /cond {
    if ($http_user_agent ~ bot) { return 403; }
  }
  location /var { return 301 /v?x=$arg_x; }
  location /mapped { return 301 $new; }
  location =/tight { return 307 /t2; }
  location /closed { return 444; }
  location /broken { return 301; }
}`;
    // Line 8 answers every path before any location (server-level rewrites run first): each row below is shadowed
    // in a live run, and read here as the reader reads it.
    expect(await readAll(conf)).toEqual([
      'skip 2 map-driven (entries not checked)',
      'skip 8 server-wide return (every path)',
      'row 9 https://site.test/old-page → https://site.test/new-page 301',
      'row 10 https://site.test/temp → https://other.test/t 302',
      'skip 11 regular expression in the source',
      'skip 12 internal rewrite (no redirect)',
      'row 13 https://site.test/exact → https://site.test/exact-new 301',
      'row 14 https://site.test/prefix → https://other.test/p 302',
      'row 16 https://site.test/plain → https://site.test/plain-new 308',
      'row 18 https://site.test/gone → https://site.test/gone 410',
      'row 19 https://site.test/url-only → https://other.test/u 302',
      'skip 20 regex location',
      'skip 21 named location (reached by internal redirects only)',
      'skip 23 inside if',
      'skip 25 variable in the target',
      'skip 26 variable in the target',
      'row 27 https://site.test/tight → https://site.test/t2 307',
      'skip 28 444 closes the connection without a response',
      'bad 29 return 301 needs a URL',
    ]);
  });

  it('reads a bare snippet, reports a missing ; or brace on its line and reads the rest', async () => {
    const snippet = ['location = /a { return 301 /b }', 'location = /c { return 301 /d; }', 'location = /e {'];
    expect(await read(snippet.join('\n'))).toEqual([
      'bad 1 "return" is not terminated by ";"',
      'row 2 https://site.test/c → https://site.test/d 301',
      'bad 3 "location" block is not closed',
    ]);
    expect(await read('}\nlocation = /f { return 301 /g; }')).toEqual([
      'bad 1 unexpected "}"',
      'row 2 https://site.test/f → https://site.test/g 301',
    ]);
  });
});
