/**
 * The CSV report of a check, a row a line: the columns, the field quoting and each row's fields, for every face that
 * writes one (the CLI's `--format csv`, the page's many-URLs download). Free of Node, so that the page bundles it
 * with the judging (src/check/judging.ts) and its file has the same columns as the CLI's.
 */
import type { Hop } from '../core/index.js';
import { neutralisedCell } from '../inputs/light.js';
import { describeChange } from './baseline.js';
import type { RowResult } from './result.js';

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
 * would run as a formula is neutralised first (src/inputs/text/csv-cell.ts). Every CSV hoplens writes goes through here.
 */
export function csvField(value: string | number | undefined): string {
  const text = value === undefined ? '' : typeof value === 'number' ? String(value) : neutralisedCell(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The certificate of the final hop's connection, in days left. The core reports it on the hop that opened the
 * connection (src/core/hop/anatomy.ts), so a final hop on a reused connection takes it from the latest earlier hop of
 * the chain that opened one to the same origin, address and port; a connection opened by another row has none here.
 */
function certDaysLeft(chain: readonly Hop[]): number | undefined {
  const final = chain[chain.length - 1];
  if (final === undefined || final.tls !== undefined || final.reusedConnection !== true) return final?.tls?.daysLeft;
  const origin = new URL(final.url).origin;
  for (let index = chain.length - 2; index >= 0; index--) {
    const hop = chain[index]!;
    const opened =
      hop.tls !== undefined &&
      hop.remoteAddress === final.remoteAddress &&
      hop.remotePort === final.remotePort &&
      new URL(hop.url).origin === origin;
    if (opened) return hop.tls?.daysLeft;
  }
  return undefined;
}

/**
 * The report's name for an extra input column: its own name, after the standard columns; one that is already a
 * standard column's name (an input column `outcome`) gets `extra_` in front, so that no two columns share a name.
 */
export function extraColumnName(name: string): string {
  return (CSV_COLUMNS as readonly string[]).includes(name.toLowerCase()) ? `extra_${name}` : name;
}

/** The header line (without its line break), the input's extra columns after the standard ones. */
export function csvHeaderLine(extra: readonly string[]): string {
  return [...CSV_COLUMNS, ...extra.map(extraColumnName)].map(csvField).join(',');
}

/** One row's line (without its line break); `extra` names the extra columns the header has, in its order. */
export function csvRowLine(result: RowResult, extra: readonly string[]): string {
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
    ...extra.map((name) => result.extra?.[name]),
  ];
  return fields.map(csvField).join(',');
}
