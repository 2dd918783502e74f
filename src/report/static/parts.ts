/**
 * The parts a static report page is made of (coverage, compare...): figure cards, a bar chart with its numbers in
 * text, and a table. They reuse the check report's classes (src/report/view/report.css) so that every hoplens report
 * looks alike; what the check report's virtual table does not need is in static-page.css.
 */
import { type HtmlValue, html, type Markup } from './html.js';

/** A colour from the chain's palette (tokens.css). */
export type Tone = 'success' | 'error' | 'other' | 'permanent' | 'temporary';

export interface Card {
  label: string;
  value: string | number;
  tone?: Tone;
}

function formatted(value: string | number): string {
  return typeof value === 'number' ? value.toLocaleString('en-US') : value;
}

/** The headline figures, each a card. */
export function cards(items: readonly Card[]): Markup {
  const each = items.map(
    (item) =>
      html`<div class="card${item.tone === undefined ? '' : ` card--${item.tone}`}"><span class="card__value">${formatted(item.value)}</span><span class="card__label">${item.label}</span></div>`,
  );
  return html`<div class="cards">${each}</div>`;
}

export interface Bar {
  label: string;
  value: number;
  tone?: Tone;
}

const ROW = 26;
const LABEL = 150;
const WIDTH = 460;
const NUMBER = 70;

/** About what fits left of the bars at the chart's font size; the table under the chart has the whole label. */
const LABEL_CHARS = 20;

function shortLabel(label: string): string {
  return label.length <= LABEL_CHARS ? label : `${label.slice(0, LABEL_CHARS - 1)}…`;
}

function barSvg(bars: readonly Bar[]): Markup {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const span = WIDTH - LABEL - NUMBER;
  const rows = bars.map((bar, index) => {
    const y = index * ROW;
    const width = Math.round((bar.value / max) * span);
    return html`<text x="${LABEL - 8}" y="${y + 17}" text-anchor="end" class="chart__label">${shortLabel(bar.label)}</text><rect x="${LABEL}" y="${y + 5}" width="${span}" height="16" rx="3" class="chart__track"></rect><rect x="${LABEL}" y="${y + 5}" width="${width}" height="16" rx="3" class="chart__bar--${bar.tone ?? 'accent'}"></rect><text x="${LABEL + span + 6}" y="${y + 17}" class="chart__number">${formatted(bar.value)}</text>`;
  });
  const height = Math.max(ROW, bars.length * ROW);
  return html`<svg viewBox="0 0 ${WIDTH} ${height}" class="chart__svg" aria-hidden="true">${rows}</svg>`;
}

/**
 * A horizontal bar chart, titled: the bars are drawn for the eye and hidden from screen readers, which read the same
 * figures in the table under them, as the check report's charts do (src/report/view/charts.ts). The table is hidden
 * inside a box: a table ignores `overflow`, so hidden itself it would still widen a phone's page.
 */
export function barChart(id: string, title: string, bars: readonly Bar[]): Markup {
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  const rows = bars.map((bar) => html`<tr><th scope="row">${bar.label}</th><td>${formatted(bar.value)}</td></tr>`);
  return html`<figure class="chart" data-chart="${id}"><figcaption class="chart__title">${title}<span class="chart__total"> · ${formatted(total)} in all</span></figcaption>${barSvg(bars)}<div class="visually-hidden"><table><tbody>${rows}</tbody></table></div></figure>`;
}

export interface Column<Row> {
  heading: string;
  /** The cell's content: text, a number or markup. */
  cell: (row: Row) => HtmlValue;
  /** Numbers align right. */
  numeric?: boolean;
  /** A URL column: long values wrap anywhere rather than widen the table. */
  url?: boolean;
}

function columnClass<Row>(column: Column<Row>): string | undefined {
  if (column.numeric === true) return 'static-table__number';
  return column.url === true ? 'static-table__url' : undefined;
}

function cellValue<Row>(column: Column<Row>, row: Row): HtmlValue {
  const value = column.cell(row);
  return typeof value === 'number' ? formatted(value) : value;
}

/** A table of `rows`, with a caption; it scrolls sideways inside its box on a narrow screen, never the page. */
export function table<Row>(caption: string, columns: readonly Column<Row>[], rows: readonly Row[]): Markup {
  const head = columns.map((column) => html`<th scope="col" class="${columnClass(column)}">${column.heading}</th>`);
  const body = rows.map(
    (row) =>
      html`<tr>${columns.map((column) => html`<td class="${columnClass(column)}">${cellValue(column, row)}</td>`)}</tr>`,
  );
  return html`<div class="static-table-box" role="region" aria-label="${caption}" tabindex="0"><table class="static-table"><caption>${caption}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** A titled section of the page. */
export function section(id: string, heading: string, ...content: readonly HtmlValue[]): Markup {
  return html`<section class="static-section" aria-labelledby="${id}"><h2 id="${id}">${heading}</h2>${content}</section>`;
}
