import type { LintFinding } from '../../lint/index.js';
import { findingPath, type LintReport } from './lint-report.js';

/** A finding as the machine formats write it: the finding's own fields, the input named. */
function record(finding: LintFinding, inputName: string): Record<string, unknown> {
  const { file, ...rest } = finding;
  return { file: findingPath(inputName, file), ...rest };
}

/** `--format json`: an array of findings, one a line (as `check`'s json report is laid out). */
export function renderLintJson(report: LintReport): string {
  const lines = report.findings.map((finding) => JSON.stringify(record(finding, report.inputName)));
  return lines.length === 0 ? '[]\n' : `[\n${lines.join(',\n')}\n]\n`;
}

/** `--format ndjson`: one finding a line. */
export function renderLintNdjson(report: LintReport): string {
  return report.findings.map((finding) => `${JSON.stringify(record(finding, report.inputName))}\n`).join('');
}
