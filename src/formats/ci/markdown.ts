import { markdownCell } from '../../core/index.js';
import type { CiReport } from './ci-report.js';

/** What the Markdown summary may link: each line of the input, on GitHub (see ci-location.ts). */
export interface MarkdownOptions {
  lineLink?: (line: number) => string;
}

/**
 * GitHub refuses a step summary over 1 MiB ("the job summary ... is limited to 1MiB per step"):
 * https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#adding-a-job-summary .
 * The summary stops listing rows well before, leaving room for the sections after the table.
 */
export const SUMMARY_BUDGET = 900 * 1024;

/** Text safe in a Markdown table cell: one line, no pipe, no HTML, no control character, at most 300 characters. */
const cell = (text: string) => markdownCell(text);

/** Text safe inside a code span, which Markdown does not interpret (backticks taken out). */
const code = (text: string) => `\`${cell(text).replaceAll('`', "'")}\``;

function lineCell(report: CiReport, line: number, options: MarkdownOptions, path?: string): string {
  const label = `${path ?? report.path ?? report.inputName}:${line}`;
  // The link goes to a line of the report's one file: a row of another file is named without one.
  const link = path === undefined || path === report.path ? options.lineLink : undefined;
  return link === undefined ? code(label) : `[${cell(label)}](${link(line)})`;
}

function totals(report: CiReport): string {
  const head = `| ${report.totals.map(([label]) => label).join(' | ')} |`;
  const rule = `|${report.totals.map(() => ' ---: |').join('')}`;
  const row = `| ${report.totals.map(([, count]) => count).join(' | ')} |`;
  return `${head}\n${rule}\n${row}\n`;
}

/** The failing rows as a table, as many as fit in `budget` characters. */
function failingTable(report: CiReport, options: MarkdownOptions, budget: number): string {
  if (report.failing.length === 0) return '';
  let text = `\n### ${report.command === 'check' ? 'Failing rows' : 'Findings'}\n\n| line | ${report.command === 'check' ? 'source' : 'rule'} | outcome | why |\n| --- | --- | --- | --- |\n`;
  let listed = 0;
  for (const row of report.failing) {
    const line = `| ${lineCell(report, row.line, options, row.path)} | ${code(row.source)} | ${row.outcome} | ${cell(row.reason)} |\n`;
    if (text.length + line.length > budget) break;
    text += line;
    listed++;
  }
  const more = report.failing.length - listed + report.failingNotListed;
  if (more > 0) text += `\n… and ${more} more not listed here (see the full report).\n`;
  return text;
}

function collapses(report: CiReport): string {
  if (report.collapses.length === 0) return '';
  const lines = report.collapses.map(
    (target) => `| ${code(target.finalUrl)} | ${target.rows} | ${target.examples.map(code).join(', ')} |\n`,
  );
  return `\n### Collapses\n\nMany sources ending on one URL they were not expected to reach (a soft 404 to search engines).\n\n| final URL | rows | for example |\n| --- | ---: | --- |\n${lines.join('')}`;
}

function slowest(report: CiReport): string {
  if (report.slowest.length === 0) return '';
  const lines = report.slowest.map((chain) => `| ${code(chain.source)} | ${chain.hops} | ${chain.time} |\n`);
  return `\n<details><summary>Slowest chains</summary>\n\n| source | hops | ms |\n| --- | ---: | ---: |\n${lines.join('')}\n</details>\n`;
}

/**
 * The run in Markdown: a heading, the totals, the failing rows with a link to each one's line, the collapses and
 * the slowest chains; the job summary of `--format github` and `--format markdown` for any CI or a pull-request
 * comment. Never longer than {@link SUMMARY_BUDGET}.
 */
export function renderMarkdown(report: CiReport, options: MarkdownOptions = {}): string {
  const status = report.exit === undefined ? '' : report.exit === 0 ? ' ✅' : ` ❌ (exit ${report.exit})`;
  const head = `## hoplens ${report.command}: ${code(report.path ?? report.inputName)}${status}\n\n${totals(report)}`;
  const tail = collapses(report) + slowest(report);
  return head + failingTable(report, options, SUMMARY_BUDGET - head.length - tail.length) + tail;
}
