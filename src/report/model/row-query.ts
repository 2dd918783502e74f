/**
 * Which rows the report's table shows, in which order: filters by outcome, finding type, final status and host, a
 * search over the URLs and reasons, and a sort by any column. Pure, and over the row store's typed arrays (numbers
 * compared, no row object made), so that 100,000 rows filter in one quick pass.
 */
import { OUTCOMES } from './report-data.js';
import type { RowStore } from './row-store.js';

export type SortKey = 'line' | 'source' | 'outcome' | 'finalStatus' | 'redirects' | 'time' | 'finalUrl';

export interface RowQuery {
  outcome?: string;
  type?: string;
  finalStatus?: number;
  host?: string;
  search?: string;
  sort: SortKey;
  descending: boolean;
}

/** The host of a URL, or '' when it has none. */
export function hostOf(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url);
  return (match?.[1] ?? '').replace(/^[^@]*@/, '').toLowerCase();
}

/** A row's test, built once per query; undefined: every row passes. */
function rowTest(store: RowStore, query: RowQuery): (index: number) => boolean {
  const tests: Array<(index: number) => boolean> = [];
  if (query.outcome !== undefined) {
    const outcome = OUTCOMES.indexOf(query.outcome as (typeof OUTCOMES)[number]);
    tests.push((i) => store.outcome[i] === outcome);
  }
  if (query.finalStatus !== undefined) {
    const status = query.finalStatus;
    tests.push((i) => store.finalStatus[i] === status);
  }
  if (query.host !== undefined) {
    const host = store.hosts.indexOf(query.host);
    tests.push((i) => store.sourceHost[i] === host);
  }
  if (query.type !== undefined) {
    const type = query.type;
    tests.push((i) => store.notes[i]?.types.includes(type) === true);
  }
  const needle = (query.search ?? '').trim().toLowerCase();
  if (needle !== '') tests.push((i) => store.searchTextOf(i).includes(needle));
  return (i) => tests.every((test) => test(i));
}

/** The value a column sorts by (undefined sorts last); outcomes sort by name, as the column reads. */
function sortValue(store: RowStore, key: SortKey): (index: number) => number | string | undefined {
  const positive = (column: Int32Array) => (i: number) => (column[i]! > 0 ? column[i] : undefined);
  switch (key) {
    case 'line':
      return (i) => store.line[i];
    case 'outcome':
      return (i) => store.outcomeOf(i);
    case 'source':
      return (i) => store.url(store.source[i]!);
    case 'finalUrl':
      return (i) => store.url(store.finalUrl[i]!);
    case 'finalStatus':
      return positive(store.finalStatus);
    case 'redirects':
      return (i) => store.redirects[i];
    case 'time':
      return (i) => store.time[i];
  }
}

/** The indices of the rows the query keeps, sorted (ties in row order, then reversed with the sort). */
export function queryRows(store: RowStore, query: RowQuery): number[] {
  const keep = rowTest(store, query);
  const kept: number[] = [];
  for (let i = 0; i < store.count; i++) if (keep(i)) kept.push(i);
  if (query.sort === 'line' && !query.descending && store.inLineOrder) return kept;
  const value = sortValue(store, query.sort);
  const sign = query.descending ? -1 : 1;
  kept.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === y) return sign * (store.line[a]! - store.line[b]!);
    if (x === undefined) return sign;
    if (y === undefined) return -sign;
    return sign * (x < y ? -1 : 1);
  });
  return kept;
}
