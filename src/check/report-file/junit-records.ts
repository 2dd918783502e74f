import { ReportFileError, type ReportRecord, type ReportTextLine } from './report-lines.js';

/** The counts of a JUnit report's `<testsuites>` element. */
export interface JunitTotals {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  time: number;
}

const attribute = (text: string, name: string) => Number(new RegExp(`\\b${name}="([\\d.]+)"`).exec(text)?.[1] ?? 0);

/** The totals of a JUnit report written by `hoplens check` (its `<testsuites>` line), the report named `where`. */
export async function junitReportTotals(lines: AsyncIterable<ReportTextLine>, where: string): Promise<JunitTotals> {
  for await (const { text } of lines) {
    if (!text.trimStart().startsWith('<testsuites')) continue;
    return {
      tests: attribute(text, 'tests'),
      failures: attribute(text, 'failures'),
      errors: attribute(text, 'errors'),
      skipped: attribute(text, 'skipped'),
      time: attribute(text, 'time'),
    };
  }
  throw new ReportFileError(`${where}: not a junit report of hoplens check (no <testsuites> element)`);
}

/** A test case's outcome, from the lines between its `<testcase` and `</testcase>`. */
function caseOutcome(body: string): ReportRecord['outcome'] {
  if (body.includes('<failure ')) return 'failed';
  if (body.includes('<error ')) return 'errored';
  if (body.includes('<skipped type="inconclusive"')) return 'inconclusive';
  return body.includes('<skipped ') ? 'skipped' : 'passed';
}

/** The test cases of a JUnit report written by `hoplens check`, each as its lines from `<testcase` to `</testcase>`. */
export async function* junitReportRecords(lines: AsyncIterable<ReportTextLine>): AsyncGenerator<ReportRecord> {
  let held: string[] | undefined;
  for await (const { text } of lines) {
    const trimmed = text.trim();
    if (trimmed.startsWith('<testcase ')) held = [];
    if (held === undefined) continue;
    held.push(text);
    if (trimmed !== '</testcase>') continue;
    yield { line: attribute(held[0]!, 'line'), outcome: caseOutcome(held.slice(1).join('\n')), text: held.join('\n') };
    held = undefined;
  }
}
