import { createReadStream } from 'node:fs';
import type { CollapseCounts, CollapseFinding } from '../../check/index.js';
import { readLines } from '../../rules/lines.js';
import { cliError } from '../errors.js';

/** The report formats `hoplens report merge` combines. */
export type MergeFormat = 'json' | 'ndjson' | 'junit';

/** One row of a report: its input line and outcome, and its text exactly as the report wrote it. */
export interface ReportRecord {
  line: number;
  outcome: 'passed' | 'failed' | 'errored' | 'skipped';
  text: string;
}

/** A report's format, told by its first non-blank character: `[` json, `{` ndjson, `<` junit XML. */
export async function reportFormat(path: string): Promise<MergeFormat> {
  for await (const { text } of readLines(createReadStream(path))) {
    const first = text.trim()[0];
    if (first === undefined) continue;
    if (first === '[') return 'json';
    if (first === '{') return 'ndjson';
    if (first === '<') return 'junit';
    break;
  }
  throw cliError('INPUT_ERROR', `${path}: not a json, ndjson or junit report of hoplens check`);
}

/** The closing record of a json or ndjson report (src/cli/formats/formatter.ts, `summaryRecord`), as parsed. */
export interface SummaryRecord {
  kind: 'summary';
  redirectCollapse?: CollapseFinding;
  collapseCounts?: CollapseCounts;
}

/**
 * The rows of a json or ndjson report, one a line as `hoplens check` writes them. Its closing summary record, when
 * there is one, is not a row: it is handed to `summaries`.
 */
export async function* jsonRecords(path: string, summaries: SummaryRecord[] = []): AsyncGenerator<ReportRecord> {
  for await (const { number, text } of readLines(createReadStream(path))) {
    const trimmed = text.trim().replace(/^\[/, '').replace(/\]$/, '').replace(/,$/, '').trim();
    if (trimmed === '') continue;
    let row: { line?: unknown; outcome?: unknown; kind?: unknown };
    try {
      row = JSON.parse(trimmed) as typeof row;
    } catch (error) {
      throw cliError('INPUT_ERROR', `${path}:${number}: not a row of a hoplens report: ${(error as Error).message}`);
    }
    if (row.kind === 'summary') {
      summaries.push(row as SummaryRecord);
      continue;
    }
    const { line, outcome } = row;
    if (typeof line !== 'number' || (outcome !== 'passed' && outcome !== 'failed' && outcome !== 'errored')) {
      throw cliError('INPUT_ERROR', `${path}:${number}: not a row of a hoplens check report (no line or outcome)`);
    }
    yield { line, outcome, text: trimmed };
  }
}

/** The counts of a JUnit report's `<testsuites>` element. */
export interface JunitTotals {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  time: number;
}

const attribute = (text: string, name: string) => Number(new RegExp(`\\b${name}="([\\d.]+)"`).exec(text)?.[1] ?? 0);

/** The totals of a JUnit report written by `hoplens check` (its `<testsuites>` line). */
export async function junitTotals(path: string): Promise<JunitTotals> {
  for await (const { text } of readLines(createReadStream(path))) {
    if (!text.trimStart().startsWith('<testsuites')) continue;
    return {
      tests: attribute(text, 'tests'),
      failures: attribute(text, 'failures'),
      errors: attribute(text, 'errors'),
      skipped: attribute(text, 'skipped'),
      time: attribute(text, 'time'),
    };
  }
  throw cliError('INPUT_ERROR', `${path}: not a junit report of hoplens check (no <testsuites> element)`);
}

/** The test cases of a JUnit report written by `hoplens check`, each as its lines from `<testcase` to `</testcase>`. */
export async function* junitRecords(path: string): AsyncGenerator<ReportRecord> {
  let lines: string[] | undefined;
  for await (const { text } of readLines(createReadStream(path))) {
    const trimmed = text.trim();
    if (trimmed.startsWith('<testcase ')) lines = [];
    if (lines === undefined) continue;
    lines.push(text);
    if (trimmed !== '</testcase>') continue;
    const head = lines[0]!;
    const body = lines.slice(1).join('\n');
    const outcome = body.includes('<failure ')
      ? 'failed'
      : body.includes('<error ')
        ? 'errored'
        : body.includes('<skipped ')
          ? 'skipped'
          : 'passed';
    yield { line: attribute(head, 'line'), outcome, text: lines.join('\n') };
    lines = undefined;
  }
}
