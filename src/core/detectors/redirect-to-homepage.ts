import { finalPage } from '../final-page.js';
import { countRedirects } from '../redirect-count.js';
import type { Detector } from './detector.js';

/**
 * The paths of a site's root: `/`, an index file, or a language root such as `/en/`, `/en-us/`, `/fr-CA/` (a
 * two-letter language with an optional region, as the only segment).
 */
const ROOT_PATH = /^\/(?:index\.(?:html?|php))?$|^\/[a-z]{2}(?:[-_][a-z]{2})?\/?$/i;

/**
 * A URL that is not a site's root redirects to the root of the same site: a removed page sent to the home page. Google
 * may treat that as a soft 404 ("HTTP status codes, network and DNS errors"), and the visitor lands somewhere that is
 * not what they asked for. Redirect to the page that replaces it, or answer 404 or 410.
 */
export const redirectToHomepage: Detector = ({ chain, stop, siteOf = (hostname) => hostname }) => {
  const page = finalPage({ chain, stop });
  const first = chain[0];
  if (page === undefined || first === undefined || countRedirects(chain) === 0) return [];
  // The landing page first: most chains do not end on a root, and then the first URL need not be parsed.
  const to = new URL(page.hop.url);
  if (!ROOT_PATH.test(to.pathname)) return [];
  const from = new URL(first.url);
  if (ROOT_PATH.test(from.pathname)) return [];
  if (siteOf(from.hostname) !== siteOf(to.hostname)) return [];
  return [
    {
      type: 'redirect_to_homepage',
      severity: 'warning',
      message:
        `${from.pathname} redirects to the site's home page ${to.href}; Google may treat it as a soft 404. ` +
        'Redirect to the page that replaces it, or answer 404 or 410',
      hop: 0,
    },
  ];
};
