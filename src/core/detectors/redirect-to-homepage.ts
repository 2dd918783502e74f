import { finalPage } from '../final-page.js';
import { countRedirects } from '../redirect-count.js';
import type { Detector } from './detector.js';

/**
 * The paths of a site's root: `/`, an index file, or a language root such as `/en/`, `/en-us/`, `/fr-CA/` (a
 * two-letter language with an optional region, as the only segment).
 */
const ROOT_PATH = /^\/(?:index\.(?:html?|php))?$|^\/[a-z]{2}(?:[-_][a-z]{2})?\/?$/i;

/**
 * The path of a URL the WHATWG parser wrote (a hop's): the text from the first `/` after the authority to the query or
 * fragment, which is its `pathname`. Read from the string because this runs for every analysis of a bulk check, and
 * most landing pages are not roots.
 */
function hrefPath(href: string): string {
  const start = href.indexOf('/', href.indexOf('//') + 2);
  if (start === -1) return '/';
  const end = href.slice(start).search(/[?#]/);
  return end === -1 ? href.slice(start) : href.slice(start, start + end);
}

/**
 * A URL that is not a site's root redirects to the root of the same site: a removed page sent to the home page. Google
 * may treat that as a soft 404 ("HTTP status codes, network and DNS errors"), and the visitor lands somewhere that is
 * not what they asked for. Redirect to the page that replaces it, or answer 404 or 410.
 */
export const redirectToHomepage: Detector = ({ chain, stop, siteOf = (hostname) => hostname }) => {
  const page = finalPage({ chain, stop });
  const first = chain[0];
  if (page === undefined || first === undefined || countRedirects(chain) === 0) return [];
  // The landing page first: most chains do not end on a root, and then no URL need be parsed.
  if (!ROOT_PATH.test(hrefPath(page.hop.url))) return [];
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
