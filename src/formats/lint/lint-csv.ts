import { csvField } from '../../check/index.js';
import type { LintReport } from './lint-report.js';

/** The columns of the lint CSV report, in order. */
export const LINT_CSV_COLUMNS = [
  'line',
  'severity',
  'kind',
  'source',
  'target',
  'suggestion',
  'related',
  'message',
] as const;

/** `--format csv`: one finding a row, for spreadsheets; related lines joined with spaces. */
export function renderLintCsv(report: LintReport): string {
  let text = `${LINT_CSV_COLUMNS.join(',')}\n`;
  for (const f of report.findings) {
    const fields = [f.line, f.severity, f.kind, f.source, f.target, f.suggestion, f.related?.join(' '), f.message];
    text += `${fields.map(csvField).join(',')}\n`;
  }
  return text;
}
