import { parse } from 'csv-parse/browser/esm/sync';
import { restoredCell } from './csv-cell.js';
import { type CsvItem, csvParseOptions, firstCsvLine, type ParsedRecord, SkippedRecords } from './csv-options.js';

/**
 * A CSV text's records, read by the same parser with the same options as a streamed CSV (csv-records.ts), for the
 * page, which has the text of a file and no stream: csv-parse's browser build of its synchronous API, which imports
 * nothing (test/architecture/layers.test.ts checks it). A record the parser cannot read is invalid, in line order.
 */
export function csvTextRecords(text: string): CsvItem[] {
  const skipped = new SkippedRecords();
  const records = parse(text, csvParseOptions(firstCsvLine(text), skipped.add)) as unknown as ParsedRecord[];
  const items: CsvItem[] = [];
  for (const { record, info } of records) {
    items.push(...skipped.before(info.lines));
    items.push({ kind: 'record', line: info.lines, record: record.map(restoredCell) });
  }
  items.push(...skipped.before(Number.POSITIVE_INFINITY));
  return items;
}
