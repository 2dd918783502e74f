/**
 * The judging of check rows, for any runtime: a row against its expectations and the baseline, the run's tally and
 * how it ends. Nothing here imports Node or a package at run time (test/check/judging-entry.test.ts checks it), so
 * the page's many-URLs mode can bundle it and judge as the CLI and monitors do; src/check/index.ts re-exports it
 * beside the parts that run rows, which need Node.
 */
export {
  type Baseline,
  type BaselineEntry,
  baselineKey,
  compareWithBaseline,
  describeChange,
  missingFromRun,
} from './baseline.js';
export {
  type CollapseCounts,
  type CollapseFinding,
  type CollapseSettings,
  type CollapseTarget,
  mergeCollapseCounts,
} from './collapse.js';
export { CSV_COLUMNS, csvField, csvHeaderLine, csvRowLine, extraColumnName } from './csv-report.js';
export type { ExpectationSettings } from './expectation.js';
export { type BaselineStanding, type JudgedRow, type JudgeSettings, judgeRow } from './judge.js';
export type { Attempt, BaselineChange, RowOutcome, RowResult } from './result.js';
export { type RunClose, RunJudging, type RunJudgingSettings } from './run-judging.js';
export { type OutcomeSettings, type RunEnding, type RunOutcome, runOutcome } from './run-outcome.js';
export { REDIRECT_BUCKETS, type RunStats } from './run-stats.js';
export type { SlowChain } from './slowest.js';
export { type CheckSummary, checkedRows, emptySummary } from './summary.js';
export { CheckTally, type JudgedEvent, type RunEnd, type TallySettings } from './tally.js';
export { wallOfReason, wallReason } from './wall-reason.js';
