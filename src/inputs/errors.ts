import { defineErrors, type HoplensError, type HoplensErrorDetails } from '../core/portable/index.js';

/**
 * The codes inputs raise, each with what it means (`hoplens explain CODE` prints it). They are inputs' own, not a
 * face's: the CLI maps each to its exit status in its one table (src/cli/exit-codes.ts), and any other face reading
 * inputs maps them its own way.
 */
export const INPUTS_ERROR_WORDS = Object.freeze({
  INPUT_UNREADABLE: 'An input cannot be opened, read or fetched: missing, a directory, no permission, an http error.',
  INPUT_MALFORMED:
    'An input cannot be read as its format as a whole: binary, a line too long, not JSON or TOML, not a sitemap, ' +
    'a CSV without a header.',
  INPUT_OPTION_INVALID:
    'A reading option does not fit the input: a bad --base-url, --variant on another format, bad --columns.',
});

/** A code inputs raise. */
export type InputsErrorCode = keyof typeof INPUTS_ERROR_WORDS;

/** The codes inputs raise, in the order of {@link INPUTS_ERROR_WORDS}. */
export const INPUTS_ERROR_CODES: readonly InputsErrorCode[] = Object.freeze(
  Object.keys(INPUTS_ERROR_WORDS) as InputsErrorCode[],
);

/** What an inputs error carries besides the core's details. */
export interface InputsErrorDetails extends HoplensErrorDetails {
  /** `INPUT_OPTION_INVALID`: the flag at fault (`--columns`), as the user typed it. */
  flag?: string;
}

const INPUTS_ERRORS = defineErrors<InputsErrorCode, InputsErrorDetails>(INPUTS_ERROR_CODES);

/** An error inputs raised. */
export type InputsError = HoplensError<InputsErrorCode, InputsErrorDetails>;

/** Makes an inputs error. */
export const inputsError = INPUTS_ERRORS.make;

/** Whether `value` is an error inputs raised. */
export const isInputsError = INPUTS_ERRORS.is;

/** An input that cannot be read as a whole (a line too long, a file that is not TOML or JSON). */
export function malformedInput(message: string): InputsError {
  return inputsError('INPUT_MALFORMED', message);
}

/** An input that cannot be opened or fetched, with the system's error as its cause. */
export function unreadableInput(message: string, cause?: unknown): InputsError {
  return inputsError('INPUT_UNREADABLE', message, {}, cause === undefined ? undefined : { cause });
}

/**
 * A reading option that does not fit, in the wording the CLI uses for every bad flag: `--columns must be
 * ROLE=NAME..., got "x"`.
 */
export function invalidInputOption(flag: string, requirement: string, got?: string): InputsError {
  const shown = got === undefined ? '' : `, got ${got}`;
  return inputsError('INPUT_OPTION_INVALID', `${flag} ${requirement}${shown}`, { flag });
}
