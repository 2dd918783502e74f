/**
 * A report as one self-contained HTML document, from its data and the built view (dist/report/report-view.js and
 * .css): free of Node, so that the CLI (src/report/html-file.ts, which reads the view from disk) and the page's
 * many-URLs download (which fetches it from the service) write the same file.
 */
import type { ReportData } from './model/report-data.js';

/** The built report view, inlined into every report file. */
export interface ViewAssets {
  script: string;
  styles: string;
}

/** `text` safe inside an HTML element's text: no `</script>` or `<!--` can end it early. */
function inScript(text: string): string {
  return text
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** The whole file for `data`, around the built view's script and styles. */
export function reportDocument(data: ReportData, { script, styles }: ViewAssets): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>hoplens report: ${escapeHtml(data.title)}</title>`,
    `<style>${styles.replace(/<\/style/gi, '<\\/style')}</style>`,
    '</head>',
    '<body class="report-file">',
    '<main id="report" class="report"><p>Loading the report…</p></main>',
    `<script type="application/json" id="hoplens-data">${inScript(JSON.stringify(data))}</script>`,
    `<script>${script.replace(/<\/script/gi, '<\\/script')}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
