import { type Baseline, describeChange, markChanges, missingFromRun } from '../../check/baseline.js';
import { CollapseCounter } from '../../check/collapse.js';
import { evaluate } from '../../check/expectation.js';
import type { Attempt } from '../../check/result.js';
import { RunStatsCounter } from '../../check/run-stats.js';
import type { RunnerEvent } from '../../check/runner.js';
import { type CheckSummary, emptySummary } from '../../check/summary.js';
import type { CliError } from '../errors.js';
import { tlsHint } from '../tls-hint.js';
import type { CheckChannels } from './channels.js';
import type { CollapseSettings } from './collapse-settings.js';
import { CHECK_LIMITS, type CheckPlan } from './plan.js';
import type { RuleChains } from './rule-chains.js';

/**
 * Turns what the runner delivers into the report: each row judged against its expectations and the baseline, counted,
 * handed to the formatter; invalid lines and baseline changes told to people as they come.
 */
export class CheckReport {
  /** The run stopped before the input's end (Ctrl-C, or a reader that closed stdout): not every row was checked. */
  stoppedEarly = false;
  readonly summary: CheckSummary = emptySummary();
  private readonly stats = new RunStatsCounter();
  private readonly collapses: CollapseCounter | undefined;

  constructor(
    private readonly plan: CheckPlan,
    readonly channels: CheckChannels,
    private readonly baseline: Baseline | undefined,
    private readonly collapse: CollapseSettings = { threshold: 10, severity: 'error' },
    /** `--stats` (true): the figures in the summary and the report; default: the summary; `--no-stats`: neither. */
    private readonly withStats: boolean | undefined = undefined,
    /** The chains and loops of a rules file, by line (src/cli/check/rule-chains.ts): a failed row names its own. */
    private readonly chains: RuleChains | undefined = undefined,
  ) {
    this.summary.baseline = baseline !== undefined;
    if (collapse.severity !== 'off') this.collapses = new CollapseCounter(collapse.threshold, plan.expectations);
  }

  /** Reports one event of the run. */
  async event(event: RunnerEvent): Promise<void> {
    const { summary, channels } = this;
    channels.progress.tick();
    if (event.kind === 'invalid') {
      summary.invalid++;
      if (summary.invalid <= CHECK_LIMITS.invalidReported) {
        await channels.tell(channels.errors, `hoplens: ${this.plan.inputName}:${event.line}: ${event.message}\n`);
      }
    } else if (event.kind === 'skipped') {
      summary.skipped++;
      await channels.formatter.skipped(event);
    } else {
      await this.row(event.attempt);
    }
  }

  private async row(attempt: Attempt): Promise<void> {
    const { summary, channels, plan } = this;
    const result = evaluate(attempt, plan.expectations);
    // The row failed, and the rules send its target on: say so, as lint does, rather than only what the chain did.
    const chain = result.outcome === 'failed' ? this.chains?.get(result.line) : undefined;
    if (chain !== undefined) result.reasons.push(chain);
    const hint = tlsHint(attempt.error);
    if (hint !== undefined) result.reasons.push(`hint: ${hint}`);
    if (this.baseline !== undefined) {
      const changes = markChanges(this.baseline, result, plan.failOnChange);
      if (changes === undefined) summary.added++;
      else if (changes.length > 0) {
        summary.changed++;
        // The table shows changes under each row; other formats get a line on the human side too, unless the row
        // is listed among the failures with the change as its reason (--fail-on-change with --output): said once.
        if (plan.format !== 'table' && !(plan.failOnChange && channels.failures !== undefined)) {
          const list = changes.map(describeChange).join(', ');
          await channels.tell(channels.human, `${channels.humanColors.cyan('changed')}: ${result.source}: ${list}\n`);
        }
      }
    }
    summary[result.outcome]++;
    this.stats.add(result);
    this.collapses?.add(result);
    await channels.formatter.row(result);
    if (result.outcome !== 'passed') await channels.failures?.row(result);
  }

  /**
   * The notes after the last row: baseline rows not checked (only after a complete run), invalid lines beyond those
   * listed, and the input error that ended the run early.
   */
  async notes(inputError: CliError | undefined): Promise<void> {
    const { summary, channels, plan } = this;
    if (this.withStats !== false) summary.stats = this.stats.snapshot();
    summary.statsInReport = this.withStats === true;
    const { severity } = this.collapse;
    const collapse = severity === 'off' ? undefined : this.collapses?.finding(severity);
    if (collapse !== undefined) summary.collapse = collapse;
    // A shard's report carries its counts whatever they are: only their sum over the shards is judged.
    const counts = severity === 'off' || plan.shard === undefined ? undefined : this.collapses?.allCounts(severity);
    if (counts !== undefined) summary.collapseCounts = counts;
    const L = CHECK_LIMITS;
    if (this.baseline !== undefined && !this.stoppedEarly && inputError === undefined) {
      const missing = missingFromRun(this.baseline);
      summary.missing = missing.length;
      for (const key of missing.slice(0, L.missingReported)) {
        await channels.tell(channels.human, `not checked (in baseline): ${key}\n`);
      }
      if (missing.length > L.missingReported) {
        const more = missing.length - L.missingReported;
        await channels.tell(channels.human, `... and ${more} more baseline rows not checked\n`);
      }
    }
    if (summary.invalid > L.invalidReported) {
      const more = summary.invalid - L.invalidReported;
      await channels.tell(channels.errors, `hoplens: ${plan.inputName}: ${more} more invalid lines\n`);
    }
    if (inputError !== undefined) {
      await channels.tell(channels.errors, `hoplens: ${plan.inputName}: ${inputError.message}\n`);
    }
  }
}
