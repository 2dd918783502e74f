import {
  type CheckRunWriter,
  type CheckSummary,
  describeChange,
  type JudgedEvent,
  type JudgedRow,
  type RunOutcome,
} from '../../check/index.js';
import { terminalText } from '../../core/index.js';
import { isHumanFormat } from '../../formats/formatter.js';
import { type CsvColumns, describeColumns } from '../../inputs/index.js';
import type { CliError } from '../errors.js';
import { atPlace, fileLine, fileName } from '../file-line.js';
import type { CheckChannels } from './channels.js';
import { CHECK_LIMITS } from './limits.js';
import type { CheckPlan } from './plan.js';
import { runVerdict } from './verdict.js';

/**
 * Writes a judged run (src/check runs, judges and counts it): each row to the formatter, and to the failures list
 * with `--output`; a CSV's columns, invalid lines and baseline changes told to people as they come; the notes after
 * the last row; the summary with its exit status.
 */
export class CheckReport implements CheckRunWriter {
  constructor(
    private readonly plan: CheckPlan,
    readonly channels: CheckChannels,
    /** The run's counts as the judging keeps them: how many invalid lines were told so far. */
    private readonly summary: CheckSummary,
  ) {}

  async begin(): Promise<void> {
    await this.channels.formatter.begin();
  }

  /**
   * Which columns a CSV was read by, for people (on stderr, in every format), so that a target column read under an
   * unexpected name (or not read) shows; a machine report on stdout or in a file stays clean.
   */
  columns(columns: CsvColumns): void {
    const { channels, plan } = this;
    void channels.tell(channels.errors, `hoplens: ${fileName(plan.inputName)}: columns: ${describeColumns(columns)}\n`);
  }

  /** Writes one event of the run. */
  async event(event: JudgedEvent): Promise<void> {
    const { channels } = this;
    channels.progress.tick();
    if (event.kind === 'invalid') {
      if (this.summary.invalid <= CHECK_LIMITS.invalidReported) {
        const place = event.place ?? { line: event.line };
        await channels.tell(channels.errors, `hoplens: ${atPlace(this.plan.inputName, place, event.message)}\n`);
      }
    } else if (event.kind === 'skipped') {
      await channels.formatter.skipped(event);
    } else {
      await this.row(event.row);
    }
  }

  private async row({ result, baseline }: JudgedRow): Promise<void> {
    const { channels, plan } = this;
    // The table shows changes under each row; other formats get a line on the human side too, unless the row is
    // listed among the failures with the change as its reason (--fail-on-change with --output): said once.
    if (
      baseline === 'changed' &&
      !isHumanFormat(plan.format) &&
      !(plan.failOnChange && channels.failures !== undefined)
    ) {
      const list = result.changes!.map(describeChange).join(', ');
      await channels.tell(
        channels.human,
        `${channels.humanColors.cyan('changed')}: ${terminalText(result.source)}: ${list}\n`,
      );
    }
    await channels.formatter.row(result);
    if (result.outcome !== 'passed') await channels.failures?.row(result);
  }

  /**
   * The notes after the last row: baseline rows not checked (`missing`: the judging lists them only after a complete
   * run), invalid lines beyond those listed, and the input error that ended the run early.
   */
  async notes(missing: readonly string[], inputError: CliError | undefined): Promise<void> {
    const { summary, channels, plan } = this;
    const L = CHECK_LIMITS;
    for (const key of missing.slice(0, L.missingReported)) {
      await channels.tell(channels.human, `not checked (in baseline): ${terminalText(key)}\n`);
    }
    if (missing.length > L.missingReported) {
      const more = missing.length - L.missingReported;
      await channels.tell(channels.human, `... and ${more} more baseline rows not checked\n`);
    }
    if (summary.invalid > L.invalidReported) {
      const more = summary.invalid - L.invalidReported;
      await channels.tell(channels.errors, `hoplens: ${fileName(plan.inputName)}: ${more} more invalid lines\n`);
    }
    if (inputError !== undefined) {
      await channels.tell(channels.errors, `hoplens: ${fileLine(plan.inputName, undefined, inputError.message)}\n`);
    }
  }

  rowsEnded(): void {
    this.channels.progress.stop();
  }

  /** Ends the report with the summary, its exit status and the reasons for it. */
  async end(summary: CheckSummary, outcome: RunOutcome): Promise<void> {
    const verdict = runVerdict(outcome);
    summary.verdict = { exit: verdict.exit, reasons: verdict.reasons };
    await this.channels.formatter.end(summary);
  }

  /** Closes the report and the `--report` files. */
  async close(): Promise<void> {
    await this.channels.close();
  }
}
