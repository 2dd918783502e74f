import { performance } from 'node:perf_hooks';
import type { CheckRunSetup, CheckSummary, CollapseSettings } from '../../check/index.js';
import type { AnalyzerConfig } from '../../core/index.js';
import { acquireAnalyzer } from '../analyzer.js';
import { loadBaseline } from '../baseline-file.js';
import { invalidFlag } from '../errors.js';
import { type CliIo, outputClosed } from '../io.js';
import { openChannels } from './channels.js';
import { explainFor } from './explain.js';
import type { CheckPlan } from './plan.js';
import { CheckReport } from './report.js';
import { refuseInterruptedOverwrite, resumeReport } from './resume-report.js';

/** What the command decided before the run: the analyzer's settings, the collapse settings, `--stats`, the start. */
export interface RunChoices {
  settings: AnalyzerConfig;
  collapse: CollapseSettings;
  stats?: boolean | undefined;
  /** When the command started (performance.now()): the summary's time counts from here. */
  started: number;
}

/** The command line's setup of a check run, and the report it opened (once the run opened it). */
export interface CliRunSetup {
  setup: CheckRunSetup;
  report(): CheckReport | undefined;
}

/**
 * A check run as the command line runs it (src/check runs it): its streams, Ctrl-C and a closed stdout, the clock,
 * the report file's readers, its words for a bad pattern and a warning, and its report (the formats, the terminal)
 * as the run's writer.
 */
export function cliRunSetup(plan: CheckPlan, io: CliIo, choices: RunChoices): CliRunSetup {
  let report: CheckReport | undefined;
  const setup: CheckRunSetup = {
    ...choices,
    stdin: io.stdin,
    signal: io.signal,
    endedByReader: outputClosed,
    now: () => performance.now(),
    loadBaseline,
    explain: explainFor,
    analyzer: (config) => acquireAnalyzer(io, config),
    refuseInterruptedOverwrite,
    resumeReport,
    patternError: (flag, why, text) => invalidFlag(flag, why, JSON.stringify(text)),
    warn: (text) => void io.stderr.write(`hoplens: ${text}\n`),
    openWriter: async (counts: CheckSummary) => {
      report = new CheckReport(plan, await openChannels(plan, io), counts);
      return report;
    },
  };
  return { setup, report: () => report };
}
