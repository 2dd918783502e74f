import type { Readable } from 'node:stream';
import type { InputItem } from '../row.js';
import { readCsvRecords } from '../text/csv-records.js';
import { type CsvReadOptions, csvRows } from './rows.js';

export type { CsvReadOptions } from './rows.js';

/** Reads a CSV as it streams (src/inputs/text/csv-records.ts), its records read as rows by {@link csvRows}. */
export function readCsv(stream: Readable, options: CsvReadOptions = {}): AsyncGenerator<InputItem> {
  return csvRows(readCsvRecords(stream), options);
}
