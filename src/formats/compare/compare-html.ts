/**
 * `hoplens compare --format html`: the comparison as a static report page (src/report/static/): its figures, the kinds
 * found with their counts (each a link to its table), and a table per kind in rank order. Self-contained, light and
 * dark, readable on a phone. No bar chart: thirteen kinds with long names leave its bars no room on a phone, and a
 * count beside a link to the changes serves better.
 */
import { CHANGE_KINDS, CHANGE_WORDS, type ChangeKind, type Comparison, type CrawlChange } from '../../compare/index.js';
import { type Column, cards, html, section, staticPageHtml, table } from '../../report/index.js';

const URL_COLUMN: Column<CrawlChange> = { heading: 'URL', cell: (change) => change.url, url: true };
/** A side as wide as a URL column only when some side is long (a URL, a title): a status needs no 12rem. */
const SHORT_SIDE = 24;

function sides(changes: readonly CrawlChange[]): readonly Column<CrawlChange>[] {
  const url = changes.some((change) => Math.max(change.before?.length ?? 0, change.after?.length ?? 0) > SHORT_SIDE);
  return [
    { heading: 'Before', cell: (change) => change.before ?? '—', url },
    { heading: 'After', cell: (change) => change.after ?? '—', url },
  ];
}
const RELATED: Column<CrawlChange> = { heading: 'Related', cell: (change) => change.related ?? '', url: true };
const LINKS: Column<CrawlChange> = { heading: 'Links', cell: (change) => change.inboundAfter, numeric: true };

/** The columns a kind's changes fill: Related only where some change names another URL (a link's page, a pair's). */
function columnsOf(changes: readonly CrawlChange[]): readonly Column<CrawlChange>[] {
  const related = changes.some((change) => change.related !== undefined);
  return [URL_COLUMN, ...sides(changes), ...(related ? [RELATED] : []), LINKS];
}

/** A kind's words (a lower-case clause, for the help and the docs' table) as a sentence. */
function sentence(words: string): string {
  const capital = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

function kindSection(kind: ChangeKind, changes: readonly CrawlChange[]) {
  const words = html`<p class="static-note">${sentence(CHANGE_WORDS[kind])}</p>`;
  return section(`kind-${kind}`, `${kind} (${changes.length})`, words, table(kind, columnsOf(changes), changes));
}

const KIND_COLUMNS: readonly Column<{ kind: ChangeKind; count: number }>[] = [
  { heading: 'Kind of change', cell: ({ kind }) => html`<a href="#kind-${kind}">${kind}</a>` },
  { heading: 'Changes', cell: ({ count }) => count, numeric: true },
];

export function comparisonHtml(comparison: Comparison): string {
  const { summary } = comparison;
  const present = CHANGE_KINDS.filter((kind) => summary.byKind[kind] > 0);
  const figures = cards([
    { label: 'changes', value: summary.changes, tone: summary.changes === 0 ? 'success' : 'error' },
    { label: 'pages before', value: summary.pagesBefore },
    { label: 'pages after', value: summary.pagesAfter },
    { label: 'new pages', value: summary.pagesNew },
  ]);
  const counts = present.map((kind) => ({ kind, count: summary.byKind[kind] }));
  const kinds =
    present.length === 0
      ? html`<p>No change.</p>`
      : section(
          'kinds',
          'Changes per kind, in rank order',
          table('Each kind links to its changes', KIND_COLUMNS, counts),
        );
  const sections = present.map((kind) =>
    kindSection(
      kind,
      comparison.changes.filter((change) => change.kind === kind),
    ),
  );
  return staticPageHtml({
    title: 'compare',
    meta: `${summary.before} → ${summary.after}`,
    body: [figures, kinds, ...sections],
  });
}
