/**
 * The writers of `hoplens fix` (each format's writer.ts in src/inputs/formats/) for apache, nginx, vercel-bulk, amplify and wordpress: each fixture
 * has a chain (A → B, B → C), a comment where the format has them, an untouched rule, a rule with an explicit
 * temporary status and one that names no status. The edits come from the rules themselves (read, made a graph,
 * flattened as `hoplens fix` does); the output is the input with the named lines changed, every other line byte for
 * byte, and re-read by the same reader and re-linted it has no chain.
 */
import { describe, expect, it } from 'vitest';
import { flatten } from '../../src/fix/flatten.js';
import type { CheckRow } from '../../src/inputs/index.js';
import { isOrdered, type RuleFormat, readRules, writeRules } from '../../src/inputs/index.js';
import { buildRuleGraph, lintRules } from '../../src/lint/index.js';
import { all, chunked } from '../helpers/rule-items.js';

const SITE = 'https://site.example';

async function rowsOf(format: RuleFormat, text: string): Promise<CheckRow[]> {
  const items = await all(readRules(format, chunked(text), { baseUrl: `${SITE}/`, keepShadowed: true }));
  const invalid = items.filter((item) => item.kind === 'invalid');
  expect(invalid).toEqual([]);
  return items.flatMap((item) => (item.kind === 'row' ? [item.row] : []));
}

/** Fix's output for `text`: the reader's rows, flattened, written back by the format's writer. */
async function fixed(format: RuleFormat, text: string): Promise<string> {
  const { edits } = flatten(buildRuleGraph(await rowsOf(format, text), SITE));
  expect(edits.length).toBeGreaterThan(0);
  const out = await writeRules(format, text, edits, {});
  if (out === undefined) throw new Error(`no writer for ${format}`);
  return out;
}

/** The kinds lint finds in `text` read as `format`. */
async function lintKinds(format: RuleFormat, text: string): Promise<string[]> {
  const findings = await lintRules(await rowsOf(format, text), { ordered: isOrdered(format), siteOrigin: SITE });
  return findings.map((finding) => finding.kind);
}

/** `text` with the given 1-based lines replaced: what a writer must produce, every other line as it was. */
function withLines(text: string, lines: Record<number, string>): string {
  return text
    .split('\n')
    .map((line, index) => lines[index + 1] ?? line)
    .join('\n');
}

/** Asserts the whole fix: the input had chains, the output is exactly `expected`, and it re-lints without one. */
async function expectFixed(format: RuleFormat, text: string, changed: Record<number, string>): Promise<void> {
  expect(await lintKinds(format, text)).toContain('chain');
  const out = await fixed(format, text);
  const expected = withLines(text, changed);
  expect(expected).not.toBe(text);
  expect(out).toBe(expected);
  expect(await lintKinds(format, out)).not.toContain('chain');
}

describe('fix writes apache', () => {
  // mod_alias: `Redirect` with no status is 302 (httpd.apache.org/docs/2.4/mod/mod_alias.html#redirect); mod_rewrite's
  // bare `R` flag is 302 too (httpd.apache.org/docs/2.4/rewrite/flags.html#flag_r).
  const HTACCESS = [
    '# moved twice', // 1
    'Redirect 301 /a /b', // 2: chain
    '  RedirectPermanent "/b" "/c"', // 3: the chain's last step, indented and quoted
    'RedirectTemp /t /a', // 4: temporary, kept so
    'Redirect /bare /b', // 5: no status (302): made 301
    "Redirect temp /tmp2 '/b'", // 6: status keyword, single quotes
    'RewriteEngine On', // 7
    'RewriteRule ^r$ /b [R,L]', // 8: bare R: made R=301
    'RewriteRule ^r2$ \\', // 9: continued
    '    /b [R=302]', // 10: the target on the continuation line; 302 kept
    'Redirect 301 /keep https://elsewhere.example/x', // 11: untouched
    'RedirectMatch ^/m$ /b', // 12: a literal RedirectMatch, no status
    'RedirectMatch 301 ^/p/(.*)$ /b/$1', // 13: a pattern: not flattened
    '',
  ].join('\n');

  it('replaces the target argument on the reported line, keeping quotes, flags and explicit statuses', async () => {
    await expectFixed('apache', HTACCESS, {
      2: 'Redirect 301 /a /c',
      4: 'RedirectTemp /t /c',
      5: 'Redirect 301 /bare /c',
      6: "Redirect temp /tmp2 '/c'",
      8: 'RewriteRule ^r$ /c [R=301,L]',
      10: '    /c [R=302]',
      12: 'RedirectMatch 301 ^/m$ /c',
    });
  });

  it('keeps a URL target a URL (written as a URL: encoded, so no quotes needed)', async () => {
    const text = 'Redirect permanent /a https://site.example/b\nRedirect permanent /b "/c d"\n';
    await expectFixed('apache', text, { 1: 'Redirect permanent /a https://site.example/c%20d' });
  });
});

describe('fix writes nginx', () => {
  // `return URL` and a rewrite to a URL without a flag answer 302
  // (nginx.org/en/docs/http/ngx_http_rewrite_module.html#return, #rewrite).
  const CONF = [
    'server {', // 1
    '  # moved twice', // 2
    '  location = /a { return 301 /b; }', // 3: chain
    '  location = /b { return 301 "/c"; }', // 4: the last step, quoted
    '  location = /t { return 302 /a; }', // 5: 302 named: kept
    '  location = /u { return https://site.example/a; }', // 6: no code (302): made 301
    '  rewrite ^/r$ /b? permanent;', // 7: `?` kept
    '  rewrite ^/r2$ https://site.example/b last;', // 8: redirects by its URL (302): made permanent
    "  rewrite ^/r3$ '/b' redirect;", // 9: `redirect` names 302: kept
    '  location = /keep { return 301 https://elsewhere.example/; }', // 10: untouched
    '  location ~ ^/p/(.*)$ { return 301 /b/$1; } # a regex location', // 11: not flattened
    '}', // 12
    '',
  ].join('\n');

  it('replaces the URL of return and rewrite on the reported line, keeping quotes and explicit statuses', async () => {
    await expectFixed('nginx', CONF, {
      3: '  location = /a { return 301 /c; }',
      5: '  location = /t { return 302 /c; }',
      6: '  location = /u { return 301 https://site.example/c; }',
      7: '  rewrite ^/r$ /c? permanent;',
      8: '  rewrite ^/r2$ https://site.example/c permanent;',
      9: "  rewrite ^/r3$ '/c' redirect;",
    });
  });
});

describe('fix writes nginx, one redirect a line', () => {
  it('leaves a line holding two redirect directives alone: an edit names a line, not which directive', async () => {
    const text =
      'location = /a { return 301 /b; } location = /x { return 301 /y; }\nlocation = /b { return 301 /c; }\n';
    expect(await fixed('nginx', text)).toBe(text);
  });
});

describe('fix writes vercel-bulk', () => {
  // Bulk redirects are temporary (307) unless `permanent` or `statusCode` says otherwise
  // (vercel.com/docs/redirects/bulk-redirects).
  const RULES = [
    '{ "source": "/a", "destination": "/b", "permanent": true }',
    '{ "source": "/b", "destination": "/c", "permanent": true }',
    '{ "source": "/t", "destination": "/a", "statusCode": 307 }',
    '{ "source": "/n", "destination": "/a" }',
    '{ "source": "/keep", "destination": "https://elsewhere.example/" }',
  ];

  it('writes a JSON array in place, making a rule that names no status permanent', async () => {
    const text = ['[', ...RULES.map((rule, index) => `  ${rule}${index < RULES.length - 1 ? ',' : ''}`), ']'].join(
      '\n',
    );
    await expectFixed('vercel-bulk', text, {
      2: '  { "source": "/a", "destination": "/c", "permanent": true },',
      4: '  { "source": "/t", "destination": "/c", "statusCode": 307 },',
      5: '  { "source": "/n", "destination": "/c", "permanent": true },',
    });
    expect(JSON.parse(await fixed('vercel-bulk', text))[3]).toEqual({
      source: '/n',
      destination: '/c',
      permanent: true,
    });
  });

  it('writes JSON Lines, one object a line', async () => {
    await expectFixed('vercel-bulk', `${RULES.join('\n')}\n`, {
      1: '{ "source": "/a", "destination": "/c", "permanent": true }',
      3: '{ "source": "/t", "destination": "/c", "statusCode": 307 }',
      4: '{ "source": "/n", "destination": "/c", "permanent": true }',
    });
  });

  it('writes CSV, filling an empty permanent field', async () => {
    const text = [
      '# moved twice',
      'source,destination,permanent,statusCode',
      '/a,/b,true,',
      '/b,/c,true,',
      '/t,/a,false,',
      '/n,/a,,',
      '/keep,https://elsewhere.example/,,308',
      '',
    ].join('\n');
    await expectFixed('vercel-bulk', text, { 3: '/a,/c,true,', 5: '/t,/c,false,', 6: '/n,/c,true,' });
  });
});

describe('fix writes amplify', () => {
  // Amplify's status defaults to 301 (docs.aws.amazon.com/amplify/latest/userguide/redirects.html).
  const JSON_RULES = [
    '[',
    '  { "source": "/a", "target": "/b", "status": "301" },',
    '  { "source": "/b", "target": "/c", "status": "301" },',
    '  {',
    '    "source": "/t",',
    '    "target": "/a",',
    '    "status": "302"',
    '  },',
    '  { "source": "/n", "target": "/a" },',
    '  { "source": "/keep", "target": "https://elsewhere.example/", "status": "301" },',
    '  { "source": "/<*>", "target": "/index.html", "status": "404-200" }',
    ']',
  ].join('\n');

  it('replaces target in place, keeping each rule status', async () => {
    await expectFixed('amplify', JSON_RULES, {
      2: '  { "source": "/a", "target": "/c", "status": "301" },',
      6: '    "target": "/c",',
      9: '  { "source": "/n", "target": "/c" },',
    });
  });
});

describe('fix writes wordpress (Redirection exports)', () => {
  it('replaces action_data.url in the JSON export, not the source url', async () => {
    const rule = (url: string, target: string, code: number) =>
      `    { "url": "${url}", "match_type": "url", "action_type": "url", "action_code": ${code}, "action_data": { "url": "${target}" } }`;
    const text = [
      '{',
      '  "redirects": [',
      `${rule('/a', '/b', 301)},`,
      `${rule('/b', '/c', 301)},`,
      `${rule('/t', '/a', 307)},`,
      `${rule('/keep', 'https://elsewhere.example/', 301)}`,
      '  ]',
      '}',
    ].join('\n');
    await expectFixed('wordpress', text, { 3: `${rule('/a', '/c', 301)},`, 5: `${rule('/t', '/c', 307)},` });
  });

  it('replaces the target column of the CSV export', async () => {
    const text = 'source,target,regex,code\n/a,/b,0,301\n/b,/c,0,301\n/t,/a,0,302\n/keep,/elsewhere,0,301\n';
    await expectFixed('wordpress', text, { 2: '/a,/c,0,301', 4: '/t,/c,0,302' });
  });
});

describe('fix writes netlify, keeping the columns of a _redirects', () => {
  // Issue 44: `fix` moved the status column of every line it rewrote. Netlify reads any whitespace between the
  // fields (docs.netlify.com/routing/redirects/#syntax-for-the-redirects-file), so padding is the author's layout.
  const ALIGNED = [
    '# from            to                   status', // 1
    '/a                /b-is-a-long-path    301', // 2: chain: /c, shorter, keeps the column
    '/b-is-a-long-path /c                   301', // 3
    '/d                /a                   302', // 4: chain to /c through /a
    '/e /b-is-a-long-path 301', // 5: one space is a separator: kept one
    '/f\t\t/a\t301', // 6: tabs kept as written
    '/g                /a  301', // 7: a target of the same length: the line as it was but for it
    '',
  ].join('\n');

  it('pads the new target so that the next field stays in its column', async () => {
    await expectFixed('netlify', ALIGNED, {
      2: '/a                /c                   301',
      4: '/d                /c                   302',
      5: '/e /c 301',
      6: '/f\t\t/c\t301',
      7: '/g                /c  301',
    });
  });
});
