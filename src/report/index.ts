/**
 * The report room (issue 30): a check's rows as one self-contained HTML file. The CLI builds the data a row at a time
 * and writes the file; the page shows the same view through the room's page entries (view/page.ts, view/text.ts).
 */
export { reportHtml, staticPageHtml } from './html-file.js';
export { type ReportFigures, reportFigures } from './model/figures.js';
export { type ReportData, ReportDataBuilder, type ReportRow } from './model/report-data.js';
export { RowStore, unpackRows } from './model/row-store.js';
export { escapeHtml, type HtmlValue, html, Markup, raw } from './static/html.js';
export { type Bar, barChart, type Card, type Column, cards, section, type Tone, table } from './static/parts.js';
export type { StaticPage } from './static/static-page.js';
