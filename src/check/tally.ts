import type { InputItem } from '../inputs/index.js';
import { CollapseCounter, type CollapseSettings } from './collapse.js';
import type { ExpectationSettings } from './expectation.js';
import type { JudgedRow } from './judge.js';
import { RunStatsCounter } from './run-stats.js';
import { type CheckSummary, emptySummary } from './summary.js';

/** What a judged run delivers, in input order: a judged row, or an input line passed through (invalid, skipped). */
export type JudgedEvent = { kind: 'judged'; row: JudgedRow } | Exclude<InputItem, { kind: 'row' }>;

/** What the tally counts besides the rows' outcomes. */
export interface TallySettings {
  collapse: CollapseSettings;
  /** How URLs compare: a row that reached its own target is no collapse, under the rows' own comparison. */
  expectations: ExpectationSettings;
  /** Whether rows are compared with a baseline (its counts then mean something). */
  baseline: boolean;
  /** `true` (`--stats`): the run's figures in the summary and the report; undefined: the summary; `false`: neither. */
  stats?: boolean | undefined;
  /** A shard's run (`--shard`): its report carries every collapse count, for `hoplens report merge` to sum. */
  shard?: boolean | undefined;
}

/** How a run stopped, known only once it has. */
export interface RunEnd {
  /** Wall-clock milliseconds of the whole run. */
  elapsedMs: number;
  /** Stopped by Ctrl-C: the counts cover the rows finished before it. */
  interrupted: boolean;
}

/**
 * Counts a run's judged rows into its summary as they come, in constant memory: outcomes, baseline standings,
 * invalid and skipped lines, the run's figures and the final URLs rows collapse onto.
 */
export class CheckTally {
  readonly summary: CheckSummary = emptySummary();
  private readonly stats = new RunStatsCounter();
  private readonly collapses: CollapseCounter | undefined;

  constructor(private readonly settings: TallySettings) {
    this.summary.baseline = settings.baseline;
    const { collapse, expectations } = settings;
    if (collapse.severity !== 'off') this.collapses = new CollapseCounter(collapse.threshold, expectations);
  }

  add(event: JudgedEvent): void {
    if (event.kind === 'invalid') this.summary.invalid++;
    else if (event.kind === 'skipped') this.summary.skipped++;
    else this.addRow(event.row);
  }

  private addRow({ result, baseline }: JudgedRow): void {
    const { summary } = this;
    if (baseline === 'new') summary.added++;
    else if (baseline === 'changed') summary.changed++;
    summary[result.outcome]++;
    if (result.cached !== undefined) summary.cached = (summary.cached ?? 0) + 1;
    this.stats.add(result);
    this.collapses?.add(result);
  }

  /**
   * Closes the summary: how the run ended, `missing` baseline rows, the figures and the collapse finding, which only
   * the whole run can tell.
   */
  finish(end: RunEnd, missing: number): CheckSummary {
    const { summary, settings } = this;
    summary.elapsedMs = end.elapsedMs;
    summary.interrupted = end.interrupted;
    summary.missing = missing;
    if (settings.stats !== false) summary.stats = this.stats.snapshot();
    summary.statsInReport = settings.stats === true;
    const { severity } = settings.collapse;
    if (severity === 'off') return summary;
    const collapse = this.collapses?.finding(severity);
    if (collapse !== undefined) summary.collapse = collapse;
    // A shard's report carries its counts whatever they are: only their sum over the shards is judged.
    const counts = settings.shard === true ? this.collapses?.allCounts(severity) : undefined;
    if (counts !== undefined) summary.collapseCounts = counts;
    return summary;
  }
}
