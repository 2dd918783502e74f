import { describeChange, type RowResult } from '../../check/index.js';
import type { Hop } from '../../core/index.js';
import { neutralisedCell } from '../../rules/index.js';
import type { Sink } from '../output.js';
import type { CheckFormatter } from './formatter.js';

/** The columns of the CSV report, in order. */
export const CSV_COLUMNS = [
  'line',
  'source',
  'target',
  'expected_status',
  'outcome',
  'first_status',
  'final_status',
  'final_url',
  'hops',
  'redirects',
  'time_ms',
  'attempts',
  'error_code',
  'reasons',
  'warnings',
  'changes',
  'final_ip',
  'http_version',
  'cert_days_left',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces; a text a spreadsheet
 * would run as a formula is neutralised first (src/rules/csv-cell.ts). Every CSV hoplens writes goes through here.
 */
export function csvField(value: string | number | undefined): string {
  const text = value === undefined ? '' : typeof value === 'number' ? String(value) : neutralisedCell(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The certificate of the final hop's connection, in days left. The core reports it on the hop that opened the
 * connection (src/core/hop-anatomy.ts), so a final hop on a reused connection takes it from the latest earlier hop of
 * the chain that opened one to the same origin, address and port; a connection opened by another row has none here.
 */
function certDaysLeft(chain: readonly Hop[]): number | undefined {
  const final = chain[chain.length - 1];
  if (final === undefined || final.tls !== undefined || final.reusedConnection !== true) return final?.tls?.daysLeft;
  const origin = new URL(final.url).origin;
  const opener = chain.findLast(
    (hop) =>
      hop.tls !== undefined &&
      hop.remoteAddress === final.remoteAddress &&
      hop.remotePort === final.remotePort &&
      new URL(hop.url).origin === origin,
  );
  return opener?.tls?.daysLeft;
}

/**
 * The report's name for an extra input column: its own name, after the standard columns; one that is already a
 * standard column's name (an input column `outcome`) gets `extra_` in front, so that no two columns share a name.
 */
export function extraColumnName(name: string): string {
  return (CSV_COLUMNS as readonly string[]).includes(name.toLowerCase()) ? `extra_${name}` : name;
}

/**
 * A CSV report, one row a line, for spreadsheets. Lists of reasons are joined with "; ". The extra columns of a CSV
 * input follow the standard ones; since they are known only from the first row, the header is written with it (or at
 * the end, for a report with no rows).
 */
export class CsvFormatter implements CheckFormatter {
  /** The extra input columns, in input order; undefined until the header is written. */
  private extra: string[] | undefined;

  constructor(private readonly sink: Sink) {}

  async begin(): Promise<void> {}

  private header(first: RowResult | undefined): Promise<void> {
    this.extra = Object.keys(first?.extra ?? {});
    return this.sink.write(`${[...CSV_COLUMNS, ...this.extra.map(extraColumnName)].map(csvField).join(',')}\n`);
  }

  async row(result: RowResult): Promise<void> {
    if (this.extra === undefined) await this.header(result);
    // The final hop's connection, when the chain reached one: an errored row's last hop is not its final one.
    const final = result.finalUrl === undefined ? undefined : result.chain[result.chain.length - 1];
    const fields = [
      result.line,
      result.source,
      result.target,
      result.expectedStatus,
      result.outcome,
      result.firstStatus,
      result.finalStatus,
      result.finalUrl,
      result.hops,
      result.redirects,
      result.time,
      result.attempts,
      result.error?.code,
      result.reasons.join('; '),
      result.warnings.join('; '),
      result.changes?.map(describeChange).join('; '),
      final?.remoteAddress,
      final?.httpVersion,
      final === undefined ? undefined : certDaysLeft(result.chain),
      ...(this.extra ?? []).map((name) => result.extra?.[name]),
    ];
    return this.sink.write(`${fields.map(csvField).join(',')}\n`);
  }

  async skipped(): Promise<void> {}

  async end(): Promise<void> {
    if (this.extra === undefined) await this.header(undefined);
  }
}
