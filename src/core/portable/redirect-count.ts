/**
 * What counts as a redirect, defined once (docs/issues.md, "How redirects are counted"): a hop whose response was a
 * redirect status with a Location, whether or not the chain followed it, or a page whose client redirect (Refresh,
 * meta refresh, script) the chain followed. The detectors, `hoplens check`, the CLI's
 * tables and the web page all count with this module. It imports nothing at run time, so the page can bundle it.
 */
import type { Hop } from '../types.js';

/** The fields of a hop the count looks at (the page's own Hop type has them too). */
export type RedirectFields = Pick<Hop, 'redirectType' | 'redirectVia' | 'headers'>;

/**
 * Whether a hop redirected: a 301/302/303/307/308 (`redirectType`) that carried a Location, or a followed client
 * redirect (`redirectVia` other than `http`).
 */
export function isRedirect(hop: RedirectFields): boolean {
  if (hop.redirectType === undefined) return false;
  return hop.headers.location !== undefined || (hop.redirectVia !== undefined && hop.redirectVia !== 'http');
}

/** The number of hops whose response was a redirect, followed or not. */
export function countRedirects(chain: readonly RedirectFields[]): number {
  let count = 0;
  for (const hop of chain) if (isRedirect(hop)) count++;
  return count;
}
