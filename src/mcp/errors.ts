/**
 * The MCP face's own error codes, beside the codes of the rooms its tools call (the core's `INVALID_URL`,
 * `BLOCKED_DESTINATION`..., inputs' `INPUT_OPTION_INVALID`...), which its tool errors carry as they are.
 */
export const MCP_ERROR_CODES = Object.freeze([
  /** `fix` on a format it has no writer for. */
  'FIX_UNSUPPORTED',
  /** `fix` on rules with malformed lines: nothing is rewritten, as `hoplens fix` rewrites nothing then. */
  'RULES_MALFORMED',
  /** `check` on more rows than one call may check. */
  'TOO_MANY_ROWS',
  /** `explain` of a type no section of docs/issues.md describes. */
  'UNKNOWN_TYPE',
  /** The package's docs could not be read (installed without them). */
  'DOCS_UNAVAILABLE',
  /** Anything else thrown: a bug, reported as a tool error rather than ending the server. */
  'INTERNAL_ERROR',
] as const);

/** A code of the MCP face's own. */
export type McpErrorCode = (typeof MCP_ERROR_CODES)[number];
