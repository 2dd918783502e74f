import { resolve } from 'node:path';
import { type CollapseFinding, emptySummary } from '../../check/index.js';
import {
  jsonRecords,
  junitRecords,
  junitTotals,
  mergeByLine,
  mergedCollapse,
  type ReportFormat,
  type ReportRecord,
  reportFormatOfFiles,
  type SummaryRecord,
  summaryRecord,
} from '../../check/report-file/index.js';
import { xmlText } from '../../core/index.js';
import { renderCollapse } from '../check/run-stats-text.js';
import { colorsFor } from '../colors.js';
import { cliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { openFileSink, Sink } from '../output.js';
import { readingReports } from '../report/report-input.js';

/** Flags of `hoplens report merge`. */
export interface ReportMergeFlags {
  output?: string;
  /** `html`: the merged rows as the HTML report (src/report/) rather than in the inputs' format. */
  format?: string;
  /** False with `--no-color`. */
  color?: boolean;
}

type Counts = Record<ReportRecord['outcome'], number>;

/**
 * Writes the merged rows in the format's framing, counting outcomes; a json or ndjson report ends with the summary
 * record the unsharded run would have written when the shards' collapse counts make a finding. Returns that finding.
 */
async function writeRows(
  format: ReportFormat,
  paths: readonly string[],
  sink: Sink,
  counts: Counts,
): Promise<CollapseFinding | undefined> {
  const summaries: SummaryRecord[] = [];
  const records = mergeByLine(
    paths.map((path) => (format === 'junit' ? junitRecords(path) : jsonRecords(path, summaries))),
  );
  let first = true;
  for await (const record of records) {
    counts[record.outcome]++;
    if (format === 'junit') await sink.write(`${record.text}\n`);
    else if (format === 'ndjson') await sink.write(`${record.text}\n`);
    else await sink.write(`${first ? '\n' : ',\n'}${record.text}`);
    first = false;
  }
  const finding = mergedCollapse(summaries);
  const trailer = finding === undefined ? undefined : summaryRecord({ ...emptySummary(), collapse: finding });
  if (format === 'ndjson' && trailer !== undefined) await sink.write(`${trailer}\n`);
  if (format === 'json') {
    const last = trailer === undefined ? '' : `${first ? '\n' : ',\n'}${trailer}`;
    await sink.write(first && last === '' ? ']\n' : `${last}\n]\n`);
  }
  return finding;
}

/** The `<testsuites>` and `<testsuite>` opening of a merged JUnit report, from the inputs' summed totals. */
async function junitHead(paths: readonly string[]): Promise<string> {
  const totals = await Promise.all(paths.map(junitTotals));
  const sum = (key: 'tests' | 'failures' | 'errors' | 'skipped') => totals.reduce((n, t) => n + t[key], 0);
  // The shards ran side by side: the merged run took as long as the longest.
  const time = Math.max(0, ...totals.map((t) => t.time)).toFixed(3);
  const counts = `tests="${sum('tests')}" failures="${sum('failures')}" errors="${sum('errors')}" skipped="${sum('skipped')}" time="${time}"`;
  const timestamp = new Date().toISOString().replace(/\.\d+Z$/, '');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="hoplens check" ${counts}>\n  <testsuite name="${xmlText('hoplens check (merged)')}" ${counts} timestamp="${timestamp}">\n`;
}

/**
 * `hoplens report merge FILE...`: combines reports of `hoplens check` (the jobs of a `--shard` matrix) into one, in
 * the inputs' format, rows in input-line order, streamed (one row per file in memory), with one summary.
 */
export async function reportMergeCommand(files: string[], flags: ReportMergeFlags, io: CliIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const paths = files.map((file) => resolve(cwd, file));
  const output = flags.output === undefined ? undefined : resolve(cwd, flags.output);
  if (output !== undefined && paths.includes(output)) {
    throw cliError('USAGE_ERROR', `--output ${output} is one of the reports to merge: choose another file`, {
      flag: '--output',
    });
  }
  if (flags.format === 'html') {
    const { reportHtmlCommand } = await import('./report-html.js');
    return reportHtmlCommand(files, flags, io);
  }
  const format = await readingReports(() => reportFormatOfFiles(paths));
  const head = format === 'junit' ? await readingReports(() => junitHead(paths)) : format === 'json' ? '[' : '';
  const sink =
    output === undefined
      ? new Sink(io.stdout, { owned: false, isTTY: io.stdoutIsTTY })
      : await openFileSink(output, '--output');
  const counts: Counts = { passed: 0, failed: 0, errored: 0, inconclusive: 0, skipped: 0 };
  let collapse: CollapseFinding | undefined;
  try {
    await sink.write(head);
    collapse = await readingReports(() => writeRows(format, paths, sink, counts));
    if (format === 'junit') await sink.write('  </testsuite>\n</testsuites>\n');
  } finally {
    await sink.close();
  }
  const human = output === undefined ? io.stderr : io.stdout;
  const colors = colorsFor(output === undefined ? io.stderrIsTTY : io.stdoutIsTTY, io.env, flags.color);
  const rows = counts.passed + counts.failed + counts.errored + counts.inconclusive;
  const skipped = counts.skipped > 0 ? `; ${counts.skipped} rules skipped` : '';
  human.write(
    `${colors.bold('Merged')} ${files.length} ${format} reports: ${rows} rows: ${colors.green(`${counts.passed} passed`)}, ${counts.failed} failed, ${counts.errored} errored${counts.inconclusive > 0 ? `, ${counts.inconclusive} inconclusive` : ''}${skipped}\n`,
  );
  if (collapse !== undefined) human.write(renderCollapse(collapse, colors));
  // A collapse fails the merged run as it fails a check run (an error-severity one; --strict is the shards' to know).
  const collapseFails = collapse?.severity === 'error';
  return counts.failed > 0 || counts.errored > 0 || collapseFails ? EXIT.FAILED : EXIT.OK;
}
