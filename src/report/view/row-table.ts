/**
 * Every row of a report in a table that draws only the rows on screen (a fixed row height, spacers above and below),
 * so that 100,000 rows scroll and filter as quickly as 100. Sort by a column's header button; unfold a row with its
 * first cell's button (Enter or Space) into its chain, shown under the table.
 */
import type { ReportRow } from '../model/report-data.js';
import { queryRows, type RowQuery, type SortKey } from '../model/row-query.js';
import type { RowStore } from '../model/row-store.js';
import { pathOn } from '../model/shared-origin.js';
import { formatDuration } from './chain/format.js';
import { h, replace } from './dom.js';
import { outcomeBadge } from './outcome-badge.js';
import { rowControls } from './row-controls.js';
import { rowDetail } from './row-detail.js';
import { virtualRows } from './virtual-rows.js';

const COLUMNS: ReadonlyArray<[SortKey, string]> = [
  ['line', 'Line'],
  ['outcome', 'Outcome'],
  ['source', 'Source'],
  ['finalStatus', 'Status'],
  ['redirects', 'Redirects'],
  ['time', 'Time'],
  ['finalUrl', 'Final URL'],
];

/** The origins every source and every final URL are on, when each column shares one: its cells show paths. */
interface ColumnOrigins {
  source?: string | undefined;
  finalUrl?: string | undefined;
}

function cells(row: ReportRow, index: number, open: boolean, origins: ColumnOrigins): HTMLTableRowElement {
  const unfold = h(
    'button',
    {
      type: 'button',
      class: 'unfold',
      'aria-expanded': open ? 'true' : 'false',
      'data-row': index,
      'aria-controls': 'row-detail',
    },
    `${row.line}`,
  );
  return h(
    'tr',
    { class: `row row--${row.outcome}`, 'data-line': row.line },
    h('td', {}, unfold),
    h('td', {}, outcomeBadge(row)),
    h('td', { class: 'url', title: row.source }, pathOn(row.source, origins.source)),
    h('td', {}, row.error ?? (row.finalStatus === undefined ? '' : String(row.finalStatus))),
    h('td', {}, row.redirects),
    h('td', {}, formatDuration(row.time)),
    h('td', { class: 'url', title: row.finalUrl ?? '' }, pathOn(row.finalUrl ?? '', origins.finalUrl)),
  );
}

interface TableState {
  shown: number[];
  sort: SortKey;
  descending: boolean;
  open: number | undefined;
}

function header(state: TableState, onSort: (key: SortKey) => void): HTMLTableSectionElement {
  const row = h('tr', {});
  for (const [key, label] of COLUMNS) {
    const sorted = state.sort === key;
    const button = h(
      'button',
      { type: 'button', class: 'sort', 'data-sort': key },
      label,
      h('span', { 'aria-hidden': 'true' }, sorted ? (state.descending ? ' ▼' : ' ▲') : ''),
    );
    // The header stays (its marks are set in place), so the focused sort button keeps the focus.
    button.addEventListener('click', () => onSort(key));
    row.append(
      h('th', { scope: 'col', 'aria-sort': sorted ? (state.descending ? 'descending' : 'ascending') : 'none' }, button),
    );
  }
  return h('thead', {}, row);
}

/** Sets the header's sort marks (aria-sort and the arrow) in place. */
function markSort(head: HTMLElement, state: TableState): void {
  for (const th of head.querySelectorAll<HTMLElement>('th')) {
    const key = th.querySelector<HTMLElement>('[data-sort]')?.dataset.sort;
    const sorted = key === state.sort;
    th.setAttribute('aria-sort', sorted ? (state.descending ? 'descending' : 'ascending') : 'none');
    const arrow = th.querySelector('[aria-hidden]');
    if (arrow !== null) arrow.textContent = sorted ? (state.descending ? ' ▼' : ' ▲') : '';
  }
}

/** Whether a bot wall answered any row (the outcome column then widens for the vendor). */
function hasWalledRows(store: RowStore): boolean {
  for (let index = 0; index < store.count; index++) if (store.outcomeOf(index) === 'inconclusive') return true;
  return false;
}

/** The rows section: filters, the table and the unfolded row. */
export function rowTable(store: RowStore, source: string): HTMLElement {
  const state: TableState = { shown: [], sort: 'line', descending: false, open: undefined };
  const body = h('tbody', {});
  const head = header(state, (key) => sortBy(key));
  const table = h(
    'table',
    { class: hasWalledRows(store) ? 'rows-table rows-table--walled' : 'rows-table' },
    h('caption', { class: 'visually-hidden' }, 'Rows; sort with the column buttons'),
    head,
    body,
  );
  const scroller = h('div', { class: 'rows-scroll', tabindex: 0, role: 'region', 'aria-label': 'Rows table' }, table);
  const detail = h('section', { id: 'row-detail', class: 'row-detail', 'aria-live': 'polite' });
  const origins: ColumnOrigins = { source: store.sharedOrigin('source'), finalUrl: store.sharedOrigin('finalUrl') };
  const rows = virtualRows(scroller, body, COLUMNS.length, (at) => {
    const index = state.shown[at]!;
    return cells(store.rowAt(index), index, index === state.open, origins);
  });
  const controls = rowControls(store, () => apply());
  const apply = () => {
    state.shown = queryRows(store, controls.read({ sort: state.sort, descending: state.descending }));
    controls.count(state.shown.length, store.count);
    markSort(head, state);
    rows.reset(state.shown.length);
  };
  const sortBy = (key: SortKey) => {
    state.descending = state.sort === key ? !state.descending : key === 'time' || key === 'redirects';
    state.sort = key;
    apply();
  };
  body.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button.unfold');
    if (button === null) return;
    const index = Number(button.dataset.row);
    state.open = state.open === index ? undefined : index;
    replace(detail, state.open === undefined ? '' : rowDetail(store.rowAt(index), source));
    rows.paint();
    body.querySelector<HTMLButtonElement>(`button.unfold[data-row="${index}"]`)?.focus();
  });
  apply();
  return h(
    'section',
    { class: 'rows', 'aria-labelledby': 'rows-title' },
    h('h2', { id: 'rows-title' }, 'Rows'),
    controls.element,
    originNote(origins),
    scroller,
    detail,
  );
}

const url = (text: string) => h('span', { class: 'url' }, text);

/** Where the paths the table shows are: said once, above the rows. */
function originNote(origins: ColumnOrigins): HTMLElement | undefined {
  const { source, finalUrl } = origins;
  if (source === undefined && finalUrl === undefined) return undefined;
  const parts: Array<Node | string> = [];
  if (source !== undefined && source === finalUrl) parts.push('Sources and final URLs on ', url(source));
  else {
    if (source !== undefined) parts.push('Sources on ', url(source));
    if (source !== undefined && finalUrl !== undefined) parts.push('; ');
    if (finalUrl !== undefined) parts.push(source === undefined ? 'Final URLs on ' : 'final URLs on ', url(finalUrl));
  }
  return h('p', { class: 'origin-note', 'data-origins': '' }, ...parts, ': the table shows their paths.');
}

/** What `query` keeps, for callers outside the table (the print list). */
export function failingRows(store: RowStore): number[] {
  const query: RowQuery = { sort: 'line', descending: false };
  return queryRows(store, query).filter((index) => store.outcomeOf(index) !== 'passed');
}
