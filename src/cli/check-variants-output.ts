/**
 * How `hoplens check --variants` writes its report: per input row, the variants report of its source URL (the grid
 * and the findings), in the formats of `hoplens variants` with the row's line and source added to every record.
 */
import { type CheckVariantsSummary, csvField, type RowVariants } from '../check/index.js';
import type { Colors } from './colors.js';
import { plural } from './plural.js';
import { variantsCsv, variantsNdjson, variantsTable } from './variants-output.js';

/** The report formats of `check --variants`. */
export const CHECK_VARIANTS_FORMATS = Object.freeze(['table', 'json', 'ndjson', 'csv'] as const);
export type CheckVariantsFormat = (typeof CHECK_VARIANTS_FORMATS)[number];

/** Writes the rows of one format as they come: `row` for each, `end` once. */
export interface CheckVariantsWriter {
  readonly begin: () => string;
  readonly row: (entry: RowVariants, index: number) => string;
  readonly end: (summary: CheckVariantsSummary) => string;
}

function tableWriter(colors: Colors): CheckVariantsWriter {
  return {
    begin: () => '',
    row: (entry, index) =>
      `${index === 0 ? '' : '\n'}${colors.bold(`line ${entry.line}: ${entry.source}`)}\n${variantsTable(entry.report, colors)}`,
    end: (s) =>
      `\n${plural(s.rows, 'row')} checked with their variants: ${s.rowsFailed} failed, ${s.rowsWithFindings} with findings` +
      `${s.invalid === 0 ? '' : `, ${s.invalid} invalid line(s)`}\n`,
  };
}

/** The per-variant records of `hoplens variants --format ndjson`, each with `line` and `source` first. */
function ndjsonWriter(): CheckVariantsWriter {
  return {
    begin: () => '',
    row: (entry) =>
      variantsNdjson(entry.report)
        .trimEnd()
        .split('\n')
        .map((text) => {
          const { record, ...rest } = JSON.parse(text) as { record: string };
          const renamed = record === 'summary' ? 'row' : record;
          return JSON.stringify({ record: renamed, line: entry.line, source: entry.source, ...rest });
        })
        .join('\n')
        .concat('\n'),
    end: (summary) => `${JSON.stringify({ record: 'summary', ...summary })}\n`,
  };
}

/** One JSON document: `{ rows: [{ line, source, url, canonical, grid, findings }], summary }`, streamed. */
function jsonWriter(): CheckVariantsWriter {
  const indent = (text: string) => text.replace(/\n/g, '\n    ');
  return {
    begin: () => '{\n  "rows": [',
    row: (entry, index) =>
      `${index === 0 ? '' : ','}\n    ${indent(JSON.stringify({ line: entry.line, source: entry.source, ...entry.report }, null, 2))}`,
    end: (summary) => `\n  ],\n  "summary": ${JSON.stringify(summary)}\n}\n`,
  };
}

/** The CSV of `hoplens variants` with `line` and `source` columns first, one header for the whole run. */
function csvWriter(): CheckVariantsWriter {
  let header: string | undefined;
  return {
    begin: () => '',
    row: (entry) => {
      const [head, ...lines] = variantsCsv(entry.report).trimEnd().split('\n');
      const prefix = `${entry.line},${csvField(entry.source)}`;
      const first = header === undefined ? `line,source,${head}\n` : '';
      header = head;
      return `${first}${lines.map((text) => `${prefix},${text}`).join('\n')}\n`;
    },
    end: () => '',
  };
}

export function checkVariantsWriter(format: CheckVariantsFormat, colors: Colors): CheckVariantsWriter {
  if (format === 'json') return jsonWriter();
  if (format === 'ndjson') return ndjsonWriter();
  if (format === 'csv') return csvWriter();
  return tableWriter(colors);
}
