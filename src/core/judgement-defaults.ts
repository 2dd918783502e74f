/**
 * The numbers the detectors judge a chain by, in one place, so that a policy can override them. The defaults follow
 * Google Search Central: Googlebot follows up to 10 redirect hops ("HTTP status codes, network and DNS errors"), and
 * a site move should keep chains short, under 3 and fewer than 5 ("Site moves with URL changes").
 */

/** The thresholds of the detectors that judge lengths and counts. */
export interface JudgementThresholds {
  /** This many redirects or more is a `redirect_chain` warning. */
  readonly chainWarning: number;
  /** This many redirects or more makes `redirect_chain` an error. */
  readonly chainError: number;
  /** A hop's URL longer than this many characters is `url_too_long`. */
  readonly maxUrlLength: number;
}

/** The default thresholds (docs/issues.md cites where each comes from). */
export const JUDGEMENT_DEFAULTS: JudgementThresholds = Object.freeze({
  chainWarning: 2,
  chainError: 5,
  maxUrlLength: 2000,
});

/** How many redirect hops Googlebot follows before it gives up (said in messages, not a threshold). */
export const GOOGLEBOT_REDIRECT_LIMIT = 10;
