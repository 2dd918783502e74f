/**
 * The kinds of a crawl finding and their severities: the crawl room's light entry, beside index.ts and pg/index.ts.
 * The command line explains every finding kind (\`hoplens explain\`, the CI formats' help links) at start-up, and
 * imports these names from here without loading the crawl itself (its HTML and Markdown parsers).
 */
import type { Severity } from '../core/index.js';

/** The kinds of a crawl finding. */
export const CRAWL_ISSUE_TYPES = Object.freeze([
  'link_to_redirect',
  'link_to_chain',
  'link_to_error',
  'link_to_parked',
  'link_to_missing_file',
  'link_to_missing_fragment',
  'redirect_loop_linked',
  'canonical_to_redirect',
  'canonical_to_error',
  'hreflang_to_redirect',
  'hreflang_not_reciprocal',
  'sitemap_url_redirects',
  'sitemap_url_off_site',
  'form_action_not_checked',
] as const);

export type CrawlIssueType = (typeof CRAWL_ISSUE_TYPES)[number];

export const CRAWL_ISSUE_SEVERITY: Readonly<Record<CrawlIssueType, Severity>> = Object.freeze({
  link_to_redirect: 'warning',
  link_to_chain: 'warning',
  link_to_error: 'error',
  link_to_parked: 'error',
  link_to_missing_file: 'error',
  link_to_missing_fragment: 'error',
  redirect_loop_linked: 'error',
  canonical_to_redirect: 'error',
  canonical_to_error: 'error',
  hreflang_to_redirect: 'warning',
  hreflang_not_reciprocal: 'warning',
  sitemap_url_redirects: 'warning',
  sitemap_url_off_site: 'warning',
  form_action_not_checked: 'info',
});
