/**
 * `hoplens compare --format html`: the comparison as a static report page (src/report/static/): its figures, a chart
 * of the changes per kind and a table per kind in rank order. Self-contained, light and dark, readable on a phone.
 */
import { CHANGE_KINDS, CHANGE_WORDS, type Comparison, type CrawlChange } from '../../compare/index.js';
import { barChart, type Column, cards, html, section, staticPageHtml, type Tone, table } from '../../report/index.js';

/** The kinds that take a page out of search, drawn in the error colour; the good news in the success one. */
const TONES: Partial<Record<CrawlChange['kind'], Tone>> = {
  page_lost: 'error',
  noindex_added: 'error',
  robots_disallowed: 'error',
  noindex_removed: 'success',
  robots_allowed: 'success',
};

const COLUMNS: readonly Column<CrawlChange>[] = [
  { heading: 'URL', cell: (change) => change.url, url: true },
  { heading: 'Before', cell: (change) => change.before ?? '—', url: true },
  { heading: 'After', cell: (change) => change.after ?? '—', url: true },
  { heading: 'Related', cell: (change) => change.related ?? '', url: true },
  { heading: 'Links to it', cell: (change) => change.inboundAfter, numeric: true },
];

function kindSection(kind: CrawlChange['kind'], changes: readonly CrawlChange[]) {
  const words = html`<p class="static-note">${CHANGE_WORDS[kind]}.</p>`;
  return section(`kind-${kind}`, `${kind} (${changes.length})`, words, table(kind, COLUMNS, changes));
}

export function comparisonHtml(comparison: Comparison): string {
  const { summary } = comparison;
  const present = CHANGE_KINDS.filter((kind) => summary.byKind[kind] > 0);
  const figures = cards([
    { label: 'changes', value: summary.changes, tone: summary.changes === 0 ? 'success' : 'error' },
    { label: 'pages before', value: summary.pagesBefore },
    { label: 'pages after', value: summary.pagesAfter },
    { label: 'new pages', value: summary.pagesNew },
  ]);
  const bars = present.map((kind) => ({ label: kind, value: summary.byKind[kind], tone: TONES[kind] ?? 'other' }));
  const chart = present.length === 0 ? html`<p>No change.</p>` : barChart('kinds', 'Changes per kind', bars);
  const sections = present.map((kind) =>
    kindSection(
      kind,
      comparison.changes.filter((change) => change.kind === kind),
    ),
  );
  return staticPageHtml({
    title: 'compare',
    meta: `${summary.before} → ${summary.after}`,
    body: [figures, chart, ...sections],
  });
}
