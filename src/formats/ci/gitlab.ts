import { createHash } from 'node:crypto';
import type { CiLevel, CiReport } from './ci-report.js';

/**
 * GitLab's severities for hoplens's levels: an error is `major` (the merge request's widget lists it among the
 * serious ones), a warning `minor`, a notice `info`.
 */
const GITLAB_SEVERITY: Readonly<Record<CiLevel, 'major' | 'minor' | 'info'>> = {
  error: 'major',
  warning: 'minor',
  notice: 'info',
};

/**
 * A GitLab Code Quality report: a JSON array of findings with `description`, `check_name`, `fingerprint` (unique
 * per finding: GitLab shows one finding per fingerprint), `severity` and `location.path` with `location.lines.begin`,
 * the fields GitLab's merge-request widget reads (https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format).
 * A finding on standard input has no file in the repository: it is located on the input's name.
 */
export function renderGitlab(report: CiReport): string {
  const reportPath = report.path ?? report.inputName;
  // The line is left out, so that a rule moved down the file is the same finding; the occurrence tells apart two
  // findings of one type on one URL (a duplicate rule).
  const seen = new Map<string, number>();
  const issues = report.findings.map((finding) => {
    const path = finding.path ?? reportPath;
    const identity = `hoplens\0${finding.rule}\0${path}\0${finding.key}`;
    const occurrence = seen.get(identity) ?? 0;
    seen.set(identity, occurrence + 1);
    return {
      description: finding.message,
      check_name: finding.rule,
      fingerprint: createHash('md5').update(`${identity}\0${occurrence}`).digest('hex'),
      severity: GITLAB_SEVERITY[finding.level],
      location: { path, lines: { begin: finding.line } },
    };
  });
  return `${JSON.stringify(issues, null, 2)}\n`;
}
