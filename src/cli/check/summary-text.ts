import { type CheckSummary, checkedRows } from '../../check/index.js';
import type { Colors } from '../colors.js';
import { plural } from '../plural.js';
import { renderCollapse, renderRunStats } from './run-stats-text.js';

/** The closing summary in words, one or more lines ending with a newline; `quiet` (`-q`) leaves out the slowest chains. */
export function renderSummary(summary: CheckSummary, colors: Colors, quiet = false): string {
  const seconds = (summary.elapsedMs / 1000).toFixed(1);
  const counts = [
    colors.green(`${summary.passed} passed`),
    summary.failed > 0 ? colors.red(`${summary.failed} failed`) : `${summary.failed} failed`,
    summary.errored > 0 ? colors.magenta(`${summary.errored} errored`) : `${summary.errored} errored`,
  ];
  // Counted apart, and only when there are some: most runs meet no bot wall.
  if (summary.inconclusive > 0) counts.push(colors.yellow(`${summary.inconclusive} inconclusive`));
  const extras: string[] = [];
  if ((summary.cached ?? 0) > 0) extras.push(`${summary.cached} from the cache`);
  if (summary.skipped > 0) extras.push(`${plural(summary.skipped, 'rule')} skipped`);
  if (summary.invalid > 0) extras.push(colors.red(`${plural(summary.invalid, 'invalid line')}`));
  // The run's figures first: the counts line stays the summary's last (or last but the baseline's).
  let text = '';
  // A single row's figures are its own line: the run's figures say something from two rows on.
  if (summary.stats !== undefined && checkedRows(summary) > 1) text += renderRunStats(summary.stats, quiet);
  if (summary.collapse !== undefined) text += renderCollapse(summary.collapse, colors);
  if (summary.interrupted) {
    const never =
      summary.unchecked === undefined
        ? 'rows in flight were not checked'
        : `${plural(summary.unchecked, 'row')} never checked`;
    text += `${colors.yellow('Interrupted')}: partial results, ${never}.\n`;
  }
  text += `${colors.bold('Summary')}: ${plural(checkedRows(summary), 'row')} checked in ${seconds} s: ${counts.join(', ')}`;
  if (extras.length > 0) text += `; ${extras.join(', ')}`;
  // A non-zero exit names every reason, so that `0 failed` and exit 1 (a collapse) do not contradict each other.
  const verdict = summary.verdict;
  if (verdict !== undefined && verdict.exit !== 0 && verdict.reasons.length > 0) {
    text += ` ${colors.bold(`— exit ${verdict.exit}`)}: ${verdict.reasons.join(', ')}`;
  }
  text += '\n';
  if (summary.baseline) {
    const changed = summary.changed > 0 ? colors.yellow(`${summary.changed} changed`) : '0 changed';
    text += `Baseline: ${changed}, ${summary.added} new, ${summary.missing} missing\n`;
  }
  return text;
}
