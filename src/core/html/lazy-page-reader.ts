/**
 * The page reader, loaded with its HTML parser on the first HTML page an analysis reads: a run that meets none (a
 * bulk check of redirects to plain pages, `hoplens --version`) never loads parse5.
 */
import { decodeBytes } from './encoding-label.js';
import { prepareLegacyEncoder } from './legacy-encoders.js';
import type { PageSignals } from './page-signals.js';

let reader: Promise<typeof import('./page-signals.js')> | undefined;

/**
 * {@link readPage} of src/core/html/page-signals.ts, once the module is loaded, with the encoding the page was decoded
 * with when it is not UTF-8 (its URLs' queries are encoded in it).
 */
export async function readPageSignals(markup: string, encoding = 'utf-8'): Promise<PageSignals> {
  reader ??= import('./page-signals.js');
  // The page's URLs' queries are encoded in its encoding: a multi-byte legacy one's encoder is loaded now.
  await prepareLegacyEncoder(encoding);
  const signals = (await reader).readPage(markup);
  return encoding === 'utf-8' ? signals : { ...signals, encoding };
}

/** A page's text read for its signals, in the encoding it ended up decoded with. */
export interface ReadPage {
  readonly text: string;
  readonly encoding: string;
  readonly signals: PageSignals;
}

/**
 * Reads a page decoded as `encoding`. When that encoding was only guessed (`tentativeBytes` given) and a `<meta>` the
 * parser inserts declares another, the parser's "change the encoding" applies: the bytes are decoded again in the
 * declared one and read again from the start (WHATWG HTML §13.2.3.4), as Chromium reads them.
 */
export async function readTentativePage(
  text: string,
  encoding: string,
  tentativeBytes: Uint8Array | undefined,
): Promise<ReadPage> {
  const signals = await readPageSignals(text, encoding);
  const declared = signals.declaredEncoding;
  if (tentativeBytes === undefined || declared === undefined || declared === encoding) {
    return { text, encoding, signals };
  }
  const again = decodeBytes(tentativeBytes, declared);
  return { text: again, encoding: declared, signals: await readPageSignals(again, declared) };
}
