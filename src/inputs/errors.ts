import { HoplensError } from '../core/index.js';

/**
 * An input that cannot be read as a whole (a line too long, a file that is not TOML or JSON). The code is the
 * command line's `INPUT_ERROR`, so that the CLI reports it as it reports its own input errors (exit 2).
 */
export function inputError(message: string): HoplensError<'INPUT_ERROR'> {
  return new HoplensError('INPUT_ERROR', message);
}
