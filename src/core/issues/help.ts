/**
 * Where each kind of finding is explained. Search-related findings point at the Google Search Central page that
 * says how Google treats them; the others at their section of hoplens's own docs/issues.md, given as a path relative
 * to the hoplens package (which ships docs/; the service serves it as /docs/issues#<type>), so that no host name is
 * guessed.
 */
import type { Issue, IssueType } from '../types.js';

const SEARCH_CENTRAL = 'https://developers.google.com/search/docs/crawling-indexing';

/** Redirects and Google Search: permanent and temporary, server-side, meta refresh and JavaScript redirects. */
const REDIRECTS = `${SEARCH_CENTRAL}/301-redirects`;
/** HTTP status codes, network and DNS errors: Googlebot follows up to 10 hops; 4xx and 5xx; soft 404s. */
const STATUS_CODES = `${SEARCH_CENTRAL}/http-network-errors`;

/** hoplens's own explanation of a finding. */
function ownDocs(type: IssueType): string {
  return `docs/issues.md#${type}`;
}

/** The help page of every kind of finding (a test checks that none is missing). */
export const ISSUE_HELP: Readonly<Record<IssueType, string>> = Object.freeze({
  redirect_loop: ownDocs('redirect_loop'),
  max_hops_reached: ownDocs('max_hops_reached'),
  redirect_chain: `${SEARCH_CENTRAL}/site-move-with-url-changes`,
  temporary_redirect: REDIRECTS,
  https_downgrade: ownDocs('https_downgrade'),
  missing_location: ownDocs('missing_location'),
  invalid_location: ownDocs('invalid_location'),
  error_status: STATUS_CODES,
  tls_invalid: ownDocs('tls_invalid'),
  blocked_destination: ownDocs('blocked_destination'),
  meta_refresh: REDIRECTS,
  javascript_redirect: `${REDIRECTS}#jslocation`,
  mixed_redirect_types: REDIRECTS,
  not_https: ownDocs('not_https'),
  trailing_slash_redirect: ownDocs('trailing_slash_redirect'),
  case_redirect: ownDocs('case_redirect'),
  redirect_to_homepage: `${STATUS_CODES}#soft-404-errors`,
  query_dropped: ownDocs('query_dropped'),
  fragment_dropped: ownDocs('fragment_dropped'),
  url_too_long: STATUS_CODES,
  noindex_destination: `${SEARCH_CENTRAL}/block-indexing`,
  canonical_mismatch: `${SEARCH_CENTRAL}/consolidate-duplicate-urls`,
  canonical_conflict: `${SEARCH_CENTRAL}/consolidate-duplicate-urls`,
  certificate_expiring: ownDocs('certificate_expiring'),
  tls_outdated: ownDocs('tls_outdated'),
  hsts_missing: ownDocs('hsts_missing'),
  bot_wall: ownDocs('bot_wall'),
  parked_domain: ownDocs('parked_domain'),
  hsts_invalid: ownDocs('hsts_invalid'),
  hsts_preload_order: ownDocs('hsts_preload_order'),
  hsts_redirect_without_header: ownDocs('hsts_redirect_without_header'),
  hsts_preload_ineligible: ownDocs('hsts_preload_ineligible'),
  robots_blocked_destination: `${SEARCH_CENTRAL}/robots/intro`,
  redirect_collapse: `${STATUS_CODES}#soft-404-errors`,
  render_incomplete: ownDocs('render_incomplete'),
});

/** A finding with its help page attached. */
export function withHelp(finding: Omit<Issue, 'help'>): Issue {
  return { ...finding, help: ISSUE_HELP[finding.type] };
}
