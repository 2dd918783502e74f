/**
 * Running a check: a plan's input read (rows, a rules file read ahead, samples matched against its patterns), the
 * rows chosen (a shard's share, a resumed report's rest, `include`/`exclude` patterns), run, judged and handed to a
 * writer, and the run's outcome decided; or, with `--variants`, each row's variants analysed. Every side effect is a parameter (the clock, standard input, the signal,
 * the analyzer, the readers of earlier reports, the writer), so that the CLI, the service or the library can run a
 * check; the faces write the rows in their formats and turn the outcome into their own signal (an exit status).
 */

export { COLLAPSE_THRESHOLD, collapseSettings } from './collapse-settings.js';
export type { CheckRunPlan, RunPlan } from './plan.js';
export { findRuleChains, type RuleChains } from './rule-chains.js';
export {
  type CheckRunResult,
  type CheckRunSetup,
  type CheckRunWriter,
  type RunAnalyzer,
  runCheck,
} from './run-check.js';
export type { EarlierRuns, RunExtras } from './run-extras.js';
export { sitemapOptions } from './run-input.js';
export {
  type CheckVariantsSummary,
  type RowVariants,
  runVariantsRows,
  type VariantsRowsWriter,
} from './variants-rows.js';
