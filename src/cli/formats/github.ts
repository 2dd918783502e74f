import { appendFile } from 'node:fs/promises';
import type { CheckSummary, RowResult } from '../../check/index.js';
import type { CheckFormatter, SkippedRule } from '../../formats/formatter.js';
import type { CiReport } from '../../formats/index.js';
import { renderMarkdown } from '../../formats/index.js';
import type { Sink } from '../output.js';
import { outputError } from '../output-error.js';
import { CiCheckCollector, type CiInput } from './ci-check-collector.js';
import { annotations, logGroup } from './github-commands.js';

/** What `--format github` needs besides its sink. */
export interface GithubOptions {
  /** The table the rows are logged by, folded in a group. */
  table: CheckFormatter;
  /** `$GITHUB_STEP_SUMMARY`: the file the job summary is appended to; none outside a runner. */
  stepSummary?: string;
  lineLink?: (line: number) => string;
}

/**
 * Appends the job summary to `$GITHUB_STEP_SUMMARY` (each step's file is appended to, several commands of a step
 * adding their sections; https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#adding-a-job-summary).
 */
export async function writeStepSummary(path: string | undefined, markdown: string): Promise<void> {
  if (path === undefined || path === '') return;
  try {
    await appendFile(path, `${markdown}\n`);
  } catch (error) {
    throw outputError('GITHUB_STEP_SUMMARY', path, error);
  }
}

/**
 * `--format github` (and the table's own format on a GitHub runner): the per-row log as the table writes it, folded
 * in a group the runner reads no command in ({@link logGroup}), then the findings as annotations on their lines of the input, and the run in the job summary.
 */
export class GithubFormatter implements CheckFormatter {
  private readonly collector: CiCheckCollector;
  private readonly group: { open: string; close: string };

  constructor(
    private readonly sink: Sink,
    input: CiInput,
    private readonly options: GithubOptions,
  ) {
    this.collector = new CiCheckCollector(input);
    this.group = logGroup(`hoplens check ${input.inputName}: rows`);
  }

  async begin(): Promise<void> {
    await this.sink.write(this.group.open);
    await this.options.table.begin();
  }

  async row(result: RowResult): Promise<void> {
    this.collector.add(result);
    await this.options.table.row(result);
  }

  skipped(rule: SkippedRule): Promise<void> {
    return this.options.table.skipped(rule);
  }

  async end(summary: CheckSummary): Promise<void> {
    await this.sink.write(this.group.close);
    await this.options.table.end(summary);
    await publish(this.sink, this.collector.report(summary), this.options);
  }
}

/** Annotations on the sink, the summary to the step's file. */
export async function publish(
  sink: Sink,
  report: CiReport,
  options: Pick<GithubOptions, 'stepSummary' | 'lineLink'>,
): Promise<void> {
  await sink.write(annotations(report));
  const lineLink = options.lineLink === undefined ? {} : { lineLink: options.lineLink };
  await writeStepSummary(options.stepSummary, renderMarkdown(report, lineLink));
}
