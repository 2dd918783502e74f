/**
 * A report as one self-contained HTML file: the view's script and styles (built by scripts/build-report.mjs) and the
 * report's data inline, no external resource of any kind, so that it opens offline and from a mail attachment.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportDocument, type ViewAssets } from './html-document.js';
import type { ReportData } from './model/report-data.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Where the built view is: beside this module once compiled (dist/report/), beside the CLI's chunks
 * (dist/cli-chunks/ → dist/report/), or in dist/report/ when run from source (the tests build dist/ first).
 */
const CANDIDATES = [here, join(here, '..', 'report'), join(here, '..', '..', 'dist', 'report')];

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

/** The whole file for `data`. */
export function reportHtml(data: ReportData): string {
  return reportDocument(data, viewAssets());
}
