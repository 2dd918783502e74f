import { defineErrors, type HoplensError, type HoplensErrorDetails } from '../core/index.js';

/**
 * The codes lint raises, each with what it means (`hoplens explain CODE`); the CLI maps them to exit statuses in
 * src/cli/exit-codes.ts.
 */
export const LINT_ERROR_WORDS = Object.freeze({
  LINT_SITEMAP_UNREADABLE: 'The --sitemap file of hoplens lint cannot be read, or is not a sitemap of pages.',
});

/** A code lint raises. */
export type LintErrorCode = keyof typeof LINT_ERROR_WORDS;

/** The codes lint raises. */
export const LINT_ERROR_CODES: readonly LintErrorCode[] = Object.freeze(
  Object.keys(LINT_ERROR_WORDS) as LintErrorCode[],
);

/** An error lint raised. */
export type LintError = HoplensError<LintErrorCode, HoplensErrorDetails>;

const LINT_ERRORS = defineErrors<LintErrorCode, HoplensErrorDetails>(LINT_ERROR_CODES);

/** Makes a lint error. */
export const lintError = LINT_ERRORS.make;

/** Whether `value` is an error lint raised. */
export const isLintError = LINT_ERRORS.is;
