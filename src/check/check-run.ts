import type { CheckRow, InputItem } from '../inputs/index.js';
import type { JudgedRow, JudgeSettings } from './judge.js';
import { judgeRow } from './judge.js';
import { type AttemptContext, attemptRow } from './row-attempt.js';
import type { RunJudging } from './run-judging.js';
import { type RunnerConfig, runChecks } from './runner.js';
import type { JudgedEvent } from './tally.js';

/**
 * Runs the rows of `items` (bounded concurrency, per host, retries: src/check/runner.ts) and delivers each event in
 * input order, judged and counted by `judging`: the caller only writes them, and reads the summary at the end.
 */
export async function* judgeRun(
  items: AsyncIterable<InputItem>,
  config: RunnerConfig,
  judging: RunJudging,
): AsyncGenerator<JudgedEvent> {
  for await (const event of runChecks(items, config)) {
    const judged = judging.judge(event);
    if (event.kind === 'checked' && judged.kind === 'judged') {
      config.cache?.remember(event.attempt, judged.row.result.outcome);
    }
    yield judged;
  }
}

/** Analyses one row, retried as `context` says, and judges it as a run's row is judged: a monitor's run. */
export async function checkOne(row: CheckRow, context: AttemptContext, settings: JudgeSettings): Promise<JudgedRow> {
  return judgeRow(await attemptRow(row, context), settings);
}
