/** The canonical links of a page (its links as read by src/core/html/page-signals.ts). */
import type { PageSignals } from './page-signals.js';

/** A canonical link as written: its `href`, and the document's `<base href>` when it has one. */
export interface CanonicalLink {
  readonly href: string;
  readonly base?: string;
}

/**
 * Every `<link>` in the document's `<head>` whose `rel` tokens include `canonical` and that has a non-empty `href`,
 * in document order. `rel` is a set of space-separated tokens, compared ASCII case-insensitively (HTML §4.6.7), so
 * `rel="Canonical alternate"` counts. Google reads the link only in the head ("How to specify a canonical URL":
 * rel="canonical" in the body is ignored); the parser ends the head at the first element of the body.
 */
export function findCanonicalLinks(page: PageSignals): CanonicalLink[] {
  const found: CanonicalLink[] = [];
  for (const link of page.links) {
    const href = link.href.trim();
    if (!link.inHead || !link.rel.includes('canonical') || href === '') continue;
    found.push(page.base === undefined ? { href } : { href, base: page.base });
  }
  return found;
}

/** The first of {@link findCanonicalLinks}, if any. */
export function findCanonicalLink(page: PageSignals): CanonicalLink | undefined {
  return findCanonicalLinks(page)[0];
}
