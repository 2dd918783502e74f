import type { Issue, Severity } from '../types.js';
import { blockedDestination } from './blocked-destination.js';
import { cosmeticRedirects } from './cosmetic-redirects.js';
import type { Detector, DetectorInput } from './detector.js';
import { errorStatus } from './error-status.js';
import { httpsDowngrade } from './https-downgrade.js';
import { invalidLocation } from './invalid-location.js';
import { javascriptRedirect } from './javascript-redirect.js';
import { maxHopsReached } from './max-hops.js';
import { metaRefresh } from './meta-refresh.js';
import { missingLocation } from './missing-location.js';
import { mixedRedirectTypes } from './mixed-redirect-types.js';
import { notHttps } from './not-https.js';
import { redirectChain } from './redirect-chain.js';
import { redirectLoop } from './redirect-loop.js';
import { robotsBlockedDestination } from './robots-blocked-destination.js';
import { temporaryRedirect } from './temporary-redirect.js';
import { tlsInvalid } from './tls-invalid.js';

export type { Detector, DetectorInput } from './detector.js';

/** Every detector, run in this order. */
export const DETECTORS: readonly Detector[] = Object.freeze([
  redirectLoop,
  maxHopsReached,
  missingLocation,
  invalidLocation,
  blockedDestination,
  httpsDowngrade,
  errorStatus,
  tlsInvalid,
  redirectChain,
  temporaryRedirect,
  metaRefresh,
  javascriptRedirect,
  mixedRedirectTypes,
  notHttps,
  cosmeticRedirects,
  robotsBlockedDestination,
]);

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Runs every detector; issues come most severe first, then in chain order. */
export function detectIssues(input: DetectorInput, detectors: readonly Detector[] = DETECTORS): Issue[] {
  return detectors
    .flatMap((detect) => detect(input))
    .sort((a, b) => RANK[a.severity] - RANK[b.severity] || (a.hop ?? -1) - (b.hop ?? -1));
}
