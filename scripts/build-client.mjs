// Builds the web page from src/web/client into `outDir`: app.js bundled by esbuild, the static files copied beside
// it. The one recipe for the page: scripts/build.mjs builds it into dist/web/public, and tests that run the service
// from source build it into a directory of their own.
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildReportView } from './build-report.mjs';

/** The page's sources. */
export const CLIENT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'web', 'client');

/** The chain drawing's styles, which the page shares with the report (src/report/view/chain/). */
export const CHAIN_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'report', 'view', 'chain');

/** The report view's styles (report.css), for a report opened on the page. */
const VIEW_DIR = join(CHAIN_DIR, '..');

/** Files copied as they are. */
const STATIC_FILE = /\.(html|css|svg|ico|png|webmanifest)$/;

/** Builds the page into `outDir` (created if missing); esbuild is a dev dependency, loaded only when building. */
export async function buildClient(outDir) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [join(CLIENT_DIR, 'main.ts')],
    outfile: join(outDir, 'app.js'),
    bundle: true,
    minify: true,
    sourcemap: true,
    format: 'esm',
    target: ['es2020'],
    logLevel: 'warning',
  });
  mkdirSync(outDir, { recursive: true });
  // The report view built beside the page too: the many-URLs mode writes the HTML report file in the browser, around
  // the same script and styles the CLI inlines (src/report/html-document.ts).
  await buildReportView(outDir);
  for (const dir of [CLIENT_DIR, CHAIN_DIR, VIEW_DIR]) {
    for (const file of readdirSync(dir)) {
      if (STATIC_FILE.test(file)) cpSync(join(dir, file), join(outDir, file));
    }
  }
}
