import { randomUUID } from 'node:crypto';
import { workflowCommandData, workflowCommandProperty } from '../../core/index.js';
import { bySeverity, type CiFinding, type CiReport } from './ci-report.js';

/**
 * GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`), the runner's way of reading
 * annotations from a step's log. The runner reads a command line up to its end, properties up to `,` and the
 * properties up to `::`, then decodes `%25`, `%0D`, `%0A` (and, in properties, `%3A`, `%2C`): so a message's
 * newline or percent sign, or a title's colon or comma, must be encoded or it ends the command early.
 * https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands ;
 * the runner's decoder: actions/runner src/Runner.Common/ActionCommand.cs; the toolkit's encoder:
 * actions/toolkit packages/core/src/command.ts.
 */

/** One workflow command line (with its newline): `::name key=value,…::message`. */
export function workflowCommand(name: string, properties: Record<string, string | number>, message: string): string {
  const pairs = Object.entries(properties).map(([key, value]) => `${key}=${workflowCommandProperty(String(value))}`);
  return `::${name}${pairs.length > 0 ? ` ${pairs.join(',')}` : ''}::${workflowCommandData(message)}\n`;
}

/**
 * A folded group of log lines for people (the table) whose lines the runner reads as text only: inside
 * `::stop-commands::TOKEN` … `::TOKEN::` (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#stopping-and-starting-workflow-commands),
 * so that a line of the log starting with `::` (a file named so, a rule quoting one) is never a command. The token
 * is random per group: the log's text cannot guess it to resume commands early.
 */
export function logGroup(title: string): { open: string; close: string } {
  const token = `hoplens-${randomUUID()}`;
  return {
    open: workflowCommand('group', {}, title) + workflowCommand('stop-commands', {}, token),
    close: `::${token}::\n${workflowCommand('endgroup', {}, '')}`,
  };
}

/**
 * GitHub shows at most 10 error and 10 warning annotations of a step (and 50 of a job); the rest are dropped
 * without a word. https://docs.github.com/en/rest/checks/runs (annotations: "limited to 10 warning annotations and
 * 10 error annotations per step").
 */
export const ANNOTATIONS_PER_LEVEL = 10;

/** One annotation of a finding, on its line of the input file when the input is a file. */
function annotation(finding: CiFinding, reportPath: string | undefined): string {
  const path = finding.path ?? reportPath;
  const where: Record<string, string | number> = path === undefined ? {} : { file: path, line: finding.line };
  if (path !== undefined && finding.column !== undefined) where.col = finding.column;
  return workflowCommand(finding.level, { ...where, title: `hoplens: ${finding.title}` }, finding.message);
}

/**
 * The annotations of a report: the first 10 errors and the first 10 warnings (most severe first, by line within a
 * level), then one notice saying how many more there are and that the job summary lists them.
 */
export function annotations(report: CiReport): string {
  const sorted = [...report.findings].sort(bySeverity);
  const shown: CiFinding[] = [];
  const left = { error: 0, warning: 0, notice: 0 };
  const counts = { error: 0, warning: 0, notice: 0 };
  for (const finding of sorted) {
    if (counts[finding.level] < ANNOTATIONS_PER_LEVEL) {
      counts[finding.level]++;
      shown.push(finding);
    } else left[finding.level]++;
  }
  let text = shown.map((finding) => annotation(finding, report.path)).join('');
  const more = left.error + left.warning + left.notice;
  if (more > 0) {
    const parts = [
      left.error > 0 ? `${left.error} errors` : '',
      left.warning > 0 ? `${left.warning} warnings` : '',
      left.notice > 0 ? `${left.notice} notices` : '',
    ].filter((part) => part !== '');
    const message = `${more} more findings (${parts.join(', ')}) are not annotated: GitHub shows ${ANNOTATIONS_PER_LEVEL} of each level per step; the job summary lists every failing row`;
    text += workflowCommand('notice', { title: `hoplens ${report.command}: more findings` }, message);
  }
  return text;
}
