import type { Readable } from 'node:stream';
import { malformedInput } from '../errors.js';
import { restoredCell } from './csv-cell.js';
import { type CsvItem, csvParseOptions, firstCsvLine, type ParsedRecord, SkippedRecords } from './csv-options.js';
import { isBinaryHead, peekHead } from './text-head.js';

export { type CsvItem, detectSeparator } from './csv-options.js';

/**
 * Reads CSV records (RFC 4180 quoting, the separator told by the first line (`,`, `;` or tab), blank lines and
 * whole-line `#` comments skipped, fields trimmed, the quote before a formula-leading cell taken off:
 * src/inputs/text/csv-cell.ts) through
 * csv-parse's streaming parser. A record the parser cannot read (a stray quote) is skipped by the parser and
 * yielded here as invalid, in input order with its line number, so that the rest is still read.
 */
export async function* readCsvRecords(input: Readable): AsyncGenerator<CsvItem> {
  // Loaded on use: a list or _redirects check never needs the parser, and every start-up would pay for it.
  const { parse } = await import('csv-parse');
  const { head, rest: stream } = await peekHead(input);
  // Else the parser reports a binary file's bytes as one long header of "unknown columns".
  if (isBinaryHead(head)) {
    input.destroy();
    throw malformedInput('not a text file (a CSV is text: export it as CSV, UTF-8)');
  }
  const skipped = new SkippedRecords();
  const parser = stream.pipe(parse(csvParseOptions(firstCsvLine(head.toString('utf8')), skipped.add)));
  // A read error of the source (not a parse error) must reach the parser's consumer.
  stream.on('error', (error) => parser.destroy(error));
  for await (const { record, info } of parser as AsyncIterable<ParsedRecord>) {
    yield* skipped.before(info.lines);
    yield { kind: 'record', line: info.lines, record: record.map(restoredCell) };
  }
  yield* skipped.before(Number.POSITIVE_INFINITY);
}
