/**
 * Google's reference robots.txt parser (github.com/google/robotstxt), its test file robots_test.cc restated case by
 * case: hoplens judges Googlebot's access the way that parser does, including where Google departs from RFC 9309
 * (tests named GoogleOnly_ there). The verdict cases are in test/core/helpers/google-robots-cases.ts.
 */
import { describe, expect, it } from 'vitest';
import { isProductToken } from '../../src/core/product-token.js';
import { escapeRulePath, parseRobotsTxt, type RobotsLine } from '../../src/core/robots/lines.js';
import { robotsPath } from '../../src/core/robots/match.js';
import { robotsRuling } from '../../src/core/robots/rules.js';
import { VERDICT_CASES } from './helpers/google-robots-cases.js';

const allowed = (robots: string | Uint8Array, agent: string, url: string) =>
  robotsRuling(parseRobotsTxt(robots), agent, url).allowed;

describe("robots_test.cc's verdicts: may the crawler fetch the URL", () => {
  it.each(VERDICT_CASES.map((c, i) => [i + 1, c.cite, c.agent, c.url.slice(0, 80), c] as const))(
    '#%i %s: %s → %s',
    (_n, _cite, _agent, _url, c) => {
      expect(allowed(c.robots, c.agent, c.url)).toBe(c.allowed);
    },
  );
});

describe('product tokens a crawler may be named by', () => {
  // robots_test.cc: ID_VerifyValidUserAgentsToObey, GoogleOnly_AcceptUserAgentUpToFirstSpace
  it('are letters, "-" and "_" only, never empty (RFC 9309 §2.2.1)', () => {
    for (const good of ['Foobot', 'Foobot-Bar', 'Foo_Bar']) expect(isProductToken(good)).toBe(true);
    for (const bad of ['', 'ツ', 'Foobot*', ' Foobot ', 'Foobot/2.1', 'Foobot Bar'])
      expect(isProductToken(bad)).toBe(false);
  });
});

/** What robots_test.cc's RobotsStatsReporter counts: lines with a known key, unknown ones, the last line seen. */
function stats(body: string | Uint8Array) {
  const lines: RobotsLine[] = parseRobotsTxt(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
  const known = lines.filter((line) => line.kind !== 'unknown');
  return {
    valid: known.length,
    unknown: lines.length - known.length,
    last: lines.at(-1)?.line ?? 0,
    sitemap: lines.find((line) => line.kind === 'sitemap')?.value,
  };
}

describe('reading the lines', () => {
  // robots_test.cc: ID_LinesNumbersAreCountedCorrectly (RFC 9309 §2.2: CR, LF or CRLF ends a line)
  it('counts a line at every CR, LF or CRLF, with or without a final one', () => {
    const files = {
      unix: 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n',
      dos: 'User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n',
      mac: 'User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r',
      unterminated: 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /',
      mixed: 'User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /',
    };
    for (const body of Object.values(files)) expect(stats(body)).toMatchObject({ valid: 4, last: 6 });
  });

  // robots_test.cc: ID_UTF8ByteOrderMarkIsSkipped
  it('skips a byte order mark, or the start of one, at the top of the file only', () => {
    const rest = 'User-Agent: foo\nAllow: /AnyValue\n';
    for (const mark of ['\xEF\xBB\xBF', '\xEF\xBB', '\xEF'])
      expect(stats(mark + rest)).toMatchObject({ valid: 2, unknown: 0 });
    // A wrong sequence is part of the first key, which is then unknown; a mark further down spoils its line.
    expect(stats(`\xEF\x11\xBF${rest}`)).toMatchObject({ valid: 1, unknown: 1 });
    expect(stats('User-Agent: foo\n\xEF\xBB\xBFAllow: /AnyValue\n')).toMatchObject({ valid: 1, unknown: 1 });
  });

  // robots_test.cc: ID_NonStandardLineExample_Sitemap (RFC 9309 §2.2.4: other records)
  it('reads a sitemap line wherever it is', () => {
    const groups = 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n';
    const sitemap = 'Sitemap: http://foo.bar/sitemap.xml\n';
    expect(stats(groups + sitemap).sitemap).toBe('http://foo.bar/sitemap.xml');
    expect(stats(sitemap + groups).sitemap).toBe('http://foo.bar/sitemap.xml');
  });
});

describe('the part of a URL rules match', () => {
  // robots_test.cc: TestGetPathParamsQuery
  it('is its path and query, without the fragment, "/" when it has none', () => {
    const paths: [string, string][] = [
      ['', '/'],
      ['http://www.example.com', '/'],
      ['http://www.example.com/', '/'],
      ['http://www.example.com/a', '/a'],
      ['http://www.example.com/a/', '/a/'],
      ['http://www.example.com/a/b?c=http://d.e/', '/a/b?c=http://d.e/'],
      ['http://www.example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
      ['example.com', '/'],
      ['example.com/', '/'],
      ['example.com/a', '/a'],
      ['example.com/a/', '/a/'],
      ['example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f'],
      ['a', '/'],
      ['a/', '/'],
      ['/a', '/a'],
      ['a/b', '/b'],
      ['example.com?a', '/?a'],
      ['example.com/a;b#c', '/a;b'],
      ['//a/b/c', '/b/c'],
    ];
    for (const [url, path] of paths) expect([url, robotsPath(url)]).toEqual([url, path]);
  });

  // robots_test.cc: TestMaybeEscapePattern (RFC 9309 §2.2.2: octets beyond US-ASCII are percent-encoded)
  it('compares with rules whose bytes beyond ASCII are percent-encoded and escapes uppercased', () => {
    expect(escapeRulePath('http://www.example.com')).toBe('http://www.example.com');
    expect(escapeRulePath('/a/b/c')).toBe('/a/b/c');
    expect(escapeRulePath(Buffer.from('á', 'utf8').toString('latin1'))).toBe('%C3%A1');
    expect(escapeRulePath('%aa')).toBe('%AA');
  });
});
