/**
 * The coverage HTML report: self-contained (no script, no external resource, hostile URLs from a log never markup),
 * its chart's figures the summary's, and in Chromium readable at 1280 px light and 375 px dark without the page
 * scrolling sideways, with no WCAG 2.1 A/AA violation axe-core finds.
 */
import { describe, expect, it } from 'vitest';
import {
  type CoverageReport,
  type CoverageTraffic,
  coverageHtml,
  joinCoverage,
  pairLookup,
  summarize,
} from '../../src/coverage/index.js';
import { generateMigration } from '../helpers/migration-traffic.js';
import { describeStaticPageInChromium } from '../helpers/static-page-check.js';

const SITE = 'https://www.example.com';
const HOSTILE = '/"><script>alert(1)</script><img src=x onerror=alert(2)>';

/** A report over a generated migration, with a hostile URL and a very long one among the uncovered. */
function sampleReport(): CoverageReport {
  const migration = generateMigration(30, 60);
  const rows = migration.csv
    .trim()
    .split('\n')
    .slice(1)
    .map((line, index) => {
      const [source, target, status] = line.split(',');
      const row: { line: number; source: string; target?: string; status?: number } = {
        line: index + 2,
        source: `${SITE}${source}`,
      };
      if (target !== '') row.target = `${SITE}${target}`;
      if (status !== undefined) row.status = Number(status);
      return row;
    });
  const traffic: CoverageTraffic = {
    entries: [
      ...migration.urls.map((url) => ({ url: `${SITE}${url.path}`, hits: url.hits, botHits: url.botHits })),
      { url: `${SITE}${encodeURI(HOSTILE)}`, hits: 999, botHits: 0 },
      { url: `${SITE}/${'a-very-long-slug-'.repeat(12)}`, hits: 998, botHits: 3 },
    ],
  };
  const joined = joinCoverage(traffic, pairLookup(rows));
  return {
    map: { name: `map.csv ${HOSTILE}`, format: 'csv', matching: 'pairs', rules: rows.length, invalid: 0, skipped: 0 },
    traffic: {
      lines: 5000,
      counted: 4800,
      botLines: 300,
      assetLines: 200,
      skipped: {},
      sources: [{ path: 'access.log', format: 'combined', lines: 5000 }],
    },
    bots: 'separate',
    live: false,
    summary: summarize(joined, false, 10),
    rows: joined,
  };
}

describe('coverage HTML report', () => {
  const report = sampleReport();
  const page = coverageHtml(report);

  it('is one self-contained document: no script, no external resource, no markup from a URL', () => {
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<img');
    expect(page).not.toMatch(/\b(src|href)="https?:/);
    expect(page).not.toMatch(/@import|url\(https?:/);
  });

  it("charts the summary's hits: one hop, redirected again, served or gone, not covered", () => {
    const { summary } = report;
    const served = summary.covered.hits - summary.direct.hits - summary.chained.hits;
    const chart = /<figure class="chart" data-chart="traffic">.*?<\/figure>/s.exec(page)![0];
    const figures = [...chart.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>([^<]+)<\/td><\/tr>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    const n = (value: number) => value.toLocaleString('en-US');
    expect(figures).toEqual([
      ['redirected, one hop', n(summary.direct.hits)],
      ['redirected again', n(summary.chained.hits)],
      ['served or gone', n(served)],
      ['not covered', n(summary.uncovered.hits)],
    ]);
  });
});

describeStaticPageInChromium('coverage HTML report in Chromium', () => coverageHtml(sampleReport()), 'coverage');
