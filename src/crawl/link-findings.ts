/**
 * What a crawl says of each link: a link (an `<a>`, an image, a canonical, an hreflang alternate, a sitemap's `<loc>`)
 * whose target redirects, goes through a chain of redirects, loops or ends in an error. The crawl analyses each
 * distinct target once (src/crawl/crawl-store.ts's TargetRecord); these findings join that analysis to every link
 * that points at it. A link to a redirect costs every visitor and crawler a round trip, and Google reads a canonical,
 * an alternate or a sitemap entry that redirects as a mixed signal: name the final URL instead
 * (https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls,
 * https://developers.google.com/search/docs/specialty/international/localized-versions).
 */
import { countRedirects, type Severity } from '../core/index.js';
import { CRAWL_ISSUE_SEVERITY, type CrawlIssueType } from './crawl-issue-types.js';
import type { LinkElement, LinkRecord, TargetRecord } from './crawl-store.js';

/** One finding on one link. */
export interface CrawlFinding {
  readonly type: CrawlIssueType;
  readonly severity: Severity;
  readonly message: string;
  /** Its section of hoplens's docs/issues.md, a path relative to the package (as every other finding's). */
  readonly help: string;
  /** The page (or sitemap) the link is on. */
  readonly page: string;
  readonly element: LinkElement;
  /** The link's target (resolved, no fragment). */
  readonly url: string;
  /** The URL to link to instead: the final URL of a redirect that ends on a 2xx page, the link's fragment kept. */
  readonly suggestion?: string | undefined;
}

function finding(type: CrawlIssueType, link: LinkRecord, message: string, suggestion?: string): CrawlFinding {
  return {
    type,
    severity: CRAWL_ISSUE_SEVERITY[type],
    message,
    help: `docs/issues.md#${type}`,
    page: link.page,
    element: link.element,
    url: link.url,
    ...(suggestion === undefined ? {} : { suggestion }),
  };
}

/** The link's own fragment on the final URL, unless the final URL has one (a redirect's fragment wins, RFC 9110 §10.2.2). */
function withFragment(finalUrl: string, raw: string): string {
  const hash = raw.indexOf('#');
  if (hash === -1 || finalUrl.includes('#')) return finalUrl;
  return finalUrl + raw.slice(hash);
}

/** What a link's element calls itself in a sentence, where its kind's name alone would not say it. */
const NAMES: Partial<Record<LinkElement, string>> = {
  a: 'A link',
  area: 'An image map area',
  sitemap: 'A sitemap entry',
  'og:url': 'The og:url',
  twitter: 'A Twitter card URL',
  canonical: 'The canonical link',
  hreflang: 'An hreflang alternate',
  amphtml: 'The rel=amphtml link',
  manifest: 'The web app manifest link',
  icon: 'An icon link',
  srcset: 'A srcset candidate',
  'json-ld': 'A JSON-LD URL',
  css: 'A CSS url()',
  form: "A form's action",
};

function named(element: LinkElement): string {
  if (element === 'next' || element === 'prev') return `The rel=${element} link`;
  return NAMES[element] ?? `The ${element} reference`;
}

/** The redirect findings: which type an element's redirect is, and the chain's on top for a link. */
function redirectFindings(link: LinkRecord, redirects: number, finalUrl: string, ok: boolean): CrawlFinding[] {
  const suggestion = ok ? withFragment(finalUrl, link.raw) : undefined;
  const instead = ok ? `; link to ${suggestion} instead` : '';
  const hops = redirects === 1 ? 'a redirect' : `${redirects} redirects`;
  const message = `${named(link.element)} on ${link.page} points at ${link.url}, which goes through ${hops} to ${finalUrl}${instead}`;
  if (link.element === 'canonical') return [finding('canonical_to_redirect', link, message, suggestion)];
  if (link.element === 'hreflang') return [finding('hreflang_to_redirect', link, message, suggestion)];
  if (link.element === 'sitemap') return [finding('sitemap_url_redirects', link, message, suggestion)];
  const found = [finding('link_to_redirect', link, message, suggestion)];
  if (redirects > 1) {
    // Its own words: the chain's cost, not the redirect's message again. Googlebot follows at most 10 hops
    // (Google Search Central, "HTTP status codes, and network and DNS errors").
    const chain = `${named(link.element)} on ${link.page} points at ${link.url}, a chain of ${redirects} redirects: each hop is another round trip for visitors, and Googlebot follows at most 10`;
    found.push(finding('link_to_chain', link, chain, suggestion));
  }
  return found;
}

/** An error at the end of the chain (a 4xx or 5xx) or instead of one (a network error). */
function errorFinding(link: LinkRecord, ending: string): CrawlFinding {
  const type = link.element === 'canonical' ? 'canonical_to_error' : 'link_to_error';
  return finding(type, link, `${named(link.element)} on ${link.page} points at ${link.url}, which ends in ${ending}`);
}

/**
 * A link whose target is a parked, for-sale or expired domain (src/core/parking/): it answers 200, but the site the
 * link meant is gone (issue 46). An error, as a broken link is.
 */
function parkedFinding(link: LinkRecord, why: string): CrawlFinding {
  return finding('link_to_parked', link, `${named(link.element)} on ${link.page} points at ${link.url}: ${why}`);
}

/** The findings of one link, given its target's analysis. A link to a 2xx page without a redirect has none. */
export function linkFindings(link: LinkRecord, target: TargetRecord): CrawlFinding[] {
  if (target.result === undefined) {
    if (target.error === undefined) return [];
    const code = target.error?.code ?? 'an error';
    return [errorFinding(link, code)];
  }
  const { chain, summary } = target.result;
  if (summary.hasLoop) {
    return [
      finding(
        'redirect_loop_linked',
        link,
        `${named(link.element)} on ${link.page} points at ${link.url}, whose redirects loop`,
      ),
    ];
  }
  const redirects = countRedirects(chain);
  const ok = summary.finalStatus >= 200 && summary.finalStatus < 300;
  const found = redirects > 0 ? redirectFindings(link, redirects, summary.finalUrl, ok) : [];
  if (summary.finalStatus >= 400) found.push(errorFinding(link, `${summary.finalStatus} at ${summary.finalUrl}`));
  const parked = summary.issues.find((issue) => issue.type === 'parked_domain');
  if (parked !== undefined) found.push(parkedFinding(link, parked.message));
  return found;
}

/**
 * Page A lists B as an alternate, B was crawled, and B does not list A: Google ignores annotations that are not
 * returned ("If two pages don't both point to each other, the tags will be ignored":
 * https://developers.google.com/search/docs/specialty/international/localized-versions).
 */
export function notReciprocal(link: LinkRecord): CrawlFinding {
  const lang = link.text === '' ? 'an' : `its ${link.text}`;
  return finding(
    'hreflang_not_reciprocal',
    link,
    `${link.page} lists ${link.url} as ${lang} alternate, but ${link.url} does not list ${link.page} back`,
  );
}

/**
 * A sitemap entry on a host the sitemap may not list: its own host only, or one whose robots.txt names it (the
 * sitemaps protocol, https://www.sitemaps.org/protocol.html, "Sitemap file location" and "Sitemaps & Cross
 * Submits"). Search engines drop it; the crawl never requests it (src/crawl/sitemap-hosts.ts).
 */
export function offSiteEntry(link: LinkRecord): CrawlFinding {
  const host = new URL(link.page).host;
  return finding(
    'sitemap_url_off_site',
    link,
    `The sitemap ${link.page} lists ${link.url}, which is not on its host ${host} and whose host's robots.txt does not name the sitemap: not requested`,
  );
}

/**
 * A form's action: where it submits a visitor's data (HTML standard, 4.10.21.3 "Form submission algorithm"). The
 * crawl never requests it (a GET would submit nothing and could act on the site), so whether it redirects is not
 * asserted: a redirect answered to a POST may turn it into a GET and drop the data (RFC 9110 §15.4), which only a
 * submission would show.
 */
export function formActionNotChecked(link: LinkRecord): CrawlFinding {
  return finding(
    'form_action_not_checked',
    link,
    `${named(link.element)} on ${link.page} submits to ${link.url}: not requested, so whether it redirects is not checked`,
  );
}
