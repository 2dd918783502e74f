import type { Readable } from 'node:stream';
import type { CsvError } from 'csv-parse';
import type { InputItem } from '../../check/row.js';
import { cliError } from '../errors.js';
import { type CsvColumns, type CsvRole, readCsvHeader } from './csv-header.js';
import { readSourceUrl, readStatus, readTargetUrl } from './urls.js';

/** Largest CSV record accepted, so that an unclosed quote cannot make the parser buffer a whole file. */
const MAX_RECORD_SIZE = 1024 * 1024;

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
 * src/cli/inputs/csv-header.ts), quoted fields (RFC 4180), blank lines and whole-line `#` comments, through
 * csv-parse's streaming parser. Other columns are carried through as the row's `extra`; paths are made absolute on
 * `baseUrl`. A record csv-parse cannot read (a stray quote) is
 * skipped by the parser and reported here in input order with its line number; a bad header stops the input.
 */
export async function* readCsv(stream: Readable, baseUrl?: string): AsyncGenerator<InputItem> {
  // Loaded on use: a list or _redirects check never needs the parser, and every start-up would pay for it.
  const { parse } = await import('csv-parse');
  // Records the parser skipped, in order; merged with the good records by line number.
  const skipped: Array<{ line: number; message: string }> = [];
  let lastSkippedLine = -1;
  const parser = stream.pipe(
    parse({
      bom: true,
      comment: '#',
      // A `#` inside a URL (a fragment) is data; only a line starting with `#` is a comment.
      comment_no_infix: true,
      skip_empty_lines: true,
      // Spaces around fields (and around their quotes) are layout, not data.
      trim: true,
      relax_column_count: true,
      info: true,
      max_record_size: MAX_RECORD_SIZE,
      skip_records_with_error: true,
      on_skip: (error: CsvError | undefined) => {
        const line = typeof error?.lines === 'number' ? error.lines : 0;
        // After a stray quote the parser may trip again on the same line; one report per line is enough.
        if (error !== undefined && line !== lastSkippedLine) {
          lastSkippedLine = line;
          skipped.push({ line, message: error.message.replace(/ at line \d+/, '') });
        }
        return undefined;
      },
    }),
  );
  // A read error of the source (not a parse error) must reach the parser's consumer.
  stream.on('error', (error) => parser.destroy(error));
  let columns: CsvColumns | undefined;
  const flushSkipped = function* (before: number): Generator<InputItem> {
    while (skipped.length > 0 && skipped[0]!.line < before) {
      const { line, message } = skipped.shift()!;
      yield { kind: 'invalid', line, message: `malformed CSV: ${message}` };
    }
  };
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield* flushSkipped(info.lines);
    if (columns === undefined) {
      columns = readCsvHeader(record, info.lines);
      continue;
    }
    yield readRecord(record, info.lines, columns, baseUrl);
  }
  yield* flushSkipped(Number.POSITIVE_INFINITY);
  if (columns === undefined) throw cliError('INPUT_ERROR', 'the CSV has no header (source,target,status)');
}
