import type { CliErrorCode } from './errors.js';

/** Exit statuses of the `hoplens` command that do not come from an error code. */
export const EXIT = Object.freeze({
  /** Every chain or row passed. */
  OK: 0,
  /** At least one chain or row failed, or an analysis failed. */
  FAILED: 1,
  /** Usage or input error: unknown flag, bad value, missing or malformed file, an output that cannot be written. */
  USAGE: 2,
  /** A bug in hoplens itself (EX_SOFTWARE of sysexits.h), so CI can tell it from a broken redirect. */
  INTERNAL: 70,
  /** Stopped by Ctrl-C (128 + SIGINT), after printing what was done. */
  INTERRUPTED: 130,
});

/**
 * The one table from every code the CLI reports to the exit status it gives. It is a `Record` over the whole union,
 * so adding a code to the core or the CLI without deciding its exit status here fails the type check.
 */
export const EXIT_CODES: Readonly<Record<CliErrorCode, number>> = Object.freeze({
  // The caller asked for something impossible: fix the command line or the input file.
  INVALID_URL: EXIT.USAGE,
  INVALID_OPTION: EXIT.USAGE,
  USAGE_ERROR: EXIT.USAGE,
  INPUT_ERROR: EXIT.USAGE,
  // Inputs' own codes (src/inputs/errors.ts) and lint's: a file to fix or a flag to change, like INPUT_ERROR.
  INPUT_UNREADABLE: EXIT.USAGE,
  INPUT_MALFORMED: EXIT.USAGE,
  INPUT_OPTION_INVALID: EXIT.USAGE,
  LINT_SITEMAP_UNREADABLE: EXIT.USAGE,
  OUTPUT_ERROR: EXIT.USAGE,
  // --render without a Chromium to drive: an install away, like a missing input file.
  RENDER_UNAVAILABLE: EXIT.USAGE,
  // A shared crawl's PostgreSQL down or misnamed: a setting to fix, like --render's missing Chromium.
  DATABASE_UNAVAILABLE: EXIT.USAGE,
  // The analysis ran and could not complete: that is a failed chain, like a 404 at the end of one.
  BLOCKED_DESTINATION: EXIT.FAILED,
  DNS_ERROR: EXIT.FAILED,
  CONNECTION_REFUSED: EXIT.FAILED,
  CONNECTION_RESET: EXIT.FAILED,
  TLS_ERROR: EXIT.FAILED,
  PROTOCOL_ERROR: EXIT.FAILED,
  RESPONSE_TOO_LARGE: EXIT.FAILED,
  TIMEOUT: EXIT.FAILED,
  NETWORK_ERROR: EXIT.FAILED,
  // The CLI aborts analyses only on Ctrl-C.
  ABORTED: EXIT.INTERRUPTED,
  INTERNAL_ERROR: EXIT.INTERNAL,
});
