import { findingPath, type LintReport } from '../lint/lint-report.js';
import type { CiReport } from './ci-report.js';

/**
 * A lint report as the CI formats write it: each finding on its rule's line, at its kind's severity; the summary's
 * table lists the findings, as there are no rows that fail.
 */
export function lintCiReport(report: LintReport, path: string | undefined): CiReport {
  const findings = report.findings.map((finding) => {
    const rule = finding.target === undefined ? finding.source : `${finding.source} -> ${finding.target}`;
    // Lint's messages say what to do ("point it at /c"): the suggestion is added only to one that does not.
    const { suggestion: suggested, message } = finding;
    const suggestion = suggested === undefined || message.includes(suggested) ? '' : ` Suggested: ${suggested}`;
    return {
      rule: finding.kind,
      level: finding.severity,
      line: finding.line,
      ...(finding.file === undefined || path === undefined ? {} : { path: findingPath(path, finding.file) }),
      title: `${finding.kind}: ${rule}`,
      message: `${message}${suggestion}`,
      key: rule,
    };
  });
  const { summary } = report;
  return {
    command: 'lint',
    inputName: report.inputName,
    ...(path === undefined ? {} : { path }),
    findings,
    totals: [
      ['errors', summary.errors],
      ['warnings', summary.warnings],
      ['rules linted', summary.rules],
      ['skipped', summary.skipped],
      ['invalid lines', summary.invalid],
    ],
    failing: findings
      .map((finding) => ({
        line: finding.line,
        source: finding.key,
        outcome: finding.level,
        reason: `${finding.rule}: ${finding.message}`,
      }))
      .sort((a, b) => a.line - b.line),
    failingNotListed: 0,
    collapses: [],
    slowest: [],
  };
}
