/**
 * The detectors of src/core/detectors and the issue types each reports: what the corpus's scores are grouped by.
 */
import { DETECTORS, type IssueType } from '../../src/index.js';

/** The detectors, by the issue types each reports (the one file reporting two is named once). */
export const DETECTOR_TYPES: Readonly<Record<string, readonly IssueType[]>> = Object.freeze({
  'redirect-loop': ['redirect_loop'],
  'max-hops': ['max_hops_reached'],
  'missing-location': ['missing_location'],
  'invalid-location': ['invalid_location'],
  'blocked-destination': ['blocked_destination'],
  'https-downgrade': ['https_downgrade'],
  'error-status': ['error_status'],
  'tls-invalid': ['tls_invalid'],
  'url-too-long': ['url_too_long'],
  'noindex-destination': ['noindex_destination'],
  'certificate-expiring': ['certificate_expiring'],
  'tls-outdated': ['tls_outdated'],
  'redirect-chain': ['redirect_chain'],
  'temporary-redirect': ['temporary_redirect'],
  'meta-refresh': ['meta_refresh'],
  'javascript-redirect': ['javascript_redirect'],
  'mixed-redirect-types': ['mixed_redirect_types'],
  'not-https': ['not_https'],
  'hsts-missing': ['hsts_missing'],
  'bot-wall': ['bot_wall'],
  'parked-domain': ['parked_domain'],
  'hsts-invalid': ['hsts_invalid'],
  'hsts-preload-order': ['hsts_preload_order'],
  'hsts-redirect-without-header': ['hsts_redirect_without_header'],
  'hsts-preload-ineligible': ['hsts_preload_ineligible'],
  'cosmetic-redirects': ['trailing_slash_redirect', 'case_redirect'],
  'redirect-to-homepage': ['redirect_to_homepage'],
  'query-dropped': ['query_dropped'],
  'canonical-mismatch': ['canonical_mismatch'],
  'canonical-conflict': ['canonical_conflict'],
  'fragment-dropped': ['fragment_dropped'],
  'robots-blocked-destination': ['robots_blocked_destination'],
  'render-incomplete': ['render_incomplete'],
});

/** Every issue type a detector of DETECTORS reports (not `redirect_collapse`, which is `hoplens check`'s). */
export const DETECTED_TYPES: readonly IssueType[] = Object.values(DETECTOR_TYPES).flat();

if (Object.keys(DETECTOR_TYPES).length !== DETECTORS.length) {
  throw new Error(
    `DETECTOR_TYPES names ${Object.keys(DETECTOR_TYPES).length} detectors, DETECTORS has ${DETECTORS.length}`,
  );
}
