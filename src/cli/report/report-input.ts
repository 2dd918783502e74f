import { ReportFileError } from '../../check/report-file/index.js';
import { cliError } from '../errors.js';

/**
 * Runs `read` (a reading of report files), saying a report that cannot be read as the CLI says any bad input: an
 * `INPUT_ERROR` with the reader's words.
 */
export async function readingReports<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ReportFileError) throw cliError('INPUT_ERROR', error.message);
    throw error;
  }
}
