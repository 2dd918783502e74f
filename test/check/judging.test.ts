/**
 * The judging of a run (src/check/judging.ts): a row judged against its expectation and the baseline, the run's tally,
 * and how the run ends. Rows are built here as the runner delivers them; no server is involved.
 */
import { describe, expect, it } from 'vitest';
import {
  type Attempt,
  type Baseline,
  baselineKey,
  type CheckSummary,
  emptySummary,
  type JudgeSettings,
  judgeRow,
  RunJudging,
  type RunJudgingSettings,
  runOutcome,
} from '../../src/check/judging.js';
import type { RunnerEvent } from '../../src/check/runner.js';
import { HoplensError } from '../../src/core/errors.js';
import type { AnalysisResult, Hop, Issue } from '../../src/core/types.js';

const expectations = { ignoreTrailingSlash: false, ignoreQuery: false, strict: false };

/** An analysis of `source` redirected once (301) to `finalUrl`, which answers `finalStatus`. */
function redirect(source: string, finalUrl: string, finalStatus = 200, issues: Issue[] = []): AnalysisResult {
  const chain: Hop[] = [
    { url: source, status: 301, statusText: '', responseTime: 4, headers: { location: finalUrl } },
    { url: finalUrl, status: finalStatus, statusText: '', responseTime: 6, headers: {} },
  ];
  chain[0]!.redirectType = 'permanent';
  chain[0]!.redirectVia = 'http';
  const summary = { totalHops: 2, finalUrl, finalStatus, totalTime: 10, hasLoop: false, issues };
  return { success: true, url: source, chain, summary };
}

const checked = (source: string, result: AnalysisResult | Error, target?: string): Attempt => ({
  row: { line: 3, source, ...(target === undefined ? {} : { target }) },
  ...(result instanceof Error ? { error: result } : { result }),
  attempts: 1,
  elapsed: 20,
});

const event = (attempt: Attempt): RunnerEvent => ({ kind: 'checked', attempt });

function baselineOf(...sources: string[]): Baseline {
  const entry = { finalUrl: 'http://new.test/a', firstStatus: 301, finalStatus: 200, hops: 2, error: null };
  return { entries: new Map(sources.map((source) => [baselineKey(source), { ...entry }])), seen: new Set() };
}

describe('judgeRow', () => {
  const landed = checked('http://old.test/a', redirect('http://old.test/a', 'http://new.test/a'), 'http://new.test/a');
  const broken = checked('http://old.test/a', redirect('http://old.test/a', 'http://new.test/a', 404));

  it('judges the expectation, then the baseline: the same chain, a changed one, a row it does not have', () => {
    expect(judgeRow(landed, { expectations })).toEqual({ result: expect.objectContaining({ outcome: 'passed' }) });
    const same = judgeRow(landed, { expectations, baseline: baselineOf('http://old.test/a') });
    expect(same).toMatchObject({ baseline: 'same', result: { outcome: 'passed', changes: [] } });
    const added = judgeRow(landed, { expectations, baseline: baselineOf('http://old.test/other') });
    expect(added.baseline).toBe('new');
    expect(added.result.changes).toBeUndefined();
    const changed = judgeRow(broken, { expectations, baseline: baselineOf('http://old.test/a') });
    expect(changed).toMatchObject({
      baseline: 'changed',
      result: { outcome: 'failed', changes: [{ field: 'finalStatus', before: 200, after: 404 }] },
    });
  });

  it('fails a changed chain with --fail-on-change, the baseline reason after the face’s own', () => {
    const explain: JudgeSettings['explain'] = (result) => [`explained ${result.outcome}`];
    const baseline = baselineOf('http://old.test/a');
    const changed = judgeRow(broken, { expectations, baseline, failOnChange: true, explain });
    expect(changed.result.reasons).toEqual([
      'the chain ends with 404, not 2xx',
      'explained failed',
      'changed since baseline: final status 200 → 404',
    ]);
    // A passing row is not explained; its changed chain alone fails it.
    const moved = checked('http://old.test/a', redirect('http://old.test/a', 'http://new.test/b'));
    const judged = judgeRow(moved, {
      expectations,
      baseline: baselineOf('http://old.test/a'),
      failOnChange: true,
      explain,
    });
    expect(judged.result).toMatchObject({
      outcome: 'failed',
      reasons: ['changed since baseline: final URL http://new.test/a → http://new.test/b'],
    });
  });

  it('fails on info findings only when asked (a monitor’s failOn: info), and never turns an error into a failure', () => {
    const info: Issue = { type: 'redirect_chain', severity: 'info', message: 'Two hops', help: '' };
    const attempt = checked('http://old.test/a', redirect('http://old.test/a', 'http://new.test/a', 200, [info]));
    expect(judgeRow(attempt, { expectations }).result.outcome).toBe('passed');
    const strict = { ...expectations, strict: true, failOnInfo: true };
    expect(judgeRow(attempt, { expectations: strict }).result).toMatchObject({
      outcome: 'failed',
      reasons: ['info: Two hops [redirect_chain]'],
    });
    const refused = checked('http://old.test/a', new HoplensError('CONNECTION_REFUSED', 'refused'));
    expect(judgeRow(refused, { expectations: strict }).result).toMatchObject({
      outcome: 'errored',
      reasons: ['CONNECTION_REFUSED: refused'],
    });
  });
});

describe('RunJudging', () => {
  const settings = (more: Partial<RunJudgingSettings> = {}): RunJudgingSettings => ({
    expectations,
    collapse: { threshold: 2, severity: 'error' },
    ...more,
  });
  const toHome = (path: string) =>
    checked(`http://old.test/${path}`, redirect(`http://old.test/${path}`, 'http://new.test/'));

  it('counts every event as it judges it, and closes the summary with the figures and the collapse', () => {
    const judging = new RunJudging(settings({ baseline: baselineOf('http://old.test/a', 'http://old.test/gone') }));
    const events: RunnerEvent[] = [
      event(toHome('a')),
      event(toHome('b')),
      event(checked('http://old.test/c', new HoplensError('TIMEOUT', 'slow'))),
      { kind: 'invalid', line: 4, message: 'not a URL' },
      { kind: 'skipped', line: 5, text: '/* /x 301', reason: 'a splat' },
    ];
    const judged = events.map((each) => judging.judge(each));
    expect(judged.map((each) => each.kind)).toEqual(['judged', 'judged', 'judged', 'invalid', 'skipped']);
    expect(judging.summary).toMatchObject({ passed: 2, errored: 1, invalid: 1, skipped: 1, changed: 1, added: 2 });
    const { summary, missing } = judging.finish({ elapsedMs: 1500, interrupted: false, complete: true });
    expect(missing).toEqual(['http://old.test/gone']);
    expect(summary).toMatchObject({ missing: 1, baseline: true, elapsedMs: 1500, statsInReport: false });
    expect(summary.stats?.outcomes).toEqual({ passed: 2, failed: 0, errored: 1, inconclusive: 0 });
    expect(summary.collapse?.targets).toEqual([
      { finalUrl: 'http://new.test/', rows: 2, root: true, examples: ['http://old.test/a', 'http://old.test/b'] },
    ]);
    expect(summary.collapseCounts).toBeUndefined();
  });

  it('lists no missing rows after a stopped run, and leaves out what the settings turn off', () => {
    const judging = new RunJudging(
      settings({
        baseline: baselineOf('http://old.test/gone'),
        stats: false,
        collapse: { threshold: 2, severity: 'off' },
      }),
    );
    judging.judge(event(toHome('a')));
    judging.judge(event(toHome('b')));
    const { summary, missing } = judging.finish({ elapsedMs: 1, interrupted: true, complete: false });
    expect(missing).toEqual([]);
    expect(summary).toMatchObject({ interrupted: true, missing: 0 });
    expect(summary.stats).toBeUndefined();
    expect(summary.collapse).toBeUndefined();
  });

  it('gives a shard every collapse count, for the merge to sum', () => {
    const judging = new RunJudging(
      settings({ shard: true, stats: true, collapse: { threshold: 5, severity: 'warning' } }),
    );
    judging.judge(event(toHome('a')));
    const { summary } = judging.finish({ elapsedMs: 1, interrupted: false, complete: true });
    expect(summary.collapse).toBeUndefined();
    expect(summary.collapseCounts?.targets).toEqual([
      { finalUrl: 'http://new.test/', rows: 1, examples: ['http://old.test/a'] },
    ]);
    expect(summary.statsInReport).toBe(true);
    expect(summary.baseline).toBe(false);
  });
});

describe('runOutcome', () => {
  const summary = (counts: Partial<CheckSummary>): CheckSummary => ({ ...emptySummary(), ...counts });
  const collapse = { threshold: 10, severity: 'warning' as const };
  const outcome = (counts: Partial<CheckSummary>, inputFailed = false, strict = false) =>
    runOutcome(summary(counts), { inputFailed, collapse, strict });
  const collapsed = {
    passed: 12,
    collapse: {
      type: 'redirect_collapse' as const,
      severity: 'warning' as const,
      threshold: 10,
      targets: [{ finalUrl: 'http://new.test/', rows: 12, root: true, examples: [] }],
    },
  };

  it('names each way a run ends, the first that holds deciding', () => {
    expect(outcome({ interrupted: true, failed: 3 })).toEqual({
      ending: 'interrupted',
      reasons: ['interrupted (Ctrl-C)'],
    });
    expect(outcome({ invalid: 2, failed: 1 }, true)).toEqual({
      ending: 'unreadable',
      reasons: ['2 invalid lines', 'the input could not be read to its end'],
    });
    expect(outcome({})).toEqual({ ending: 'nothing-checked', reasons: ['no rows to check'], note: 'no rows to check' });
    expect(outcome({ skipped: 4 })).toEqual({
      ending: 'all-skipped',
      reasons: [],
      note: 'every rule was skipped (4); no rows to check',
    });
    expect(outcome({ passed: 1, failed: 3, errored: 1 })).toEqual({
      ending: 'failed',
      reasons: ['3 failed', '1 errored'],
    });
    expect(outcome({ passed: 5 })).toEqual({ ending: 'passed', reasons: [] });
  });

  it('fails a run on a warning collapse only with --strict', () => {
    expect(outcome(collapsed)).toEqual({ ending: 'passed', reasons: [] });
    expect(outcome(collapsed, false, true)).toEqual({
      ending: 'failed',
      reasons: ['1 collapse (12 rows → http://new.test/)'],
    });
  });
});
