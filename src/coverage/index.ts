/**
 * The coverage room (issue 45): a redirect map joined with the traffic of the old site (access logs, exports of
 * pages and backlinks, counted by src/inputs/logs): every old URL with hits, ranked, covered by the map or not, where
 * the map sends it, and with `--live` what the site does with it, checked as `check` checks a row. The CLI's
 * `hoplens coverage` reads the flags and writes what this room returns.
 */
export {
  type CoverageReport,
  percent,
  shownUrl,
  type TrafficFigures,
} from './coverage-report.js';
export type { CoverageRow, CoverageTraffic, LiveAnswer } from './coverage-row.js';
export { coverageHtml } from './html-report.js';
export { joinCoverage } from './join.js';
export type { LiveSettings } from './live.js';
export { isRedirect, type MapAnswer, type MapLookup, pairLookup, ruleLookup } from './map-lookup.js';
export { type MeasureOptions, measureCoverage } from './measure.js';
export { type CoverageMap, readMap } from './read-map.js';
export { type CoveragePlan, type CoverageRun, type CoverageSetup, runCoverage } from './run-coverage.js';
export { type CoverageCount, type CoverageShares, type CoverageSummary, summarize } from './summary.js';
export {
  COVERAGE_TEXT_FORMATS,
  type CoverageTextFormat,
  coverageCsv,
  coverageDocument,
  coverageJson,
  coverageNdjson,
} from './text-formats.js';
