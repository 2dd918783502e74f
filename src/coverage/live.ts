import { setMaxListeners } from 'node:events';
import { type ExpectationSettings, judgeRun, type RowResult, RunJudging, type RunLimits } from '../check/index.js';
import type { AnalysisResult } from '../core/index.js';
import type { InputItem } from '../inputs/index.js';
import type { CoverageRow, LiveAnswer } from './coverage-row.js';

/** How `--live` checks the URLs: `check`'s runner and judging, with the analyzer and limits the face gives. */
export interface LiveSettings {
  /** Analyses one URL (options bound): the face's analyzer. */
  analyze: (url: string) => Promise<AnalysisResult>;
  limits: RunLimits;
  expectations: ExpectationSettings;
  signal?: AbortSignal | undefined;
  /** Told how many URLs will be checked, then of each one checked: a face's progress bar. */
  onTotal?: ((total: number) => void) | undefined;
  onRow?: (() => void) | undefined;
}

/** Each row as `check` reads a pair: its URL, and the map's target expected where the map redirects it. */
async function* liveItems(rows: readonly CoverageRow[]): AsyncGenerator<InputItem> {
  for (const [index, row] of rows.entries()) {
    yield {
      kind: 'row',
      row:
        row.target === undefined
          ? { line: index + 1, source: row.url }
          : { line: index + 1, source: row.url, target: row.target },
    };
  }
}

function answerOf(result: RowResult): LiveAnswer {
  const answer: LiveAnswer = {
    outcome: result.outcome,
    reasons: result.reasons,
    redirects: result.redirects,
    oneHop200: result.redirects === 1 && result.finalStatus === 200,
  };
  if (result.finalUrl !== undefined) answer.finalUrl = result.finalUrl;
  if (result.finalStatus !== undefined) answer.finalStatus = result.finalStatus;
  return answer;
}

/**
 * Checks every row's URL on the site as `check` checks a row (its runner: concurrency, per host, retries; its
 * judging: the map's target expected), and sets each row's `live`. Rows the signal stopped before are left without.
 */
export async function checkLive(rows: readonly CoverageRow[], settings: LiveSettings): Promise<void> {
  const judging = new RunJudging({
    expectations: settings.expectations,
    collapse: { threshold: Number.POSITIVE_INFINITY, severity: 'off' },
  });
  const signal = settings.signal ?? new AbortController().signal;
  // Every row in flight listens to the signal, as in a check run.
  setMaxListeners(settings.limits.concurrency * 2 + 10, signal);
  const config = { ...settings.limits, analyze: settings.analyze, signal };
  settings.onTotal?.(rows.length);
  for await (const event of judgeRun(liveItems(rows), config, judging)) {
    if (event.kind !== 'judged') continue;
    settings.onRow?.();
    const row = rows[event.row.result.line - 1];
    if (row !== undefined) row.live = answerOf(event.row.result);
  }
}
