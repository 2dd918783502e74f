import { MAX_URL_LENGTH } from '../schemas/analyze-query.js';

/**
 * The MCP face's bounds on what one tool call may ask for: a URL as long as the API takes, rule text of at most a
 * megabyte (the tools read it whole, in memory, as `hoplens lint` and `fix` read a rules file), and at most 1,000
 * rows checked by one call (issue 47's decision), a few at a time; the migration tools' lists and traffic bounded so.
 */
export const MCP_LIMITS = Object.freeze({
  urlLength: MAX_URL_LENGTH,
  ruleTextLength: 1_000_000,
  checkRows: 1000,
  /** Rows of one `check` call analysed at once, as `hoplens <url...>` analyses its URLs. */
  checkConcurrency: 4,
  /** URLs in each list of one `suggest` call: a large site's (50,000 new URLs take about 20 s: BENCHMARKS.md). */
  suggestPages: 50_000,
  /** An access log or traffic export given to `coverage` as text: 10 MB, some 50,000 lines. */
  trafficTextLength: 10_000_000,
  /** The most URLs one `coverage` answer lists, besides its summary. */
  coverageRows: 1000,
});
