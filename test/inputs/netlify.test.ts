/**
 * Netlify `_redirects` and `netlify.toml`, read as Netlify's own parser reads them. The cases marked "fixture" restate
 * the fixtures of Netlify's published parser (netlify/build, packages/redirect-parser/tests/fixtures/redirects_file
 * and .../netlify_config, with the outcomes of tests/line-parser.test.ts and tests/netlify-config-parser.test.ts):
 * what it accepts is read here, what it rejects is malformed here.
 */
import { describe, expect, it } from 'vitest';
import { netlifyFormat } from '../../src/inputs/formats/netlify/index.js';
import { parseNetlifyRule } from '../../src/inputs/formats/netlify/line.js';
import { readRules } from '../../src/inputs/index.js';
import { all, brief, chunked } from '../helpers/rule-items.js';

const BASE = 'https://site.test/base/';
const read = async (text: string, variant?: 'netlify' | 'cloudflare-pages') =>
  brief(await all(readRules('netlify', chunked(text), { baseUrl: BASE, ...(variant ? { variant } : {}) })));

describe('parseNetlifyRule', () => {
  it('parses statuses, force flags, query parameters and conditions', () => {
    expect(parseNetlifyRule('/old   /new')).toEqual({
      from: '/old',
      query: [],
      to: '/new',
      status: 301,
      force: false,
      conditions: [],
    });
    expect(parseNetlifyRule('/store id=5 /item/5 302!')).toMatchObject({
      query: [['id', '5']],
      to: '/item/5',
      status: 302,
      force: true,
    });
    expect(parseNetlifyRule('/ /fr 302 Language=fr Country=be')).toMatchObject({
      conditions: ['Language=fr', 'Country=be'],
    });
    expect(parseNetlifyRule('/only')).toEqual({ error: 'a rule needs a source and a target' });
    // A token without `=` has no value, which Netlify's parser drops (line_parser.js, parsePair): the rule stands.
    expect(parseNetlifyRule('/a /b 301 junk')).toMatchObject({ to: '/b', status: 301, conditions: [] });
    expect(parseNetlifyRule('/a /b 9999')).toMatchObject({ error: expect.stringContaining('Not an HTTP status') });
  });

  it('reads what Netlify accepts (fixtures)', () => {
    // comment_inline: a comment after a rule is not part of it.
    expect(parseNetlifyRule('/blog/my-post.php  /blog/my-post # this is just an old leftover')).toMatchObject({
      from: '/blog/my-post.php',
      to: '/blog/my-post',
      conditions: [],
    });
    // to_anchor: `#` inside a target is a fragment, not a comment.
    expect(
      parseNetlifyRule('/blog/my-post-ads.php  /blog/my-post#ads # this is a valid anchor with a comment'),
    ).toMatchObject({ to: '/blog/my-post#ads' });
    // signed, signed_backward_compat: `Sign=` and `signed=` name a signing secret, not a condition.
    for (const key of ['Sign', 'signed']) {
      expect(parseNetlifyRule(`/api/*   https://api.example.com/:splat   200!  ${key}=API_SECRET`)).toMatchObject({
        status: 200,
        force: true,
        signed: 'API_SECRET',
        conditions: [],
      });
    }
    // query: tokens before the target are query matches, even one whose value starts with `/`.
    expect(parseNetlifyRule('/      _escaped_fragment_=/about    /about')).toMatchObject({
      query: [['_escaped_fragment_', '/about']],
      to: '/about',
    });
    // status: a target may contain `=`.
    expect(parseNetlifyRule('/test https://www.bitballoon.com/test=hello 301')).toMatchObject({
      to: 'https://www.bitballoon.com/test=hello',
      status: 301,
    });
    // to_path_forward: a 2xx splat rule without a target forwards to the same path.
    expect(parseNetlifyRule('/admin/* 200!')).toMatchObject({ to: '/admin/:splat', status: 200, force: true });
    // conditions_country: any key=value after the status is read.
    expect(parseNetlifyRule('/  /china 302  Country=ch,tw')).toMatchObject({ conditions: ['Country=ch,tw'] });
  });

  it('refuses what Netlify refuses (fixtures)', () => {
    // invalid_no_to_no_status, invalid_mistaken_headers: a source alone.
    expect(parseNetlifyRule('/m/scge/legal')).toHaveProperty('error');
    // invalid_no_to_status: a bare status after the source is not a target.
    expect(parseNetlifyRule('/swfobject.html?detectflash=false 301')).toEqual({
      error: 'a rule with status 301 needs a target',
    });
    // invalid_no_to_query, invalid_no_slash: the target must start with /, http:// or https://.
    expect(parseNetlifyRule('/m/scge/legal source=:source')).toEqual({
      error: 'the target must start with "/", "http://" or "https://"',
    });
    expect(parseNetlifyRule('/blog\tblog.html')).toHaveProperty('error');
    // invalid_status.
    expect(parseNetlifyRule('/from /to not_a_status')).toMatchObject({ error: expect.stringContaining('HTTP status') });
  });
});

// The format's reader: its text parsed once (src/inputs/formats/netlify/read.ts), its items in order.
const readNetlify = netlifyFormat.read;

describe('readNetlify', () => {
  it('expands rules against --base-url, skips what it cannot expand, and keeps line numbers', async () => {
    const file = [
      '# redirects',
      '/old            /new',
      '/blog/*         /news/:splat      301',
      '/post/:slug     /articles/:slug   301!',
      '/store id=:id   /item/:id         301',
      '/store id=7     /item/7           302!',
      '/app/*          /index.html       200',
      '/removed        /gone.html        410',
      '/api            https://api.test/v1  200!',
      '/fr             /fr/home          302  Country=fr',
      'https://other.test/x  /y  308',
      '',
      '/broken',
    ].join('\n');
    const items = await all(readNetlify(chunked(file), { baseUrl: BASE }));
    expect(items).toEqual([
      { kind: 'row', row: { line: 2, source: 'https://site.test/old', target: 'https://site.test/new', status: 301 } },
      { kind: 'skipped', line: 3, text: '/blog/*         /news/:splat      301', reason: 'splat in the source' },
      { kind: 'skipped', line: 4, text: expect.any(String), reason: 'placeholder in the source' },
      { kind: 'skipped', line: 5, text: expect.any(String), reason: 'placeholder in the source' },
      {
        kind: 'row',
        row: { line: 6, source: 'https://site.test/store?id=7', target: 'https://site.test/item/7', status: 302 },
      },
      { kind: 'skipped', line: 7, text: expect.any(String), reason: 'splat in the source' },
      // A 410 rule serves its page at the source URL: expect that status there.
      {
        kind: 'row',
        row: { line: 8, source: 'https://site.test/removed', target: 'https://site.test/removed', status: 410 },
      },
      // A 200 rule is a rewrite (here a proxy): the source URL answers 200 itself.
      { kind: 'row', row: { line: 9, source: 'https://site.test/api', target: 'https://site.test/api', status: 200 } },
      { kind: 'skipped', line: 10, text: expect.any(String), reason: 'conditional (Country=fr)' },
      // An absolute source is moved onto --base-url (the staging site is what is checked), path kept.
      { kind: 'row', row: { line: 11, source: 'https://site.test/x', target: 'https://site.test/y', status: 308 } },
      { kind: 'invalid', line: 13, message: 'a rule needs a source and a target' },
    ]);
  });

  it('reads inline comments, fragments and any key=value; refuses bad targets, bare statuses and /.netlify', async () => {
    const file = [
      '/a  /b  # moved in 2020',
      '/c  /d#part  301',
      '/api/x  https://api.test/x  200!  Sign=SECRET',
      '/e  /f  302  Cookie=beta',
      '/g  new-page',
      '/h  301',
      '/.netlify/functions/x  /y',
      'http://example.com/.netlify/from  /to',
      'http://  /to',
      'https://old.test/k?q=1  https://old.test/l',
      'https://old.test/m  https://elsewhere.test/n',
    ].join('\n');
    expect(await read(file)).toEqual([
      'row 1 https://site.test/a → https://site.test/b 301',
      'row 2 https://site.test/c → https://site.test/d#part 301',
      'row 3 https://site.test/api/x → https://site.test/api/x 200',
      'skip 4 conditional (Cookie=beta)',
      'bad 5 the target must start with "/", "http://" or "https://"',
      'bad 6 a rule with status 301 needs a target',
      'bad 7 a rule cannot redirect /.netlify/ paths (Netlify reserves them)',
      'bad 8 a rule cannot redirect /.netlify/ paths (Netlify reserves them)',
      'bad 9 Not a valid source URL: "http://"',
      // A target on the old source's own site moves with it; a target elsewhere stays.
      'row 10 https://site.test/k?q=1 → https://site.test/l 301',
      'row 11 https://site.test/m → https://elsewhere.test/n 301',
    ]);
  });

  it('skips a rule shadowed by an earlier one for the same source (first match wins)', async () => {
    const file = ['/a /b', '/c /d', '/a /e 302', '/a?x=1 /f', '/a x=1 /g'].join('\n');
    expect(await read(file)).toEqual([
      'row 1 https://site.test/a → https://site.test/b 301',
      'row 2 https://site.test/c → https://site.test/d 301',
      'skip 3 shadowed by line 1',
      // A query match is another source.
      'row 4 https://site.test/a?x=1 → https://site.test/f 301',
      'skip 5 shadowed by line 4',
    ]);
  });

  it('reads Cloudflare Pages _redirects: 302 by default, no query matches, conditions or domain rules', async () => {
    // Cloudflare Pages docs (developers.cloudflare.com/pages/configuration/redirects/): `[source] [destination]
    // [code?]`, 302 the default code; 301, 302, 303, 307, 308 and 200 (proxying); no query parameters, no
    // country/language/cookie conditions, no domain-level redirects.
    const file = ['/a /b', '/c /d 301', '/e id=1 /f', '/g /h 302 Country=us', 'https://x.test/i /j', '/k /l 404'];
    expect(await read(file.join('\n'), 'cloudflare-pages')).toEqual([
      'row 1 https://site.test/a → https://site.test/b 302',
      'row 2 https://site.test/c → https://site.test/d 301',
      'bad 3 Cloudflare Pages does not match query parameters',
      'bad 4 Cloudflare Pages does not support conditions',
      'bad 5 Cloudflare Pages does not support domain-level redirects',
      'bad 6 Cloudflare Pages does not support status 404',
    ]);
  });
});

describe('netlify.toml', () => {
  it('reads [[redirects]] with their field names, old ones too, each on the line of its table (fixtures)', async () => {
    const toml = [
      '[build]',
      '  publish = "dist"',
      '',
      '[[redirects]]', // from_simple
      '  from = "/old-path"',
      '  to = "/new-path"',
      '[[redirects]]', // backward_compat_origin, backward_compat_destination
      '  origin = "/old-2"',
      '  destination = "/new-2"',
      '  status = "302"', // status_string
      '[[redirects]]', // complex: query placeholder and conditions
      '  from = "/old-3"',
      '  to = "/new-3"',
      '  query = {path = ":path"}',
      '  conditions = {Country = ["US"], Language = ["en"]}',
      '[[redirects]]', // from_no_slash
      '  from = "old-4"',
      '  to = "new-4"',
      '[[redirects]]', // invalid_no_to
      '  from = "/old-5"',
      '[[redirects]]', // invalid_status_string
      '  from = "/old-6"',
      '  to = "/new-6"',
      '  status = "abc"',
      '[[redirects]]', // invalid_dot_netlify_path
      '  from = "/.netlify/x"',
      '  to = "/y"',
      '[[redirects]]', // from_forward
      '  from = "/fwd/*"',
      '  status = 200',
      '[[redirects]]', // signed: not a condition
      '  from = "/search"',
      '  to = "https://api.test/search"',
      '  status = 200',
      '  force = true',
      '  signed = "TOKEN"',
      '  headers = {X-From = "Netlify"}',
      '[[redirects]]', // invalid_headers
      '  from = "/h"',
      '  to = "/i"',
      '  headers = "x"',
    ].join('\n');
    expect(await read(toml)).toEqual([
      'row 4 https://site.test/old-path → https://site.test/new-path 301',
      'row 7 https://site.test/old-2 → https://site.test/new-2 302',
      'skip 11 placeholder in the source',
      'row 16 https://site.test/old-4 → https://site.test/new-4 301',
      'bad 19 a redirect with status 301 needs "to"',
      'bad 21 Not an HTTP status code: "abc"',
      'bad 25 a rule cannot redirect /.netlify/ paths (Netlify reserves them)',
      'skip 28 splat in the source',
      'row 31 https://site.test/search → https://site.test/search 200',
      'bad 38 "headers" must be a table',
    ]);
  });

  it('stops on TOML that does not parse, or redirects that are not an array (fixtures: invalid_toml, invalid_type)', async () => {
    await expect(read('[[redirects]]\nfrom = "/a\n')).rejects.toMatchObject({ code: 'INPUT_MALFORMED' });
    await expect(read('redirects = "x"\n')).rejects.toMatchObject({
      code: 'INPUT_MALFORMED',
      message: expect.stringContaining('must be an array'),
    });
  });
});
