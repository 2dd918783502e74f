/**
 * The kinds of change `hoplens compare` reports between two crawls of a site, in the order it ranks them: what a
 * search engine would notice first. A page gone is a page dropped from the index, and with links to it a broken path
 * for visitors and crawlers alike; a `noindex` or a robots.txt `Disallow` takes a page out of search on the next
 * visit; a changed canonical moves which URL is indexed; a new redirect or a longer chain hands signals on, with a
 * delay and a hop more (Google, "Redirects and Google Search":
 * https://developers.google.com/search/docs/crawling-indexing/301-redirects); a status or hreflang change, links to
 * redirects and a new title are noticed, but cost less; a page let back in is good news, listed last.
 */
export const CHANGE_KINDS = [
  'page_lost',
  'noindex_added',
  'robots_disallowed',
  'canonical_changed',
  'redirect_new',
  'redirect_chain_grown',
  'redirect_target_changed',
  'status_changed',
  'hreflang_broken',
  'link_to_redirect',
  'title_changed',
  'noindex_removed',
  'robots_allowed',
] as const;

export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** What each kind means, in words (`hoplens compare --help`, docs/cli.md). */
export const CHANGE_WORDS: Readonly<Record<ChangeKind, string>> = Object.freeze({
  page_lost:
    'answered (or redirected to) a 2xx page before; now answers 4xx or 5xx, fails, or was not found by the crawl, and does not redirect to a 2xx page',
  noindex_added: 'a 2xx page that now says noindex (robots meta or X-Robots-Tag)',
  robots_disallowed: "a page robots.txt now keeps the crawl's crawler out of",
  canonical_changed: 'a 2xx page whose canonical is another URL than before (or one now, or none now)',
  redirect_new: 'a URL that answered 2xx before and now redirects',
  redirect_chain_grown: 'a redirect that takes more hops than before to reach its final URL',
  redirect_target_changed: 'a redirect that ends on another URL than before',
  status_changed: 'any other change of status: a 301 now a 302, a 404 now a 200, a 200 now a 203...',
  hreflang_broken:
    'a page names an alternate that named it back before and no longer does, or that is no longer a 2xx page',
  link_to_redirect: 'an internal link that now points at a URL that redirects (it answered without a redirect before)',
  title_changed: "a 2xx page's <title> changed",
  noindex_removed: 'a 2xx page that no longer says noindex',
  robots_allowed: 'a page robots.txt no longer keeps the crawler out of',
});

/** A kind's place in the ranking (0 first). */
export function changeRank(kind: ChangeKind): number {
  return CHANGE_KINDS.indexOf(kind);
}
