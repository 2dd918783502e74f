import { MAX_URL_LENGTH } from '../schemas/analyze-query.js';

/**
 * The MCP face's bounds on what one tool call may ask for: a URL as long as the API takes, and rule text of at most a
 * megabyte (the tools read it whole, in memory, as `hoplens lint` and `fix` read a rules file).
 */
export const MCP_LIMITS = Object.freeze({
  urlLength: MAX_URL_LENGTH,
  ruleTextLength: 1_000_000,
});
