import { parse } from 'csv-parse/sync';
import { detectSeparator } from '../text/csv-records.js';
import { destinationText, editsByLine, type FixEdit, splitLines } from './fix-edit.js';

/** One CSV field (RFC 4180): quoted when it holds the separator, a quote, a line break or edge spaces. */
function field(text: string, separator: string): string {
  return /["\r\n]|^\s|\s$/.test(text) || text.includes(separator) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Where a CSV's target is: a fixed column, or one its header names (the header is the first record). */
export type TargetColumn = { index: number } | { fromHeader: (header: string[], line: number) => number };

function record(line: string, separator: string): string[] | undefined {
  try {
    const records = parse(line, { trim: true, relax_column_count: true, delimiter: separator }) as string[][];
    return records.length === 1 ? records[0] : undefined;
  } catch {
    return undefined;
  }
}

/** Changes an edited record's other fields besides its target (a status made explicit), given the header. */
export type RecordEdit = (fields: string[], header: readonly string[]) => void;

/**
 * Writes a CSV of rules with the edited records' target field replaced (and `also` applied, for a header CSV, unless the edit keeps its status); other
 * lines are kept byte for byte, and an edited record is written back field by field. A record spanning several lines
 * (a quoted line break) is left as is.
 */
export function writeCsv(text: string, edits: readonly FixEdit[], column: TargetColumn, also?: RecordEdit): string {
  const { lines, join } = splitLines(text);
  let index = 'index' in column ? column.index : -1;
  let header: string[] | undefined;
  // The first record tells the separator, as the reader saw it (src/inputs/text/csv-records.ts); it is written back so.
  const headerAt = lines.findIndex((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  const separator = detectSeparator(headerAt === -1 ? '' : lines[headerAt]!);
  if ('fromHeader' in column) {
    header = headerAt === -1 ? undefined : record(lines[headerAt]!, separator);
    if (header !== undefined) index = column.fromHeader(header, headerAt + 1);
  }
  for (const [number, edit] of editsByLine(edits)) {
    const fields = record(lines[number - 1] ?? '', separator);
    if (fields === undefined || index < 0 || index >= fields.length) continue;
    fields[index] = destinationText(edit, fields[index]!.startsWith('/'));
    // With --keep-status the record's status is left as it says.
    if (header !== undefined && edit.keepStatus !== true) also?.(fields, header);
    lines[number - 1] = fields.map((text) => field(text, separator)).join(separator);
  }
  return join(lines);
}
