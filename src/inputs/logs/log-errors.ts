import { type InputsError, invalidInputOption, malformedInput, unreadableInput } from '../errors.js';
import { fileErrorReason } from '../file-error.js';
import { LOG_FORMATS } from './types.js';

/*
 * The logs' failures, raised as the inputs room's one error class with its stable codes (src/inputs/errors.ts), so
 * that every face already maps them: a file that cannot be opened is INPUT_UNREADABLE, a file no format recognises
 * INPUT_MALFORMED, an unknown format or a missing base URL INPUT_OPTION_INVALID (with the flag at fault).
 */

/** A log or traffic file that cannot be opened or read. */
export function unreadableLog(path: string, cause: unknown): InputsError {
  return unreadableInput(
    `${path}: ${fileErrorReason(cause, { ENOENT: 'no such file', EISDIR: 'a directory' })}`,
    cause,
  );
}

/** A format name hoplens does not read. */
export function unknownLogFormat(name: string): InputsError {
  return invalidInputOption('--log-format', `must be one of ${LOG_FORMATS.join(', ')}`, JSON.stringify(name));
}

/** A log whose first lines no format recognises. */
export function unrecognisedLog(path: string, first: string): InputsError {
  const shown = first.length > 120 ? `${first.slice(0, 120)}...` : first;
  return malformedInput(
    `${path}: not an access log hoplens reads (${LOG_FORMATS.join(', ')}); its first line: ${JSON.stringify(shown)}; ` +
      'name its format with --log-format',
  );
}

/** A log of paths only, read without the old site's origin. */
export function baseUrlNeeded(path: string, format: string): InputsError {
  return invalidInputOption('--base-url', `is needed: ${path} is a ${format} log, which has paths and no host`);
}

/** A base URL that is no http(s) URL. */
export function invalidBaseUrl(text: string): InputsError {
  return invalidInputOption('--base-url', 'must be an http or https URL', JSON.stringify(text));
}

/** Standard input named ('-') with no stream given. */
export function noStdin(): InputsError {
  return unreadableInput('-: standard input is not available here');
}

/** A file that begins as gzip and does not inflate. */
export function damagedGzip(path: string, cause: unknown): InputsError {
  const message = cause instanceof Error ? cause.message : String(cause);
  return malformedInput(`${path}: begins as gzip but does not inflate (${message})`);
}
