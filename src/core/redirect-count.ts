/**
 * What counts as a redirect, defined once (docs/issues.md, "How redirects are counted"): a hop whose response was a
 * redirect status with a Location, whether or not the chain followed it. The detectors, `hoplens check`, the CLI's
 * tables and the web page all count with this module. It imports nothing at run time, so the page can bundle it.
 */
import type { Hop } from './types.js';

/** The fields of a hop the count looks at (the page's own Hop type has them too). */
export type RedirectFields = Pick<Hop, 'redirectType' | 'headers'>;

/** Whether a hop's response was a redirect: a 301/302/303/307/308 (`redirectType`) that carried a Location. */
export function isRedirect(hop: RedirectFields): boolean {
  return hop.redirectType !== undefined && hop.headers.location !== undefined;
}

/** The number of hops whose response was a redirect, followed or not. */
export function countRedirects(chain: readonly RedirectFields[]): number {
  let count = 0;
  for (const hop of chain) if (isRedirect(hop)) count++;
  return count;
}
