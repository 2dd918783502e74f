/**
 * The numbers findings are judged by, in one place, so that a policy file (src/core/policy/findings-policy.ts) can override them.
 * The defaults follow Google Search Central: Googlebot follows up to 10 redirect hops ("HTTP status codes, network and
 * DNS errors"), and a site move should keep chains short, under 3 and fewer than 5 ("Site moves with URL changes").
 */

/** The thresholds of the detectors that judge lengths, counts and dates, and of the bulk check's collapse. */
export interface JudgementThresholds {
  /** This many redirects or more is a `redirect_chain` warning. */
  readonly chainWarning: number;
  /** This many redirects or more makes `redirect_chain` an error. */
  readonly chainError: number;
  /** A hop's URL longer than this many characters is `url_too_long`. */
  readonly maxUrlLength: number;
  /** Rows of a bulk check ending on one unexpected final URL from which each gets `redirect_collapse`. */
  readonly collapseThreshold: number;
  /** Days of validity left under which a certificate is `certificate_expiring` (a warning; an error under 7). */
  readonly certificateExpiryDays: number;
}

/** The default thresholds (docs/issues.md cites where each comes from). */
export const JUDGEMENT_DEFAULTS: JudgementThresholds = Object.freeze({
  chainWarning: 2,
  chainError: 5,
  maxUrlLength: 2000,
  collapseThreshold: 10,
  certificateExpiryDays: 30,
});

/** How many redirect hops Googlebot follows before it gives up (said in messages, not a threshold). */
export const GOOGLEBOT_REDIRECT_LIMIT = 10;
