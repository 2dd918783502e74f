/**
 * The refresh a page's `<meta http-equiv="refresh">` elements declare, by the HTML standard's rule: each runs the
 * "shared declarative refresh steps" as the parser inserts it, and the first whose content and URL parse sets the
 * document's "will declaratively refresh"; every later one is then ignored. One that fails (no content, no delay
 * digits, a URL that does not parse) sets nothing, so a valid one after it still counts.
 */
import { parseRefresh, type RefreshSource } from '../refresh.js';
import { documentBaseUrl } from './base-url.js';
import type { MetaRefresh } from './page-signals.js';
import { withQueryEncoded } from './query-encoding.js';

/** A refresh the steps accepted: its delay and the URL it goes to (the page's own URL when it names none). */
export interface AcceptedRefresh {
  readonly delay: number;
  readonly target: URL;
}

/**
 * The shared declarative refresh steps on one refresh value: undefined when they return before setting "will
 * declaratively refresh". A URL named resolves against `base` (the document's base URL when the steps run); none
 * names the document's own URL. The URL's query is encoded in the document's `encoding` (src/core/html/query-encoding.ts).
 * `source`: a `Refresh` header's value is read with Chromium's whitespace (src/core/refresh.ts).
 */
export function acceptRefresh(
  content: string,
  base: URL,
  documentUrl: URL,
  encoding?: string,
  source: RefreshSource = 'meta',
): AcceptedRefresh | undefined {
  const declaration = parseRefresh(content, source);
  if (declaration === undefined) return undefined;
  if (declaration.url === undefined) return { delay: declaration.delay, target: documentUrl };
  try {
    return { delay: declaration.delay, target: new URL(withQueryEncoded(declaration.url, encoding), base) };
  } catch {
    return undefined;
  }
}

/** The first meta refresh the steps accept, in the order the elements were inserted; undefined when none is. */
export function firstMetaRefresh(
  refreshes: readonly MetaRefresh[],
  pageUrl: URL,
  encoding?: string,
): AcceptedRefresh | undefined {
  for (const { content, base } of refreshes) {
    // The refresh state's own steps: no content attribute, or an empty one, does nothing.
    if (content === undefined || content === '') continue;
    const accepted = acceptRefresh(content, documentBaseUrl(base, pageUrl), pageUrl, encoding);
    if (accepted !== undefined) return accepted;
  }
  return undefined;
}
