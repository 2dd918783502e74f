import { MAX_URL_LENGTH } from '../schemas/analyze-query.js';

/**
 * The MCP face's bounds on what one tool call may ask for: a URL as long as the API takes, rule text of at most a
 * megabyte (the tools read it whole, in memory, as `hoplens lint` and `fix` read a rules file), and at most 1,000
 * rows checked by one call (issue 47's decision), a few at a time.
 */
export const MCP_LIMITS = Object.freeze({
  urlLength: MAX_URL_LENGTH,
  ruleTextLength: 1_000_000,
  checkRows: 1000,
  /** Rows of one `check` call analysed at once, as `hoplens <url...>` analyses its URLs. */
  checkConcurrency: 4,
});
