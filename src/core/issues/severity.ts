import type { IssueType, Severity } from '../types.js';

/**
 * The severity each kind of finding is reported with (two for the kinds whose severity depends on how bad it is),
 * before a policy file overrides it: what the API's document and docs/issues.md list. A test checks every finding
 * the detectors make against it.
 */
export const ISSUE_SEVERITY: Readonly<Record<IssueType, readonly Severity[]>> = Object.freeze({
  redirect_loop: ['error'],
  max_hops_reached: ['error'],
  redirect_chain: ['warning', 'error'],
  temporary_redirect: ['warning'],
  https_downgrade: ['error'],
  missing_location: ['error'],
  invalid_location: ['error'],
  error_status: ['error'],
  tls_invalid: ['error'],
  blocked_destination: ['error'],
  meta_refresh: ['warning'],
  javascript_redirect: ['warning'],
  mixed_redirect_types: ['info'],
  not_https: ['info'],
  trailing_slash_redirect: ['info'],
  case_redirect: ['info'],
  redirect_to_homepage: ['warning'],
  query_dropped: ['warning'],
  fragment_dropped: ['info'],
  url_too_long: ['error'],
  noindex_destination: ['error'],
  canonical_mismatch: ['warning'],
  canonical_conflict: ['warning'],
  certificate_expiring: ['warning', 'error'],
  tls_outdated: ['warning'],
  hsts_missing: ['info'],
  bot_wall: ['warning'],
  parked_domain: ['warning', 'error'],
  hsts_invalid: ['warning'],
  hsts_preload_order: ['warning'],
  hsts_redirect_without_header: ['warning'],
  hsts_preload_ineligible: ['warning'],
  robots_blocked_destination: ['warning'],
  redirect_collapse: ['error'],
  render_incomplete: ['error'],
});

/** `redirect_loop (error), redirect_chain (warning or error), …`: every kind with its severity, in words. */
export function describeSeverities(): string {
  return Object.entries(ISSUE_SEVERITY)
    .map(([type, severities]) => `\`${type}\` (${severities.join(' or ')})`)
    .join(', ');
}
