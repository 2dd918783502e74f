import { pageLanguages } from '../html/page-language.js';
import type { PageSignals } from '../html/page-signals.js';
import { rootLanguage } from '../language-root.js';
import { factsOf } from './chain-facts.js';
import type { Detector } from './detector.js';

/**
 * The path of a site's root: `/` or an index file, the name a web server serves for `/` (Apache's and nginx's
 * `index.html`/`index.php`, IIS's `default.aspx`, a Java server's `index.jsp`...).
 */
const SITE_ROOT = /^\/(?:(?:index|default)\.(?:html?|shtml|php|aspx?|jsp|cfm))?$/i;
/** What may be a root: a site root, or a single segment of two letters with an optional region (cheap to test first). */
const MAYBE_ROOT =
  /^\/(?:(?:index|default)\.(?:html?|shtml|php|aspx?|jsp|cfm))?$|^\/[a-z]{2}(?:[-_](?:[a-z]{2}|[0-9]{3}))?\/?$/i;

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
 * Whether the landing page is a home page: the site's root, or a language root (`/en/`, `/pt-BR`) of a page that says it
 * is in that language (its `<html lang>` or a self-referencing hreflang, src/core/html/page-language.ts). A two-letter
 * path such as `/ok` or `/go` is not a language; `/it` or `/my` on an English page is a page, not the Italian or
 * Burmese home page.
 */
function isHomePage(url: URL, page: PageSignals | undefined): boolean {
  if (SITE_ROOT.test(url.pathname)) return true;
  const language = rootLanguage(url.pathname);
  return language !== undefined && page !== undefined && pageLanguages(page, url.href).has(language);
}

/**
 * A URL that is not a site's root redirects to the root of the same site: a removed page sent to the home page. Google
 * may treat that as a soft 404 ("HTTP status codes, network and DNS errors"), and the visitor lands somewhere that is
 * not what they asked for. Redirect to the page that replaces it, or answer 404 or 410.
 */
export const redirectToHomepage: Detector = (input) => {
  const { chain, finalSignals, siteOf = (hostname) => hostname } = input;
  const facts = factsOf(input);
  const page = facts.landing;
  if (page === undefined || chain.length === 0 || facts.redirectCount === 0) return [];
  // The landing page first: most chains do not end on a root, and then no URL need be parsed.
  if (!MAYBE_ROOT.test(hrefPath(page.hop.url))) return [];
  const to = facts.url(page.index);
  if (!isHomePage(to, finalSignals)) return [];
  const from = facts.url(0);
  // A root sent to another root (`/` to `/en/`, `/en` to `/en/`) is how a site picks a language, not a lost page; the
  // first URL's page is not read, so any language code counts there.
  if (SITE_ROOT.test(from.pathname) || rootLanguage(from.pathname) !== undefined) return [];
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
