/*
 * Its own file, importing nothing: the command line declares `hoplens check`'s flags at start-up with these, and
 * reaching them through plan.ts loaded the check room, inputs' readers and pattern matchers into every command,
 * `hoplens URL` included (issue 43: its start-up).
 */

/** Defaults and allowed ranges of the `hoplens check` numbers, for parsing and for the help text. */
export const CHECK_LIMITS = Object.freeze({
  concurrency: { default: 10, min: 1, max: 256 },
  perHost: { default: 2, min: 1, max: 64 },
  // One retry: enough for a hiccup, and a site that is down does not cost every row several backoffs.
  retries: { default: 1, min: 0, max: 10 },
  retryDelay: { default: 500, min: 0, max: 60_000 },
  // A bot wall is not a hiccup: by default its answer is the result; each retry waits longer than a network one.
  retryInconclusive: { default: 0, min: 0, max: 5 },
  /** The first wait before such a retry, in ms, doubled each retry. */
  inconclusiveBackoff: 5000,
  maxRetryAfter: { default: 30, min: 0, max: 3600 },
  maxRedirects: { min: 0, max: 100 },
  /** MB a sitemap may hold uncompressed: the sitemaps protocol's 50 by default, up to 2 GB. */
  sitemapMaxSize: { default: 50, min: 1, max: 2048 },
  /** How many times one row waits out a 429 before its 429 is the result. */
  rateLimitRetries: 3,
  /** Invalid lines reported one by one; beyond, only counted. */
  invalidReported: 50,
  /** Baseline rows not checked, listed one by one; beyond, only counted. */
  missingReported: 20,
});
