/**
 * How `hoplens variants` writes its report: a table (variant → chain → final URL, the odd rows marked, then the
 * findings), JSON (the whole report), NDJSON (a record per row, then per finding) or CSV (a line per row).
 */

import { csvField } from '../check/index.js';
import type { VariantFinding, VariantRow, VariantsReport } from '../variants/index.js';
import type { Colors } from './colors.js';

/** The report formats of `hoplens variants`. */
export const VARIANTS_FORMATS = Object.freeze(['table', 'json', 'ndjson', 'csv'] as const);
export type VariantsFormat = (typeof VARIANTS_FORMATS)[number];

/** A hop's status, the returning browser's own upgrade named (nothing was sent: `307 HSTS`). */
function statusText(hop: VariantRow['chain'][number]): string {
  return hop.redirectVia === 'hsts' ? `${hop.status} HSTS` : String(hop.status);
}

/** A row's chain in a line: `301 → 200`, `307 HSTS → 200`, or the error. */
function chainText(row: VariantRow): string {
  const statuses = row.chain.map(statusText).join(' → ');
  if (row.error === undefined) return statuses;
  return statuses === '' ? row.error.code : `${statuses} → ${row.error.code}`;
}

function findingLine(entry: VariantFinding, colors: Colors): string {
  const mark =
    entry.severity === 'error' ? colors.red('✖') : entry.severity === 'warning' ? colors.yellow('⚠') : colors.blue('·');
  return `${mark} ${entry.type}: ${entry.message}\n    ${colors.dim(entry.help)}`;
}

/** The table: one line per variant, padded columns, the odd ones marked `!`. */
export function variantsTable(report: VariantsReport, colors: Colors): string {
  const head = ['', 'VARIANT', 'CHANGE', 'CHAIN', 'FINAL URL'];
  const lines = report.grid.map((row) => [
    row.odd ? '!' : ' ',
    row.variant,
    row.change,
    chainText(row),
    row.finalUrl ?? '-',
  ]);
  const widths = head.map((_, column) => Math.max(...[head, ...lines].map((line) => line[column]!.length)));
  const format = (line: string[]) =>
    line
      .map((cell, column) => (column === line.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const body = lines.map((line) => (line[0] === '!' ? colors.yellow(format(line)) : format(line)));
  const canonical = `Canonical URL: ${report.canonical ?? '(none: the URL as given did not end on a response)'}`;
  const findings =
    report.findings.length === 0
      ? [colors.green('✔ every variant ends on the canonical URL in one hop, for every client')]
      : report.findings.map((entry) => findingLine(entry, colors));
  return `${[canonical, '', format(head), ...body, '', ...findings].join('\n')}\n`;
}

const CSV_COLUMNS = [
  'variant',
  'change',
  'url',
  'method',
  'chain',
  'final_url',
  'final_status',
  'redirects',
  'error',
  'findings',
];

/** CSV: a line per variant, with the finding types that name it. */
export function variantsCsv(report: VariantsReport): string {
  const typesOf = (row: VariantRow) =>
    report.findings
      .filter((entry) => entry.variants.includes(row.variant))
      .map((entry) => entry.type)
      .join(' ');
  const lines = report.grid.map((row) =>
    [
      row.variant,
      row.change,
      row.url,
      row.method,
      row.chain.map((hop) => `${statusText(hop)} ${hop.url}`).join(' | '),
      row.finalUrl,
      row.finalStatus,
      row.redirects,
      row.error?.code,
      typesOf(row),
    ]
      .map(csvField)
      .join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...lines].join('\n')}\n`;
}

/** NDJSON (`record`): a `variant` per row, a `finding` record per finding, then a `summary`. */
export function variantsNdjson(report: VariantsReport): string {
  const records = [
    ...report.grid.map((row) => ({ record: 'variant', ...row })),
    ...report.findings.map((entry) => ({ record: 'finding', ...entry })),
    { record: 'summary', url: report.url, canonical: report.canonical, findings: report.findings.length },
  ];
  return `${records.map((record) => JSON.stringify(record)).join('\n')}\n`;
}
