import { terminalText } from '../../core/index.js';
import { findingPath, type LintReport, type LintSummary } from '../../formats/index.js';
import type { Colors } from '../colors.js';
import { fileName } from '../file-line.js';
import { plural } from '../plural.js';

/**
 * The findings for people: one line each, `file:line` first (as compilers write it, so editors jump to it), then the
 * severity, the kind and what to do; the summary last.
 */
export function renderLintTable(report: LintReport, colors: Colors): string {
  let text = '';
  for (const finding of report.findings) {
    const severity = finding.severity === 'error' ? colors.red('error') : colors.yellow('warning');
    text += `${fileName(findingPath(report.inputName, finding.file))}:${finding.line}: ${severity} ${colors.dim(finding.kind)}: ${terminalText(finding.message)}\n`;
  }
  if (report.findings.length === 0) text += `${colors.green('No findings')} in ${terminalText(report.inputName)}\n`;
  return text + renderLintSummary(report.summary, colors);
}

/** The closing summary in words, ending with a newline. */
export function renderLintSummary(summary: LintSummary, colors: Colors): string {
  const errors = plural(summary.errors, 'error');
  const warnings = plural(summary.warnings, 'warning');
  const counts = [
    summary.errors > 0 ? colors.red(errors) : errors,
    summary.warnings > 0 ? colors.yellow(warnings) : warnings,
  ];
  const extras = [`${plural(summary.rules, 'rule')} linted`];
  if (summary.skipped > 0) {
    const slow =
      summary.slowPatterns > 0 ? ` (${summary.slowPatterns} for a regular expression past its step budget)` : '';
    extras.push(`${plural(summary.skipped, 'rule')} skipped${slow}`);
  }
  if (summary.invalid > 0) extras.push(colors.red(plural(summary.invalid, 'invalid line')));
  return `${colors.bold('Summary')}: ${counts.join(', ')}; ${extras.join(', ')}\n`;
}
