/**
 * The page reader, loaded with its HTML parser on the first HTML page an analysis reads: a run that meets none (a
 * bulk check of redirects to plain pages, `hoplens --version`) never loads parse5.
 */
import type { PageSignals } from './page-signals.js';

let reader: Promise<typeof import('./page-signals.js')> | undefined;

/**
 * {@link readPage} of src/core/html/page-signals.ts, once the module is loaded, with the encoding the page was decoded
 * with when it is not UTF-8 (its URLs' queries are encoded in it).
 */
export async function readPageSignals(markup: string, encoding = 'utf-8'): Promise<PageSignals> {
  reader ??= import('./page-signals.js');
  const signals = (await reader).readPage(markup);
  return encoding === 'utf-8' ? signals : { ...signals, encoding };
}
