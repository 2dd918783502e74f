import { terminalText } from '../../core/index.js';
import type { Colors } from '../colors.js';
import { fileName } from '../file-line.js';
import { type LintReport, renderLintSummary } from './lint-report.js';

/**
 * The findings for people: one line each, `file:line` first (as compilers write it, so editors jump to it), then the
 * severity, the kind and what to do; the summary last.
 */
export function renderLintTable(report: LintReport, colors: Colors): string {
  let text = '';
  for (const finding of report.findings) {
    const severity = finding.severity === 'error' ? colors.red('error') : colors.yellow('warning');
    text += `${fileName(report.inputName)}:${finding.line}: ${severity} ${colors.dim(finding.kind)}: ${terminalText(finding.message)}\n`;
  }
  if (report.findings.length === 0) text += `${colors.green('No findings')} in ${terminalText(report.inputName)}\n`;
  return text + renderLintSummary(report.summary, colors);
}
