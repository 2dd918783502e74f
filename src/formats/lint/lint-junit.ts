import { xmlText } from '../../core/index.js';
import { xmlLines } from '../check/junit.js';
import { findingPath, type LintReport } from './lint-report.js';

/**
 * `--format junit`: one `<testcase>` per rule, failing with its error findings; its warnings go to `<system-out>`
 * (failing too with `strict`), and a skipped rule is a `<skipped>` case, as `check`'s JUnit report does.
 */
export function renderLintJunit(report: LintReport, strict: boolean): string {
  const name = xmlText(report.inputName);
  let cases = '';
  let failures = 0;
  for (const rule of report.rules) {
    const findings = report.findings.filter((finding) => finding.line === rule.line && finding.file === rule.file);
    const failing = findings.filter((finding) => finding.severity === 'error' || strict);
    const title = xmlText(rule.target === undefined ? rule.source : `${rule.source} -> ${rule.target}`);
    let body = '';
    if (failing.length > 0) {
      failures++;
      const details = xmlLines(failing.map((f) => `${f.kind}: ${f.message}`));
      body += `      <failure message="${xmlText(failing[0]!.message)}" type="${failing[0]!.kind}">${details}</failure>\n`;
    }
    const warnings = findings.filter((finding) => !failing.includes(finding));
    if (warnings.length > 0) {
      const out = warnings.map((f) => `warning: ${f.kind}: ${f.message}`);
      body += `      <system-out>${xmlLines(out)}</system-out>\n`;
    }
    const classname = rule.file === undefined ? name : xmlText(findingPath(report.inputName, rule.file));
    cases += `    <testcase classname="${classname}" name="${title}" line="${rule.line}">\n${body}    </testcase>\n`;
  }
  for (const rule of report.skipped) {
    cases += `    <testcase classname="${name}" name="${xmlText(rule.text)}" line="${rule.line}">\n`;
    cases += `      <skipped message="${xmlText(rule.reason)}"/>\n    </testcase>\n`;
  }
  const tests = report.rules.length + report.skipped.length;
  const counts = `tests="${tests}" failures="${failures}" errors="0" skipped="${report.skipped.length}"`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="hoplens lint" ${counts}>\n  <testsuite name="hoplens lint ${name}" ${counts}>\n` +
    `${cases}  </testsuite>\n</testsuites>\n`
  );
}
