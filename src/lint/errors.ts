import { defineErrors, type HoplensError, type HoplensErrorDetails } from '../core/index.js';

/** The codes lint raises; the CLI maps them to exit statuses in src/cli/exit-codes.ts. */
export const LINT_ERROR_CODES = Object.freeze([
  /** A `--sitemap` file cannot be read, or is not a sitemap of pages. */
  'LINT_SITEMAP_UNREADABLE',
] as const);

/** A code lint raises. */
export type LintErrorCode = (typeof LINT_ERROR_CODES)[number];

/** An error lint raised. */
export type LintError = HoplensError<LintErrorCode, HoplensErrorDetails>;

const LINT_ERRORS = defineErrors<LintErrorCode, HoplensErrorDetails>(LINT_ERROR_CODES);

/** Makes a lint error. */
export const lintError = LINT_ERRORS.make;

/** Whether `value` is an error lint raised. */
export const isLintError = LINT_ERRORS.is;
