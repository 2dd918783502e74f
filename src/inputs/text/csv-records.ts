import type { Readable } from 'node:stream';
import type { CsvError } from 'csv-parse';
import { malformedInput } from '../errors.js';
import { restoredCell } from './csv-cell.js';
import { isBinaryHead, peekHead } from './text-head.js';

/** Largest CSV record accepted, so that an unclosed quote cannot make the parser buffer a whole file. */
const MAX_RECORD_SIZE = 1024 * 1024;

/** A CSV record with the line it ends on, or a record the parser could not read. */
export type CsvItem =
  | { kind: 'record'; line: number; record: string[] }
  | { kind: 'invalid'; line: number; message: string };

/** Field separators a header line may use: Excel writes `;` where the decimal mark is a comma (much of Europe). */
const SEPARATORS = [',', ';', '\t'] as const;

/**
 * The separator of a CSV, told by its first line: the one of {@link SEPARATORS} found most often outside quotes
 * (a comma on a tie, or when there is none: a one-column file).
 */
export function detectSeparator(firstLine: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((separator) => [separator, 0]));
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [separator, count] of counts) if (count > counts.get(best)!) best = separator;
  return best;
}

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
  // The header: the first line that is not blank or a `#` comment, as the parser skips those.
  const firstLine = head
    .toString('utf8')
    .split('\n')
    .find((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
  // Records the parser skipped, in order; merged with the good records by line number.
  const skipped: Array<{ line: number; message: string }> = [];
  let lastSkippedLine = -1;
  const parser = stream.pipe(
    parse({
      bom: true,
      delimiter: detectSeparator(firstLine ?? ''),
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
  const flushSkipped = function* (before: number): Generator<CsvItem> {
    while (skipped.length > 0 && skipped[0]!.line < before) {
      const { line, message } = skipped.shift()!;
      yield { kind: 'invalid', line, message: `malformed CSV: ${message}` };
    }
  };
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield* flushSkipped(info.lines);
    yield { kind: 'record', line: info.lines, record: record.map(restoredCell) };
  }
  yield* flushSkipped(Number.POSITIVE_INFINITY);
}
