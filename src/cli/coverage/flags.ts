/*
 * The flags of `hoplens coverage`, importing nothing at run time: the command line declares them at start-up, and
 * the coverage room loads only when the command runs.
 */
import type { InputFlags } from '../../inputs/index.js';
import type { AnalysisFlags } from '../analysis-options.js';

/** The output formats of `hoplens coverage`: the terminal's table, the room's text formats, the HTML report. */
export const COVERAGE_FORMATS = ['table', 'json', 'ndjson', 'csv', 'html'] as const;
export type CoverageFormat = (typeof COVERAGE_FORMATS)[number];

/** The log formats `--log-format` names (src/inputs/logs). */
export const LOG_FORMAT_NAMES = ['combined', 'common', 'w3c', 'cloudflare', 'cloudfront'] as const;

/** Flags of `hoplens coverage`, as commander hands them over. */
export interface CoverageFlags extends AnalysisFlags, InputFlags {
  log: string[];
  logFormat?: (typeof LOG_FORMAT_NAMES)[number];
  traffic: string[];
  keepQuery?: boolean;
  includeAssets?: boolean;
  bots: 'separate' | 'include' | 'exclude';
  format: CoverageFormat;
  output?: string;
  /** `--report FORMAT=FILE`, repeatable. */
  report: string[];
  top?: string;
  failUnder?: string;
  live?: boolean;
  concurrency?: string;
  perHost?: string;
  /** False with `--no-progress`. */
  progress?: boolean;
  /** False with `--no-color`. */
  color?: boolean;
}
