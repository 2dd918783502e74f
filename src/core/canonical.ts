/**
 * The canonical URL a final page declares, in either form Google reads ("How to specify a canonical URL with
 * rel=canonical and other methods"): a `<link rel="canonical">` in its HTML, or a `Link` header with
 * `rel="canonical"` (RFC 8288). The HTML link wins when both are present.
 */
import type { DetectorInput } from './detectors/detector.js';
import { finalPage } from './final-page.js';
import { documentBaseUrl } from './html/base-url.js';
import { findCanonicalLink } from './html/link-canonical.js';
import { linkTargets } from './link-header.js';

/** An http(s) URL resolved against `base`, or undefined when it does not parse or is another scheme. */
function resolveHttp(reference: string, base: string | URL): string | undefined {
  try {
    const url = new URL(reference, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The absolute canonical URL the chain's final 2xx page declares, if any. */
export function declaredCanonical(input: Pick<DetectorInput, 'chain' | 'stop' | 'finalSignals'>): string | undefined {
  const page = finalPage(input);
  if (page === undefined) return undefined;
  const pageUrl = page.hop.url;
  const link = input.finalSignals === undefined ? undefined : findCanonicalLink(input.finalSignals);
  if (link !== undefined) {
    // Relative references resolve against the document's base URL: a <base href>, else the page's URL.
    const resolved = resolveHttp(link.href, documentBaseUrl(link.base, pageUrl));
    if (resolved !== undefined) return resolved;
  }
  const header = page.hop.headers.link;
  const target = header === undefined ? undefined : linkTargets(header, 'canonical')[0];
  // A Link header's reference resolves against the URL of the response it came with (RFC 8288 §3.1).
  return target === undefined ? undefined : resolveHttp(target, pageUrl);
}
