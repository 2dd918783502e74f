/**
 * A whole report in a container: its title, the figures and charts, every row in the table, and for print the failing
 * rows as a plain list (the table draws only what is on screen). The CLI's HTML file and the page both show it.
 */
import { reportFigures } from '../model/figures.js';
import { REPORT_DATA_VERSION, type ReportData } from '../model/report-data.js';
import { RowStore } from '../model/row-store.js';
import { h, replace } from './dom.js';
import { figuresView } from './figures-view.js';
import { notCheckedView } from './not-checked-view.js';
import { failingRows, rowTable } from './row-table.js';

/** At most this many failing rows go to paper. */
const PRINTED_ROWS = 200;

function printList(store: RowStore): HTMLElement {
  const failing = failingRows(store);
  const list = h('ol', { class: 'print-rows__list' });
  for (const index of failing.slice(0, PRINTED_ROWS)) {
    const row = store.rowAt(index);
    list.append(
      h(
        'li',
        {},
        // A row failed for a finding alone (a chain) has no reason sentence: its finding types say why.
        `Line ${row.line} · ${row.source} · ${row.error ?? row.finalStatus ?? ''} · ${(row.reasons.length > 0 ? row.reasons : row.types).join('; ')}`,
      ),
    );
  }
  const more =
    failing.length > PRINTED_ROWS ? h('p', {}, `and ${failing.length - PRINTED_ROWS} more failing rows`) : '';
  return h('section', { class: 'print-rows' }, h('h2', {}, `Failing rows (${failing.length})`), list, more);
}

/** How the report sits in its document. */
export interface ShowOptions {
  /**
   * The title's heading: `h1` in the report file, where the report is the document; `h2` inside the page, whose own
   * `h1` is the page's name (one `h1` per page, and headings that nest).
   */
  titleTag?: 'h1' | 'h2';
}

/** Reads `data` into `container`; throws when the data is not a report this view reads. */
export function showReport(container: HTMLElement, data: ReportData, options: ShowOptions = {}): void {
  if (data.v !== REPORT_DATA_VERSION && data.v !== 1)
    throw new Error(`hoplens: report data version ${data.v} is not ${REPORT_DATA_VERSION}`);
  performance.mark('hoplens:report-start');
  const store = RowStore.from(data);
  performance.mark('hoplens:report-decoded');
  const collapsed = new Set((data.collapse?.targets ?? []).map((target) => target.finalUrl));
  const figures = reportFigures(store, collapsed);
  performance.mark('hoplens:report-figures');
  const generated = new Date(data.generated);
  replace(
    container,
    h(
      'header',
      { class: 'report-head' },
      h(options.titleTag ?? 'h1', { class: 'report-head__title' }, `hoplens report: ${data.title}`),
      h(
        'p',
        { class: 'report-head__meta' },
        `Written ${Number.isNaN(generated.getTime()) ? data.generated : generated.toLocaleString()}`,
      ),
    ),
    figuresView(figures, data),
    notCheckedView(data.notChecked, data.input),
    rowTable(store, data.input),
    printList(store),
  );
  performance.mark('hoplens:report-built');
}
