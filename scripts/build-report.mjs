// Builds the report view (src/report/view/) into `outDir`: report-view.js bundled by esbuild as one classic script,
// and report-view.css, the chain's and the report's styles in one file. src/report/html-file.ts inlines both into
// each HTML report, which therefore needs no network to open; static-page.css is what the static report pages inline
// (src/report/static/).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VIEW_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'report', 'view');

/** The styles, in cascade order. */
const STYLES = ['chain/tokens.css', 'chain/chain.css', 'chain/hop-anatomy.css', 'verdict.css', 'report.css'];

/** The styles of the static report pages (src/report/static/: coverage, compare), which draw no chain. */
const STATIC_STYLES = ['chain/tokens.css', 'report.css', 'static-page.css'];

function concatenated(files) {
  return files.map((file) => readFileSync(join(VIEW_DIR, file), 'utf8')).join('\n');
}

export async function buildReportView(outDir) {
  const esbuild = await import('esbuild');
  mkdirSync(outDir, { recursive: true });
  await esbuild.build({
    entryPoints: [join(VIEW_DIR, 'main.ts')],
    outfile: join(outDir, 'report-view.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2020'],
    logLevel: 'warning',
  });
  writeFileSync(join(outDir, 'report-view.css'), concatenated(STYLES));
  writeFileSync(join(outDir, 'static-page.css'), concatenated(STATIC_STYLES));
}
