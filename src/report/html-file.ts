/**
 * A report as one self-contained HTML file: the view's script and styles (built by scripts/build-report.mjs) and the
 * report's data inline, no external resource of any kind, so that it opens offline and from a mail attachment.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReportData } from './model/report-data.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Where the built view is: beside this module once compiled (dist/report/), beside the CLI's chunks
 * (dist/cli-chunks/ → dist/report/), or in dist/report/ when run from source (the tests build dist/ first).
 */
const CANDIDATES = [here, join(here, '..', 'report'), join(here, '..', '..', 'dist', 'report')];

interface ViewAssets {
  script: string;
  styles: string;
}

let assets: ViewAssets | undefined;

function viewAssets(): ViewAssets {
  if (assets !== undefined) return assets;
  const dir = CANDIDATES.find((candidate) => existsSync(join(candidate, 'report-view.js')));
  if (dir === undefined) throw new Error('the report view is not built: run npm run build');
  assets = {
    script: readFileSync(join(dir, 'report-view.js'), 'utf8'),
    styles: readFileSync(join(dir, 'report-view.css'), 'utf8'),
  };
  return assets;
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

/** The whole file for `data`. */
export function reportHtml(data: ReportData): string {
  const { script, styles } = viewAssets();
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
