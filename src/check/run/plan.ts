import type { AnalyzeOptions } from '../../core/index.js';
import type { InputFormat, InputPlan } from '../../inputs/index.js';
import type { ExpectationSettings } from '../expectation.js';
import type { RunLimits } from '../runner.js';
import type { Shard } from '../shard.js';

/** What a run takes from earlier runs, and which rows it checks (`--resume`, `--cache`, `--include`/`--exclude`). */
export interface RunPlan {
  /** The report the run continues, resolved (it is also the run's output). */
  resume?: string;
  force: boolean;
  cache?: { path: string; maxAgeMs: number; failures: boolean };
  include: readonly string[];
  exclude: readonly string[];
}

/**
 * Everything a check run does with its input, decided before any file is opened: which rows, judged how, run how
 * fast. A face adds how it writes them (the CLI's `CheckPlan`: formats, colours, the progress bar).
 */
export interface CheckRunPlan extends InputPlan {
  /** The baseline report, resolved. */
  baselinePath?: string;
  /** The report file, resolved: an interrupted run's report there is refused unless resumed or forced. */
  outputPath?: string;
  analyzeOptions: AnalyzeOptions;
  expectations: ExpectationSettings;
  limits: RunLimits;
  failOnChange: boolean;
  /** `--inconclusive`: whether a row behind a bot wall fails the run (`fail`) or is only counted (`pass`). */
  inconclusive?: 'fail' | 'pass';
  /** Only the rows whose source falls in this part are checked (src/check/shard.ts). */
  shard?: Shard;
  /** The most bytes a sitemap input may hold uncompressed, when given (else the sitemaps protocol's 50 MB). */
  sitemapMaxBytes?: number;
  /** Sample URLs, resolved (or an http(s) URL), and their format, to test the rules file's patterns with. */
  samples?: { path: string; format: InputFormat };
  run: RunPlan;
}
