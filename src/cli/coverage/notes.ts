import { type CoverageReport, type CoverageRun, percent } from '../../coverage/index.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, outputClosed } from '../io.js';
import { plural } from '../plural.js';
import type { CoverageCliPlan } from './plan.js';

/** Map lines listed one by one; beyond, only counted. */
const LISTED = 5;

/** What people are told on stderr: the map's lines that could not be used, and the figures when the table is elsewhere. */
export function coverageNotes(plan: CoverageCliPlan, { report, map }: CoverageRun): string {
  const name = plan.run.map.inputName;
  const lines = map.invalid.slice(0, LISTED).map((item) => `hoplens: ${name}:${item.line}: ${item.message}`);
  if (map.invalid.length > LISTED)
    lines.push(`hoplens: ${name}: ${plural(map.invalid.length - LISTED, 'more line')} not read`);
  if (map.skipped.length > 0) {
    lines.push(
      `hoplens: ${name}: ${plural(map.skipped.length, 'rule')} not matched offline (${map.skipped[0]!.reason}...)`,
    );
  }
  const tableOnStdout = plan.format === 'table' && plan.outputPath === undefined;
  if (!tableOnStdout) lines.push(summaryLine(report));
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** The figures in a line: `Coverage: 87.5% of 10,000 hits covered, 80.0% redirected in one hop; ...`. */
export function summaryLine(report: CoverageReport): string {
  const { summary } = report;
  const hits = summary.all.hits.toLocaleString('en-US');
  const landed =
    summary.shares.landed === undefined ? '' : `, ${percent(summary.shares.landed)} landed on a 200 in one hop`;
  return (
    `Coverage: ${percent(summary.shares.covered)} of ${hits} hits (${plural(summary.all.urls, 'URL')}) covered, ` +
    `${percent(summary.shares.direct)} redirected in one hop${landed}; ` +
    `${plural(summary.uncovered.urls, 'URL')} not covered`
  );
}

/**
 * The exit status: 0 once measured (coverage is a measurement), 1 under `--fail-under`, 130 when Ctrl-C stopped
 * `--live` (what was checked is written).
 */
export function verdictOf(plan: CoverageCliPlan, report: CoverageReport, io: CliIo): number {
  if (io.signal?.aborted === true && !outputClosed(io.signal)) {
    // The report was written with what was requested; say that the rest was not, as check does.
    const never = report.rows.filter((row) => row.live === undefined).length;
    io.stderr.write(`hoplens: interrupted (Ctrl-C): partial live results, ${plural(never, 'URL')} never requested\n`);
    return EXIT.INTERRUPTED;
  }
  if (plan.failUnder === undefined) return EXIT.OK;
  const covered = report.summary.shares.covered;
  if (covered >= plan.failUnder) return EXIT.OK;
  io.stderr.write(`hoplens: ${percent(covered)} of hits covered, under --fail-under ${percent(plan.failUnder)}\n`);
  return EXIT.FAILED;
}
