import { ISSUE_HELP, withHelp } from '../issues/index.js';
import type { Issue, Severity } from '../types.js';
import { blockedDestination } from './blocked-destination.js';
import { botWall } from './bot-wall.js';
import { canonicalConflict } from './canonical-conflict.js';
import { canonicalMismatch } from './canonical-mismatch.js';
import { certificateExpiring } from './certificate-expiring.js';
import { withSharedFacts } from './chain-facts.js';
import { cosmeticRedirects } from './cosmetic-redirects.js';
import type { Detector, DetectorInput } from './detector.js';
import { errorStatus } from './error-status.js';
import { fragmentDropped } from './fragment-dropped.js';
import { hstsInvalid } from './hsts-invalid.js';
import { hstsMissing } from './hsts-missing.js';
import { hstsPreloadIneligible } from './hsts-preload-ineligible.js';
import { hstsPreloadOrder } from './hsts-preload-order.js';
import { hstsRedirectWithoutHeader } from './hsts-redirect-without-header.js';
import { httpsDowngrade } from './https-downgrade.js';
import { invalidLocation } from './invalid-location.js';
import { javascriptRedirect } from './javascript-redirect.js';
import { maxHopsReached } from './max-hops.js';
import { metaRefresh } from './meta-refresh.js';
import { missingLocation } from './missing-location.js';
import { mixedRedirectTypes } from './mixed-redirect-types.js';
import { noindexDestination } from './noindex-destination.js';
import { notHttps } from './not-https.js';
import { parkedDomain } from './parked-domain.js';
import { queryDropped } from './query-dropped.js';
import { redirectChain } from './redirect-chain.js';
import { redirectLoop } from './redirect-loop.js';
import { redirectToHomepage } from './redirect-to-homepage.js';
import { renderIncomplete } from './render-incomplete.js';
import { robotsBlockedDestination } from './robots-blocked-destination.js';
import { temporaryRedirect } from './temporary-redirect.js';
import { tlsInvalid } from './tls-invalid.js';
import { tlsOutdated } from './tls-outdated.js';
import { urlTooLong } from './url-too-long.js';

export { ChainFacts, factsOf } from './chain-facts.js';
export type { Detector, DetectorInput, Finding } from './detector.js';

/** Every detector, run in this order. */
export const DETECTORS: readonly Detector[] = Object.freeze([
  redirectLoop,
  maxHopsReached,
  missingLocation,
  invalidLocation,
  blockedDestination,
  httpsDowngrade,
  errorStatus,
  botWall,
  parkedDomain,
  tlsInvalid,
  urlTooLong,
  noindexDestination,
  certificateExpiring,
  tlsOutdated,
  redirectChain,
  temporaryRedirect,
  metaRefresh,
  javascriptRedirect,
  mixedRedirectTypes,
  notHttps,
  hstsMissing,
  hstsInvalid,
  hstsPreloadOrder,
  hstsRedirectWithoutHeader,
  hstsPreloadIneligible,
  cosmeticRedirects,
  redirectToHomepage,
  queryDropped,
  canonicalMismatch,
  canonicalConflict,
  fragmentDropped,
  robotsBlockedDestination,
  renderIncomplete,
]);

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/**
 * Runs every detector and attaches each finding's help page (src/core/issues/help.ts); issues come most severe first,
 * then in chain order.
 */
export function detectIssues(input: DetectorInput, detectors: readonly Detector[] = DETECTORS): Issue[] {
  // The facts several detectors share, made once for all of them unless the caller made them (the analyzer does, to
  // reuse them).
  return withSharedFacts(input, () => runDetectors(input, detectors));
}

function runDetectors(input: DetectorInput, detectors: readonly Detector[]): Issue[] {
  // A plain loop: this runs for every URL of a bulk check, and most detectors find nothing.
  const issues: Issue[] = [];
  for (const detect of detectors) {
    // A finding is its detector's fresh object: its help page is added in place rather than by a copy (a frozen one,
    // which a detector of the library's users may return, is copied).
    for (const finding of detect(input)) {
      if (Object.isFrozen(finding)) issues.push(withHelp(finding));
      else {
        const issue = finding as Issue;
        issue.help = ISSUE_HELP[finding.type];
        issues.push(issue);
      }
    }
  }
  return sortInPlace(issues);
}

/**
 * Most severe first, then in chain order; stable. An insertion sort: an analysis has a handful of issues, and
 * `Array.prototype.sort` copies the array before sorting it (garbage for every URL of a bulk check).
 */
function sortInPlace(issues: Issue[]): Issue[] {
  for (let i = 1; i < issues.length; i++) {
    const issue = issues[i]!;
    let j = i - 1;
    for (; j >= 0 && bySeverityThenHop(issues[j]!, issue) > 0; j--) issues[j + 1] = issues[j]!;
    issues[j + 1] = issue;
  }
  return issues;
}

function bySeverityThenHop(a: Issue, b: Issue): number {
  return RANK[a.severity] - RANK[b.severity] || (a.hop ?? -1) - (b.hop ?? -1);
}
