/**
 * The numbers detectors judge by, handed to them as `DetectorInput.thresholds` and overridable by a policy file
 * (src/core/policy.ts). `collapseThreshold` is read by `hoplens check` (src/check/collapse.ts), not by a detector.
 */
export interface DetectorThresholds {
  /** Redirects in a chain from which `redirect_chain` is a warning. */
  readonly chainWarning: number;
  /** Redirects in a chain from which `redirect_chain` is an error. */
  readonly chainError: number;
  /** Rows of a bulk check ending on one unexpected final URL from which each gets `redirect_collapse`. */
  readonly collapseThreshold: number;
  /** Longest URL, in characters, before `url_too_long`. */
  readonly maxUrlLength: number;
  /** Days before a certificate's expiry from which it is reported (reserved for a coming detector). */
  readonly certificateExpiryDays: number;
}

/** The thresholds used when no policy sets them. */
export const THRESHOLD_DEFAULTS: DetectorThresholds = Object.freeze({
  chainWarning: 2,
  chainError: 5,
  collapseThreshold: 10,
  maxUrlLength: 2048,
  certificateExpiryDays: 14,
});
