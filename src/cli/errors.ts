import {
  defineErrors,
  ERROR_CODES,
  type ErrorCode,
  type HoplensError,
  type HoplensErrorDetails,
} from '../core/index.js';
import { CRAWL_ERROR_CODES, type CrawlErrorCode } from '../crawl/errors.js';
import { INPUTS_ERROR_CODES, type InputsErrorCode } from '../inputs/light.js';
import { LINT_ERROR_CODES, type LintErrorCode } from '../lint/errors.js';

/** The command line's own error codes, beside the core's, each with what it means (`hoplens explain CODE`). */
export const CLI_ERROR_WORDS = Object.freeze({
  USAGE_ERROR: 'The command line is wrong: an unknown flag, a bad value or combination of flags, a missing argument.',
  INPUT_ERROR:
    'A file the command reads is missing, unreadable or malformed: a --baseline, --report, --config or --ca.',
  OUTPUT_ERROR: 'The report cannot be written: a missing directory, a full disk, a file that is not writable.',
  DATABASE_UNAVAILABLE: 'The PostgreSQL of DATABASE_URL (a shared crawl) cannot be reached or refuses the connection.',
  INTERNAL_ERROR: 'A bug in hoplens itself: please report it, with the command that gave it.',
});

/** The command line's own error codes. */
export const CLI_ERROR_CODES = Object.freeze(Object.keys(CLI_ERROR_WORDS) as Array<keyof typeof CLI_ERROR_WORDS>);

/** Every code the CLI reports: the core's, the inputs', lint's and the crawl's, and its own. */
export type CliErrorCode = ErrorCode | InputsErrorCode | LintErrorCode | CrawlErrorCode | keyof typeof CLI_ERROR_WORDS;

/** Every code the CLI reports, for the exit-code table's test. */
export const ALL_CLI_ERROR_CODES: readonly CliErrorCode[] = Object.freeze([
  ...ERROR_CODES,
  ...INPUTS_ERROR_CODES,
  ...LINT_ERROR_CODES,
  ...CRAWL_ERROR_CODES,
  ...CLI_ERROR_CODES,
]);

/** What a CLI error may carry besides the core's details. */
export interface CliErrorDetails extends HoplensErrorDetails {
  /** The flag at fault (`--max-hops`), as the user typed it. */
  flag?: string;
}

/** An error of the command line. */
export type CliError = HoplensError<CliErrorCode, CliErrorDetails>;

const CLI_ERRORS = defineErrors<CliErrorCode, CliErrorDetails>(ALL_CLI_ERROR_CODES);

/** Makes a {@link CliError}. */
export const cliError = CLI_ERRORS.make;

/** Whether `value` is an error the CLI knows how to exit with. */
export const isCliError = CLI_ERRORS.is;

/** A bad flag value, in the one wording the CLI uses: `--max-hops must be an integer from 1 to 20, got 50`. */
export function invalidFlag(flag: string, requirement: string, got?: string): CliError {
  const shown = got === undefined ? '' : `, got ${got}`;
  return cliError('USAGE_ERROR', `${flag} ${requirement}${shown}`, { flag });
}
