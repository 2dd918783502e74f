/**
 * The page's DOM-free logic for the destination and hop anatomy: the destination's facts under the verdict, where an
 * issue's help points, a hop's connection in words, and its time as the parts of a stacked bar.
 */
import { describe, expect, it } from 'vitest';
import { ISSUE_HELP } from '../../src/core/index.js';
import type { Hop, Issue } from '../../src/core/types.js';
import { addressText, daysLeftText, protocolText } from '../../src/report/view/chain/connection-text.js';
import { helpTarget } from '../../src/report/view/chain/help-target.js';
import { hopDuration, longestHop, timingSegments } from '../../src/report/view/chain/timing-segments.js';
import type { AnalysisResponse } from '../../src/web/client/api-types.js';
import { destinationFacts } from '../../src/web/client/destination-facts.js';

const FINAL = 'https://www.example.com/page';

function issue(type: string, severity: Issue['severity'] = 'warning'): Issue {
  // A type this build may not know (robots_blocked_destination comes from a newer core) is still an issue to show.
  return { type: type as Issue['type'], severity, message: `${type} here`, hop: 1, help: `docs/issues.md#${type}` };
}

function result(finalStatus: number, issues: Issue[] = [], canonical?: string): AnalysisResponse {
  return {
    success: true,
    url: 'http://example.com/',
    chain: [
      { url: 'http://example.com/', status: 301, statusText: '', responseTime: 3, headers: { location: FINAL } },
      { url: FINAL, status: finalStatus, statusText: '', responseTime: 4, headers: {} },
    ],
    summary: {
      totalHops: 2,
      finalUrl: FINAL,
      finalStatus,
      ...(canonical === undefined ? {} : { canonical }),
      totalTime: 7,
      hasLoop: false,
      issues,
    },
    rateLimit: { limit: 30, remaining: 29, reset: 0 },
  };
}

const summarize = (facts: ReturnType<typeof destinationFacts>) =>
  facts.map(({ kind, level, value, url }) => ({ kind, level, value, ...(url === undefined ? {} : { url }) }));

describe("the destination's facts", () => {
  it('says the canonical matches when it is the final URL as the core compares them (case, fragment)', () => {
    // RFC 3986 §6.2.2.1: scheme and host are case-insensitive; the fragment never reaches the server.
    const facts = destinationFacts(result(200, [], 'HTTPS://WWW.Example.com/page#top'));
    expect(summarize(facts)).toEqual([
      { kind: 'canonical', level: 'ok', value: 'the final URL', url: 'HTTPS://WWW.Example.com/page#top' },
      { kind: 'index', level: 'ok', value: 'no noindex' },
    ]);
  });

  it('names another canonical URL, a noindex and a robots.txt block, each with its finding', () => {
    const mismatch = issue('canonical_mismatch');
    const noindex = issue('noindex_destination', 'error');
    const robots = issue('robots_blocked_destination');
    const facts = destinationFacts(result(200, [noindex, mismatch, robots], 'https://www.example.com/other'));
    expect(summarize(facts)).toEqual([
      { kind: 'canonical', level: 'warning', value: 'not the final URL', url: 'https://www.example.com/other' },
      { kind: 'index', level: 'error', value: 'noindex' },
      { kind: 'robots', level: 'warning', value: 'blocks crawlers' },
    ]);
    expect(facts.map((fact) => fact.issue)).toEqual([mismatch, noindex, robots]);
  });

  it('says no canonical was declared, and nothing of robots.txt without its finding', () => {
    expect(summarize(destinationFacts(result(204)))).toEqual([
      { kind: 'canonical', level: 'unknown', value: 'none declared' },
      { kind: 'index', level: 'ok', value: 'no noindex' },
    ]);
  });

  it('has nothing to say of a chain that ends on no page (a 3xx, a 4xx)', () => {
    expect(destinationFacts(result(404, [issue('error_status', 'error')]))).toEqual([]);
    expect(destinationFacts(result(304))).toEqual([]);
  });
});

describe("an issue's help", () => {
  it("links a web page by its site name, and hoplens's own section to the service's docs page", () => {
    expect(helpTarget(ISSUE_HELP.noindex_destination)).toEqual({
      kind: 'link',
      href: ISSUE_HELP.noindex_destination,
      text: 'Google Search Central',
    });
    expect(helpTarget('https://docs.example.org/why')).toMatchObject({ kind: 'link', text: 'docs.example.org' });
    // docs/issues.md#query_dropped is served as /docs/issues (src/service/routes/doc-pages.ts).
    expect(helpTarget(ISSUE_HELP.query_dropped)).toEqual({
      kind: 'link',
      href: '/docs/issues#query_dropped',
      text: 'hoplens docs',
    });
    // Only a page of the docs, by its plain name: no path out of /docs/.
    expect(helpTarget('docs/../admin.md#x')).toEqual({ kind: 'reference', text: 'docs/../admin.md#x' });
    // Only https pages are links: anything else is shown as text, never followed.
    expect(helpTarget('javascript:alert(1)')).toEqual({ kind: 'reference', text: 'javascript:alert(1)' });
    expect(helpTarget('http://plain.example/')).toMatchObject({ kind: 'reference' });
  });
});

describe("a hop's connection", () => {
  it('writes the address with its port, an IPv6 one in brackets (RFC 3986 §3.2.2)', () => {
    expect(addressText({ remoteAddress: '203.0.113.5', remotePort: 443 })).toBe('203.0.113.5:443');
    expect(addressText({ remoteAddress: '2001:db8::1', remotePort: 8443 })).toBe('[2001:db8::1]:8443');
    expect(addressText({ remoteAddress: '::1' })).toBe('[::1]');
    expect(addressText({})).toBeUndefined();
  });

  it('names the HTTP version and the days a certificate has left', () => {
    expect([protocolText({ httpVersion: '1.1' }), protocolText({ httpVersion: '2' }), protocolText({})]).toEqual([
      'HTTP/1.1',
      'HTTP/2',
      undefined,
    ]);
    expect([29, 1, 0, -1, -12].map(daysLeftText)).toEqual([
      'expires in 29 days',
      'expires tomorrow',
      'expires today',
      'expired yesterday',
      'expired 12 days ago',
    ]);
  });
});

describe("a hop's time as a stacked bar", () => {
  const hop = (responseTime: number, timings?: Hop['timings']): Pick<Hop, 'responseTime' | 'timings'> => ({
    responseTime,
    ...(timings === undefined ? {} : { timings }),
  });
  const opened = hop(200, { dns: 20, connect: 30, tls: 50, firstByte: 100 });
  const reused = hop(50, { firstByte: 50 });

  it('gives each phase, in order, its share of the longest hop, so that bars compare across hops', () => {
    const longest = longestHop([opened, reused]);
    expect(longest).toBe(200);
    expect(timingSegments(opened, longest)).toEqual([
      { phase: 'dns', ms: 20, percent: 10 },
      { phase: 'connect', ms: 30, percent: 15 },
      { phase: 'tls', ms: 50, percent: 25 },
      { phase: 'firstByte', ms: 100, percent: 50 },
    ]);
    // A reused connection's hop had no DNS, connect or TLS: first byte only.
    expect(timingSegments(reused, longest)).toEqual([{ phase: 'firstByte', ms: 50, percent: 25 }]);
  });

  it('never overflows the track when rounding makes the phases add up to more than responseTime', () => {
    const rounded = hop(10, { dns: 1, connect: 3, firstByte: 7 });
    expect(hopDuration(rounded)).toBe(11);
    const segments = timingSegments(rounded, longestHop([rounded]));
    expect(segments.reduce((sum, segment) => sum + segment.percent, 0)).toBeCloseTo(100, 5);
    expect(segments.map((segment) => segment.percent)).toEqual([9.09, 27.27, 63.64]);
  });

  it('has no parts for a hop without timings, or in a chain that took no time', () => {
    expect(timingSegments(hop(30), 30)).toEqual([]);
    expect(timingSegments(hop(0, { firstByte: 0 }), 0)).toEqual([{ phase: 'firstByte', ms: 0, percent: 0 }]);
  });
});
