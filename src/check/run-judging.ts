import { baselineKey, missingFromRun } from './baseline.js';
import { type BaselineStanding, type JudgeSettings, judgeRow } from './judge.js';
import type { RowResult } from './result.js';
import type { RunnerEvent } from './runner.js';
import type { CheckSummary } from './summary.js';
import { CheckTally, type JudgedEvent, type RunEnd, type TallySettings } from './tally.js';

/** How one run's rows are judged and counted. */
export interface RunJudgingSettings extends JudgeSettings, Omit<TallySettings, 'baseline'> {}

/** What closing a run's judging needs besides how it ended: whether the rows covered the whole input. */
export interface RunClose {
  /** Every row of the input was judged: only then are the baseline rows not seen missing from it. */
  complete: boolean;
}

/**
 * The judging of one run, whoever runs its rows: each analysed row judged (expectations, then baseline) and counted
 * as it comes; at the end, the summary. Holds no rows: memory stays constant whatever the run's size.
 */
export class RunJudging {
  private readonly tally: CheckTally;

  constructor(private readonly settings: RunJudgingSettings) {
    this.tally = new CheckTally({ ...settings, baseline: settings.baseline !== undefined });
  }

  /** The counts so far; complete once {@link finish} has run. */
  get summary(): CheckSummary {
    return this.tally.summary;
  }

  /** Judges one event of the run (input lines pass through) and counts it. */
  judge(event: RunnerEvent): JudgedEvent {
    const judged: JudgedEvent =
      event.kind === 'checked' ? { kind: 'judged', row: judgeRow(event.attempt, this.settings) } : event;
    this.tally.add(judged);
    return judged;
  }

  /**
   * Counts a row judged by an earlier, interrupted run of the same command (`--resume`), as it stands in its report:
   * not judged again, since it is not checked again, but part of the whole run's summary.
   */
  recount(result: RowResult): void {
    const { baseline } = this.settings;
    let standing: BaselineStanding | undefined;
    if (baseline !== undefined) {
      const key = baselineKey(result.source);
      if (baseline.entries.has(key)) baseline.seen.add(key);
      standing = result.changes === undefined ? 'new' : result.changes.length > 0 ? 'changed' : 'same';
    }
    this.tally.add({ kind: 'judged', row: standing === undefined ? { result } : { result, baseline: standing } });
  }

  /**
   * Closes the summary, and lists the baseline rows the run did not check (source keys, in the baseline's order):
   * none unless the run was complete, since a stopped run did not reach them.
   */
  finish(end: RunEnd & RunClose): { summary: CheckSummary; missing: string[] } {
    const { baseline } = this.settings;
    const missing = baseline !== undefined && end.complete ? missingFromRun(baseline) : [];
    return { summary: this.tally.finish(end, missing.length), missing };
  }
}
