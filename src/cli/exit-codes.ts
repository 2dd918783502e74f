import type { CliErrorCode } from './errors.js';

/**
 * The exit statuses of the `hoplens` command, each with what it means (`hoplens explain 2` prints it). 70 is a bug in
 * hoplens itself (EX_SOFTWARE of sysexits.h), so CI can tell it from a broken redirect; 130 is 128 + SIGINT, 143 is
 * 128 + SIGTERM (given in src/cli/main.ts, the only place that exits).
 */
export const EXIT_STATUSES = Object.freeze({
  OK: { status: 0, words: 'Every chain or row passed: no error finding (and no warning under --strict).' },
  FAILED: {
    status: 1,
    words:
      'At least one chain or row failed (an error finding, a missed expectation, a warning under --strict), or an ' +
      'analysis could not complete (a network or TLS error).',
  },
  USAGE: {
    status: 2,
    words:
      'Usage or input error, before anything was checked: an unknown flag, a bad value, a missing or malformed ' +
      'file, an output that cannot be written.',
  },
  INTERNAL: { status: 70, words: 'A bug in hoplens itself: please report it, with the command that gave it.' },
  INTERRUPTED: { status: 130, words: 'Stopped by Ctrl-C, after printing what was done.' },
  TERMINATED: { status: 143, words: 'Stopped by SIGTERM (128 + 15), after printing what was done, as for Ctrl-C.' },
});

/** Each exit status by name: `EXIT.OK` is 0. */
export const EXIT: Readonly<Record<keyof typeof EXIT_STATUSES, number>> = Object.freeze(
  Object.fromEntries(Object.entries(EXIT_STATUSES).map(([name, { status }]) => [name, status])) as Record<
    keyof typeof EXIT_STATUSES,
    number
  >,
);

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
  // A crawl state that is none, or of another version (hoplens compare, crawl --resume): crawl again, like a bad input.
  CRAWL_STATE_MISSING: EXIT.USAGE,
  CRAWL_STATE_OUTDATED: EXIT.USAGE,
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
