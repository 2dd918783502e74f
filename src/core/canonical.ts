/**
 * The canonical URL a final page declares, in either form Google reads ("How to specify a canonical URL with
 * rel=canonical and other methods"): a `<link rel="canonical">` in its HTML head, or a `Link` header with
 * `rel="canonical"` (RFC 8288). Google asks for one canonical per page and ignores them all when a page names
 * several different ones, so hoplens does too: several declarations naming one URL are that URL; naming different
 * URLs, they are a conflict (canonical_conflict) and declare nothing.
 */

import type { FinishedChain } from './detectors/finished-chain.js';
import { documentBaseUrl } from './html/base-url.js';
import { findCanonicalLinks } from './html/link-canonical.js';
import { indexableLanding } from './indexable-landing.js';
import { linkTargets } from './link-header.js';
import { comparableUrl } from './portable/comparable-url.js';

type CanonicalInput = FinishedChain;

/** An http(s) URL resolved against `base`, or undefined when it does not parse or is another scheme. */
function resolveHttp(reference: string, base: string | URL): string | undefined {
  try {
    const url = new URL(reference, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The different absolute canonical URLs the chain's final 2xx page declares, HTML links first, then the `Link`
 * header's, each once (compared as `comparableUrl` compares: the same page in another spelling is one URL). A
 * declaration whose URL does not resolve to http(s) is none.
 */
export function declaredCanonicals(input: CanonicalInput): string[] {
  const page = indexableLanding(input);
  if (page === undefined) return [];
  const pageUrl = page.hop.url;
  const found: string[] = [];
  // Relative references resolve against the document's base URL: a <base href>, else the page's URL.
  for (const link of input.finalSignals === undefined ? [] : findCanonicalLinks(input.finalSignals)) {
    const resolved = resolveHttp(link.href, documentBaseUrl(link.base, pageUrl));
    if (resolved !== undefined) found.push(resolved);
  }
  // A Link header's reference resolves against the URL of the response it came with (RFC 8288 §3.1).
  const header = page.hop.headers.link;
  for (const target of header === undefined ? [] : linkTargets(header, 'canonical')) {
    const resolved = resolveHttp(target, pageUrl);
    if (resolved !== undefined) found.push(resolved);
  }
  const seen = new Set<string>();
  return found.filter((url) => {
    const key = comparableUrl(url);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The canonical URL the final page declares: the one URL its declarations name; undefined for none or a conflict. */
export function declaredCanonical(input: CanonicalInput): string | undefined {
  const canonicals = declaredCanonicals(input);
  return canonicals.length === 1 ? canonicals[0] : undefined;
}
