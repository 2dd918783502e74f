import type { Readable } from 'node:stream';
import type { InputItem } from '../../check/row.js';
import { readCsvRecords } from '../../rules/csv-records.js';
import { readSourceUrl, readStatus, readTargetUrl } from '../../rules/urls.js';
import { cliError } from '../errors.js';
import { type CsvColumns, type CsvRole, readCsvHeader } from './csv-header.js';

/** Turns one data record into a row, or the reason it is malformed; paths are made absolute on `baseUrl`. */
function readRecord(record: string[], line: number, columns: CsvColumns, baseUrl: string | undefined): InputItem {
  if (record.length !== columns.width) {
    return { kind: 'invalid', line, message: `expected ${columns.width} fields like the header, got ${record.length}` };
  }
  const field = (role: CsvRole) => (columns.roles[role] === -1 ? '' : (record[columns.roles[role]] ?? '').trim());
  const source = readSourceUrl(field('source'), baseUrl);
  if (!source.ok) return { kind: 'invalid', line, message: source.message };
  const row: InputItem & { kind: 'row' } = { kind: 'row', row: { line, source: source.url } };
  // An empty target means "no expectation on the final URL", e.g. a row that only checks a 410.
  if (field('target') !== '') {
    const target = readTargetUrl(field('target'), source.url);
    if (!target.ok) return { kind: 'invalid', line, message: target.message };
    row.row.target = target.url;
  }
  if (field('status') !== '') {
    const status = readStatus(field('status'));
    if (!status.ok) return { kind: 'invalid', line, message: status.message };
    row.row.status = status.status;
  }
  if (columns.extra.length > 0) {
    const extra: Record<string, string> = {};
    for (const { index, name } of columns.extra) extra[name] = record[index] ?? '';
    row.row.extra = extra;
  }
  return row;
}

/**
 * Reads CSV with a header naming at least the source column (any order, any case, the names of
 * src/cli/inputs/csv-header.ts), through src/rules/csv-records.ts. Other columns are carried through as the row's
 * `extra`; paths are made absolute on `baseUrl`. A record the parser cannot read (a stray quote) is reported in input
 * order with its line number; a bad header stops the input.
 */
export async function* readCsv(stream: Readable, baseUrl?: string): AsyncGenerator<InputItem> {
  let columns: CsvColumns | undefined;
  for await (const item of readCsvRecords(stream)) {
    if (item.kind === 'invalid') {
      yield item;
      continue;
    }
    if (columns === undefined) {
      columns = readCsvHeader(item.record, item.line);
      continue;
    }
    yield readRecord(item.record, item.line, columns, baseUrl);
  }
  if (columns === undefined) throw cliError('INPUT_ERROR', 'the CSV has no header (source,target,status)');
}
