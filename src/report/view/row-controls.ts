/** The report table's filters: outcome, finding type, final status, host and a search box, each labelled. */

import type { RowQuery } from '../model/row-query.js';
import type { RowStore } from '../model/row-store.js';
import { h } from './dom.js';

export interface Controls {
  element: HTMLElement;
  /** The query the controls say, with the table's current sort. */
  read(sort: Pick<RowQuery, 'sort' | 'descending'>): RowQuery;
  /** Sets the count line: `123 of 10,000 rows`. */
  count(shown: number, total: number): void;
}

function choice(id: string, label: string, values: readonly string[], onChange: () => void): HTMLSelectElement {
  const select = h('select', { id, name: id }, h('option', { value: '' }, `any ${label}`));
  for (const value of values) select.append(h('option', { value }, value));
  select.addEventListener('change', onChange);
  return select;
}

function sorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** The distinct finding types, final statuses and source hosts of the rows, from the store's columns. */
function choices(store: RowStore): { types: string[]; statuses: string[]; hosts: string[] } {
  const types = new Set<string>();
  for (const notes of store.notes) if (notes !== undefined) for (const type of notes.types) types.add(type);
  const statuses = new Set<number>();
  const hosts = new Uint8Array(store.hosts.length);
  for (let i = 0; i < store.count; i++) {
    if (store.finalStatus[i]! > 0) statuses.add(store.finalStatus[i]!);
    hosts[store.sourceHost[i]!] = 1;
  }
  return {
    types: sorted(types),
    statuses: sorted([...statuses].map(String)),
    hosts: sorted(store.hosts.filter((_, at) => hosts[at] === 1)),
  };
}

function field(id: string, label: string, control: HTMLElement): HTMLElement {
  return h('div', { class: 'filter' }, h('label', { for: id }, label), control);
}

export function rowControls(store: RowStore, onChange: () => void): Controls {
  const values = choices(store);
  const outcome = choice('filter-outcome', 'outcome', ['passed', 'failed', 'errored', 'inconclusive'], onChange);
  const type = choice('filter-type', 'finding', values.types, onChange);
  const status = choice('filter-status', 'status', values.statuses, onChange);
  const host = choice('filter-host', 'host', values.hosts, onChange);
  const search = h('input', {
    id: 'filter-search',
    type: 'search',
    name: 'search',
    placeholder: 'URL or reason',
    autocomplete: 'off',
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, 120);
  });
  const counter = h('p', { class: 'filters__count', role: 'status', 'data-count': '' });
  const element = h(
    'form',
    { class: 'filters', role: 'search', 'aria-label': 'Filter rows' },
    field('filter-outcome', 'Outcome', outcome),
    field('filter-type', 'Finding', type),
    field('filter-status', 'Final status', status),
    field('filter-host', 'Host', host),
    field('filter-search', 'Search', search),
    counter,
  );
  element.addEventListener('submit', (event) => event.preventDefault());
  const value = (select: HTMLSelectElement) => (select.value === '' ? undefined : select.value);
  return {
    element,
    read: (sort) => {
      const query: RowQuery = { ...sort, search: search.value };
      const chosen = { outcome: value(outcome), type: value(type), host: value(host) };
      for (const [key, picked] of Object.entries(chosen))
        if (picked !== undefined) Object.assign(query, { [key]: picked });
      if (value(status) !== undefined) query.finalStatus = Number(status.value);
      return query;
    },
    count: (shown, total) => {
      counter.textContent = `${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`;
      counter.dataset.count = String(shown);
    },
  };
}
