/** The canonical link of a page (its links as read by src/core/html/page-signals.ts). */
import type { PageSignals } from './page-signals.js';

/** A canonical link as written: its `href`, and the document's `<base href>` when it has one. */
export interface CanonicalLink {
  readonly href: string;
  readonly base?: string;
}

/**
 * The first `<link>` whose `rel` tokens include `canonical` and that has a non-empty `href`. `rel` is a set of
 * space-separated tokens, compared ASCII case-insensitively (HTML §4.6.7), so `rel="Canonical alternate"` counts.
 */
export function findCanonicalLink(page: PageSignals): CanonicalLink | undefined {
  for (const link of page.links) {
    const href = link.href.trim();
    if (!link.rel.includes('canonical') || href === '') continue;
    return page.base === undefined ? { href } : { href, base: page.base };
  }
  return undefined;
}
