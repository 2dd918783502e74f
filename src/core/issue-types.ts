/**
 * The kinds of finding, apart from the data shapes (src/core/types.ts) so that the policy file's schema, which lists
 * them, and the shapes, which hold a policy, import no circle.
 */

/** Every kind of finding the detectors can report, in one list (the API's schema and the docs read it). */
export const ISSUE_TYPES = Object.freeze([
  'redirect_loop',
  'max_hops_reached',
  'redirect_chain',
  'temporary_redirect',
  'https_downgrade',
  'missing_location',
  'invalid_location',
  'error_status',
  'tls_invalid',
  'blocked_destination',
  'meta_refresh',
  'javascript_redirect',
  'mixed_redirect_types',
  'not_https',
  'trailing_slash_redirect',
  'case_redirect',
  'redirect_to_homepage',
  'query_dropped',
  'fragment_dropped',
  'url_too_long',
  'noindex_destination',
  'canonical_mismatch',
  // judging as Google documents (issue 27): several different canonicals, which Google ignores
  'canonical_conflict',
  'certificate_expiring',
  'tls_outdated',
  'hsts_missing',
  // the open web (issue 46): a bot wall's challenge or block answered instead of the page
  'bot_wall',
  // the open web (issue 46): a parking service's lander, a marketplace's for-sale page or an expired domain's notice
  'parked_domain',
  // HSTS as the browser sees it (issue 46): an invalid header, and hstspreload.org's requirements
  'hsts_invalid',
  'hsts_preload_order',
  'hsts_redirect_without_header',
  'hsts_preload_ineligible',
  // destination judgement (issue 13): robots.txt, and the bulk check's collapse onto one URL
  'robots_blocked_destination',
  'redirect_collapse',
  // render-mode safety (issue 22): a render asked for that did not run or did not finish
  'render_incomplete',
] as const);

/** A kind of finding. */
export type IssueType = (typeof ISSUE_TYPES)[number];
