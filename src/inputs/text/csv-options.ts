import type { CsvError, Options } from 'csv-parse';

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

/** A record the parser skipped, on its line, with why. */
export interface SkippedRecord {
  line: number;
  message: string;
}

/**
 * csv-parse's options for hoplens's CSV (RFC 4180 quoting, the separator told by the first line, blank lines and
 * whole-line `#` comments skipped, fields trimmed), the same for the streaming parser (csv-records.ts) and the one
 * that reads a text (csv-text.ts); `onSkipped` hears each record the parser could not read.
 */
export function csvParseOptions(firstLine: string, onSkipped: (record: SkippedRecord) => void): Options {
  return {
    bom: true,
    delimiter: detectSeparator(firstLine),
    comment: '#',
    // A `#` inside a URL (a fragment) is data; only a line starting with `#` is a comment.
    comment_no_infix: true,
    skip_empty_lines: true,
    // Spaces around fields (and around their quotes) are layout, not data.
    trim: true,
    relax_column_count: true,
    info: true,
    // The record's text so far, with an error: where a quote opened (skippedRecord).
    raw: true,
    max_record_size: MAX_RECORD_SIZE,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      if (error !== undefined) onSkipped(skippedRecord(error));
      return undefined;
    },
  };
}

/** Where, in a record's text, the quote that opened its last quoted field is (RFC 4180: `""` inside is a quote). */
function lastOpeningQuote(raw: string): number {
  let opened = -1;
  let quoted = false;
  for (let at = 0; at < raw.length; at++) {
    if (raw[at] !== '"') continue;
    if (quoted && raw[at + 1] === '"') {
      at++;
      continue;
    }
    quoted = !quoted;
    if (quoted) opened = at;
  }
  return opened;
}

/** Line breaks as a reader counts them: CRLF, LF or a lone CR, one each. */
function lineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/**
 * A record the parser could not read, on the line where its trouble starts: an unclosed quote runs on to the end of
 * the file (or to a later quote), and the parser gives up there, but the quote to fix is where it opened (issue 44).
 * The record's text (`raw`) ends where the parser stopped, on `error.lines`, so its first line is that line less the
 * line breaks in it as the parser counts them: a CR and an LF each, inside quotes (csv-parse 5), and not a final
 * one at the end of the file.
 */
function skippedRecord(error: CsvError): SkippedRecord {
  const at = typeof error.lines === 'number' ? error.lines : 0;
  const message = error.message.replace(/ at line \d+/, '');
  const raw = (error as CsvError & { raw?: unknown }).raw;
  const opened = typeof raw === 'string' ? lastOpeningQuote(raw) : -1;
  if (typeof raw !== 'string' || opened === -1) return { line: at, message };
  const body = raw.replace(/\n$/, '');
  const start = at - (body.match(/[\r\n]/g)?.length ?? 0);
  const line = start + lineBreaks(raw.slice(0, opened));
  const end = start + lineBreaks(body.replace(/\r$/, ''));
  if (line >= end || line < 1) return { line: at, message };
  return { line, message: `${message}: the quote opened on this line runs on to line ${end}` };
}

/** A record as csv-parse gives it with `info`: its fields, and the line it ends on. */
export interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

/** The header's line: the first that is not blank or a `#` comment, as the parser skips those. */
export function firstCsvLine(text: string): string {
  return text.split('\n').find((line) => line.trim() !== '' && !line.trimStart().startsWith('#')) ?? '';
}

/** The records the parser skipped, in order, to merge with the good records by line number. */
export class SkippedRecords {
  readonly #list: SkippedRecord[] = [];
  #last = -1;

  /** Hears a skipped record: after a stray quote the parser may trip again on the same line, one report is enough. */
  readonly add = (record: SkippedRecord): void => {
    if (record.line === this.#last) return;
    this.#last = record.line;
    this.#list.push(record);
  };

  /** The skipped records before `line`, as invalid items, taken off the list. */
  *before(line: number): Generator<CsvItem> {
    while (this.#list.length > 0 && this.#list[0]!.line < line) {
      const { line: at, message } = this.#list.shift()!;
      yield { kind: 'invalid', line: at, message: `malformed CSV: ${message}` };
    }
  }
}
