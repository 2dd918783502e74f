/**
 * `hoplens variants <url>` and the library's `analyzeVariants`, on a loopback site built to have each inconsistency
 * once: an http URL that takes two redirects (variant_chain), an upper-case path and an index.html that answer
 * themselves, an index.php sent to plain http (variants_not_consolidated, variant_not_https), Googlebot smartphone
 * sent to a mobile host (user_agent_divergence: Google asks for the same URL for every device or a proper mobile
 * setup, https://developers.google.com/search/docs/crawling-indexing/mobile/mobile-sites-mobile-first-indexing), and a
 * HEAD that answers 404 where GET answers 200 (head_get_mismatch: RFC 9110 §9.3.2 says HEAD is GET without the body).
 * Both servers are reached through --connect-to, so the URLs are the site's own, on the default ports.
 */

import { describe, expect, it } from 'vitest';
import { Analyzer } from '../../src/core/index.js';
import { analyzeVariants } from '../../src/variants/index.js';
import { runCli } from '../helpers/cli.js';
import {
  EXPECTED_VARIANT_FINDINGS as EXPECTED,
  GIVEN,
  serveBothSchemes,
  inconsistentSite as site,
} from '../helpers/variant-site.js';

const served = serveBothSchemes(site, ['www.shop.test', 'shop.test', 'm.shop.test']);

describe('variants', () => {
  it("the library finds exactly the built inconsistencies, the canonical URL being the given URL's final one", async () => {
    const analyzer = new Analyzer({ ca: served.ca, connectTo: served.connectTo() });
    try {
      const report = await analyzeVariants(GIVEN, (url, options) => analyzer.analyze(url, options), {
        allowNetworks: ['127.0.0.0/8'],
        robots: false,
      });
      expect(report.canonical).toBe(GIVEN);
      expect(report.grid.map((row) => row.variant)).toEqual([
        'given',
        'scheme',
        'host',
        'slash',
        'case',
        'index.html',
        'index.php',
        'port',
        'googlebot-smartphone',
        'googlebot-desktop',
        'bingbot',
        'chrome',
        'head',
        'as-browser',
      ]);
      expect(report.findings.map(({ type, variants }) => ({ type, variants }))).toEqual(EXPECTED);
      expect(report.findings.every((entry) => entry.help === `docs/issues.md#${entry.type}`)).toBe(true);
      const row = (id: string) => report.grid.find((entry) => entry.variant === id)!;
      expect(row('scheme').chain.map((hop) => hop.url)).toEqual([
        'http://www.shop.test/some/page',
        'https://shop.test/some/page',
        GIVEN,
      ]);
      expect(row('host')).toMatchObject({
        url: 'https://shop.test/some/page',
        finalUrl: GIVEN,
        redirects: 1,
        odd: false,
      });
      expect(row('index.php')).toMatchObject({ finalUrl: 'http://legacy.shop.test/some/page', odd: true });
    } finally {
      await analyzer.close();
    }
  });

  it('the CLI prints the grid as a table, marks the odd rows, and exits 1 on error findings', async () => {
    const args = [
      'variants',
      GIVEN,
      '--ca',
      served.caFile,
      '--no-robots',
      ...served.connectTo().flatMap((rule) => ['--connect-to', rule]),
    ];
    const { code, stdout } = await runCli(args);
    expect(code).toBe(1);
    expect(stdout).toContain(`Canonical URL: ${GIVEN}`);
    expect(stdout).toMatch(
      /^! +scheme +http instead of https +301 → 301 → 200 +https:\/\/www\.shop\.test\/some\/page$/m,
    );
    expect(stdout).toMatch(/^ {3}host +www removed +301 → 200 +https:\/\/www\.shop\.test\/some\/page$/m);
    for (const { type } of EXPECTED) expect(stdout).toContain(`${type}: `);

    const json = await runCli([...args, '--format', 'json']);
    const report = JSON.parse(json.stdout) as { findings: { type: string; variants: string[] }[] };
    expect(report.findings.map(({ type, variants }) => ({ type, variants }))).toEqual(EXPECTED);

    const ndjson = await runCli([...args, '--format', 'ndjson']);
    const records = ndjson.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { record: string });
    expect(records.filter((record) => record.record === 'variant')).toHaveLength(14);
    expect(records.filter((record) => record.record === 'finding')).toHaveLength(EXPECTED.length);

    const csv = await runCli([...args, '--format', 'csv']);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('variant,change,url,method,chain,final_url,final_status,redirects,error,findings');
    expect(lines.find((line) => line.startsWith('index.php,'))).toContain(
      'variants_not_consolidated variant_not_https',
    );
  });
});

describe('variants findings docs', () => {
  it("each type has its section of docs/issues.md, the finding's help", async () => {
    const { readIssueDocs, issueSection } = await import('../../src/core/index.js');
    const { VARIANT_ISSUE_TYPES } = await import('../../src/variants/index.js');
    const docs = readIssueDocs();
    for (const type of VARIANT_ISSUE_TYPES) {
      const section = issueSection(docs, type as never);
      expect(section?.split('\n')[0], type).toBe(`## ${type}`);
      expect(section, type).toMatch(/Severity: \*\*(error|warning|info)\*\*/);
    }
  });
});
