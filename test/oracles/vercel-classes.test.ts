/**
 * The classes of disagreement issue 26 found between hoplens and Vercel, one test each, every answer asked of
 * Vercel's own code too (vercel-oracle.ts, @vercel/routing-utils) so that the test fails if either side moves.
 */
import { describe, expect, it } from 'vitest';
import { compileVercel } from '../../src/inputs/formats/vercel/patterns.js';
import { parseVercel, vercelStatus } from '../../src/inputs/formats/vercel/read.js';
import { vercelFileOracle, vercelOracle } from './vercel-oracle.js';

const BASE = 'https://site.test';

/** hoplens's and Vercel's answers for one rule and one path: [hoplens target, Vercel Location]. */
function both(rule: Record<string, unknown>, path: string): [string | undefined, string | undefined] {
  const rules = compileVercel(parseVercel(JSON.stringify({ redirects: [rule] })));
  const ours = rules.match(new URL(path, BASE));
  const theirs = vercelOracle([rule]).answer(new URL(path, BASE));
  return [
    ours !== undefined && 'target' in ours ? ours.target : undefined,
    theirs !== undefined && 'location' in theirs ? theirs.location : undefined,
  ];
}

describe('Vercel destinations, as routing-utils builds them', () => {
  it('fills an empty optional or zero-length parameter with nothing, never its placeholder', () => {
    // routing-utils, replaceSegments: an unmatched group is `$1`, which the router fills with '' (vercel/vercel,
    // packages/cli/src/util/dev/router.ts).
    expect(both({ source: '/archive/:year?', destination: '/posts/:year?' }, '/archive')).toEqual([
      '/posts/',
      '/posts/',
    ]);
    expect(both({ source: '/docs/:path*', destination: '/d/:path*' }, '/docs')).toEqual(['/d/', '/d/']);
    expect(both({ source: '/docs/:path*', destination: '/d/:path*' }, '/docs/a/b')).toEqual(['/d/a/b', '/d/a/b']);
  });

  it('keeps a ? in the destination: it starts the query, even right after a parameter', () => {
    expect(both({ source: '/list/:page?', destination: '/items?page=:page' }, '/list/3')).toEqual([
      '/items?page=3',
      '/items?page=3',
    ]);
    expect(both({ source: '/s/:a/:b', destination: '/t/:b?from=:a' }, '/s/x/y')).toEqual([
      '/t/y?from=x',
      '/t/y?from=x',
    ]);
  });

  it('does not decode %2F (or any escape) taken from the path', () => {
    expect(both({ source: '/files/:name', destination: '/get/:name' }, '/files/a%2Fb')).toEqual([
      '/get/a%2Fb',
      '/get/a%2Fb',
    ]);
  });
});

describe('Vercel sources, as routing-utils converts them', () => {
  it('lets a parameter followed by a literal take that literal too, as path-to-regexp 6.1.0 does (not 6.3)', () => {
    // routing-utils' sourceToRegex uses path-to-regexp 6.1.0 and only logs where 6.3.0 differs.
    expect(both({ source: '/date/:y-:m-:d', destination: '/a/:y/:m/:d' }, '/date/2024-01-02-x')).toEqual([
      '/a/2024/01/02-x',
      '/a/2024/01/02-x',
    ]);
    expect(both({ source: '/file/:name.:ext', destination: '/f/:ext/:name' }, '/file/a.b.c')).toEqual([
      '/f/b.c/a',
      '/f/b.c/a',
    ]);
  });
});

describe('Vercel statuses, as routing-utils reads them', () => {
  it('refuses permanent together with statusCode, as Vercel refuses to deploy it', () => {
    const rule = { source: '/a', destination: '/b', permanent: true, statusCode: 301 };
    expect(vercelOracle([rule]).error).toMatch(/cannot define both/);
    expect(vercelStatus(rule, true, true)).toEqual({ error: expect.stringContaining('cannot define both') });
    expect(compileVercel(parseVercel(JSON.stringify({ redirects: [rule] }))).problems).toHaveLength(1);
  });

  it('refuses a destination parameter the source does not define, as Vercel refuses to deploy it', () => {
    for (const [destination, refused] of [
      ['https://x.test/:nope', true],
      ['/c/:slug#:nope', false],
      ['https://x.test:8080/c/:slug', false],
      ['https://:nope.x.test/c', true],
      ['https://:slug.x.test:8080/c', false],
      ['https://user:pw@x.test/c', false],
      ['/c/:slug?ref=:other', true],
      ['mailto:someone@x.test', false],
    ] as const) {
      const rule = { source: '/b/:slug', destination };
      expect(vercelOracle([rule]).error !== undefined, destination).toBe(refused);
      const problems = compileVercel(parseVercel(JSON.stringify({ redirects: [rule] }))).problems;
      expect(problems.length > 0, destination).toBe(refused);
    }
  });

  it('keeps statusCode 300 as Vercel deploys it', () => {
    const rule = { source: '/choose', destination: '/options', statusCode: 300 };
    expect(vercelOracle([rule]).answer(new URL('/choose', BASE))).toMatchObject({ status: 300 });
    expect(compileVercel(parseVercel(JSON.stringify({ redirects: [rule] }))).match(new URL('/choose', BASE))).toEqual({
      line: 1,
      target: '/options',
      status: 300,
    });
  });
});

/** hoplens's and Vercel's answers for a whole file and one URL: [hoplens, Vercel], each a Location, `skip` or none. */
function bothOf(redirects: unknown[], url: string): [string | undefined, string | undefined] {
  // Written out, one rule a few lines: hoplens orders rules by their lines.
  const rules = compileVercel(parseVercel(JSON.stringify({ redirects }, null, 2)));
  const ours = rules.match(new URL(url));
  const theirs = vercelFileOracle({ redirects }).answer(new URL(url));
  return [
    ours === undefined ? undefined : 'problem' in ours ? 'skip' : ours.target,
    theirs === undefined ? undefined : 'conditional' in theirs ? 'skip' : theirs.location,
  ];
}

// vercel.com/docs/project-configuration/vercel-json, "has object definition" (and the example of
// vercel.com/docs/redirects/configuration-redirects): a redirect with `has` applies when every item holds (`host`,
// `query`, `header`, `cookie`; a `value` the whole value must match, any when absent), with `missing` when none does.
describe('Vercel has and missing, as the sample URL tells them (issue 42)', () => {
  const forWww = {
    source: '/(.*)',
    destination: 'https://example.com/$1',
    has: [{ type: 'host', value: 'www.example.com' }],
  };
  const later = { source: '/old', destination: '/new' };

  it('evaluates a host condition: a rule for one host no longer leaves every sample of the file skipped', () => {
    // The old matcher said "only the request decides" for every path `/(.*)` matches: every sample of the file.
    expect(bothOf([forWww, later], 'https://www.example.com/old')).toEqual([
      'https://example.com/old',
      'https://example.com/old',
    ]);
    expect(bothOf([forWww, later], 'https://example.com/old')).toEqual(['/new', '/new']);
    expect(bothOf([forWww, later], 'https://example.com/other')).toEqual([undefined, undefined]);
  });

  it('evaluates query and missing conditions on the sample URL', () => {
    const query = { source: '/a', destination: '/b', has: [{ type: 'query', key: 'ref', value: 'tw.*' }] };
    expect(bothOf([query, later], 'https://example.com/a?ref=twitter')).toEqual(['/b?ref=twitter', '/b']);
    expect(bothOf([query, later], 'https://example.com/a?ref=x')).toEqual([undefined, undefined]);
    const missing = { source: '/old', destination: '/gone', missing: [{ type: 'query', key: 'keep' }] };
    expect(bothOf([missing, later], 'https://example.com/old')).toEqual(['/gone', '/gone']);
    expect(bothOf([missing, later], 'https://example.com/old?keep=1')).toEqual(['/new?keep=1', '/new']);
  });

  it('skips only where a header or cookie condition is left open: a failing host or query condition passes it by', () => {
    const mixed = { ...forWww, has: [...forWww.has, { type: 'header', key: 'x-vercel-ip-country', value: 'GB' }] };
    expect(bothOf([mixed, later], 'https://www.example.com/old')).toEqual(['skip', 'skip']);
    expect(bothOf([mixed, later], 'https://example.com/old')).toEqual(['/new', '/new']);
    const cookie = { source: '/beta/:path*', destination: '/b/:path*', has: [{ type: 'cookie', key: 'beta' }] };
    expect(bothOf([cookie, later], 'https://example.com/beta/x')).toEqual(['skip', 'skip']);
    expect(bothOf([cookie, later], 'https://example.com/old')).toEqual(['/new', '/new']);
  });

  it('a conditional rule shadows no later rule, even where its condition holds for the URL lint tries', () => {
    const rules = compileVercel(
      parseVercel(
        JSON.stringify(
          { redirects: [{ ...later, missing: [{ type: 'host', value: 'www.example.com' }] }, later] },
          null,
          2,
        ),
      ),
    );
    expect(rules.match(new URL('http://hoplens.invalid/old'))).toMatchObject({ line: 3, target: '/new' });
    expect(rules.shadowing(new URL('http://hoplens.invalid/old'), 13)).toBeUndefined();
  });
});

describe('Vercel destinations as routing-utils writes them, and file order (issue 42)', () => {
  it('keeps an empty query where routing-utils writes the destination as it is (nothing in it to replace)', () => {
    // routing-utils' replaceSegments parses and formats the destination only when it may need replacing.
    expect(both({ source: '/a', destination: '/new?' }, '/a')).toEqual(['/new?', '/new?']);
    expect(both({ source: '/a/:x', destination: '/n/x?' }, '/a/y')).toEqual(['/n/x?', '/n/x?']);
    expect(both({ source: '/a/:x', destination: '/n/:x?' }, '/a/y')).toEqual(['/n/y', '/n/y']);
  });

  it('writes the query anew where routing-utils formats the destination: escapes in it as querystring writes them', () => {
    // routing-utils' replaceSegments parses a destination that names a parameter and formats it again (Node's
    // url.format with querystring): a second `?`, a space or a `/` in a query value is escaped, a bare key gets `=`.
    expect(both({ source: '/a/:x', destination: '/n?next=/b?c=:x' }, '/a/y')).toEqual([
      '/n?next=%2Fb%3Fc%3Dy',
      '/n?next=%2Fb%3Fc%3Dy',
    ]);
    expect(both({ source: '/a/:x', destination: '/n/:x?q=a b&flag' }, '/a/y')).toEqual([
      '/n/y?q=a%20b&flag=',
      '/n/y?q=a%20b&flag=',
    ]);
    // Nothing to replace: written as it is.
    expect(both({ source: '/a', destination: '/n?next=/b?c' }, '/a')).toEqual(['/n?next=/b?c', '/n?next=/b?c']);
  });

  it('keeps file order in a file written on one line: a pattern rule before a literal one answers first', () => {
    // Every rule of a minified vercel.json is on line 1: the order is the array's (vercel-json, "redirects").
    const redirects = [
      { source: '/(.*)', destination: 'https://example.com/$1', has: [{ type: 'host', value: 'www.example.com' }] },
      { source: '/:slug(old)', destination: '/first' },
      { source: '/old', destination: '/new' },
    ];
    const rules = compileVercel(parseVercel(JSON.stringify({ redirects })));
    const oracle = vercelFileOracle({ redirects });
    for (const [url, location] of [
      ['https://www.example.com/old', 'https://example.com/old'],
      ['https://example.com/old', '/first'],
    ] as const) {
      expect(rules.match(new URL(url))).toMatchObject({ line: 1, target: location });
      expect(oracle.answer(new URL(url))).toMatchObject({ location });
    }
  });
});

// The names a `has` item defines, in the destination (issue 42). vercel.com/docs/project-configuration/vercel-json,
// "has object definition": a `value` "can be used to capture a specific part of the value"; Next.js, whose `has`
// Vercel's follows (nextjs.org/docs/app/api-reference/config/next-config-js/redirects, "Header, Cookie, and Query
// Matching"): `first-(?<paramName>.*)` on `first-second` makes `second` "usable in the destination with
// `:paramName`". routing-utils (collectHasSegments, replaceSegments) writes each such name into the Location as
// `$name`: a named group, the key of an item without a value, and `host` for a host item with a value.
describe('Vercel has names in the destination, filled from the sample URL (issue 42)', () => {
  const later = { source: '/old', destination: '/new' };

  it('fills a named group of a host value, and host, the host it matched', () => {
    const bySub = {
      source: '/old',
      destination: 'https://example.com/:sub/:host',
      has: [{ type: 'host', value: '(?<sub>[a-z]+)\\.example\\.com' }],
    };
    // The old matcher skipped every sample the source matched ("only the request decides").
    expect(bothOf([bySub, later], 'https://shop.example.com/old')).toEqual([
      'https://example.com/shop/shop.example.com',
      'https://example.com/shop/shop.example.com',
    ]);
    expect(bothOf([bySub, later], 'https://example.com/old')).toEqual(['/new', '/new']);
  });

  it('fills a query key without a value with its value, and a named group of a query value', () => {
    const byRef = { source: '/a/:slug', destination: '/b/:slug?from=:ref', has: [{ type: 'query', key: 'ref' }] };
    expect(bothOf([byRef], 'https://example.com/a/x?ref=news')).toEqual(['/b/x?from=news', '/b/x?from=news']);
    // Filled once, as Vercel fills `$name` and `$1` in one pass: a `$1` in the request's value stays as it came.
    const inPath = { source: '/a/:slug', destination: '/b/:ref/:slug', has: [{ type: 'query', key: 'ref' }] };
    expect(bothOf([inPath], 'https://example.com/a/x?ref=%241')).toEqual(['/b/$1/x?ref=%241', '/b/$1/x']);
    const byCode = {
      source: '/c',
      destination: '/campaign/:code*',
      has: [{ type: 'query', key: 'utm', value: 'spring-(?<code>\\d+)' }],
    };
    expect(bothOf([byCode], 'https://example.com/c?utm=spring-24')).toEqual([
      '/campaign/24?utm=spring-24',
      '/campaign/24',
    ]);
    expect(bothOf([byCode], 'https://example.com/c?utm=autumn-24')).toEqual([undefined, undefined]);
  });

  it('lets a has name win over a source parameter of that name, as routing-utils writes it $name', () => {
    const rule = { source: '/:lang(en|fr)/x', destination: '/l/:lang', has: [{ type: 'query', key: 'lang' }] };
    expect(bothOf([rule], 'https://example.com/en/x?lang=de')).toEqual(['/l/de?lang=de', '/l/de']);
  });

  it('keeps skipping where a header or cookie defines the name: only the request has it', () => {
    const byCookie = { source: '/beta/:p', destination: '/b/:beta/:p', has: [{ type: 'cookie', key: 'beta' }] };
    expect(bothOf([byCookie, later], 'https://example.com/beta/x')).toEqual(['skip', 'skip']);
    expect(bothOf([byCookie, later], 'https://example.com/old')).toEqual(['/new', '/new']);
  });

  it('refuses a destination name neither the source nor has defines, as Vercel refuses to deploy it', () => {
    for (const [has, refused] of [
      [[{ type: 'host', value: '(?<sub>[a-z]+)\\.example\\.com' }], false],
      [[{ type: 'host', value: 'www\\.example\\.com' }], true],
      [[{ type: 'cookie', key: 'sub' }], false],
    ] as const) {
      const rule = { source: '/a', destination: '/n/:sub', has };
      expect(vercelOracle([rule]).error !== undefined, JSON.stringify(has)).toBe(refused);
      const problems = compileVercel(parseVercel(JSON.stringify({ redirects: [rule] }))).problems;
      expect(problems.length > 0, JSON.stringify(has)).toBe(refused);
    }
  });
});
