/**
 * The coverage report as one self-contained HTML page (the report room's static page kit): the figures as cards, a
 * chart of the traffic by what the map does with it, the top uncovered URLs and the ranked URLs.
 */
import {
  type Bar,
  barChart,
  type Card,
  type Column,
  cards,
  html,
  section,
  staticPageHtml,
  table,
} from '../report/index.js';
import { type CoverageReport, percent, shownUrl } from './coverage-report.js';
import type { CoverageRow } from './coverage-row.js';
import type { CoverageSummary } from './summary.js';

/** The ranked URLs the page lists; the CSV and JSON formats have them all. */
const LISTED = 500;

function figureCards(report: CoverageReport): Card[] {
  const { summary } = report;
  const list: Card[] = [
    { label: 'hits in all', value: summary.all.hits },
    { label: 'of hits covered by the map', value: percent(summary.shares.covered), tone: 'success' },
    { label: 'of hits redirected in one hop', value: percent(summary.shares.direct), tone: 'permanent' },
    { label: 'URLs not covered', value: summary.uncovered.urls, tone: 'error' },
  ];
  if (summary.shares.landed !== undefined)
    list.push({ label: 'landed on a 200 in one hop (live)', value: percent(summary.shares.landed), tone: 'success' });
  if (report.bots !== 'exclude') list.push({ label: 'hits of known bots', value: summary.all.botHits, tone: 'other' });
  return list;
}

/** The traffic by what the map does with it, as bars of `field` (people's hits, bots', or the URLs). */
function trafficBars(summary: CoverageSummary, field: 'hits' | 'botHits' | 'urls'): Bar[] {
  const answered = summary.covered[field] - summary.direct[field] - summary.chained[field];
  return [
    { label: 'redirected, one hop', value: summary.direct[field], tone: 'success' },
    { label: 'redirected again', value: summary.chained[field], tone: 'temporary' },
    { label: 'served or gone', value: answered, tone: 'other' },
    { label: 'not covered', value: summary.uncovered[field], tone: 'error' },
  ];
}

function mapCell(row: CoverageRow): string {
  if (row.problem !== undefined) return `? ${row.problem}`;
  if (row.target === undefined) return row.status === undefined ? '' : `answers ${row.status}`;
  const again = row.redirectedAgain === undefined ? '' : ` → ${shownUrl(row.redirectedAgain)} (redirected again)`;
  return `→ ${shownUrl(row.target)}${again}`;
}

function liveCell(row: CoverageRow): string {
  const live = row.live;
  if (live === undefined) return '';
  if (live.oneHop200) return '200 in 1 hop';
  return live.finalStatus === undefined ? live.outcome : `${live.finalStatus} after ${live.redirects}`;
}

function rowColumns(report: CoverageReport): Column<CoverageRow>[] {
  const columns: Column<CoverageRow>[] = [
    { heading: '#', cell: (row) => row.rank, numeric: true },
    { heading: 'URL', cell: (row) => shownUrl(row.url), url: true },
    { heading: 'Hits', cell: (row) => row.hits, numeric: true },
  ];
  if (report.bots !== 'exclude') columns.push({ heading: 'Bots', cell: (row) => row.botHits, numeric: true });
  columns.push({ heading: 'Covered', cell: (row) => (row.covered ? 'yes' : 'no') });
  if (report.live) columns.push({ heading: 'Live', cell: liveCell });
  columns.push({ heading: 'Where the map sends it', cell: mapCell, url: true });
  return columns;
}

function uncoveredSection(report: CoverageReport): ReturnType<typeof section> {
  const { topUncovered } = report.summary;
  if (topUncovered.length === 0)
    return section('uncovered', 'Top uncovered URLs', html`<p>Every URL with hits is covered.</p>`);
  const columns: Column<CoverageSummary['topUncovered'][number]>[] = [
    { heading: 'URL', cell: (entry) => shownUrl(entry.url), url: true },
    { heading: 'Hits', cell: (entry) => entry.hits, numeric: true },
  ];
  if (report.bots !== 'exclude') columns.push({ heading: 'Bots', cell: (entry) => entry.botHits, numeric: true });
  return section(
    'uncovered',
    'Top uncovered URLs',
    table('The URLs no rule covers, most hits first', columns, topUncovered),
  );
}

/** The line under the heading: the map and the traffic. */
function metaLine(report: CoverageReport): string {
  const { map, traffic } = report;
  const how = map.matching === 'rules' ? "matched by the format's own rules" : 'matched as exact pairs';
  const sources = traffic.sources.map((source) => `${source.path} (${source.format})`).join(', ');
  return `${map.format}, ${map.rules} rules, ${how} · ${traffic.counted.toLocaleString('en-US')} requests counted from ${sources} · bots: ${report.bots}`;
}

/** The whole page. */
export function coverageHtml(report: CoverageReport): string {
  const { summary } = report;
  const charts = [
    barChart('traffic', 'Traffic by what the map does with it (hits)', trafficBars(summary, 'hits')),
    barChart('urls', 'Old URLs by what the map does with them', trafficBars(summary, 'urls')),
  ];
  if (report.bots === 'separate' && summary.all.botHits > 0)
    charts.push(barChart('bots', 'Bots’ traffic, apart (hits)', trafficBars(summary, 'botHits')));
  const listed = report.rows.slice(0, LISTED);
  const caption =
    report.rows.length > LISTED
      ? `The ${LISTED} URLs with the most hits, of ${report.rows.length} (the CSV has them all)`
      : 'Every URL with hits, most first';
  return staticPageHtml({
    title: `Coverage of ${report.map.name}`,
    meta: metaLine(report),
    body: [
      cards(figureCards(report)),
      // Side by side where they fit, as the check report's charts (its .charts grid).
      html`<div class="charts">${charts}</div>`,
      uncoveredSection(report),
      section('urls', 'URLs by hits', table(caption, rowColumns(report), listed)),
    ],
  });
}
