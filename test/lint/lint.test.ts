/**
 * The findings of `hoplens lint` (src/lint/) on rules read by the formats' own readers, and the sitemap reader
 * lint's `--sitemap` uses (src/inputs/sitemap/page-locs.ts, over the one `<loc>` scanner). First match wins for Netlify's `_redirects`
 * (docs.netlify.com/routing/redirects, "Rule processing order"); nginx picks a location by specificity
 * (nginx.org/en/docs/http/ngx_http_core_module.html#location), so order shadows nothing there.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { comparableUrl } from '../../src/core/index.js';
import type { CheckRow } from '../../src/inputs/index.js';
import { isOrdered, type RuleFormat, readRules } from '../../src/inputs/index.js';
import { compileRules, type PatternFormat } from '../../src/inputs/patterns/index.js';
import { readSitemapLocs } from '../../src/inputs/sitemap/index.js';
import {
  buildRuleGraph,
  type LintOptions,
  lintGraph,
  lintRules,
  loadSitemaps,
  sitemapPages,
} from '../../src/lint/index.js';
import { all, chunked } from '../helpers/rule-items.js';

const SITE = 'https://site.example';

async function rowsOf(format: RuleFormat, text: string): Promise<CheckRow[]> {
  const items = await all(readRules(format, chunked(text), { baseUrl: `${SITE}/`, keepShadowed: true }));
  return items.flatMap((item) => (item.kind === 'row' ? [item.row] : []));
}

async function lint(format: RuleFormat, text: string, options: Partial<LintOptions> = {}) {
  const rows = await rowsOf(format, text);
  const findings = await lintRules(rows, { ordered: isOrdered(format), siteOrigin: SITE, ...options });
  return findings.map(
    (f) => `${f.line} ${f.severity} ${f.kind}${f.suggestion === undefined ? '' : ` → ${f.suggestion}`}`,
  );
}

/** A `_redirects` built to hold every finding once, and rules that are fine. */
const EVERYTHING = [
  '# every finding', // 1
  '/a /b 301', // 2: chain (b redirects again)
  '/b /c 301', // 3
  '/loop1 /loop2', // 4: cycle with 5
  '/loop2 /loop1', // 5
  '/self /self 301', // 6: self-redirect
  '/a /b 301', // 7: duplicate of 2
  '/a /elsewhere 302', // 8: shadowed by 2
  '/temp /c 302', // 9: temporary (with --migration)
  '/ext https://other.example/x 301', // 10: other host (with --same-host)
  '/gone /missing 301', // 11: not in the sitemap (with --sitemap)
  '/fine /c 301', // 12: nothing
].join('\n');

describe('lint findings', () => {
  it('finds chains, loops, self-redirects, duplicates and shadowed rules, each on its line', async () => {
    expect(await lint('netlify', EVERYTHING)).toEqual([
      '2 warning chain → /c',
      '4 error cycle',
      '6 error self_redirect',
      '7 warning duplicate',
      '8 warning shadowed',
    ]);
  });

  it('adds temporary statuses, other hosts and pages missing from the sitemap when asked', async () => {
    const sitemap = sitemapPages([`${SITE}/c`, 'https://other.example/x'], comparableUrl);
    const findings = await lint('netlify', EVERYTHING, { migration: true, sameHost: true, sitemap });
    expect(findings).toContain('9 warning temporary_move → 301');
    expect(findings).toContain('10 error other_host');
    expect(findings).toContain('11 error not_in_sitemap');
    // /c is listed; /a's chain middle (/b) is the chain's finding, not the sitemap's.
    expect(findings.filter((f) => f.startsWith('2 ') || f.startsWith('3 ') || f.startsWith('12 '))).toEqual([
      '2 warning chain → /c',
    ]);
  });

  it('names the loop and the chain in its message, as the file writes the URLs', async () => {
    const rows = await rowsOf('netlify', EVERYTHING);
    const findings = await lintRules(rows, { ordered: true, siteOrigin: SITE });
    expect(findings.find((f) => f.kind === 'cycle')?.message).toBe(
      'redirect loop: /loop1 → /loop2 → /loop1 (lines 4, 5)',
    );
    expect(findings.find((f) => f.kind === 'chain')).toMatchObject({ source: '/a', target: '/b', related: [3] });
  });

  it('follows a longer chain to its end and compares URLs as the core does (host case, default port)', async () => {
    const text = `/x https://SITE.example:443/y\n/y /z\n/z ${SITE}/end\n`;
    expect(await lint('netlify', text)).toEqual(['1 warning chain → /end', '2 warning chain → /end']);
  });

  it('finds the same in vercel.json', async () => {
    const json = [
      '{"redirects": [',
      '  {"source": "/a", "destination": "/b"},',
      '  {"source": "/b", "destination": "/a"},',
      '  {"source": "/c", "destination": "/d"},',
      '  {"source": "/d", "destination": "/e"}',
      ']}',
    ].join('\n');
    expect(await lint('vercel', json)).toEqual(['2 error cycle', '4 warning chain → /e']);
  });

  it('reports a repeated nginx location as a duplicate, never as shadowed', async () => {
    const conf = 'location = /a { return 301 /b; }\nlocation = /a { return 301 /c; }\n';
    expect(await lint('nginx', conf)).toEqual(['2 warning duplicate']);
  });
});

/** The shadowed findings of a file linted with its format's matcher, as `line: message`. */
async function shadowedBy(format: PatternFormat, text: string): Promise<string[]> {
  const rules = await compileRules(format, chunked(text));
  const findings = await lintRules(await rowsOf(format, text), { ordered: isOrdered(format), siteOrigin: SITE, rules });
  return findings.filter((f) => f.kind === 'shadowed').map((f) => `${f.line}: ${f.message}`);
}

describe('lint: rules shadowed by an earlier pattern', () => {
  // Netlify docs "Rule processing order" (docs.netlify.com/routing/redirects/): the first rule that matches applies,
  // read from the top; `/blog/*` matches /blog/old, and `:id` one path segment.
  it('netlify: a literal rule after a splat or placeholder that matches it never applies', async () => {
    const text = ['/blog/*  /news/:splat', '/blog/old  /x', '/shop/:id  /store/:id', '/shop/1  /s', '/shop/1/2  /t'];
    expect(await shadowedBy('netlify', text.join('\n'))).toEqual([
      '2: never applies: line 1 answers /blog/old first (→ /news/old)',
      '4: never applies: line 3 answers /shop/1 first (→ /store/1)',
    ]);
  });

  // The same order for patterns: a splat matches the rest of the path, one segment, several or none, and `:name`
  // exactly one segment; so `/q/:one` after `/q/*` never applies, while `/a/*` after `/a/:x` still answers /a/1/2.
  it('netlify: a pattern after a broader pattern never applies; one the earlier matches only in part does', async () => {
    const text = [
      '/q/*  /r  301', // 1
      '/q/:one  /s  301', // 2: shadowed by 1 (every URL it matches, 1 matches first)
      '/a/:x  /b/:x  301', // 3
      '/a/*  /c/:splat  301', // 4: not shadowed (/a/1/2 and /a are not /a/:x's)
      '/m/:one/:two  /n  301', // 5
      '/m/*  /o  301', // 6: not shadowed
      '/old/*  /new/:splat  301', // 7
      '/old/docs/*  /docs/:splat  301', // 8: shadowed by 7
      '/x/hoplens  /y  301', // 9: a literal
      '/x/*  /z  301', // 10: not shadowed by a literal
    ];
    expect(await shadowedBy('netlify', text.join('\n'))).toEqual([
      '2: never applies: line 1 answers every URL it matches first (/q/hoplens-sample, for one)',
      '8: never applies: line 7 answers every URL it matches first (/old/docs/hoplens-sample, for one)',
    ]);
  });

  // vercel.com/docs/routing/redirects/configuration-redirects: `redirects` is an array of rules with path-to-regexp
  // sources, applied in array order.
  it('vercel: a literal source after a pattern source that matches it never applies', async () => {
    const json = [
      '{"redirects": [',
      '  {"source": "/blog/:slug", "destination": "/news/:slug"},',
      '  {"source": "/blog/old", "destination": "/x"},',
      '  {"source": "/blog/old/more", "destination": "/y"}',
      ']}',
    ].join('\n');
    expect(await shadowedBy('vercel', json)).toEqual([
      '3: never applies: line 2 answers /blog/old first (→ /news/old)',
    ]);
  });

  // path-to-regexp 6 (github.com/pillarjs/path-to-regexp, v6 README): `:name` is one segment, `:name*` zero or more,
  // `:name+` one or more, `:name?` optional, `(.*)` anything; Vercel applies the first source that matches.
  it('vercel: a pattern source after a broader one never applies; one the earlier matches only in part does', async () => {
    const json = [
      '{"redirects": [',
      '  {"source": "/docs/:path*", "destination": "/d/:path*"},', // 2
      '  {"source": "/docs/:page", "destination": "/e/:page"},', // 3: shadowed by 2
      '  {"source": "/docs/:a/:b", "destination": "/f"},', // 4: shadowed by 2
      '  {"source": "/shop/:item", "destination": "/s/:item"},', // 5
      '  {"source": "/shop/:rest+", "destination": "/t"},', // 6: not shadowed (/shop/a/b)
      '  {"source": "/x/(.*)", "destination": "/y"},', // 7
      '  {"source": "/x/:id(\\\\d+)", "destination": "/z"}', // 8: its own pattern: not judged
      ']}',
    ].join('\n');
    expect(await shadowedBy('vercel', json)).toEqual([
      '3: never applies: line 2 answers every URL it matches first (/docs/hoplens-sample, for one)',
      '4: never applies: line 2 answers every URL it matches first (/docs/hoplens-sample/hoplens-sample, for one)',
    ]);
  });

  // httpd.apache.org/docs/2.4/mod/mod_alias.html, "Order of Processing": in one context, redirects are applied in
  // the order they appear and the first match wins; `Redirect` matches whole path segments.
  it('apache: a Redirect after a broader Redirect or a RedirectMatch that matches it never applies', async () => {
    const text = ['Redirect 301 /blog /news', 'Redirect 301 /blog/old /x', 'RedirectMatch 301 ^/a/(.*)$ /b/$1'];
    text.push('Redirect 301 /a/1 /c', 'Redirect 301 /blogger /d');
    expect(await shadowedBy('apache', text.join('\n'))).toEqual([
      '2: never applies: line 1 answers /blog/old first (→ /news/old)',
      '4: never applies: line 3 answers /a/1 first (→ /b/1)',
    ]);
  });

  // nginx.org/en/docs/http/ngx_http_core_module.html#location: an exact `=` location ends the search wherever it is
  // written; a regex location, tried in order, beats the longest prefix unless it is `^~`. Order alone shadows
  // nothing: a repeated location is a duplicate.
  it('nginx: what its location precedence picks instead, never by order alone', async () => {
    const conf = [
      'location ~ ^/blog/ { return 301 /news/; }',
      'location /blog/old { return 301 /x; }',
      'location = /blog/exact { return 301 /y; }',
      'location = /a { return 301 /b; }',
      'location = /a { return 301 /c; }',
    ].join('\n');
    expect(await shadowedBy('nginx', conf)).toEqual(['2: never applies: line 1 answers /blog/old first (→ /news/)']);
  });
});

describe('readSitemapLocs', () => {
  it('reads <loc>s across chunks, decoding entities and CDATA, and ignores image:loc', async () => {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
      '<url><loc> https://a.example/p?x=1&amp;y=2 </loc><image:loc>https://img.example/1.png</image:loc></url>',
      '<url><loc><![CDATA[https://a.example/q?x=1&y=<2>]]></loc></url>',
      '<url><loc>https://a.example/caf&#xE9;/&#233;</loc></url>',
      '</urlset>',
    ].join('\n');
    const locs: string[] = [];
    for await (const loc of readSitemapLocs(chunked(xml, 3))) locs.push(loc);
    expect(locs).toEqual(['https://a.example/p?x=1&y=2', 'https://a.example/q?x=1&y=<2>', 'https://a.example/café/é']);
  });

  it('reads a gzipped sitemap piped through gunzip', async () => {
    const { createGunzip } = await import('node:zlib');
    const xml = `<urlset>${Array.from({ length: 1000 }, (_, i) => `<url><loc>https://a.example/${i}</loc></url>`).join('')}</urlset>`;
    const stream = Readable.from([xml]).pipe(createGzip()).pipe(createGunzip());
    let count = 0;
    for await (const _ of readSitemapLocs(stream)) count++;
    expect(count).toBe(1000);
  });

  it('refuses a sitemap index and a file that is no sitemap', async () => {
    const index = '<sitemapindex><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>';
    await expect(all2(readSitemapLocs(Readable.from([index])))).rejects.toThrow(/sitemap index/);
    await expect(all2(readSitemapLocs(Readable.from(['<html></html>'])))).rejects.toThrow(/not a sitemap/);
  });
});

describe('loadSitemaps', () => {
  // Gzip is told by the content (the inputs room's one rule), not the name: by the name, the first file was read as
  // XML and refused, and the second gunzipped and refused.
  it('reads a gzipped sitemap named .xml and a plain one named .gz', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hoplens-lint-sitemap-'));
    try {
      const xml = '<urlset><url><loc>https://a.example/x</loc></url><url><loc>https://a.example/y</loc></url></urlset>';
      await writeFile(join(dir, 'gzipped.xml'), gzipSync(xml));
      await writeFile(join(dir, 'plain.xml.gz'), xml);
      for (const name of ['gzipped.xml', 'plain.xml.gz']) {
        const pages = await loadSitemaps([join(dir, name)], comparableUrl);
        expect(pages.paths).toEqual(new Set(['/x', '/y']));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

async function all2(items: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('lint on a long chain', () => {
  /** The rows of a chain /r0 → /r1 → … → /rN, one rule a line. */
  function chainRows(length: number): CheckRow[] {
    return Array.from({ length }, (_, i) => ({
      line: i + 1,
      source: `${SITE}/r${i}`,
      target: `${SITE}/r${i + 1}`,
      status: 301,
    }));
  }

  /** Lints with a graph whose rule lookups are counted: the work done, whatever the machine's speed. */
  async function lookupsToLint(length: number): Promise<{ lookups: number; findings: number }> {
    const graph = buildRuleGraph(chainRows(length), SITE);
    let lookups = 0;
    const first = graph.first as Map<string, CheckRow>;
    const get = first.get.bind(first);
    first.get = (key: string) => {
      lookups++;
      return get(key);
    };
    const findings = (await lintGraph(graph, { ordered: true })).length;
    return { lookups, findings };
  }

  it('follows each rule once: the work grows with the rules, not their square (5,000 and 10,000 rules)', async () => {
    const five = await lookupsToLint(5_000);
    const ten = await lookupsToLint(10_000);
    expect(five.findings).toBe(4_999);
    expect(ten.findings).toBe(9_999);
    // Following every rule to the end on its own took 12.5 million lookups for 5,000 rules.
    expect(five.lookups).toBeLessThanOrEqual(10 * 5_000);
    expect(ten.lookups / five.lookups).toBeLessThan(2.1);
  });

  it('names at most ten rules of a long chain in its message, with the count and the end', async () => {
    const findings = await lintRules(chainRows(50), { ordered: true, siteOrigin: SITE });
    const first = findings.find((finding) => finding.line === 1)!;
    expect(first.message).toBe(
      'chain of 50 redirects: /r0 → /r1 → /r2 → /r3 → /r4 → /r5 → /r6 → /r7 → /r8 → /r9 → … 40 more → /r50 (line 2 redirects /r1 again); point it at /r50',
    );
    expect(first.related).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(findings.find((finding) => finding.line === 48)!.message).toBe(
      'chain of 3 redirects: /r47 → /r48 → /r49 → /r50 (line 49 redirects /r48 again); point it at /r50',
    );
  });
});
