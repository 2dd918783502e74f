/**
 * The page reader, loaded with its HTML parser on the first HTML page an analysis reads: a run that meets none (a
 * bulk check of redirects to plain pages, `hoplens --version`) never loads parse5.
 */
import type { PageSignals } from './page-signals.js';

let reader: Promise<typeof import('./page-signals.js')> | undefined;

/** {@link readPage} of src/core/html/page-signals.ts, once the module is loaded. */
export async function readPageSignals(markup: string): Promise<PageSignals> {
  reader ??= import('./page-signals.js');
  return (await reader).readPage(markup);
}
