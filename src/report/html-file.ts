/**
 * A report as one self-contained HTML file: the view's script and styles (built by scripts/build-report.mjs) and the
 * report's data inline, no external resource of any kind, so that it opens offline and from a mail attachment.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportDocument, type ViewAssets } from './html-document.js';
import type { ReportData } from './model/report-data.js';
import { type StaticPage, staticPageDocument } from './static/static-page.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Where the built view is: beside this module once compiled (dist/report/), beside the CLI's chunks
 * (dist/cli-chunks/ → dist/report/), or in dist/report/ when run from source (the tests build dist/ first).
 */
const CANDIDATES = [here, join(here, '..', 'report'), join(here, '..', '..', 'dist', 'report')];

let assets: ViewAssets | undefined;
let staticStyles: string | undefined;

/** A file of the built view, read from whichever candidate folder has it. */
function builtFile(name: string): string {
  const dir = CANDIDATES.find((candidate) => existsSync(join(candidate, name)));
  if (dir === undefined) throw new Error('the report view is not built: run npm run build');
  return readFileSync(join(dir, name), 'utf8');
}

function viewAssets(): ViewAssets {
  assets ??= { script: builtFile('report-view.js'), styles: builtFile('report-view.css') };
  return assets;
}

/** The whole file for `data`. */
export function reportHtml(data: ReportData): string {
  return reportDocument(data, viewAssets());
}

/** A static report page (coverage, compare) as one self-contained HTML file. */
export function staticPageHtml(page: StaticPage): string {
  staticStyles ??= builtFile('static-page.css');
  return staticPageDocument(page, staticStyles);
}
