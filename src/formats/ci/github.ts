import type { CheckSummary, RowResult } from '../../check/index.js';
import type { CheckFormatter, SkippedRule } from '../formatter.js';
import type { ReportWriter } from '../writer.js';
import { CiCheckCollector, type CiInput } from './ci-check-collector.js';
import type { CiReport } from './ci-report.js';
import { annotations, logGroup } from './github-commands.js';
import { renderMarkdown } from './markdown.js';

/** What `--format github` needs besides its writer. */
export interface GithubOptions {
  /** The table the rows are logged by, folded in a group. */
  table: CheckFormatter;
  /**
   * Where the job summary goes (the CLI appends it to `$GITHUB_STEP_SUMMARY`); none outside a runner. A function
   * rather than a path, so that this room opens no file.
   */
  jobSummary?: (markdown: string) => Promise<void>;
  lineLink?: (line: number) => string;
}

/**
 * `--format github` (and the table's own format on a GitHub runner): the per-row log as the table writes it, folded
 * in a group the runner reads no command in ({@link logGroup}), then the findings as annotations on their lines of the input, and the run in the job summary.
 */
export class GithubFormatter implements CheckFormatter {
  private readonly collector: CiCheckCollector;
  private readonly group: { open: string; close: string };

  constructor(
    private readonly sink: ReportWriter,
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

/** Annotations on the writer, the summary to the job's. */
export async function publish(
  sink: ReportWriter,
  report: CiReport,
  options: Pick<GithubOptions, 'jobSummary' | 'lineLink'>,
): Promise<void> {
  await sink.write(annotations(report));
  const lineLink = options.lineLink === undefined ? {} : { lineLink: options.lineLink };
  await options.jobSummary?.(renderMarkdown(report, lineLink));
}
