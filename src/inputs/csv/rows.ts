import { malformedInput } from '../errors.js';
import type { InputItem } from '../row.js';
import type { CsvItem } from '../text/csv-options.js';
import { readSourceUrl, readStatus, readTargetUrl } from '../text/urls.js';
import { type ColumnChoice, type CsvColumns, type CsvRole, readCsvHeader } from './header.js';

/** Turns one data record into a row, or the reason it is malformed; paths are made absolute on `baseUrl`. */
function readRecord(record: string[], line: number, columns: CsvColumns, options: CsvReadOptions): InputItem {
  if (record.length !== columns.width) {
    return { kind: 'invalid', line, message: `expected ${columns.width} fields like the header, got ${record.length}` };
  }
  const field = (role: CsvRole) => (columns.roles[role] === -1 ? '' : (record[columns.roles[role]] ?? '').trim());
  const source = readSourceUrl(field('source'), options.baseUrl, options);
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

/** How many data records a header without a target column is judged on (see {@link refuseUnnamedTarget}). */
const LOOK_AHEAD = 5;

/** How `hoplens check` reads a CSV. */
export interface CsvReadOptions {
  /** The site path sources are made absolute on. */
  baseUrl?: string;
  /** Columns named by `--columns`, over the recognised header names. */
  columns?: ColumnChoice;
  /** Told which columns were used, once the header is read (and judged). */
  onColumns?: (columns: CsvColumns) => void;
  /** Sources starting with `//` are paths (`--samples`), see SourceReadOptions. */
  slashPaths?: boolean;
}

/** Whether a field reads as a URL or a path: what a target column holds. */
function looksLikeUrl(value: string): boolean {
  return /^(?:https?:\/\/[^\s/]|\/(?!\/))\S*$/i.test(value.trim());
}

/**
 * A header with no recognised target column but another column whose first values are all URLs is refused: that
 * column is most likely the target under a name hoplens does not know, and reading the file without it would pass
 * every row whose redirect goes to the wrong place.
 */
function refuseUnnamedTarget(columns: CsvColumns, records: string[][], line: number): void {
  const urlColumns = columns.extra.filter(({ index }) => {
    const values = records.map((record) => record[index] ?? '').filter((value) => value.trim() !== '');
    return values.length > 0 && values.every(looksLikeUrl);
  });
  if (urlColumns.length === 0) return;
  const names = urlColumns.map(({ name }) => JSON.stringify(name)).join(', ');
  const first = urlColumns[0]!.name;
  throw malformedInput(
    `line ${line}: no target column in the CSV header, but ${names} holds URLs: name the target column with ` +
      `--columns target=${/[\s,"]/.test(first) ? JSON.stringify(first) : first} (or --columns target= to check without one)`,
  );
}

/**
 * A CSV's records as rows, the header naming at least the source column (any order, any case, the names of
 * src/inputs/csv/header.ts, or those `--columns` gives). Other columns are carried through as the row's `extra`;
 * paths are made absolute on `baseUrl`. A record the parser could not read (a stray quote) is reported in input
 * order with its line number; a bad header stops the input. The records come from a stream (read.ts) or, on the
 * page, from a text (src/inputs/text/csv-text.ts): one reading of rows for both.
 */
export async function* csvRows(
  records: AsyncIterable<CsvItem> | Iterable<CsvItem>,
  options: CsvReadOptions = {},
): AsyncGenerator<InputItem> {
  let columns: CsvColumns | undefined;
  let headerLine = 0;
  // Records held back until the header is judged, when it has no target column.
  let held: CsvItem[] | undefined;
  const release = function* (cols: CsvColumns, items: CsvItem[]): Generator<InputItem> {
    const records = items.flatMap((item) => (item.kind === 'record' ? [item.record] : []));
    refuseUnnamedTarget(cols, records, headerLine);
    options.onColumns?.(cols);
    for (const item of items) yield item.kind === 'invalid' ? item : readRecord(item.record, item.line, cols, options);
  };
  for await (const item of records) {
    if (columns === undefined && item.kind === 'record') {
      columns = readCsvHeader(item.record, item.line, options.columns);
      headerLine = item.line;
      const judge = columns.roles.target === -1 && options.columns?.target === undefined;
      if (judge) held = [];
      else options.onColumns?.(columns);
      continue;
    }
    if (held !== undefined && columns !== undefined) {
      held.push(item);
      if (held.filter((one) => one.kind === 'record').length < LOOK_AHEAD) continue;
      yield* release(columns, held);
      held = undefined;
      continue;
    }
    yield item.kind === 'invalid' ? item : readRecord(item.record, item.line, columns!, options);
  }
  if (columns === undefined) throw malformedInput('the CSV has no header (source,target,status)');
  if (held !== undefined) yield* release(columns, held);
}
